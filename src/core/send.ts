/**
 * The one place that writes a response: status, headers, the body and its length, the ETag and its 304 (api.md, Headers), X-Request-Id and
 * nosniff on every answer. Handlers return a Reply and never touch `res`; a large body comes as a Readable, which is piped.
 */
import { hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

export interface Reply {
  readonly status: number;
  /** A JSON value, serialised here once; bytes to send as they are (a file); or a Readable of text. */
  readonly body?: unknown;
  /** The body's media type; HAL unless told otherwise. */
  readonly type?: string | undefined;
  readonly headers?: Readonly<Record<string, string>>;
  /** Everything the body depends on; the ETag is made from it instead of from the bytes. */
  readonly version?: string;
  /** On a write's answer whose body is the resource as a GET shows it, so that it carries that GET's ETag. */
  readonly tagged?: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
/** Drawn at start-up, so that a tag from an earlier run, whose catalogue may have differed, never matches. */
const INSTANCE = randomUUID();

/** Writes `reply`; gives the status sent (a 200 may become a 304), at once, or once a stream's last byte is handed to node. */
export function send(
  req: IncomingMessage,
  res: ServerResponse,
  reply: Reply,
  requestId: string,
  closing: boolean,
): number | Promise<number> {
  const stream = reply.body instanceof Readable ? reply.body : undefined;
  const headers: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff', 'x-request-id': requestId, ...reply.headers };
  // While the server drains for shutdown, every answer closes its connection.
  if (closing) headers.connection = 'close';
  // What a write answers is about that one request: no cache may keep it and give it again.
  if (WRITES.has(req.method ?? '')) headers['cache-control'] = 'no-store';
  const body = reply.body === undefined || stream ? undefined : Buffer.isBuffer(reply.body) ? reply.body : JSON.stringify(reply.body);
  let status = reply.status;
  // Only what a GET reads may be answered 304; a handler that saw the client's tag is current may say so itself.
  if ((status === 200 || status === 304) && (req.method === 'GET' || req.method === 'HEAD')) {
    headers.etag = reply.version === undefined ? entityTag(body ?? '') : versionTag(reply.version);
    if (noneMatch(req.headers['if-none-match'], headers.etag)) status = 304;
  } else if (reply.tagged && body !== undefined) headers.etag = entityTag(body);
  if (reply.body !== undefined && status !== 304) headers['content-type'] = reply.type ?? HAL_TYPE;
  if (body !== undefined && status !== 304) headers['content-length'] = Buffer.byteLength(body);
  res.writeHead(status, headers);
  // A stream is piped only to a GET's 200, waiting for the client to take each piece.
  if (stream && status === 200 && req.method === 'GET') {
    const written = pipeline(stream, res);
    if (res.socket !== null) return written.then(() => status);
    // An answer queued behind another whose connection closes first is dropped with its request; node 22 never closes such a response.
    written.catch(() => {});
    const dropped = new Promise<void>((resolve) => {
      const drop = (): void => {
        if (res.socket !== null) return;
        stream.destroy();
        res.destroy();
        resolve();
      };
      if (req.destroyed) drop();
      else req.once('close', drop);
    });
    return Promise.race([written, dropped]).then(() => status);
  }
  stream?.destroy();
  res.end(status === 304 ? undefined : body);
  return status;
}

/** Whether the request's If-None-Match names the tag of a body made from `version`: the client holds it already. */
export const notModified = (req: IncomingMessage, version: string): boolean => noneMatch(req.headers['if-none-match'], versionTag(version));
/** What every tag `entityTag` makes looks like. */
export const ENTITY_TAG = /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/;
/** The ETag `send` gives this JSON value as a body, for a handler that checks If-Match against it. */
export const jsonEntityTag = (value: unknown): string => entityTag(JSON.stringify(value));

/** A strong tag from the body's length and a digest of it, as the jshttp `etag` package makes it. */
function entityTag(body: string | Buffer): string {
  return `"${Buffer.byteLength(body).toString(16)}-${hash('sha1', body, 'base64').slice(0, 27)}"`;
}

/** The tag of a body made from what it depends on, never from its bytes. */
const versionTag = (version: string): string => `"v-${hash('sha1', `${INSTANCE}\n${version}`, 'base64url').slice(0, 27)}"`;

/** RFC 9110 section 13.1.2: `*`, or a list of tags compared weakly (a `W/` prefix is ignored). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === '*') return true;
  return header !== undefined && header.split(',').some((item) => item.trim().replace(/^W\//, '') === etag);
}
