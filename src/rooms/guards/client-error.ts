/**
 * Answers to requests that never reach the app, because node's parser rejected them: malformed
 * HTTP (400), a head too large (431), a request too slow to arrive (408). Each is problem+json.
 */
import type { ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { randomUUID } from 'node:crypto';
import { PROBLEM_TYPE, Problem } from '../../core/failures.ts';
import type { Logger } from '../../core/log.ts';

/** What node's parser refuses (api.md, Endpoints, rule 7): each a problem, and the connection closes. */
const REFUSED = {
  400: 'The request is not valid HTTP',
  408: 'The request took too long to arrive',
  431: 'Request headers are too large',
} as const;

/** Why the service closed a connection whose request it could not read. */
export type ClosedReason = 'request_timeout' | 'bad_request' | 'headers_too_large';

/** What was done: the status answered, if one was, and why the connection was closed, if it was. */
export interface ClientErrorOutcome {
  readonly status?: number;
  readonly closed?: ClosedReason;
}

/** `current` is the response still being written on the socket, if there is one. */
export function answerClientError(
  error: NodeJS.ErrnoException,
  socket: Socket,
  current: ServerResponse | undefined,
  logger: Logger,
): ClientErrorOutcome {
  const status = error.code === 'HPE_HEADER_OVERFLOW' ? 431 : error.code === 'ERR_HTTP_REQUEST_TIMEOUT' ? 408 : 400;
  const closed = status === 431 ? 'headers_too_large' : status === 408 ? 'request_timeout' : 'bad_request';
  logger.info('rejected by the HTTP parser', { status, code: error.code });
  // The client went away: there is no one to answer, and the service closed nothing.
  if (error.code === 'ECONNRESET' || !socket.writable) {
    socket.destroy();
    return {};
  }
  // Junk pipelined behind a complete request: that request is still owed its own answer (a POST
  // may already be stored), so let it finish, then close instead of answering the junk.
  if (current && (current.headersSent || current.req.complete)) {
    current.once('finish', () => socket.destroySoon());
    return { closed };
  }
  const problem = new Problem(status, REFUSED[status]);
  const body = JSON.stringify(problem.toJSON());
  socket.write(
    `HTTP/1.1 ${status} ${problem.title}\r\n` +
      `Content-Type: ${PROBLEM_TYPE}\r\n` +
      `Content-Length: ${Buffer.byteLength(body)}\r\n` +
      `X-Request-Id: ${randomUUID()}\r\n` +
      // As on every answer (the core's send.ts writes the app's): a browser takes the body as the type sent.
      'X-Content-Type-Options: nosniff\r\n' +
      'Connection: close\r\n\r\n' +
      body,
  );
  // Not end(): node's server allows half-open sockets, and a client that never closes its side
  // would keep this one, and a graceful shutdown, waiting. Close once the answer is written.
  socket.destroySoon();
  return { status, closed };
}
