/**
 * The `{base_url}` of every link (DECISIONS D): BASE_URL when set; else, with TRUST_PROXY, what
 * the nearest proxy forwarded; else `http://` and the Host header (or the authority of an
 * absolute-form target). Every piece is checked before it can reach a link; a malformed one is
 * a 400.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { forwardedElement } from './forwarded.ts';
import { problems } from './problem.ts';

export interface OriginOptions {
  readonly baseUrl: string | undefined;
  readonly trustProxy: boolean;
}

export interface OriginRequest {
  readonly headers: IncomingHttpHeaders;
  /** node's list of alternating header names and values, where repeats are still visible. */
  readonly rawHeaders: readonly string[];
  /** The authority of an absolute-form target (`GET http://host/books`), which replaces Host. */
  readonly authority: string | undefined;
}

// host[:port]: dot-separated labels (a name or an IPv4 address), or a bracketed IPv6 address.
const HOST = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,126}\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;
const PROTO = /^https?$/i;
const PORT = /^\d{1,5}$/;
// A path prefix: slash-separated segments of unreserved characters, sub-delims, ':' '@' and escapes.
const PREFIX = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+$/;

/** The base URL of a request, without a trailing slash, or a 400 HttpProblem. */
export function baseUrlOf(request: OriginRequest, options: OriginOptions): string {
  // node keeps only the first of repeated Host headers; RFC 9112 section 3.2 makes that a 400.
  const names = request.rawHeaders.filter((_, index) => index % 2 === 0);
  if (names.filter((name) => name.toLowerCase() === 'host').length > 1) throw problems.badRequest('The request has more than one Host header');
  const host = request.authority ?? request.headers.host;
  if (options.baseUrl !== undefined) {
    // The Host header is still checked when present: a malformed one is a bad request anyway.
    if (host !== undefined) checkHost(host, 'Host');
    return options.baseUrl;
  }
  if (host === undefined || host === '') throw problems.badRequest('The request has no Host header');
  checkHost(host, 'Host');
  return options.trustProxy ? forwardedBase(request.headers, host) : `http://${host}`;
}

function checkHost(value: string, name: string): string {
  const match = HOST.exec(value);
  if (!match || (match[1] !== undefined && !validPort(match[1]))) {
    throw problems.badRequest(`${name} is not a valid host[:port]`);
  }
  return value;
}

function validPort(text: string): boolean {
  return PORT.test(text) && Number(text) >= 1 && Number(text) <= 65_535;
}

/**
 * What the nearest proxy says: the last element of `Forwarded` wins over the X-Forwarded-*
 * family, and X-Forwarded-Port and -Prefix apply on top (DECISIONS D).
 */
function forwardedBase(headers: IncomingHttpHeaders, host: string): string {
  const forwarded = forwardedElement(headers.forwarded);
  const protoText = forwarded.proto ?? lastItem(headers['x-forwarded-proto'], 'X-Forwarded-Proto');
  const hostText = forwarded.host ?? lastItem(headers['x-forwarded-host'], 'X-Forwarded-Host');
  const port = lastItem(headers['x-forwarded-port'], 'X-Forwarded-Port');
  const prefix = lastItem(headers['x-forwarded-prefix'], 'X-Forwarded-Prefix') ?? '';

  if (protoText !== undefined && !PROTO.test(protoText)) throw problems.badRequest('The forwarded protocol must be http or https');
  const proto = (protoText ?? 'http').toLowerCase();
  // Host was checked already; a forwarded host is checked here.
  let authority = hostText === undefined ? host : checkHost(hostText, 'The forwarded host');
  if (port !== undefined) {
    if (!validPort(port)) throw problems.badRequest('X-Forwarded-Port must be a port number from 1 to 65535');
    authority = `${withoutPort(authority)}:${port}`;
  }
  if (prefix !== '' && !PREFIX.test(prefix)) throw problems.badRequest('X-Forwarded-Prefix must be a path such as /api');
  // A default port says nothing a link needs.
  const defaultPort = proto === 'https' ? ':443' : ':80';
  if (authority.endsWith(defaultPort)) authority = authority.slice(0, -defaultPort.length);
  return `${proto}://${authority}${prefix.replace(/\/+$/, '')}`;
}

/** An IPv6 address ends in `]`, so only a port matches. */
function withoutPort(host: string): string {
  return host.replace(/:\d+$/, '');
}

/**
 * The last item of a header that proxies append to with commas: the one the nearest proxy wrote.
 * Earlier items came from further away and are not read. An empty last item is a 400.
 */
function lastItem(value: string | string[] | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  // node joins a repeated header into one value with commas; an array is joined the same way.
  const text = [value].flat().join(',');
  const last = text.slice(text.lastIndexOf(',') + 1).trim();
  if (last === '') throw problems.badRequest(`${name} has an empty last value`);
  return last;
}
