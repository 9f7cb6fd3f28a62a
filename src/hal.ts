/**
 * HAL rendering (SPEC section 2): a book with `self` and `books` links, a collection with its
 * items in `_embedded.bookDTOList`, and the API root. The isbn is percent-encoded as one path
 * segment, so an isbn holding `/`, `?` or `#` still names its own resource.
 */
import { type BookFields, toBook } from './books/book.js';

interface Link {
  readonly href: string;
}

export interface PageLinks {
  readonly first: string;
  readonly prev?: string | undefined;
  readonly self: string;
  readonly next?: string | undefined;
  readonly last: string;
}

export interface PageInfo {
  readonly size: number;
  readonly totalElements: number;
  readonly totalPages: number;
  readonly number: number;
}

export function bookHref(base: string, isbn: string): string {
  return `${base}/books/${encodeURIComponent(isbn)}`;
}

/** The `books` link of SPEC: the collection with an empty title filter. */
export function booksHref(base: string): string {
  return `${base}/books?title=`;
}

/**
 * A book resource as JSON text, written field by field rather than built as an object and then
 * serialised: every POST and every listed book pass through here. `booksLink` is the JSON of
 * the shared `books` link. Each string is quoted exactly as JSON.stringify would quote it.
 */
function bookResource(fields: BookFields, base: string, booksLink: string): string {
  const book = toBook(fields);
  const json = quoted;
  return (
    `{"isbn":${json(book.isbn)},"title":${json(book.title)},"author":${json(book.author)},` +
    `"authorFirstName":${json(book.authorFirstName)},"authorLastName":${json(book.authorLastName)},` +
    `"_links":{"self":{"href":${json(bookHref(base, book.isbn))}},"books":${booksLink}}}`
  );
}

// What JSON.stringify would escape in a string: quotes, backslashes, control characters, and
// surrogates (stored text is well-formed, so a surrogate here is half of a pair, kept as is).
const NEEDS_ESCAPE = /["\\\u0000-\u001f\ud800-\udfff]/;

/** JSON.stringify of a string, without its set-up cost when nothing needs escaping. */
function quoted(text: string): string {
  return NEEDS_ESCAPE.test(text) ? JSON.stringify(text) : `"${text}"`;
}

export function renderBook(fields: BookFields, base: string): string {
  return bookResource(fields, base, booksLink(base));
}

function booksLink(base: string): string {
  return `{"href":${JSON.stringify(booksHref(base))}}`;
}

/**
 * A collection. Without `page`, it is exactly SPEC's shape, whose `self` is the unfiltered
 * collection; with it (DECISIONS E), `self` is the page's own URL among first/prev/next/last.
 */
export function renderCollection(items: readonly BookFields[], base: string, page?: { info: PageInfo; links: PageLinks }): string {
  const books = booksLink(base); // one text, shared by every item's links
  const bookDTOList = items.map((fields) => bookResource(fields, base, books)).join(',');
  const links = page ? JSON.stringify(linkObjects(page.links)) : `{"self":${books}}`;
  return `{"_embedded":{"bookDTOList":[${bookDTOList}]},"_links":${links}${page ? `,"page":${JSON.stringify(page.info)}` : ''}}`;
}

function linkObjects(links: PageLinks): Record<string, Link> {
  const objects: Record<string, Link> = {};
  for (const [relation, href] of Object.entries(links)) if (href !== undefined) objects[relation] = { href };
  return objects;
}

/** DECISIONS E: `GET /` links to itself and to the books, so a client needs one URL to start. */
export function renderRoot(base: string): string {
  return JSON.stringify({ _links: { self: { href: `${base}/` }, books: { href: booksHref(base) } } });
}
