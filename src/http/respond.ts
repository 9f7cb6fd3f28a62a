/**
 * The one place that writes a response: status, headers, Content-Length, the ETag and its
 * 304 (DECISIONS E), no body for HEAD, 204 and 304, and X-Request-Id on everything.
 */
import { createHash } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

/** What a handler answers; handlers never touch `res`. */
export interface Reply {
  readonly status: number;
  /** Serialised JSON. */
  readonly body?: string;
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
  const headers: OutgoingHttpHeaders = { 'x-request-id': context.requestId, ...reply.headers };
  if (context.closing) headers.connection = 'close';
  let status = reply.status;
  let body: Buffer | undefined;

  if (reply.body !== undefined) {
    body = Buffer.from(reply.body);
    headers['content-type'] = reply.contentType ?? HAL_TYPE;
    headers['content-length'] = body.length;
    if (status === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
      const etag = entityTag(body);
      headers.etag = etag;
      if (noneMatch(req.headers['if-none-match'], etag)) {
        status = 304;
        delete headers['content-type'];
        delete headers['content-length'];
      }
    }
  }
  res.writeHead(status, headers);
  res.end(status === 304 || status === 204 || req.method === 'HEAD' ? undefined : body);
  return status;
}

/** A strong validator from the body bytes: a SHA-1 is cheap at these sizes and never collides by chance. */
function entityTag(body: Buffer): string {
  return `"${createHash('sha1').update(body).digest('base64url')}"`;
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
