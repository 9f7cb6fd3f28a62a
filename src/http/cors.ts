/**
 * CORS, for browser pages on another origin (api.md, CORS), only when CORS_ORIGINS is set. An
 * allowed Origin gets `Access-Control-Allow-Origin` and the headers a page may read; a
 * preflight gets the methods and request headers it may use. Any other origin gets no CORS
 * headers, and its browser then keeps the answer from the page. There is no credentials mode:
 * the API token travels in `Authorization`, never in a cookie.
 */
import type { IncomingHttpHeaders } from 'node:http';

/** The answers a page may read besides the simple ones: where a new book is, its tag, the id. */
const EXPOSED = 'Location, ETag, X-Request-Id';
/**
 * The request headers a page may send: always this list, whatever the preflight asked. If-Match
 * is how an edit says which version it was based on (api.md, Editing).
 */
const ALLOWED_HEADERS = 'Content-Type, Authorization, If-Match, If-None-Match, X-Request-Id';
/** How long, in seconds, a browser may keep a preflight's answer. */
const MAX_AGE = '600';

export type CorsOrigins = '*' | readonly string[] | undefined;

/**
 * The CORS headers of an answer to a request with these headers. `allow` is the path's methods
 * when the request is a preflight (an OPTIONS with Access-Control-Request-Method).
 */
export function corsHeaders(origins: CorsOrigins, headers: IncomingHttpHeaders, preflightAllow?: string): Record<string, string> {
  if (origins === undefined) return {};
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
