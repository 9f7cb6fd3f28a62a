/**
 * The book operations of SPEC section 4, and the replace of api.md, Editing. Each takes a parsed
 * request, applies the book rules and the store, and returns a Reply whose body hal.ts renders;
 * a failure is an HttpProblem. Filter = query parameter; identity = path.
 */
import { type Book, type BookFields, toBook } from './books/book.ts';
import { addBook, type Rejection, rejectionMessage, replaceBook } from './books/catalogue.ts';
import type { BookStore } from './books/store.ts';
import { bookHref, collectionPieces, renderBook } from './hal.ts';
import type { Guard } from './http/auth.ts';
import type { Handler, RequestContext } from './http/context.ts';
import { ifMatches } from './http/preconditions.ts';
import { BOOK_EXISTS, BOOK_NOT_FOUND, HttpProblem, problems } from './http/problem.ts';
import { readJsonObject } from './http/request.ts';
import { jsonEntityTag, StreamedBody } from './http/respond.ts';
import { parseListing } from './listing.ts';
import type { Logger } from './log.ts';

export interface BookHandlers {
  readonly list: Handler;
  readonly get: Handler;
  readonly create: Handler;
  readonly replace: Handler;
  readonly remove: Handler;
}

/** The book errors of SPEC section 7, with the statuses of DECISIONS D. */
export const bookProblems = {
  notFound: (isbn: string) => new HttpProblem(404, `Book cannot be found for ISBN: ${isbn}`, BOOK_NOT_FOUND),
  noBooks: (title: string | undefined) =>
    new HttpProblem(404, title === undefined ? 'No books found' : `No books found for title: ${title}`, BOOK_NOT_FOUND),
  /** api.md, Editing, rule 8: the If-Match of a write names another tag than the book's. */
  changed: (etag: string) => new HttpProblem(412, `The book has changed since it was read: its ETag is now ${etag}`, { headers: { etag } }),
  absent: () => new HttpProblem(412, 'The book does not exist'),
  rejected(rejection: Rejection): HttpProblem {
    const detail = rejectionMessage(rejection);
    switch (rejection.reason) {
      case 'invalid':
        return problems.invalidBody(rejection.errors);
      case 'not-found':
        return new HttpProblem(404, detail, BOOK_NOT_FOUND);
      case 'isbn-taken':
      case 'duplicate':
        return new HttpProblem(409, detail, BOOK_EXISTS);
      case 'full':
      case 'text-full':
        return new HttpProblem(507, detail);
    }
  },
};

/** A book as a GET of it shows it: what a write's answer carries, and what its ETag is a digest of. */
function resource(book: BookFields, base: string): ReturnType<typeof renderBook> {
  return renderBook(toBook(book), base);
}

/**
 * api.md, Editing, rule 7: when a write sends If-Match, it must name the book's ETag as a GET
 * through the same base URL gets it (the links in the body hold the base URL).
 */
function checkIfMatch(request: RequestContext, book: BookFields | undefined): void {
  const header = request.req.headers['if-match'];
  if (header === undefined) return;
  if (book === undefined) throw bookProblems.absent();
  const etag = jsonEntityTag(resource(book, request.base));
  if (!ifMatches(header, etag)) throw bookProblems.changed(etag);
}

/** The client's view of each stored book, made as the books are read. */
function* views(records: Iterable<BookFields>): Generator<Book> {
  for (const record of records) yield toBook(record);
}

export function bookHandlers(store: BookStore, logger: Logger, authorize: Guard): BookHandlers {
  return {
    /** `title` narrows the collection; `sort` orders it; `page` and `size` cut it into pages. */
    list(request) {
      const parsed = parseListing(request.query);
      if ('errors' in parsed) throw problems.invalidParameters(parsed.errors);
      const { listing } = parsed;
      const query = { title: listing.filter, sort: listing.sort };
      // Listings can be large, so they are written in pieces as the client reads them; their
      // tag names what the bytes depend on: the catalogue's revision, the base URL, the query.
      const version = JSON.stringify([store.revision, request.base, listing.title, listing.sortParam, listing.page]);
      if (!listing.page) {
        const found = store.scan(query);
        if (found.total === 0) throw bookProblems.noBooks(listing.filter);
        return { status: 200, body: new StreamedBody(version, () => collectionPieces(views(found.books), request.base)) };
      }
      const { number, size } = listing.page;
      const found = store.find({ ...query, offset: number * size, limit: size });
      // A page past the last one is as empty as a filter that matches nothing (api.md, Listing).
      if (found.books.length === 0) throw bookProblems.noBooks(listing.filter);
      const page = { number, size, totalElements: found.total, title: listing.title, sort: listing.sortParam };
      return { status: 200, body: new StreamedBody(version, () => collectionPieces(views(found.books), request.base, page)) };
    },

    get(request) {
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) throw bookProblems.notFound(isbn);
      return { status: 200, body: resource(book, request.base) };
    },

    async create(request) {
      authorize(request.req.headers);
      const body = await readJsonObject(request.req);
      const result = addBook(store, body);
      if ('rejected' in result) throw bookProblems.rejected(result.rejected);
      const location = bookHref(request.base, result.added.isbn);
      return { status: 201, body: resource(result.added, request.base), headers: { location }, tagged: true };
    },

    /** api.md, Editing: checked in the order of rule 6. */
    async replace(request) {
      authorize(request.req.headers);
      const body = await readJsonObject(request.req);
      // Nothing awaits from here to the write, so no other request can change the book between
      // the precondition and the replace (api.md, Editing, rule 9).
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) throw bookProblems.notFound(isbn);
      checkIfMatch(request, book);
      const result = replaceBook(store, isbn, body);
      if ('rejected' in result) throw bookProblems.rejected(result.rejected);
      return { status: 200, body: resource(result.replaced, request.base), tagged: true };
    },

    /** SPEC rule 2: deleting a missing book is no error, but it is worth a warning; with If-Match, it is a 412. */
    remove(request) {
      authorize(request.req.headers);
      const isbn = request.params.isbn as string;
      checkIfMatch(request, store.get(isbn));
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}
