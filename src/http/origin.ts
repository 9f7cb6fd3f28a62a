/**
 * The `{base_url}` of every link (DECISIONS D): BASE_URL when set; else, with TRUST_PROXY, what
 * the proxy forwarded; else `http://` and the Host header. Every piece is checked before it can
 * reach a link, and a malformed one is a 400.
 */
import type { IncomingHttpHeaders, IncomingMessage } from 'node:http';
import { problems } from './problem.js';

export interface OriginOptions {
  readonly baseUrl: string | undefined;
  readonly trustProxy: boolean;
}

// host[:port]: dot-separated labels (a name or an IPv4 address), or a bracketed IPv6 address.
const HOST = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,126}\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;
const PROTO = /^https?$/i;
const PORT = /^\d{1,5}$/;
// A path prefix: slash-separated segments of unreserved characters, sub-delims, ':' '@' and escapes.
const PREFIX = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)*$/;

/**
 * The base URL of a request, without a trailing slash, or a 400 HttpProblem. From Host alone,
 * the last answer is kept: nearly every request names the same host, and checking it once is
 * enough.
 */
export function originOf(options: OriginOptions): (req: IncomingMessage) => string {
  let lastHost: string | undefined;
  let lastBase = '';
  return (req) => {
    const host = req.headers.host;
    if (host !== undefined && host === lastHost && hostCount(req.rawHeaders) === 1) return lastBase;
    const base = baseUrlOf(req, options);
    if (options.baseUrl === undefined && !options.trustProxy) [lastHost, lastBase] = [host, base];
    return base;
  };
}

function baseUrlOf(req: IncomingMessage, options: OriginOptions): string {
  const headers = req.headers;
  // node keeps only the first of repeated Host headers; RFC 9112 section 3.2 makes that a 400.
  if (hostCount(req.rawHeaders) > 1) throw problems.badRequest('The request has more than one Host header');
  if (options.baseUrl !== undefined) {
    // The Host header is still checked when present: a malformed one is a bad request anyway.
    if (headers.host !== undefined) checkHost(headers.host, 'Host');
    return options.baseUrl;
  }
  const host = headers.host;
  if (host === undefined || host === '') throw problems.badRequest('The request has no Host header');
  checkHost(host, 'Host');
  return options.trustProxy ? forwardedBase(headers, host) : `http://${host}`;
}

/** Counts Host headers in node's raw list of alternating names and values. */
function hostCount(raw: readonly string[]): number {
  let count = 0;
  for (let i = 0; i < raw.length; i += 2) {
    const name = raw[i] as string;
    if (name.length === 4 && name.toLowerCase() === 'host') count++;
  }
  return count;
}

function checkHost(value: string, name: string): string {
  const match = HOST.exec(value);
  if (!match || (match[1] !== undefined && Number(match[1]) > 65_535)) {
    throw problems.badRequest(`${name} is not a valid host[:port]`);
  }
  return value;
}

/** RFC 7239 `Forwarded` wins over the X-Forwarded-* family; the first (client-side) hop counts. */
function forwardedBase(headers: IncomingHttpHeaders, host: string): string {
  const forwarded = forwardedElement(headers.forwarded);
  let proto = forwarded.proto ?? firstValue(headers['x-forwarded-proto']);
  let forwardedHost = forwarded.host ?? firstValue(headers['x-forwarded-host']);
  const port = firstValue(headers['x-forwarded-port']);
  const prefix = firstValue(headers['x-forwarded-prefix']) ?? '';

  if (proto !== undefined && !PROTO.test(proto)) throw problems.badRequest('The forwarded protocol must be http or https');
  proto = (proto ?? 'http').toLowerCase();
  forwardedHost = checkHost(forwardedHost ?? host, forwardedHost === undefined ? 'Host' : 'The forwarded host');
  if (port !== undefined) {
    if (!PORT.test(port) || Number(port) < 1 || Number(port) > 65_535) {
      throw problems.badRequest('X-Forwarded-Port must be a port number');
    }
    forwardedHost = withPort(forwardedHost, Number(port));
  }
  if (!PREFIX.test(prefix)) throw problems.badRequest('X-Forwarded-Prefix must be a path such as /api');
  const defaultPort = proto === 'https' ? ':443' : ':80';
  if (forwardedHost.endsWith(defaultPort)) forwardedHost = forwardedHost.slice(0, -defaultPort.length);
  return `${proto}://${forwardedHost}${prefix.replace(/\/+$/, '')}`;
}

function withPort(host: string, port: number): string {
  const bare = host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : host.replace(/:\d+$/, '');
  return `${bare}:${port}`;
}

/** The first value of a header that proxies append to with commas. */
function firstValue(value: string | string[] | undefined): string | undefined {
  const text = Array.isArray(value) ? value[0] : value;
  if (text === undefined) return undefined;
  const first = text.split(',', 1)[0]?.trim();
  return first === '' ? undefined : first;
}

/** `proto` and `host` of the first element of a Forwarded header (RFC 7239 section 4). */
function forwardedElement(header: string | undefined): { proto?: string; host?: string } {
  if (header === undefined) return {};
  const element: { proto?: string; host?: string } = {};
  // Commas inside quoted strings do not separate elements.
  const first = /^(?:[^,"]|"(?:[^"\\]|\\.)*")*/.exec(header)?.[0] ?? '';
  for (const pair of first.split(';')) {
    const match = /^\s*([A-Za-z]+)=("(?:[^"\\]|\\.)*"|[^\s";]*)\s*$/.exec(pair);
    if (!match) {
      if (pair.trim() === '') continue;
      throw problems.badRequest('The Forwarded header is malformed');
    }
    const name = (match[1] as string).toLowerCase();
    const raw = match[2] as string;
    const value = raw.startsWith('"') ? raw.slice(1, -1).replace(/\\(.)/g, '$1') : raw;
    if (name === 'proto' || name === 'host') element[name] = value;
  }
  return element;
}
