/**
 * The optional API_TOKEN (DECISIONS D): when set, writes need `Authorization: Bearer <token>`.
 * Both sides are hashed before comparing, so the comparison takes the same time whatever the
 * token's length or how much of it a guess gets right. The token is never logged.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { problems } from './problem.js';

const BEARER = /^Bearer +(\S+) *$/i;

/** Throws a 401 HttpProblem unless the headers carry the token (when one is set). */
export type Guard = (headers: IncomingHttpHeaders) => void;

/** A check for write requests; with no token configured, every request passes. */
export function bearerGuard(token: string | undefined): Guard {
  if (token === undefined) return () => {};
  // Loaded only when a token is set: without one, the service never needs node:crypto.
  const { createHash, timingSafeEqual } = require('node:crypto') as typeof import('node:crypto');
  const digest = (text: string): Buffer => createHash('sha256').update(text).digest();
  const expected = digest(token);
  return (headers) => {
    const given = BEARER.exec(headers.authorization ?? '')?.[1];
    if (given === undefined || !timingSafeEqual(digest(given), expected)) throw problems.unauthorized();
  };
}
