/**
 * Reading a request: its target (path and query) and its request id. A malformed query is a
 * 400 HttpProblem.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { REQUEST_MESSAGES } from '../messages.ts';
import { problems } from './problem.ts';

export interface Target {
  /** The path as sent, still percent-encoded. */
  readonly path: string;
  /** The query string after `?`, without it; '' when there is none. */
  readonly query: string;
  /** The host[:port] of an absolute-form target, which replaces Host (RFC 9112, 3.2.2). */
  readonly authority?: string;
}

/**
 * Splits the request target at the first `?`. An absolute-form target (`http://host/books`),
 * which RFC 9112 says a server must accept, gives up its authority; a fragment is dropped.
 */
export function parseTarget(url: string): Target {
  let target = url;
  let authority: string | undefined;
  const absolute = /^https?:\/\/([^/?#]*)/i.exec(target);
  if (absolute) {
    authority = absolute[1];
    target = target.slice(absolute[0].length);
    if (!target.startsWith('/')) target = `/${target}`;
  }
  const hash = target.indexOf('#');
  if (hash >= 0) target = target.slice(0, hash);
  const mark = target.indexOf('?');
  const [path, query] = mark < 0 ? [target, ''] : [target.slice(0, mark), target.slice(mark + 1)];
  return authority === undefined ? { path, query } : { path, query, authority };
}

/** The first value of each query parameter, decoded (`+` is a space, as in HTML forms). */
export function parseQuery(query: string): ReadonlyMap<string, string> {
  const params = new Map<string, string>();
  for (const pair of query.split('&')) {
    if (pair === '') continue;
    const equals = pair.indexOf('=');
    const name = decodeQueryPart(equals < 0 ? pair : pair.slice(0, equals));
    const value = equals < 0 ? '' : decodeQueryPart(pair.slice(equals + 1));
    if (!params.has(name)) params.set(name, value); // when a parameter repeats, the first counts
  }
  return params;
}

function decodeQueryPart(part: string): string {
  try {
    return decodeURIComponent(part.replaceAll('+', ' '));
  } catch {
    throw problems.badRequest(REQUEST_MESSAGES.malformedQueryEscape);
  }
}

const SANE_REQUEST_ID = /^[A-Za-z0-9._~:@+/=-]{1,128}$/;

/** The client's X-Request-Id when it is sane, so a trace spans services; otherwise a new UUID. */
export function requestIdOf(headers: IncomingHttpHeaders): string {
  const given = headers['x-request-id'];
  return typeof given === 'string' && SANE_REQUEST_ID.test(given) ? given : newRequestId();
}

/** A new request id: a random (version 4) UUID. */
export function newRequestId(): string {
  return randomUUID();
}
