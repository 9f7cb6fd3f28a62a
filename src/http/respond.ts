/**
 * The one place that writes a response: status, headers, Content-Length, the ETag and its 304
 * (api.md, Headers, rules 1 and 2), no body for 204 and 304 (node leaves it off a HEAD's answer itself),
 * and X-Request-Id and nosniff on everything. A body that can be large comes in pieces and is written as the
 * client reads it. Handlers return a Reply and never touch `res`.
 */
import { hash, randomUUID } from 'node:crypto';
import type { IncomingMessage, OutgoingHttpHeaders, ServerResponse } from 'node:http';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setImmediate as nextTurn } from 'node:timers/promises';

export const HAL_TYPE = 'application/hal+json';
export const JSON_TYPE = 'application/json';

/** What a handler answers. */
export interface Reply {
  readonly status: number;
  /** A JSON value, serialised here, once; bytes to send as they are (a file); or a StreamedBody. */
  readonly body?: unknown;
  /** The body's media type; HAL unless told otherwise. */
  readonly type?: string;
  readonly headers?: Readonly<Record<string, string>>;
  /**
   * A write's answer whose body is the resource as a GET of it shows it: it carries that GET's
   * ETag too, so that a client can chain writes (api.md, Editing). It is never a 304.
   */
  readonly tagged?: boolean;
}

export interface SendOptions {
  readonly requestId: string;
  /** While the server drains for shutdown, every response closes its connection. */
  readonly closing: boolean;
}

/** A body written piece by piece as the client reads it, instead of as one string. */
export class StreamedBody {
  /**
   * Everything the bytes depend on (a catalogue revision, the base URL, the query): the ETag is
   * made from it, without reading the body, so it must change whenever the bytes would.
   */
  readonly version: string;
  /** The body, a piece at a time; called only when a body is sent (never for HEAD or a 304). */
  readonly pieces: () => Iterable<string>;

  constructor(version: string, pieces: () => Iterable<string>) {
    this.version = version;
    this.pieces = pieces;
  }
}

/**
 * Tags of streamed bodies name a revision of this process's catalogue; a value drawn at start-up
 * keeps a tag from a previous run, whose catalogue may have differed, from ever matching.
 */
const INSTANCE = randomUUID();

/**
 * Writes `reply` and resolves with the status actually sent (a 200 may become a 304) once the
 * last byte is handed to node, or with 0 when the client went away before its turn came.
 */
export async function send(req: IncomingMessage, res: ServerResponse, reply: Reply, options: SendOptions): Promise<number> {
  // Requests pipelined on one connection are answered in order, and node holds each answer until
  // those before it are done. Building it only when its turn comes means a flood of pipelined
  // requests holds no bodies, however large the answers.
  if (!(await turnOf(req, res))) return 0;
  const headers: OutgoingHttpHeaders = { 'x-content-type-options': 'nosniff', 'x-request-id': options.requestId, ...reply.headers };
  if (options.closing) headers.connection = 'close';
  if (reply.body === undefined) {
    res.writeHead(reply.status, headers);
    res.end();
    return reply.status;
  }

  const streamed = reply.body instanceof StreamedBody ? reply.body : undefined;
  // JSON is serialised here, once; a file (a Buffer) goes out as it is; pieces come later.
  let body: string | Buffer | undefined = streamed ? undefined : Buffer.isBuffer(reply.body) ? reply.body : JSON.stringify(reply.body);
  let status = reply.status;
  // Only what a GET reads may be answered 304, never the answer to a write, whatever its status.
  if (status === 200 && (req.method === 'GET' || req.method === 'HEAD')) {
    headers.etag = body === undefined ? versionTag((streamed as StreamedBody).version) : entityTag(body);
    if (noneMatch(req.headers['if-none-match'], headers.etag)) status = 304;
  } else if (reply.tagged && body !== undefined) headers.etag = entityTag(body);
  if (status === 304) {
    res.writeHead(304, headers);
    res.end();
    return 304;
  }
  headers['content-type'] = reply.type ?? HAL_TYPE;
  if (streamed) {
    // Two pieces tell a small body from a large one. A body of one piece is sent whole, with its
    // length, like any other: streaming it would cost a small listing several times its CPU
    // (make bench: 390 to 460 µs a fixture list, against 60). A larger one goes out chunked, the
    // rest made as the client reads; a HEAD of it makes those two pieces and no more.
    const pieces = streamed.pieces()[Symbol.iterator]();
    const first = pieces.next();
    const second = first.done ? first : pieces.next();
    if (second.done) body = first.done ? '' : first.value;
    else {
      res.writeHead(status, headers);
      if (req.method === 'HEAD') {
        pieces.return?.();
        res.end();
      } else await writePieces([first.value as string, second.value], pieces, res);
      return status;
    }
  }
  headers['content-length'] = Buffer.byteLength(body as string | Buffer);
  res.writeHead(status, headers);
  // For a HEAD, node sends the headers alone: Content-Length still says what a GET would get.
  res.end(body);
  return status;
}

/**
 * Resolves true once `res` is the response being written on its connection, or false when the
 * connection closed first. Only a request pipelined behind another waits.
 */
function turnOf(req: IncomingMessage, res: ServerResponse): Promise<boolean> {
  if (res.socket !== null) return Promise.resolve(true);
  return new Promise((resolve) => {
    const done = (): void => {
      res.off('socket', done);
      req.off('close', done);
      resolve(res.socket !== null && !res.destroyed);
    };
    res.once('socket', done);
    // node destroys the requests still waiting when their connection closes.
    req.once('close', done);
  });
}

/**
 * `pipeline` waits for the client to take each piece before asking for the next (backpressure),
 * and stops the pieces when the client goes away. A local client takes a piece at once, so
 * backpressure alone would make the whole body in one go: waiting a turn of the event loop after
 * each piece lets every other request be answered in between.
 */
async function writePieces(made: readonly string[], rest: Iterator<string>, res: ServerResponse): Promise<void> {
  async function* takingTurns(): AsyncGenerator<string> {
    try {
      for (const piece of made) {
        yield piece;
        await nextTurn();
      }
      for (let next = rest.next(); !next.done; next = rest.next()) {
        yield next.value;
        await nextTurn();
      }
    } finally {
      // A client that went away stops the pieces where they are (a scan of the store among them).
      rest.return?.();
    }
  }
  // One piece made ahead of the one being written, no more.
  await pipeline(Readable.from(takingTurns(), { highWaterMark: 1 }), res);
}

/**
 * The ETag that `send` gives this JSON value as a body: a handler that checks If-Match compares
 * with this, so that the tag it expects is exactly the one a GET of the resource got.
 */
export function jsonEntityTag(value: unknown): string {
  return entityTag(JSON.stringify(value));
}

/**
 * A strong validator that changes whenever the bytes do: their length and a SHA-1 digest, as
 * the `etag` package of the jshttp project makes it. It has to change with the body, not to
 * resist an attacker, so a short digest serves. `hash` is node's one-shot form of `createHash`.
 */
function entityTag(body: string | Buffer): string {
  const digest = hash('sha1', body, 'base64').slice(0, 27);
  return `"${Buffer.byteLength(body).toString(16)}-${digest}"`;
}

/** The tag of a streamed body: a digest of what its bytes depend on, never of the bytes themselves. */
function versionTag(version: string): string {
  return `"v-${hash('sha1', `${INSTANCE}\n${version}`, 'base64url').slice(0, 27)}"`;
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
