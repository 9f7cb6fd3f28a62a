/**
 * HAL (api.md, Books, rule 3, and Listing, rules 4 and 7): a book, a collection with its items in `_embedded.bookDTOList` and its page
 * links, and the API root, as plain objects `send` serialises.
 */
import type { Book } from './book.ts';

export type Link = { readonly href: string };
/** The filters as the client gave them, for links and messages: `title` '' when absent, `author` and `q` only with text. */
export type GivenFilters = { readonly title: string; readonly author?: string | undefined; readonly q?: string | undefined };
/** A page of a paged listing (api.md, Listing, rule 7), with what its links carry: the filters and the sort as given. */
export type Page = Readonly<{ number: number; size: number; totalElements: number; filters: GivenFilters; sort: string | undefined }>;
/** A book's own link: the isbn percent-encoded as one path segment, so that `?` or `#` in it still name this book. */
export const bookHref = (base: string, isbn: string): string => `${base}/books/${encodeURIComponent(isbn)}`;
/** The query of the root's `search` link, an RFC 6570 template of every parameter of a listing (api.md, Listing, rule 14). */
export const SEARCH_QUERY = '{?title,author,q,page,size,sort}';
/** The `books` link: the collection with an empty title filter (api.md, Books, rule 3). */
const booksHref = (base: string): string => `${base}/books?title=`;

function pageHref(base: string, page: Page, number: number): string {
  const { title, author, q } = page.filters;
  const also = `${author === undefined ? '' : `&author=${encodeURIComponent(author)}`}${q === undefined ? '' : `&q=${encodeURIComponent(q)}`}`;
  // The sort value passed validation (`author,desc`): it needs no escaping.
  return `${base}/books?title=${encodeURIComponent(title)}${also}&page=${number}&size=${page.size}${page.sort === undefined ? '' : `&sort=${page.sort}`}`;
}

export const renderBook = (book: Book, base: string): Book & { _links: Record<'self' | 'books', Link> } => ({
  ...book,
  _links: { self: { href: bookHref(base, book.isbn) }, books: { href: booksHref(base) } },
});

/**
 * A collection: without `page`, exactly the original shape, whose `self` is the unfiltered collection; with it, `self` is the page's own
 * URL among first, prev, next and last. `extra` holds what another representation adds after HAL's members.
 */
export function renderCollection(books: readonly Book[], base: string, page?: Page, extra: object = {}): object {
  const _embedded = { bookDTOList: books.map((book) => renderBook(book, base)) };
  if (!page) return { _embedded, _links: { self: { href: booksHref(base) } }, ...extra };
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
    ...extra,
  };
}

/** api.md, Endpoints: `GET /` links to itself, to the books, and to a search a HAL client fills in. */
export function renderRoot(base: string): object {
  const search = { href: `${base}/books${SEARCH_QUERY}`, templated: true };
  return { _links: { self: { href: `${base}/` }, books: { href: booksHref(base) }, search } };
}
