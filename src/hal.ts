/**
 * HAL (api.md, Books, rule 3, and Listing, rules 4 and 7) and every link the service writes: a book,
 * a collection with its items in `_embedded.bookDTOList`, page links, and the API root. It renders
 * what the handlers give it as plain objects, and `respond` serialises them.
 */
import type { Book } from './books/book.ts';

export interface Link {
  readonly href: string;
}

/** The filters as the client gave them (not trimmed), for links and messages: `title` '' when absent, `author` and `q` only with text. */
export interface GivenFilters {
  readonly title: string;
  readonly author?: string | undefined;
  readonly q?: string | undefined;
}

/** A page of a paged listing (api.md, Listing, rule 7), and what its links carry. */
export interface Page {
  readonly number: number;
  readonly size: number;
  readonly totalElements: number;
  /** The filters as given, and the sort parameter as given, for the links. */
  readonly filters: GivenFilters;
  readonly sort: string | undefined;
}

/**
 * A book's own link. The isbn is percent-encoded as one path segment, so that an isbn holding `/`,
 * `?` or `#` still names its own book.
 */
export function bookHref(base: string, isbn: string): string {
  return `${base}/books/${encodeURIComponent(isbn)}`;
}

/** The query of the root's `search` link, an RFC 6570 template of every parameter of a listing (api.md, Listing, rule 14). */
export const SEARCH_QUERY = '{?title,author,q,page,size,sort}';

/** The `books` link: the collection with an empty title filter (api.md, Books, rule 3). */
function booksHref(base: string): string {
  return `${base}/books?title=`;
}

function pageHref(base: string, page: Page, number: number): string {
  const { title, author, q } = page.filters;
  const filters = `title=${encodeURIComponent(title)}${author === undefined ? '' : `&author=${encodeURIComponent(author)}`}${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
  // The sort value passed validation (`author,desc`): it needs no escaping.
  const sort = page.sort === undefined ? '' : `&sort=${page.sort}`;
  return `${base}/books?${filters}&page=${number}&size=${page.size}${sort}`;
}

export function renderBook(book: Book, base: string): Book & { _links: { self: Link; books: Link } } {
  return { ...book, _links: { self: { href: bookHref(base, book.isbn) }, books: { href: booksHref(base) } } };
}

/**
 * A collection. Without `page`, it is exactly the original shape, whose `self` is the unfiltered
 * collection; with it (api.md, Listing, rule 7), `self` is the page's own URL among first/prev/next/last.
 */
export function renderCollection(books: readonly Book[], base: string, page?: Page, templates?: object): object {
  const _embedded = { bookDTOList: books.map((book) => renderBook(book, base)) };
  // HAL-FORMS adds its forms after everything HAL has (hal-forms.ts).
  const forms = templates === undefined ? {} : { _templates: templates };
  if (!page) return { _embedded, _links: { self: { href: booksHref(base) } }, ...forms };
  const totalPages = Math.ceil(page.totalElements / page.size);
  const link = (number: number): Link => ({ href: pageHref(base, page, number) });
  return {
    _embedded,
    _links: {
      first: link(0),
      ...(page.number > 0 ? { prev: link(page.number - 1) } : {}),
      self: link(page.number),
      ...(page.number + 1 < totalPages ? { next: link(page.number + 1) } : {}),
      last: link(totalPages - 1),
    },
    page: { size: page.size, totalElements: page.totalElements, totalPages, number: page.number },
    ...forms,
  };
}

/**
 * api.md, Endpoints: `GET /` links to itself and to the books, so a client needs one URL to start,
 * and to a search, an RFC 6570 template that a HAL client fills in (Listing, rule 14).
 */
export function renderRoot(base: string): object {
  const search = { href: `${base}/books${SEARCH_QUERY}`, templated: true };
  return { _links: { self: { href: `${base}/` }, books: { href: booksHref(base) }, search } };
}
