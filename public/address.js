// @ts-check
/**
 * Addresses: which resource of the API the page shows, and where a request may go.
 *
 * The fragment names an API path (with its query) relative to the service's base:
 * `#uri=/books?title=rings`. Every request is resolved against this page's own base and refused
 * unless it stays on this origin and under that base, whatever the fragment or a response holds.
 */

/** The API's path on this origin: the page's path without its final `/explorer`, so a proxy prefix is kept. */
export const PREFIX = location.pathname.replace(/\/explorer\/?$/, '');

/**
 * The base the service writes at the start of its links: `BASE_URL`, or what a proxy forwarded,
 * which may name another origin. The page learns it from the root's `self` link (see learnBase).
 */
let advertisedBase = location.origin + PREFIX;

/** Takes the root's `self` link (`{base_url}/`) as the base of every link the service writes. @param {string} rootSelf */
export function learnBase(rootSelf) {
  advertisedBase = rootSelf.replace(/\/$/, '');
}

/** The uri the fragment names, encoded or not; `/` when there is none. @param {string} hash */
export function uriFromFragment(hash) {
  const raw = hash.startsWith('#uri=') ? hash.slice('#uri='.length) : '';
  if (raw === '') return '/';
  // Written by this page, the uri is encoded and starts with %2F; typed by hand, it starts with /.
  if (!/^%2f/i.test(raw)) return raw;
  try {
    return decodeURIComponent(raw);
  } catch {
    return raw;
  }
}

/** @param {string} uri */
export function fragmentFor(uri) {
  return `#uri=${encodeURIComponent(uri)}`;
}

/**
 * The URL a request for `uri` goes to, or undefined when it would leave the API: `uri` must be a
 * path, and what `new URL` makes of it must keep this origin and this base path. So
 * `//evil.example/x`, `@other.host/x` and `/../x` are refused here, before any request.
 * @param {string} uri
 */
export function resolve(uri) {
  if (!uri.startsWith('/')) return undefined;
  /** @type {URL} */
  let url;
  try {
    url = new URL(PREFIX + uri, location.origin);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin) return undefined;
  if (PREFIX !== '' && url.pathname !== PREFIX && !url.pathname.startsWith(`${PREFIX}/`)) return undefined;
  return url;
}

/**
 * The uri of an absolute link from a response, taken relative to the service's base, with its
 * query; undefined for a link outside the API. A link that starts with the advertised base
 * (another origin, with `BASE_URL`) is mapped onto this page's own base by that relative path.
 * @param {string} href
 */
export function uriFor(href) {
  if (href === advertisedBase) return '/';
  if (href.startsWith(`${advertisedBase}/`)) return href.slice(advertisedBase.length);
  /** @type {URL} */
  let url;
  try {
    url = new URL(href, location.href);
  } catch {
    return undefined;
  }
  if (url.origin !== location.origin || !url.pathname.startsWith(PREFIX)) return undefined;
  const uri = (url.pathname.slice(PREFIX.length) || '/') + url.search;
  return resolve(uri) ? uri : undefined;
}

/**
 * The uri of a page of a collection: a uri that names neither `page` nor `size` gets the first
 * page of `size` books (the service's default, which the OpenAPI document states), so following
 * a collection link never loads the whole catalogue. Without a size, the service picks its own.
 * The API documents both parameters (api.md, Listing, rule 7).
 * @param {string} uri
 * @param {number | undefined} size
 */
export function firstPage(uri, size) {
  const query = queryOf(uri);
  if (query.has('page') || query.has('size')) return uri;
  const joiner = !uri.includes('?') ? '?' : uri.endsWith('?') || uri.endsWith('&') ? '' : '&';
  return `${uri}${joiner}page=0${size === undefined ? '' : `&size=${size}`}`;
}

/**
 * `uri` with `name` set to `value` (or removed, for ''), and back on the first page: a new order
 * or page size starts from the beginning.
 * @param {string} uri
 * @param {string} name
 * @param {string} value
 */
export function withParameter(uri, name, value) {
  const query = queryOf(uri);
  if (value === '') query.delete(name);
  else query.set(name, value);
  query.set('page', '0');
  return `${pathOf(uri)}?${query}`;
}

/** The path of a uri, without its query. @param {string} uri */
export function pathOf(uri) {
  const mark = uri.indexOf('?');
  return mark < 0 ? uri : uri.slice(0, mark);
}

/** The query of a uri, parsed (`+` is a space, as the service reads it). @param {string} uri */
export function queryOf(uri) {
  const mark = uri.indexOf('?');
  return new URLSearchParams(mark < 0 ? '' : uri.slice(mark + 1));
}

/** The words, title or author a collection's address searches for, if any. @param {string} uri */
export function searchedFor(uri) {
  const query = queryOf(uri);
  return ['q', 'title', 'author'].map((name) => query.get(name)?.trim()).find((text) => text !== undefined && text !== '');
}
