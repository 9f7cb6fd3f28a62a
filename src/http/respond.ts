/**
 * The one place that writes a response: status, headers, Content-Length, the ETag and its
 * 304 (DECISIONS E), no body for HEAD, 204 and 304, and X-Request-Id on everything.
 */
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

/**
 * A serialised body: its bytes, encoded once, and its ETag, hashed at most once. A handler
 * that answers the same bytes again (a cached book) hands back the same object and pays neither.
 */
export class Representation {
  readonly bytes: Buffer;
  /** Content-Length as text: node checks a header value with a regex, which is slow for a number. */
  readonly length: string;
  #etag: string | undefined;

  constructor(
    json: string,
    readonly contentType: string = HAL_TYPE,
  ) {
    this.bytes = Buffer.from(json);
    this.length = String(this.bytes.length);
  }

  /** A strong validator: it changes whenever the bytes do (DECISIONS E). */
  get etag(): string {
    this.#etag ??= entityTag(this.bytes);
    return this.#etag;
  }
}

/** What a handler answers; handlers never touch `res`. */
export interface Reply {
  readonly status: number;
  /** Serialised JSON (HAL unless `contentType` says otherwise), or a representation made earlier. */
  readonly body?: string | Representation;
  readonly contentType?: string;
  readonly headers?: Readonly<Record<string, string>>;
}

export interface ReplyContext {
  readonly requestId: string;
  /** While the server drains for shutdown, every response closes its connection. */
  readonly closing: boolean;
}

/** Writes `reply` and returns the status actually sent (a 200 may become a 304). */
export function send(req: IncomingMessage, res: ServerResponse, reply: Reply, context: ReplyContext): number {
  const { body } = reply;
  if (body === undefined) {
    res.writeHead(reply.status, headersOf(reply, context));
    res.end();
    return reply.status;
  }

  const representation = typeof body === 'string' ? new Representation(body, reply.contentType) : body;
  const readOnly = req.method === 'GET' || req.method === 'HEAD';
  if (reply.status === 200 && readOnly) {
    const etag = representation.etag;
    if (noneMatch(req.headers['if-none-match'], etag)) {
      res.writeHead(304, headersOf(reply, context, { etag }));
      res.end();
      return 304;
    }
    // The answer to nearly every read: one object literal, so every such response has one shape.
    const headers = { 'x-request-id': context.requestId, etag, 'content-type': representation.contentType, 'content-length': representation.length };
    res.writeHead(200, reply.headers || context.closing ? headersOf(reply, context, headers) : headers);
  } else {
    const headers = { 'content-type': representation.contentType, 'content-length': representation.length };
    res.writeHead(reply.status, headersOf(reply, context, headers));
  }
  res.end(req.method === 'HEAD' ? undefined : representation.bytes);
  return reply.status;
}

/** X-Request-Id, the reply's own headers, `Connection: close` while draining, then `more`. */
function headersOf(reply: Reply, context: ReplyContext, more?: OutgoingHttpHeaders): OutgoingHttpHeaders {
  const headers: OutgoingHttpHeaders = { 'x-request-id': context.requestId };
  if (reply.headers) Object.assign(headers, reply.headers);
  if (context.closing) headers.connection = 'close';
  return more ? Object.assign(headers, more) : headers;
}

/**
 * The length and a 64-bit hash of the bytes, as two FNV-1a lanes with different multipliers. A
 * validator has to change with the bytes, not to resist an attacker, so a cryptographic hash
 * would only cost more: this one takes a fraction of a microsecond for a book.
 */
function entityTag(bytes: Buffer): string {
  let low = 0x811c9dc5;
  let high = 0x050c5d1f;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i] as number;
    low = Math.imul(low ^ byte, 0x01000193);
    high = Math.imul(high ^ byte, 0x5bd1e995);
  }
  const hex = (word: number): string => (word >>> 0).toString(16).padStart(8, '0');
  return `"${bytes.length.toString(16)}-${hex(high)}${hex(low)}"`;
}

/** RFC 9110 section 13.1.2: `*`, or a list of tags compared weakly (a `W/` prefix is ignored). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header.trim() === '*') return true;
  for (const candidate of header.split(',')) {
    const tag = candidate.trim();
    if ((tag.startsWith('W/') ? tag.slice(2) : tag) === etag) return true;
  }
  return false;
}
