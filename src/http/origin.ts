/**
 * The `{base_url}` of every link (api.md, The base URL): BASE_URL when set; else, with TRUST_PROXY,
 * what the nearest proxy forwarded; else `http://` and the Host header. Every piece is checked
 * before it can reach a link, and a malformed or overlong one is a 400.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { ORIGIN_MESSAGES } from '../messages.ts';
import { forwardedValues } from './forwarded.ts';
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

// What a link may carry: a host name as long as DNS allows (RFC 1035), a port, a short prefix.
// Lengths are checked by hand first, so every pattern below runs on short text; `Forwarded`,
// which may be long, is read by a scanner instead (forwarded.ts).
const MAX_HOST_NAME = 253;
const MAX_PORT_DIGITS = 5;
const MAX_PREFIX = 256;

// host[:port]: dot-separated labels (a name or an IPv4 address), or a bracketed IPv6 address.
const HOST = /^(?:[A-Za-z0-9_-]{1,63}(?:\.[A-Za-z0-9_-]{1,63}){0,126}\.?|\[[0-9A-Fa-f:.]{2,45}\])(?::(\d{1,5}))?$/;
// 1 to 65535, as a URL writes it: no sign, no leading zero.
const PORT = /^[1-9]\d{0,4}$/;
// A path prefix: slash-separated segments of unreserved characters, sub-delims, ':' '@' and escapes.
const PREFIX = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+$/;

/** The base URL of a request, without a trailing slash, or a 400 HttpProblem. */
export function baseUrlOf(request: OriginRequest, options: OriginOptions): string {
  // node keeps only the first of repeated Host headers; RFC 9112 section 3.2 makes that a 400.
  const names = request.rawHeaders.filter((_, index) => index % 2 === 0);
  if (names.filter((name) => name.toLowerCase() === 'host').length > 1) throw problems.badRequest(ORIGIN_MESSAGES.manyHosts);
  // RFC 9112 section 3.2.2: an absolute-form target names a host, never a user to log in as.
  if (request.authority?.includes('@')) throw problems.badRequest(ORIGIN_MESSAGES.userinfo);
  const host = request.authority ?? request.headers.host;
  if (options.baseUrl !== undefined) {
    // The Host header is still checked when present: a malformed one is a bad request anyway.
    if (host !== undefined) checkHost(host, HOST_HEADER);
    return options.baseUrl;
  }
  if (host === undefined || host === '') throw problems.badRequest(ORIGIN_MESSAGES.noHost);
  checkHost(host, HOST_HEADER);
  return options.trustProxy ? forwardedBase(request.headers, host) : `http://${host}`;
}

/** What to say about a bad host[:port], in the Host header or in a forwarded one. */
interface HostMessages {
  readonly nameTooLong: (max: number) => string;
  readonly portTooLong: (max: number) => string;
  readonly invalid: string;
}

const HOST_HEADER: HostMessages = {
  nameTooLong: ORIGIN_MESSAGES.hostNameTooLong,
  portTooLong: ORIGIN_MESSAGES.hostPortTooLong,
  invalid: ORIGIN_MESSAGES.badHost,
};
const FORWARDED_HOST: HostMessages = {
  nameTooLong: ORIGIN_MESSAGES.forwardedHostNameTooLong,
  portTooLong: ORIGIN_MESSAGES.forwardedHostPortTooLong,
  invalid: ORIGIN_MESSAGES.badForwardedHost,
};

function checkHost(value: string, messages: HostMessages): string {
  // Most hosts are short and well formed: one pattern and one parse say so.
  if (value.length <= MAX_HOST_NAME && validHost(HOST.exec(value)) && URL.canParse(`http://${value}/`)) return value;
  const { hostName, port } = splitPort(value);
  if (hostName.length > MAX_HOST_NAME) throw problems.badRequest(messages.nameTooLong(MAX_HOST_NAME));
  if (port !== undefined && port.length > MAX_PORT_DIGITS) throw problems.badRequest(messages.portTooLong(MAX_PORT_DIGITS));
  // The pattern lets through what a URL cannot hold (999.999.999.999, [:::::.]); a link must parse.
  if (!validHost(HOST.exec(value)) || !URL.canParse(`http://${value}/`)) throw problems.badRequest(messages.invalid);
  return value;
}

function validHost(match: RegExpExecArray | null): boolean {
  return match !== null && (match[1] === undefined || validPort(match[1]));
}

function validPort(text: string): boolean {
  return PORT.test(text) && Number(text) >= 1 && Number(text) <= 65_535;
}

/** Splits host[:port] at its last colon, unless that colon is inside an IPv6 address's brackets. */
function splitPort(value: string): { hostName: string; port?: string } {
  const colon = value.lastIndexOf(':');
  if (colon < 0 || colon < value.lastIndexOf(']')) return { hostName: value };
  return { hostName: value.slice(0, colon), port: value.slice(colon + 1) };
}

/** The base URL that the nearest proxy's values name, each checked before it reaches a link. */
function forwardedBase(headers: IncomingHttpHeaders, host: string): string {
  const { proto: protoText, host: hostText, port, prefix = '' } = forwardedValues(headers);
  const proto = (protoText ?? 'http').toLowerCase();
  if (proto !== 'http' && proto !== 'https') throw problems.badRequest(ORIGIN_MESSAGES.badForwardedProto);
  // Host was checked already; a forwarded host is checked here.
  let authority = hostText === undefined ? host : checkHost(hostText, FORWARDED_HOST);
  if (port !== undefined) {
    if (port.length > MAX_PORT_DIGITS) throw problems.badRequest(ORIGIN_MESSAGES.forwardedPortTooLong(MAX_PORT_DIGITS));
    if (!validPort(port)) throw problems.badRequest(ORIGIN_MESSAGES.badForwardedPort);
    authority = `${splitPort(authority).hostName}:${port}`;
  }
  if (prefix.length > MAX_PREFIX) throw problems.badRequest(ORIGIN_MESSAGES.prefixTooLong(MAX_PREFIX));
  if (prefix !== '' && !PREFIX.test(prefix)) throw problems.badRequest(ORIGIN_MESSAGES.badPrefix);
  // A default port says nothing a link needs.
  const defaultPort = proto === 'https' ? ':443' : ':80';
  if (authority.endsWith(defaultPort)) authority = authority.slice(0, -defaultPort.length);
  return `${proto}://${authority}${withoutTrailingSlashes(prefix)}`;
}

/** `/api//` → `/api`. A loop, as `/\/+$/` would scan a long run of slashes again from each one. */
function withoutTrailingSlashes(path: string): string {
  let end = path.length;
  while (end > 0 && path[end - 1] === '/') end--;
  return path.slice(0, end);
}
