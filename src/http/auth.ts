/**
 * The optional API_TOKEN (api.md, Headers, rule 6): when set, writes need `Authorization: Bearer <token>`.
 * Both sides are hashed before comparing, so the comparison takes the same time whatever the
 * token's length or how much of it a guess gets right. The token is never logged.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import type { IncomingHttpHeaders } from 'node:http';
import { problems } from './problem.ts';

// RFC 6750 section 2.1: the scheme in any case, one or more spaces, then one token.
const BEARER = /^Bearer +(\S+) *$/i;

/** Throws a 401 HttpProblem unless the headers carry the token (when one is set). */
export type Guard = (headers: IncomingHttpHeaders) => void;

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/** A check for write requests; with no token configured, every request passes. */
export function bearerGuard(token: string | undefined): Guard {
  if (token === undefined) return () => {};
  const expected = digest(token);
  return (headers) => {
    const given = BEARER.exec(headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) throw problems.unauthorized();
  };
}
