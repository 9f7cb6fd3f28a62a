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

function bookResource(fields: BookFields, base: string, books: Link): object {
  const book = toBook(fields);
  return {
    isbn: book.isbn,
    title: book.title,
    author: book.author,
    authorFirstName: book.authorFirstName,
    authorLastName: book.authorLastName,
    _links: { self: { href: bookHref(base, book.isbn) }, books },
  };
}

export function renderBook(fields: BookFields, base: string): string {
  return JSON.stringify(bookResource(fields, base, { href: booksHref(base) }));
}

/**
 * A collection. Without `page`, it is exactly SPEC's shape, whose `self` is the unfiltered
 * collection; with it (DECISIONS E), `self` is the page's own URL among first/prev/next/last.
 */
export function renderCollection(items: readonly BookFields[], base: string, page?: { info: PageInfo; links: PageLinks }): string {
  const books = { href: booksHref(base) }; // one object, shared by every item's links
  const bookDTOList = items.map((fields) => bookResource(fields, base, books));
  const _links = page ? linkObjects(page.links) : { self: books };
  return JSON.stringify(page ? { _embedded: { bookDTOList }, _links, page: page.info } : { _embedded: { bookDTOList }, _links });
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
