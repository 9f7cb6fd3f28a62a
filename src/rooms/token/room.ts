/**
 * The write token, as a room (api.md, Headers, rule 6): with API_TOKEN set, every write (POST,
 * PUT, PATCH, DELETE, whichever room adds it) needs `Authorization: Bearer <token>`, checked before
 * anything else of the request is read. Both sides are hashed before they are compared, so the
 * comparison takes the same time whatever the token's length or how much of it a guess gets right.
 */
import { createHash, timingSafeEqual } from 'node:crypto';
import { Problem } from '../../core/failures.ts';
import { defineRoom } from '../../core/rooms.ts';
import { SettingError } from '../../core/settings.ts';

// RFC 6750 section 2.1: the scheme in any case, one or more spaces, then one token.
const BEARER = /^Bearer +(\S+) *$/i;
// RFC 6750 section 2.1, `token68`: what a client can send after `Bearer ` as it is.
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

const digest = (text: string): Buffer => createHash('sha256').update(text).digest();

/**
 * The bearer scheme carries token68 only. Another token may not arrive as it was set (a space
 * ends it, a letter outside ASCII changes with the encoding), and every write would then be
 * refused, so it stops start-up instead. The message never quotes the token: it is a secret.
 */
function token68(text: string, name: string): string {
  if (text.trim() === '') throw new SettingError(`${name} must not be blank; leave it unset to disable the token`);
  if (!TOKEN68.test(text))
    throw new SettingError(`${name} must be RFC 6750 token68 characters: letters, digits, - . _ ~ + /, then optional = padding`);
  return text;
}

export const token = defineRoom({
  name: 'token',
  settings: { token: { name: 'API_TOKEN', shown: 'unset', fallback: undefined as string | undefined, parse: token68 } },
  plug({ token: secret }) {
    if (secret === undefined) return {};
    const expected = digest(secret);
    const unauthorized = 'This request needs the header Authorization: Bearer <token>, with the right token';
    return {
      wrap: (route) =>
        !WRITES.has(route.method)
          ? route
          : {
              ...route,
              handler: (request) => {
                const given = BEARER.exec(request.req.headers.authorization ?? '')?.[1];
                if (given === undefined || !timingSafeEqual(digest(given), expected)) {
                  throw new Problem(401, unauthorized, { headers: { 'www-authenticate': 'Bearer' } });
                }
                return route.handler(request);
              },
            },
    };
  },
});
