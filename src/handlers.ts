/**
 * The book operations: each reads a parsed request, asks the store, and answers with the book's
 * view in HAL or with the problem its outcome names (outcomes.ts). A filter is a query
 * parameter; an identity is a path (api.md, Listing, Reading, Adding, Editing, Deleting).
 */
import { type BookFields, toBook } from './books/book.ts';
import { addBook, type Rejection, replaceBook } from './books/catalogue.ts';
import type { BookStore } from './books/store.ts';
import { bookHref, type Page, renderBook, renderCollection } from './hal.ts';
import type { Guard } from './http/auth.ts';
import type { Handler, RequestContext } from './http/context.ts';
import { ifMatches } from './http/preconditions.ts';
import { problems } from './http/problem.ts';
import { readJsonObject } from './http/body.ts';
import { jsonEntityTag, type Reply } from './http/respond.ts';
import { parseListing } from './listing.ts';
import { collectionStream } from './listing-stream.ts';
import type { Logger } from './log.ts';
import { bookProblem } from './outcomes.ts';

export interface BookHandlers {
  readonly list: Handler;
  readonly get: Handler;
  readonly create: Handler;
  readonly replace: Handler;
  readonly remove: Handler;
}

/** Up to this many books, a collection is sent as one JSON text; more are streamed as they are read. */
const WHOLE_UP_TO = 64;

/** A collection of `count` books: one JSON text when it is small, else a stream read as the client reads. */
function collection(books: Iterable<BookFields>, count: number, base: string, version: string, page?: Page): Reply {
  if (count > WHOLE_UP_TO) return { status: 200, body: collectionStream(books, base, page), version };
  return {
    status: 200,
    body: renderCollection(
      Array.from(books, (book) => toBook(book)),
      base,
      page,
    ),
    version,
  };
}

function reject(rejection: Rejection): never {
  throw bookProblem(rejection);
}

/** The book as a GET request would show it: the body of a write's answer, and what its ETag is a digest of. */
function resource(book: BookFields, base: string): ReturnType<typeof renderBook> {
  return renderBook(toBook(book), base);
}

/** api.md, Editing, rule 7: an If-Match must name the ETag that a GET through the same base URL gets. */
function checkIfMatch(request: RequestContext, book: BookFields | undefined): void {
  const header = request.req.headers['if-match'];
  if (header === undefined) return;
  if (book === undefined) reject({ reason: 'absent' });
  const etag = jsonEntityTag(resource(book, request.base));
  if (!ifMatches(header, etag)) reject({ reason: 'changed', etag });
}

/** `authorize` checks the token of a write; it is undefined when no API_TOKEN is set. */
export function bookHandlers(store: BookStore, logger: Logger, authorize: Guard | undefined): BookHandlers {
  return {
    /** `title`, `author` and `q` narrow the collection, `sort` orders it, and `page` and `size` cut it into pages. */
    list(request) {
      const parsed = parseListing(request.query);
      if ('errors' in parsed) throw problems.invalidParameters(parsed.errors);
      const { given, filter, sort, sortParam, page } = parsed.listing;
      // A listing's ETag names what its bytes depend on, so it is known before a book is read.
      const version = JSON.stringify([store.revision, request.base, given, sortParam, page]);
      const none: Rejection = { reason: 'no-books', title: filter.title, author: given.author, q: given.q };
      if (page === undefined) {
        const found = store.scan({ ...filter, sort });
        if (found.total === 0) reject(none);
        return collection(found.books, found.total, request.base, version);
      }
      const found = store.find({ ...filter, sort, offset: page.number * page.size, limit: page.size });
      // A page past the last one is as empty as a filter that matches nothing (api.md, Listing).
      if (found.books.length === 0) reject(none);
      const links = { ...page, totalElements: found.total, filters: given, sort: sortParam };
      return collection(found.books, found.books.length, request.base, version, links);
    },

    get(request) {
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) reject({ reason: 'not-found', isbn });
      return { status: 200, body: resource(book, request.base) };
    },

    async create(request) {
      authorize?.(request.req.headers);
      const body = await readJsonObject(request.req);
      const result = addBook(store, body);
      if ('rejected' in result) reject(result.rejected);
      const location = bookHref(request.base, result.added.isbn);
      return { status: 201, body: resource(result.added, request.base), headers: { location }, tagged: true };
    },

    /** api.md, Editing: the checks come in the order of rule 6. */
    async replace(request) {
      authorize?.(request.req.headers);
      const body = await readJsonObject(request.req);
      // Nothing awaits from here to the write, so no other request can change the book between
      // the precondition and the replace (api.md, Editing, rule 9).
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) reject({ reason: 'not-found', isbn });
      checkIfMatch(request, book);
      const result = replaceBook(store, isbn, body);
      if ('rejected' in result) reject(result.rejected);
      return { status: 200, body: resource(result.replaced, request.base), tagged: true };
    },

    /** api.md, Deleting a book, rule 2: a missing book is no error, but it is worth a warning. */
    remove(request) {
      authorize?.(request.req.headers);
      const isbn = request.params.isbn as string;
      checkIfMatch(request, store.get(isbn));
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}
