/**
 * CORS, as a room (api.md, CORS): with CORS_ORIGINS set, every answer carries what a page on an
 * allowed origin may read, and a preflight what it may send. Unset, nothing of it runs.
 */
import { defineRoom } from '../../core/rooms.ts';
import { SettingError } from '../../core/settings.ts';
import { type CorsOrigins, withCors } from './cors.ts';

/**
 * `*`, or a comma-separated list of origins such as `https://app.example.com`: a scheme, a host
 * and maybe a port, exactly as a browser sends it in `Origin` (no path, no trailing slash).
 */
function origins(text: string, name: string): CorsOrigins {
  if (text.trim() === '*') return '*';
  const list = text.split(',').map((item) => item.trim());
  for (const item of list) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item) {
      throw new SettingError(
        `${name} must be * or a comma-separated list of origins such as https://app.example.com (scheme, host and port only), got ${JSON.stringify(item)}`,
      );
    }
  }
  return list;
}

export const cors = defineRoom({
  name: 'cors',
  settings: { origins: { name: 'CORS_ORIGINS', shown: 'unset', fallback: undefined as CorsOrigins | undefined, parse: origins } },
  plug: ({ origins: allowed }) =>
    allowed === undefined ? {} : { answer: ({ req }, reply) => withCors(reply, allowed, req.headers, req.method ?? '') },
});
