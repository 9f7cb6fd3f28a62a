/**
 * The HTTP server around the app: timeouts for life behind a proxy and against slow clients,
 * and answers to requests node's parser rejects (http/client-error.ts). shutdown.ts stops it.
 */
import { createServer, type Server, type ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import type { IncomingMessage } from 'node:http';
import type { App } from './app.ts';
import { answerClientError } from './http/client-error.ts';
import { Pipelining } from './http/pipelining.ts';
import { SendTimeout } from './http/send-timeout.ts';
import { listenForSpecialRequests } from './http/special-requests.ts';
import { parseTarget } from './http/request.ts';
import type { Logger } from './log.ts';
import type { RequestObserver } from './metrics/observer.ts';

export interface ServerOptions {
  /** Idle keep-alive sockets close after this; above a proxy's idle timeout (api.md, Settings). */
  readonly keepAliveTimeoutMs: number;
  /** A connection that makes no progress for this long, while it is being answered, is closed. */
  readonly sendTimeoutMs: number;
}

/** Largest accepted request head, in bytes; node answers 431 beyond it. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** `observer`, when metrics are on, is told of the connections the service closes and the requests it cannot read. */
export function createHttpServer(app: Pick<App, 'handle'>, logger: Logger, options: ServerOptions, observer?: RequestObserver): Server {
  const pipelining = new Pipelining(app.handle);
  // The latest response on each socket, so that junk pipelined behind a request can wait for it,
  // and a connection closed for making no progress can be logged with the request it was on.
  const latest = new WeakMap<Socket, ServerResponse>();
  const listener = (req: IncomingMessage, res: ServerResponse): void => {
    latest.set(req.socket, res);
    // A request behind an answer still being written waits its turn in http/pipelining.ts.
    if (res.socket === null) pipelining.accept(req, res);
    else app.handle(req, res);
  };
  const keepAliveTimeout = options.keepAliveTimeoutMs;
  // A proxy may send a request the moment before the idle timeout ends; the header timer must not
  // fire first, so it sits above the keep-alive timeout, and the whole-request timer above both.
  const headersTimeout = keepAliveTimeout + 1_000;
  const server = createServer(
    {
      keepAliveTimeout,
      headersTimeout,
      requestTimeout: headersTimeout + 30_000,
      maxHeaderSize: MAX_HEADER_BYTES,
      // How often node looks for requests past their timeouts (default 30 s).
      connectionsCheckingInterval: 1_000,
      // Host is checked by the app, which also accepts its absence when BASE_URL is set.
      requireHostHeader: false,
    },
    listener,
  );
  // A client that stops reading would otherwise hold its connection, and the answer being
  // written to it, for ever.
  const sendTimeout = new SendTimeout(options.sendTimeoutMs, (socket) => {
    const response = latest.get(socket);
    logger.warn('closed a connection that made no progress', {
      timeoutMs: options.sendTimeoutMs,
      ...(response && !response.writableFinished ? { method: response.req.method, path: parseTarget(response.req.url ?? '/').path } : {}),
    });
    socket.destroy();
    observer?.closed('send_timeout');
  });
  sendTimeout.attach(server);
  server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
    const response = latest.get(socket);
    const { status, closed } = answerClientError(error, socket, response?.writableFinished === false ? response : undefined, logger);
    if (status !== undefined) observer?.rejected(status);
    if (closed !== undefined) observer?.closed(closed);
  });
  listenForSpecialRequests(server, listener);
  return server;
}
