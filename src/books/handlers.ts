/**
 * The four operations of SPEC section 4. Each takes a parsed request and answers a Reply, or
 * throws an HttpProblem; the HTTP plumbing around them lives in app.ts.
 */
import { addBook } from './catalogue.js';
import { pageOf, parseListing } from './listing.js';
import type { BookStore } from './store.js';
import type { BookFields } from './book.js';
import { bookHref, renderBook, renderCollection } from '../hal.js';
import type { Guard } from '../http/auth.js';
import type { Handler } from '../http/context.js';
import { problems, rejectionProblem } from '../http/problem.js';
import { readJsonObject } from '../http/request.js';
import { Representation } from '../http/respond.js';
import type { Logger } from '../log.js';

export interface BookHandlers {
  readonly list: Handler;
  readonly get: Handler;
  readonly create: Handler;
  readonly remove: Handler;
}

export function bookHandlers(store: BookStore, logger: Logger, authorize: Guard): BookHandlers {
  const rendered = new RenderedBooks(1024);
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
      return { status: 200, body: rendered.get(book, request.base) };
    },

    async create(request) {
      authorize(request.req.headers);
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
      authorize(request.req.headers);
      const isbn = request.params.isbn as string;
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}

/**
 * The last books rendered, with their bytes and ETag. A stored record never changes (a re-added
 * book is a new record), so an entry stays right for as long as its record is the stored one;
 * the bound keeps memory flat however many books are read.
 */
class RenderedBooks {
  private readonly entries = new Map<BookFields, { readonly base: string; readonly body: Representation }>();

  constructor(private readonly limit: number) {}

  get(book: BookFields, base: string): Representation {
    const entry = this.entries.get(book);
    if (entry?.base === base) return entry.body;
    const body = new Representation(renderBook(book, base));
    if (entry) this.entries.delete(book);
    else if (this.entries.size >= this.limit) this.entries.delete(this.entries.keys().next().value as BookFields);
    this.entries.set(book, { base, body });
    return body;
  }
}
