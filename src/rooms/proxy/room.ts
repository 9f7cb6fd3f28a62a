/**
 * The proxy headers, as a room (api.md, The base URL): BASE_URL fixes the origin and prefix of
 * every link; with TRUST_PROXY, links follow what the nearest proxy forwarded. Each piece is
 * checked before it reaches a link, and a malformed or overlong one is a 400.
 */
import type { IncomingMessage } from 'node:http';
import { Problem } from '../../core/failures.ts';
import { hostFault, MAX_HOST_NAME, MAX_PORT_DIGITS, requestHost, splitPort, validPort } from '../../core/request.ts';
import { defineRoom } from '../../core/rooms.ts';
import { SettingError } from '../../core/settings.ts';
import { forwardedValues } from './forwarded.ts';

const MAX_PREFIX = 256;
// A path prefix: slash-separated segments of unreserved characters, sub-delims, ':' '@' and escapes.
const PREFIX = /^(?:\/(?:[A-Za-z0-9\-._~!$&'()*+,;=:@]|%[0-9A-Fa-f]{2})*)+$/;

const bad = (detail: string): Problem => new Problem(400, detail);

function boolean(text: string, name: string): boolean {
  if (['false', '0', 'no'].includes(text.toLowerCase())) return false;
  if (['true', '1', 'yes'].includes(text.toLowerCase())) return true;
  throw new SettingError(`${name} must be true or false, got ${JSON.stringify(text)}`);
}

/** An absolute http(s) URL without query or fragment; the trailing slash is dropped. */
function baseUrl(text: string, name: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new SettingError(`${name} must be an absolute http or https URL without query or fragment, got ${JSON.stringify(text)}`);
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

/** The base URL that the nearest proxy's values name, each checked before it reaches a link. */
function forwardedBase(req: IncomingMessage, host: string): string {
  const { proto: protoText, host: hostText, port, prefix = '' } = forwardedValues(req.headers);
  const proto = (protoText ?? 'http').toLowerCase();
  if (proto !== 'http' && proto !== 'https') throw bad('The forwarded protocol must be http or https');
  const fault = hostText === undefined ? undefined : hostFault(hostText);
  if (fault === 'name-too-long') throw bad(`The forwarded host is too long: a host name has at most ${MAX_HOST_NAME} characters`);
  if (fault === 'port-too-long') throw bad(`The forwarded host is too long: a port has at most ${MAX_PORT_DIGITS} digits`);
  if (fault === 'invalid') throw bad('The forwarded host is not a valid host[:port]');
  let authority = hostText ?? host;
  if (port !== undefined) {
    if (port.length > MAX_PORT_DIGITS) throw bad(`X-Forwarded-Port is too long: a port has at most ${MAX_PORT_DIGITS} digits`);
    if (!validPort(port)) throw bad('X-Forwarded-Port must be a port number from 1 to 65535');
    authority = `${splitPort(authority).hostName}:${port}`;
  }
  if (prefix.length > MAX_PREFIX) throw bad(`X-Forwarded-Prefix is too long: a prefix has at most ${MAX_PREFIX} characters`);
  if (prefix !== '' && !PREFIX.test(prefix)) throw bad('X-Forwarded-Prefix must be a path such as /api');
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

export const proxy = defineRoom({
  name: 'proxy',
  settings: {
    baseUrl: { name: 'BASE_URL', shown: 'unset', fallback: undefined as string | undefined, parse: baseUrl },
    trustProxy: { name: 'TRUST_PROXY', shown: 'false', fallback: false, parse: boolean },
  },
  plug({ baseUrl: fixed, trustProxy }) {
    if (fixed !== undefined) {
      // A Host that is there is still checked: a malformed one is a bad request anyway.
      return { baseUrl: (req, authority) => (requestHost(req, authority), fixed) };
    }
    if (!trustProxy) return {};
    // The Host is checked (and required) as without a proxy; the forwarded values go on top of it.
    return { baseUrl: (req, authority, fromHost) => forwardedBase(req, fromHost() && (requestHost(req, authority) as string)) };
  },
});
