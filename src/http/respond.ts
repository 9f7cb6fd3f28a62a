/**
 * The one place that writes a response: status, headers, the body and its length, the ETag and
 * its 304 (api.md, Headers), and X-Request-Id and nosniff on every answer. Handlers return a
 * Reply and never touch `res`.
 */
import { hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

/** What a handler answers. */
export interface Reply {
  readonly status: number;
  /** A JSON value, serialised here once; bytes to send as they are (a file); or a stream of text. */
  readonly body?: unknown;
  /** The body's media type; HAL unless told otherwise. */
  readonly type?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /** Everything the body depends on; the ETag is made from it instead of from the bytes. */
  readonly version?: string;
  /** Set on a write's answer whose body is the resource as a GET request would show it, so that it carries that GET's ETag. */
  readonly tagged?: boolean;
}

export interface SendOptions {
  readonly requestId: string;
  /** While the server drains for shutdown, every response closes its connection. */
  readonly closing: boolean;
}

const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

/** Drawn at start-up, so that a tag from an earlier run, whose catalogue may have differed, never matches. */
const INSTANCE = randomUUID();

/**
 * Writes `reply`, and gives the status sent (a 200 may become a 304): at once, or once the last
 * byte of a stream is handed to node.
 */
export function send(req: IncomingMessage, res: ServerResponse, reply: Reply, options: SendOptions): number | Promise<number> {
  const stream = reply.body instanceof Readable ? reply.body : undefined;
  const headers: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff', 'x-request-id': options.requestId, ...reply.headers };
  if (options.closing) headers.connection = 'close';
  // What a write answers is about that one request: no cache may keep it and give it again.
  if (WRITES.has(req.method ?? '')) headers['cache-control'] = 'no-store';
  const body = reply.body === undefined || stream ? undefined : Buffer.isBuffer(reply.body) ? reply.body : JSON.stringify(reply.body);
  let status = reply.status;
  // Only what a GET reads may be answered 304, never the answer to a write; a handler that saw the
  // client's tag is current may answer 304 itself, before it does the work of a 200.
  if ((status === 200 || status === 304) && (req.method === 'GET' || req.method === 'HEAD')) {
    headers.etag = reply.version === undefined ? entityTag(body ?? '') : versionTag(reply.version);
    if (noneMatch(req.headers['if-none-match'], headers.etag)) status = 304;
  } else if (reply.tagged && body !== undefined) headers.etag = entityTag(body);
  if (reply.body !== undefined && status !== 304) headers['content-type'] = reply.type ?? HAL_TYPE;
  if (body !== undefined && status !== 304) headers['content-length'] = Buffer.byteLength(body);
  // An answer pipelined behind another is written all the same: node holds it until its turn,
  // counts what it holds, and stops reading the connection while too much is waiting.
  res.writeHead(status, headers);
  // A stream is piped only to a GET's 200; node sends no body for HEAD, 204 and 304 itself.
  if (stream && status === 200 && req.method === 'GET') return pipe(stream, req, res).then(() => status);
  stream?.destroy();
  res.end(status === 304 ? undefined : body);
  return status;
}

/**
 * Writes a stream as the client reads it: `pipeline` waits for the client to take each piece
 * before asking for the next, and stops the stream if the client goes away.
 */
function pipe(stream: Readable, req: IncomingMessage, res: ServerResponse): Promise<void> {
  const written = pipeline(stream, res);
  if (res.socket !== null) return written;
  // An answer still waiting for its turn when its connection closes is dropped with its request.
  // Some lines of node never close such a response, so the pipe is not waited for then.
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
  return Promise.race([written, dropped]);
}

/** Whether the request's If-None-Match names the tag of a body made from `version`: the client holds it already. */
export function notModified(req: IncomingMessage, version: string): boolean {
  return noneMatch(req.headers['if-none-match'], versionTag(version));
}

/** The ETag `send` gives this JSON value as a body, for a handler that checks If-Match against it. */
export function jsonEntityTag(value: unknown): string {
  return entityTag(JSON.stringify(value));
}

/** A strong tag from the body's length and a digest of it, as the jshttp `etag` package makes it. */
function entityTag(body: string | Buffer): string {
  const digest = hash('sha1', body, 'base64').slice(0, 27);
  return `"${Buffer.byteLength(body).toString(16)}-${digest}"`;
}

/** The tag of a body made from what it depends on, never from its bytes. */
function versionTag(version: string): string {
  return `"v-${hash('sha1', `${INSTANCE}\n${version}`, 'base64url').slice(0, 27)}"`;
}

/** RFC 9110 section 13.1.2: `*`, or a list of tags compared weakly (a `W/` prefix is ignored). */
function noneMatch(header: string | undefined, etag: string): boolean {
  if (header === undefined) return false;
  if (header === '*') return true;
  return header.split(',').some((item) => {
    const candidate = item.trim();
    return (candidate.startsWith('W/') ? candidate.slice(2) : candidate) === etag;
  });
}
