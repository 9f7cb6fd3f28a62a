/**
 * The four operations of SPEC section 4. Each takes a parsed request and answers a Reply, or
 * throws an HttpProblem; the HTTP plumbing around them lives in app.ts.
 */
import { addBook } from './catalogue.js';
import { pageOf, parseListing } from './listing.js';
import type { BookStore } from './store.js';
import { bookHref, renderBook, renderCollection } from '../hal.js';
import { problems, rejectionProblem } from '../http/problem.js';
import { readJsonObject } from '../http/request.js';
import type { Handler } from '../http/context.js';
import type { Logger } from '../log.js';

export interface BookHandlers {
  readonly list: Handler;
  readonly get: Handler;
  readonly create: Handler;
  readonly remove: Handler;
}

export function bookHandlers(store: BookStore, logger: Logger): BookHandlers {
  return {
    /** Filter = query parameter: `title` narrows the collection; paging and sort shape it. */
    list(request) {
      const listing = parseListing(request.query);
      const found = store.find({ title: listing.filter, sort: listing.sort });
      if (found.length === 0) throw problems.noBooks(listing.filter);
      if (!listing.page) return { status: 200, body: renderCollection(found, request.base) };
      const page = pageOf(listing, request.base, found.length);
      if (!page) throw problems.noBooks(listing.filter);
      const start = page.info.number * page.info.size;
      return { status: 200, body: renderCollection(found.slice(start, start + page.info.size), request.base, page) };
    },

    /** Identity = path: the isbn segment names one book. */
    get(request) {
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) throw problems.bookNotFound(isbn);
      return { status: 200, body: renderBook(book, request.base) };
    },

    async create(request) {
      request.authorize();
      const body = await readJsonObject(request.req);
      const result = addBook(store, body);
      if ('rejected' in result) throw rejectionProblem(result.rejected);
      return {
        status: 201,
        body: renderBook(result.added, request.base),
        headers: { location: bookHref(request.base, result.added.isbn) },
      };
    },

    /** SPEC rule 2: deleting a missing book is no error, but it is worth a warning. */
    remove(request) {
      request.authorize();
      const isbn = request.params.isbn as string;
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}
