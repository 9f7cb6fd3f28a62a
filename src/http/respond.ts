/**
 * The one place that writes a response: status, headers, Content-Length, the ETag and its 304
 * (DECISIONS E), no body for 204 and 304 (node leaves it off a HEAD's answer itself), and
 * X-Request-Id on everything. Handlers return a Reply and never touch `res`.
 */
import { hash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

/** What a handler answers. */
export interface Reply {
  readonly status: number;
  /** A JSON value, serialised here, once; or bytes to send as they are (a file). */
  readonly body?: unknown;
  /** The body's media type; HAL unless told otherwise. */
  readonly type?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface SendOptions {
  readonly requestId: string;
  /** While the server drains for shutdown, every response closes its connection. */
  readonly closing: boolean;
}

/** Writes `reply` and returns the status actually sent (a 200 may become a 304). */
export function send(req: IncomingMessage, res: ServerResponse, reply: Reply, options: SendOptions): number {
  const headers: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff', 'x-request-id': options.requestId, ...reply.headers };
  if (options.closing) headers.connection = 'close';
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return reply.status;
  }

  // JSON is serialised here, once; a file (a Buffer) goes out as it is.
  const body: string | Buffer = Buffer.isBuffer(reply.body) ? reply.body : JSON.stringify(reply.body);
  const length = Buffer.byteLength(body);
  let status = reply.status;
  // Only a GET (or HEAD) is answered with 200 here; writes answer 201 and 204.
  if (status === 200) {
    headers.etag = entityTag(body, length);
    if (noneMatch(req.headers['if-none-match'], headers.etag)) status = 304;
  }
  if (status === 304) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  headers['content-type'] = reply.type ?? HAL_TYPE;
  headers['content-length'] = length;
  res.writeHead(status, headers);
  // For a HEAD, node sends the headers alone: Content-Length still says what a GET would get.
  res.end(body);
  return status;
}

/**
 * A strong validator that changes whenever the bytes do: their length and a SHA-1 digest, as
 * the `etag` package of the jshttp project makes it. It has to change with the body, not to
 * resist an attacker, so a short digest serves. `hash` is node's one-shot form of `createHash`.
 */
function entityTag(body: string | Buffer, length: number): string {
  const digest = hash('sha1', body, 'base64').slice(0, 27);
  return `"${length.toString(16)}-${digest}"`;
}

/**
 * RFC 9110 section 13.1.2: `*`, or a list of tags compared weakly (a `W/` prefix is ignored).
 * node has already taken the spaces off both ends of the header.
 */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === '*') return true;
  return header.split(',').some((item) => {
    const candidate = item.trim();
    return (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === etag;
  });
}
