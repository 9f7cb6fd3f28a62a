/**
 * The API explorer (DECISIONS H): one page, its script and its stylesheet, read once from
 * public/ at start-up and sent as they are. Only these three paths exist; nothing from a request
 * is ever joined onto the file system. A browser that asks for `/` is sent to the page.
 */
import { readFileSync } from 'node:fs';
import type { Handler } from './http/context.ts';
import type { Route } from './http/router.ts';

/**
 * The page may load only what its own origin serves, and no other page may frame it. (Every
 * answer, these too, carries `X-Content-Type-Options: nosniff`: respond.ts adds it.)
 */
const HEADERS = {
  'content-security-policy': "default-src 'self'; frame-ancestors 'none'",
};

const FILES = [
  { path: '/explorer', file: 'explorer.html', type: 'text/html; charset=utf-8' },
  { path: '/explorer/app.js', file: 'app.js', type: 'text/javascript; charset=utf-8' },
  { path: '/explorer/style.css', file: 'style.css', type: 'text/css; charset=utf-8' },
] as const;

/** A GET route for each file, answering its bytes with their exact type. */
export function explorerRoutes(): Route<Handler>[] {
  return FILES.map(({ path, file, type }) => {
    const body = readFileSync(new URL(`../public/${file}`, import.meta.url));
    return { method: 'GET', path, handler: () => ({ status: 200, body, type, headers: HEADERS }) };
  });
}

/**
 * Whether an Accept header is a browser's address bar: it names `text/html` with a q above 0,
 * and no JSON type (`application/json` or any `+json`) with a q above 0. `*\/*` alone is not.
 */
export function wantsHtml(accept: string | undefined): boolean {
  if (accept === undefined) return false;
  const ranges = accept.split(',').map((range) => {
    const [type = '', ...params] = range.split(';').map((part) => part.trim().toLowerCase());
    const q = params.find((param) => param.startsWith('q='));
    return { type, wanted: q === undefined || Number(q.slice(2)) > 0 };
  });
  const json = (type: string): boolean => type === 'application/json' || type.endsWith('+json');
  return ranges.some((range) => range.wanted && range.type === 'text/html') && !ranges.some((range) => range.wanted && json(range.type));
}
