/**
 * Reading a request: its target (path and query), its id, the host its links are built on (api.md, The base URL), the media ranges of its
 * Accept, and its body as a JSON object, each piece checked.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { fail } from './failures.ts';

/**
 * A target split at its first `?`: the path, still percent-encoded, and the query. An absolute-form target (`http://host/books`) gives up
 * its authority, which replaces Host (RFC 9112, 3.2.2).
 */
export type Target = { readonly path: string; readonly query: string; readonly authority?: string };

export function parseTarget(url: string): Target {
  const absolute = /^https?:\/\/([^/?#]*)/i.exec(url);
  let target = absolute ? url.slice(absolute[0].length).replace(/^(?!\/)/, '/') : url;
  if (target.includes('#')) target = target.slice(0, target.indexOf('#'));
  const mark = target.indexOf('?');
  const [path, query] = mark < 0 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
  return absolute ? { path, query, authority: absolute[1] as string } : { path, query };
}

/** The first value of each query parameter, decoded (`+` is a space, as in HTML forms). */
export function parseQuery(query: string): ReadonlyMap<string, string> {
  const decode = (part: string): string => {
    try {
      return decodeURIComponent(part.replaceAll('+', ' '));
    } catch {
      throw fail({ reason: 'malformed-query' });
    }
  };
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.includes('=') ? pair.indexOf('=') : pair.length;
    const [name, value] = [decode(pair.slice(0, equals)), decode(pair.slice(equals + 1))];
    // When a parameter repeats, the first counts.
    if (!params.has(name)) params.set(name, value);
  }
  return params;
}

/** The client's X-Request-Id when it is sane, so a trace spans services; otherwise a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && /^[A-Za-z0-9._~:@+/=-]{1,128}$/.test(given) ? given : randomUUID();
}

// What a link may carry: a host name as long as DNS allows (RFC 1035) and a port, their lengths
// checked by hand first so the pattern runs on short text: dot-separated labels, or a bracketed IPv6.
export const MAX_HOST_NAME = 253;
export const MAX_PORT_DIGITS = 5;
const HOST = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,126}\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;
/** 1 to 65535, as a URL writes it: no sign, no leading zero. */
export const validPort = (text: string): boolean => /^[1-9]\d{0,4}$/.test(text) && Number(text) <= 65_535;

/** Splits host[:port] at its last colon, unless that colon is inside an IPv6 address's brackets. */
export function splitPort(value: string): { hostName: string; port?: string } {
  const colon = value.lastIndexOf(':');
  return colon < 0 || colon < value.lastIndexOf(']')
    ? { hostName: value }
    : { hostName: value.slice(0, colon), port: value.slice(colon + 1) };
}

/** What is wrong with a host[:port] a link would carry, if anything: a URL must be able to hold it as written. */
export function hostFault(value: string): 'name-too-long' | 'port-too-long' | 'invalid' | undefined {
  const { hostName, port } = splitPort(value);
  if (hostName.length > MAX_HOST_NAME) return 'name-too-long';
  if (port !== undefined && port.length > MAX_PORT_DIGITS) return 'port-too-long';
  const match = HOST.exec(value);
  return match && (match[1] === undefined || validPort(match[1])) && URL.canParse(`http://${value}/`) ? undefined : 'invalid';
}

/** The host a request names, checked: an absolute-form target's authority, else its Host header; undefined when none. */
export function requestHost(req: IncomingMessage, authority: string | undefined): string | undefined {
  // node keeps only the first of repeated Host headers; RFC 9112 section 3.2 makes that a 400.
  if (req.rawHeaders.filter((name, index) => index % 2 === 0 && name.toLowerCase() === 'host').length > 1)
    throw fail({ reason: 'many-hosts' });
  if (authority?.includes('@')) throw fail({ reason: 'userinfo' });
  const host = authority ?? req.headers.host;
  if (host === undefined || host === '') return undefined;
  const fault = hostFault(host);
  if (fault === 'name-too-long') throw fail({ reason: 'host-name-too-long', max: MAX_HOST_NAME });
  if (fault === 'port-too-long') throw fail({ reason: 'host-port-too-long', max: MAX_PORT_DIGITS });
  if (fault === 'invalid') throw fail({ reason: 'bad-host' });
  return host;
}

/** `http://` and the request's host: the base URL of every link, unless a room says otherwise. */
export function hostBase(req: IncomingMessage, authority: string | undefined): string {
  const host = requestHost(req, authority);
  if (host === undefined) throw fail({ reason: 'no-host' });
  return `http://${host}`;
}

/**
 * The first 64 media ranges of an Accept header (RFC 9110, 12.5.1), lower-cased, with their q (a range whose q is no qvalue is left
 * out), read by a scanner that looks at each character once; a comma or semicolon in a quoted string splits nothing.
 */
export function mediaRanges(header: string): { readonly type: string; readonly q: number }[] {
  const ranges: { type: string; q: number }[] = [];
  let [parts, start, quoted, read] = [[] as string[], 0, false, 0];
  for (let index = 0; index <= header.length && read < 64; index++) {
    const char = header[index];
    if (quoted) {
      if (char === '\\')
        index++; // the escaped character belongs to the string, whatever it is
      else if (char === '"') quoted = false;
      continue;
    }
    if (char === '"') quoted = true;
    if (char !== ';' && char !== ',' && char !== undefined) continue;
    parts.push(header.slice(start, index));
    start = index + 1;
    if (char === ';') continue;
    const [type = '', ...params] = parts.map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='))?.slice(2) ?? '1';
    if (type !== '' && /^(?:0(?:\.\d{0,3})?|1(?:\.0{0,3})?)$/.test(q)) ranges.push({ type, q: Number(q) });
    [parts, read] = [[], read + 1];
  }
  return ranges;
}

/** Largest accepted request body, in bytes (api.md, Limits, rule 1). */
export const BODY_LIMIT = 16 * 1024;

/**
 * Whether a Content-Type is `application/json` or any `type/subtype+json`, in any case, parameters such as a charset allowed. Split by
 * hand: one pattern for it all would go back over the subtype.
 */
export function isJsonMediaType(header: string): boolean {
  const semicolon = header.indexOf(';');
  const type = (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type.endsWith('+json') && /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+$/.test(type.slice(0, -5)));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body of a write, as a JSON object, checked in the order of api.md, Adding a book, rule 6; `body` reads its bytes (rooms.ts). */
export async function readJsonObject(req: IncomingMessage, body: () => Promise<Buffer>): Promise<Record<string, unknown>> {
  if (!isJsonMediaType(req.headers['content-type'] ?? '')) throw fail({ reason: 'unsupported-type' });
  if (req.headers['content-encoding'] !== undefined) throw fail({ reason: 'encoded-body' });
  const bytes = await body();
  let value: unknown;
  try {
    // Whatever charset the client names, JSON is UTF-8 (RFC 8259), and bytes that are not fail.
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw fail({ reason: 'invalid-json' });
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw fail({ reason: 'not-an-object' });
  return value as Record<string, unknown>;
}

/** The bytes of a request's body, at most `limit`, read at the first call; every call gets the same answer. */
export function bodyReader(req: IncomingMessage, limit = BODY_LIMIT): () => Promise<Buffer> {
  let read: Promise<Buffer> | undefined;
  return () =>
    (read ??= new Promise((resolve, reject) => {
      // A declared length over the limit is refused before a byte of the body is read.
      if (Number(req.headers['content-length']) > limit) return reject(fail({ reason: 'too-large', limit }));
      const chunks: Buffer[] = [];
      let size = 0;
      req.on('data', (chunk: Buffer) => {
        size += chunk.length;
        // Past the limit nothing more is kept; node drops the rest once the 413 is sent.
        if (size > limit) reject(fail({ reason: 'too-large', limit }));
        else chunks.push(chunk);
      });
      req.once('end', () => resolve(Buffer.concat(chunks, size)));
      // 'close' comes alone when the client hangs up mid-body: its own fault, and the 400 goes nowhere.
      // The problem is made only then: an Error's stack, built for every request to be dropped, costs.
      req.once('close', () => {
        if (!req.complete) reject(fail({ reason: 'body-cut-short' }));
      });
    }));
}
