/**
 * The operations on one book: each reads a parsed request, asks the store, and answers with the
 * book's view in HAL or with the problem its outcome names (outcomes.ts). An identity is a path
 * (api.md, Reading, Adding, Editing, Patching, Deleting); the listing is listing.ts.
 */
import { type BookFields, toBook } from './books/book.ts';
import { addBook, type Rejection, replaceBook } from './books/catalogue.ts';
import { bookHref, renderBook } from './hal.ts';
import { renderBookForms } from './hal-forms.ts';
import { patchedBody } from './books/patch.ts';
import type { BookStore } from './books/store.ts';
import type { Guard } from './http/auth.ts';
import type { Handler, RequestContext } from './http/context.ts';
import { ifMatches } from './http/preconditions.ts';
import { readJsonObject } from './http/body.ts';
import { readMergePatch } from './http/merge-patch.ts';
import { HAL_FORMS_TYPE } from './http/negotiate.ts';
import { jsonEntityTag, type Reply } from './http/respond.ts';
import { wantsForms } from './listing.ts';
import type { Logger } from './log.ts';
import { bookProblem } from './outcomes.ts';

export interface BookHandlers {
  readonly get: Handler;
  readonly create: Handler;
  readonly replace: Handler;
  readonly patch: Handler;
  readonly remove: Handler;
}

function reject(rejection: Rejection): never {
  throw bookProblem(rejection);
}

/** The book as a GET request would show it: the body of a write's answer, and what its ETag is a digest of. */
function resource(book: BookFields, base: string): ReturnType<typeof renderBook> {
  return renderBook(toBook(book), base);
}

/**
 * api.md, Editing, rule 7: an If-Match must name an ETag that a GET through the same base URL
 * gets, in HAL or in HAL-FORMS; a 412 names the tag of the one the request's Accept asks for.
 */
function checkIfMatch(request: RequestContext, book: BookFields | undefined): void {
  const header = request.req.headers['if-match'];
  if (header === undefined) return;
  if (book === undefined) reject({ reason: 'absent' });
  const hal = jsonEntityTag(resource(book, request.base));
  if (ifMatches(header, hal)) return;
  const forms = jsonEntityTag(renderBookForms(toBook(book), request.base));
  if (!ifMatches(header, forms)) reject({ reason: 'changed', etag: wantsForms(request) ? forms : hal });
}

/** `authorize` checks the token of a write; it is undefined when no API_TOKEN is set. */
export function bookHandlers(store: BookStore, logger: Logger, authorize: Guard | undefined): BookHandlers {
  /**
   * A PUT or PATCH once its body is read: the book must be there and match If-Match, then `bodyFor(book)` is
   * stored as a PUT's body. Nothing awaits from here to the write, so no other request can come between (Editing, 9).
   */
  function edit(request: RequestContext, bodyFor: (book: BookFields) => Readonly<Record<string, unknown>>): Reply {
    const isbn = request.params.isbn as string;
    const book = store.get(isbn);
    if (!book) reject({ reason: 'not-found', isbn });
    checkIfMatch(request, book);
    const result = replaceBook(store, isbn, bodyFor(book));
    if ('rejected' in result) reject(result.rejected);
    return { status: 200, body: resource(result.replaced, request.base), tagged: true };
  }

  return {
    get(request) {
      const isbn = request.params.isbn as string;
      const book = store.get(isbn);
      if (!book) reject({ reason: 'not-found', isbn });
      if (wantsForms(request)) return { status: 200, body: renderBookForms(toBook(book), request.base), type: HAL_FORMS_TYPE };
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
      return edit(request, () => body);
    },

    /** api.md, Patching a book: the same checks, in the same order, the body a merge patch of the book. */
    async patch(request) {
      authorize?.(request.req.headers);
      const patch = await readMergePatch(request.req);
      return edit(request, (book) => patchedBody(book, patch));
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
