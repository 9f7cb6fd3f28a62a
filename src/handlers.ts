/**
 * The book operations (api.md, Listing, Reading a book, Adding a book, Editing, Deleting a
 * book). Each takes a parsed request, asks the store, turns records into the client's view
 * (book.ts) and gives them to hal.ts; a failure is an HttpProblem. Filter = query parameter;
 * identity = path.
 */
import { type BookFields, toBook, toBooks } from './books/book.ts';
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
import { BOOK_MESSAGES } from './messages.ts';

export interface BookHandlers {
  readonly list: Handler;
  readonly get: Handler;
  readonly create: Handler;
  readonly replace: Handler;
  readonly remove: Handler;
}

/** The book errors, with their statuses and types (api.md, Errors). */
export const bookProblems = {
  notFound: (isbn: string) => new HttpProblem(404, BOOK_MESSAGES.notFound(isbn), BOOK_NOT_FOUND),
  noBooks: (title: string | undefined) =>
    new HttpProblem(404, title === undefined ? BOOK_MESSAGES.noBooks : BOOK_MESSAGES.noBooksForTitle(title), BOOK_NOT_FOUND),
  /** api.md, Editing, rule 8: the If-Match of a write names another tag than the book's. */
  changed: (etag: string) => new HttpProblem(412, BOOK_MESSAGES.changed(etag), { headers: { etag } }),
  absent: () => new HttpProblem(412, BOOK_MESSAGES.absent),
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
        // Every book, read from the store and made a view as the client takes the pieces.
        return { status: 200, body: new StreamedBody(version, () => collectionPieces(toBooks(found.books), request.base)) };
      }
      const { number, size } = listing.page;
      const found = store.find({ ...query, offset: number * size, limit: size });
      // A page past the last one is as empty as a filter that matches nothing (api.md, Listing).
      if (found.books.length === 0) throw bookProblems.noBooks(listing.filter);
      const page = { number, size, totalElements: found.total, title: listing.title, sort: listing.sortParam };
      const books = found.books.map((record) => toBook(record));
      return { status: 200, body: new StreamedBody(version, () => collectionPieces(books, request.base, page)) };
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

    /** api.md, Deleting a book, rule 2: deleting a missing book is no error, but it is worth a warning; with If-Match, it is a 412 (api.md, Editing). */
    remove(request) {
      authorize(request.req.headers);
      const isbn = request.params.isbn as string;
      checkIfMatch(request, store.get(isbn));
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}
