/**
 * CORS, for browser pages on another origin (api.md, CORS), only when CORS_ORIGINS is set. An allowed
 * Origin is told what a page may read and, on a preflight, what it may send; any other origin gets
 * no CORS headers, and its browser then keeps the answer from the page.
 */
import type { IncomingHttpHeaders } from 'node:http';
import type { Reply } from '../../core/send.ts';

/**
 * The response headers a page may read besides the simple ones: where a created resource is, its tag, the request id, what a PATCH
 * takes, and whether a POST's answer is one kept for its Idempotency-Key.
 */
const EXPOSED = 'Location, ETag, X-Request-Id, Accept-Patch, Idempotent-Replayed';
/**
 * The request headers a page may send: always this list, whatever the preflight asked. If-Match
 * is how an edit says which version it was based on (api.md, Editing); Idempotency-Key, how a POST
 * is made safe to retry (api.md, Safe retries).
 */
const ALLOWED_HEADERS = 'Content-Type, Authorization, If-Match, If-None-Match, X-Request-Id, Idempotency-Key';
/** How long, in seconds, a browser may keep a preflight's answer. */
const MAX_AGE = '600';

export type CorsOrigins = '*' | readonly string[];

/**
 * `reply` with the CORS headers of an answer to a request with these headers; an OPTIONS answered
 * with Allow is a preflight when the request asks for a method. Vary values are joined, each once.
 */
export function withCors(reply: Reply, origins: CorsOrigins, headers: IncomingHttpHeaders, method: string): Reply {
  const allow = method === 'OPTIONS' ? reply.headers?.allow : undefined;
  const cors = corsHeaders(origins, headers, allow);
  if (Object.keys(cors).length === 0) return reply;
  const vary = [...new Set([reply.headers?.vary, cors.vary])].filter((value) => value !== undefined).join(', ');
  return { ...reply, headers: { ...reply.headers, ...cors, ...(vary === '' ? {} : { vary }) } };
}

/**
 * The CORS headers of an answer; `preflightAllow` is the path's methods when the request is an
 * OPTIONS. An allowed Origin gets `Access-Control-Allow-Origin`. There is no credentials mode: the
 * API token travels in `Authorization`, never in a cookie.
 */
function corsHeaders(origins: CorsOrigins, headers: IncomingHttpHeaders, preflightAllow?: string): Record<string, string> {
  // With a list, the answer depends on Origin, so a cache must keep one per origin.
  const vary: Record<string, string> = origins === '*' ? {} : { vary: 'Origin' };
  const origin = headers.origin;
  if (origin === undefined || (origins !== '*' && !origins.includes(origin))) return vary;
  const allowed = { ...vary, 'access-control-allow-origin': origins === '*' ? '*' : origin };
  if (preflightAllow !== undefined && headers['access-control-request-method'] !== undefined) {
    return {
      ...allowed,
      'access-control-allow-methods': preflightAllow,
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': MAX_AGE,
    };
  }
  return { ...allowed, 'access-control-expose-headers': EXPOSED };
}
