/**
 * HTTP on a bare socket, for requests that no client library would send: malformed request
 * lines, conflicting framing, invalid bytes, truncated bodies, pipelined junk. Also the check
 * that every error answer is an RFC 9457 problem document.
 */
import { connect, type Socket } from 'node:net';

export interface RawResponse {
  readonly status: number;
  readonly reason: string;
  /** Lower-cased names; repeated headers joined with ", ". */
  readonly headers: ReadonlyMap<string, string>;
  readonly body: Buffer;
}

export interface RawExchange {
  /** Every final (non-1xx) response read from the socket, in order. */
  readonly responses: readonly RawResponse[];
  /** Bytes after the last complete response (a response cut short by the close). */
  readonly rest: Buffer;
  /** The socket error code, when the connection ended with one (ECONNRESET, EPIPE). */
  readonly error: string | undefined;
}

export interface ExchangeOptions {
  /**
   * Half-close after writing (default true): the server then sees the end of the request stream,
   * answers what it has, and closes, so the exchange ends on the `close` event alone.
   */
  readonly end?: boolean;
  /** Which responses answer a HEAD (they carry no body though they name a length). */
  readonly headAt?: (index: number) => boolean;
}

/** Writes `request` on a new connection and reads until the server closes it. */
export function exchange(port: number, request: string | Buffer, options: ExchangeOptions = {}): Promise<RawExchange> {
  const { end = true, headAt = () => false } = options;
  return new Promise((resolve) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen: true });
    const chunks: Buffer[] = [];
    let error: string | undefined;
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', (cause: NodeJS.ErrnoException) => (error ??= cause.code ?? cause.message));
    // The server has said all it will say; end our half too so the connection can close.
    socket.on('end', () => socket.end());
    socket.on('close', () => {
      const { responses, rest } = parseResponses(Buffer.concat(chunks), headAt);
      resolve({ responses, rest, error });
    });
    const bytes = typeof request === 'string' ? Buffer.from(request, 'latin1') : request;
    socket.write(bytes);
    if (end) socket.end();
  });
}

/** Opens a connection and resolves once it is established. */
export function open(port: number, allowHalfOpen = false): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect({ port, host: '127.0.0.1', allowHalfOpen });
    socket.once('connect', () => {
      socket.off('error', reject);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

const HEAD_END = Buffer.from('\r\n\r\n');

/** Splits a byte stream into HTTP/1.1 responses: Content-Length, chunked, or read to the end. */
export function parseResponses(
  data: Buffer,
  headAt: (index: number) => boolean = () => false,
): {
  responses: RawResponse[];
  rest: Buffer;
} {
  const responses: RawResponse[] = [];
  let offset = 0;
  for (;;) {
    const headEnd = data.indexOf(HEAD_END, offset);
    if (headEnd < 0) break;
    const lines = data.subarray(offset, headEnd).toString('latin1').split('\r\n');
    const statusLine = /^HTTP\/1\.[01] (\d{3})(?: (.*))?$/.exec(lines[0] ?? '');
    if (!statusLine) break;
    const status = Number(statusLine[1]);
    const headers = new Map<string, string>();
    for (const line of lines.slice(1)) {
      const colon = line.indexOf(':');
      if (colon <= 0) continue;
      const name = line.slice(0, colon).trim().toLowerCase();
      const value = line.slice(colon + 1).trim();
      headers.set(name, headers.has(name) ? `${headers.get(name) ?? ''}, ${value}` : value);
    }
    let cursor = headEnd + HEAD_END.length;
    let body: Buffer;
    const noBody = (status >= 100 && status < 200) || status === 204 || status === 304;
    const length = headers.has('content-length') ? Number(headers.get('content-length')) : undefined;
    if (noBody) {
      body = Buffer.alloc(0);
    } else if (status >= 200 && headAt(responses.length)) {
      // An answer to a HEAD has no body, except the parser-level error answers that node's
      // `clientError` handler writes before the request is known: those carry their body, then close.
      const carried =
        length !== undefined && data.length === cursor + length && !data.subarray(cursor).toString('latin1').startsWith('HTTP/1.');
      body = carried ? data.subarray(cursor) : Buffer.alloc(0);
      cursor += body.length;
    } else if (/\bchunked\b/i.test(headers.get('transfer-encoding') ?? '')) {
      const chunked = readChunked(data, cursor);
      if (!chunked) break;
      body = chunked.body;
      cursor = chunked.end;
    } else if (length !== undefined) {
      if (data.length < cursor + length) break;
      body = data.subarray(cursor, cursor + length);
      cursor += length;
    } else {
      body = data.subarray(cursor);
      cursor = data.length;
    }
    offset = cursor;
    if (status >= 200) responses.push({ status, reason: statusLine[2] ?? '', headers, body });
  }
  return { responses, rest: data.subarray(offset) };
}

function readChunked(data: Buffer, start: number): { body: Buffer; end: number } | undefined {
  const parts: Buffer[] = [];
  let cursor = start;
  for (;;) {
    const lineEnd = data.indexOf('\r\n', cursor);
    if (lineEnd < 0) return undefined;
    const size = parseInt(data.subarray(cursor, lineEnd).toString('latin1'), 16);
    if (!Number.isInteger(size)) return undefined;
    cursor = lineEnd + 2;
    if (size === 0) {
      const trailerEnd = data.indexOf('\r\n', cursor);
      if (trailerEnd < 0) return undefined;
      return { body: Buffer.concat(parts), end: trailerEnd + 2 };
    }
    if (data.length < cursor + size + 2) return undefined;
    parts.push(data.subarray(cursor, cursor + size));
    cursor += size + 2;
  }
}

export const PROBLEM_TYPE = 'application/problem+json';

/**
 * What is wrong with one answer, by the suite's rules: no 5xx; an error (>= 400) is
 * `application/problem+json` with a body of `type`, `title`, `status` (the response's own) and
 * `detail`. An empty list means the answer is fine. A HEAD answer has no body to check.
 */
export function answerViolations(status: number, contentType: string | undefined | null, body: string, isHead = false): string[] {
  const violations: string[] = [];
  if (status >= 500) violations.push(`status ${status}`);
  if (status < 400) return violations;
  const mediaType = (contentType ?? '').split(';')[0]?.trim().toLowerCase();
  if (mediaType !== PROBLEM_TYPE) violations.push(`${status} with content-type ${JSON.stringify(contentType ?? null)}`);
  if (isHead) return violations;
  let document: unknown;
  try {
    document = JSON.parse(body);
  } catch {
    violations.push(`${status} body is not JSON: ${JSON.stringify(body.slice(0, 80))}`);
    return violations;
  }
  if (typeof document !== 'object' || document === null || Array.isArray(document)) {
    violations.push(`${status} body is not a JSON object`);
    return violations;
  }
  const problem = document as Record<string, unknown>;
  for (const member of ['type', 'title', 'detail'] as const) {
    if (typeof problem[member] !== 'string') violations.push(`${status} problem without a string "${member}"`);
  }
  if (problem.status !== status) violations.push(`${status} problem with "status": ${JSON.stringify(problem.status)}`);
  return violations;
}

/** `answerViolations` for one raw response. */
export function rawViolations(response: RawResponse, isHead = false): string[] {
  return answerViolations(response.status, response.headers.get('content-type'), response.body.toString('utf8'), isHead);
}
