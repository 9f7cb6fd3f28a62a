/** Expected bodies, written out by hand from api.md, Books and Authors, so tests compare whole documents. */

export interface ExpectedBook {
  isbn: string;
  title: string;
  author: string;
  authorFirstName: string;
  authorLastName: string;
  _links: { self: { href: string }; books: { href: string } };
}

export function expectedBook(base: string, fields: Omit<ExpectedBook, '_links'>, selfSegment = fields.isbn): ExpectedBook {
  return { ...fields, _links: { self: { href: `${base}/books/${selfSegment}` }, books: { href: `${base}/books?title=` } } };
}

export const ORWELL = { isbn: '1-2-3', title: 'Animal Farm', author: 'George Orwell', authorFirstName: 'George', authorLastName: 'Orwell' };
export const TOLKIEN = {
  isbn: '4-5-6',
  title: 'The Lord of the Rings',
  author: 'JRR Tolkien',
  authorFirstName: 'JRR',
  authorLastName: 'Tolkien',
};
export const LEE = {
  isbn: '7-8-9',
  title: 'To Kill a Mockingbird',
  author: 'Harper Lee',
  authorFirstName: 'Harper',
  authorLastName: 'Lee',
};
export const FIXTURE_BOOKS = [ORWELL, TOLKIEN, LEE];

export function expectedCollection(base: string, books: readonly Omit<ExpectedBook, '_links'>[]): object {
  return {
    _embedded: { bookDTOList: books.map((book) => expectedBook(base, book, encodeURIComponent(book.isbn))) },
    _links: { self: { href: `${base}/books?title=` } },
  };
}

export function expectedProblem(status: number, title: string, detail: string, instance: string, type = 'about:blank'): object {
  return { type, title, status, detail, instance };
}

export const BOOK_NOT_FOUND = 'urn:book-catalogue:problem:book-not-found';
export const BOOK_EXISTS = 'urn:book-catalogue:problem:book-already-exists';
export const VALIDATION_FAILED = 'urn:book-catalogue:problem:validation-failed';

/**
 * The API root (api.md, Endpoints): its own link, the books, and the search template (Listing, rule 14); with the batch room in
 * (`batch`), the batch too (Batches).
 */
export function expectedRoot(base: string, batch = false): object {
  return {
    _links: {
      self: { href: `${base}/` },
      books: { href: `${base}/books?title=` },
      search: { href: `${base}/books{?title,author,q,page,size,sort}`, templated: true },
      ...(batch && { batchCreate: { href: `${base}/books:batchCreate` } }),
    },
  };
}

/** Every item of a scan, which a store may give at once or over several turns, in order. */
export async function collect<T>(items: Iterable<T> | AsyncIterable<T>): Promise<T[]> {
  const all: T[] = [];
  for await (const item of items) all.push(item);
  return all;
}

/** 4-5-6 as an edit makes it: another title, and an author whose explicit names differ from its words. */
export const FELLOWSHIP = {
  isbn: '4-5-6',
  title: 'The Fellowship of the Ring',
  author: 'J. R. R. Tolkien',
  authorFirstName: 'J.',
  authorLastName: 'R.',
};

/** A tag shaped as the service makes them, which no book has: what a client that read an older version of a book sends. */
export const STALE_TAG = '"10-AAAAAAAAAAAAAAAAAAAAAAAAAAA"';
