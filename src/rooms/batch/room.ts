/**
 * A batch of new books, as a room (api.md, Batches): `POST /books:batchCreate` with `{ "books": [...] }`
 * adds every book of the list, or none. Each entry is checked as the body of a POST is, then against
 * the store and the entries before it; the books go in one after another with no turn of the event
 * loop between them, and a refusal takes out the ones already in, so no other request sees part of it.
 */
import { type BookFields, toBook, toFields } from '../../core/book.ts';
import { storeBook, validateBook } from '../../core/books.ts';
import { FAILURES, type Failure, type FieldError, fail, Problem, sentence } from '../../core/failures.ts';
import { renderCollection } from '../../core/hal.ts';
import { readJsonObject } from '../../core/request.ts';
import { defineRoom, type RequestContext, type Route } from '../../core/rooms.ts';
import type { Reply } from '../../core/send.ts';
import { type BookStore, titleAndNames } from '../../core/store.ts';

export const BATCH_PATH = '/books:batchCreate';
export const MAX_BATCH = 100;
/** The largest body of a batch: a hundred books of the largest POST body would not fit, and need not. */
export const BATCH_BODY_LIMIT = 1024 * 1024;

export const batch = defineRoom({
  name: 'batch',
  plug: (_settings, core) => ({
    routes: [
      {
        method: 'POST',
        path: BATCH_PATH,
        bodyLimit: BATCH_BODY_LIMIT,
        summary: `Add 1 to ${MAX_BATCH} books at once, all or none.`,
        handler: async (request) => addAll(core.store, request),
      },
    ],
    // The root links the batch beside the collection.
    wrap: (route: Route): Route =>
      route.method !== 'GET' || route.path !== '/'
        ? route
        : {
            ...route,
            handler: async (request) => {
              const reply = await route.handler(request);
              const root = reply.body as { _links?: Record<string, unknown> } | undefined;
              if (reply.status !== 200 || root?._links === undefined) return reply;
              return { ...reply, body: { ...root, _links: { ...root._links, batchCreate: { href: `${request.base}${BATCH_PATH}` } } } };
            },
          },
  }),
});

/** The batch's checks in the order of api.md, Batches; then every book stored, or none. */
async function addAll(store: BookStore, request: RequestContext): Promise<Reply> {
  const { books } = await readJsonObject(request.req, request.body);
  if (!Array.isArray(books) || books.length < 1 || books.length > MAX_BATCH)
    throw fail({ reason: 'invalid', errors: [{ pointer: '#/books', detail: `books must be an array of 1 to ${MAX_BATCH} books` }] });
  const entries = checked(books);
  const added: BookFields[] = [];
  const [isbns, keys] = [new Set<string>(), new Set<string>()];
  const refused: { index: number; failure: Failure }[] = [];
  entries.forEach(({ body, fields }, index) => {
    // An entry is checked against the ones before it as against the store: an isbn, or a title and names, once.
    const earlier: Failure | undefined = isbns.has(fields.isbn)
      ? { reason: 'isbn-taken', isbn: fields.isbn }
      : keys.has(titleAndNames(fields))
        ? { reason: 'duplicate', title: fields.title, firstName: fields.authorFirstName, lastName: fields.authorLastName }
        : undefined;
    isbns.add(fields.isbn);
    keys.add(titleAndNames(fields));
    const result = earlier === undefined ? storeBook(store, body) : { failed: earlier };
    if ('stored' in result) added.push(result.stored);
    else refused.push({ index, failure: result.failed });
  });
  if (refused.length === 0)
    return {
      status: 200,
      body: renderCollection(
        added.map((book) => toBook(book)),
        request.base,
      ),
    };
  for (const book of added.reverse()) store.remove(book.isbn);
  const taken = refused.filter(({ failure }) => failure.reason === 'isbn-taken' || failure.reason === 'duplicate');
  if (taken.length === 0) throw fail((refused[0] as { failure: Failure }).failure);
  const errors: FieldError[] = taken.map(({ index, failure }) => ({ pointer: `#/books/${index}`, detail: sentence(failure) }));
  const { status, type, title } = FAILURES.duplicate;
  throw new Problem(status, errors.map((error) => error.detail).join('; '), { type, title, errors });
}

/** Every entry as a POST body, checked; a 400 with every invalid field of every entry, by its pointer under `#/books/<i>`. */
function checked(books: readonly unknown[]): { body: Readonly<Record<string, unknown>>; fields: BookFields }[] {
  const errors: FieldError[] = [];
  const entries = books.flatMap((book, index) => {
    if (typeof book !== 'object' || book === null || Array.isArray(book)) {
      errors.push({ pointer: `#/books/${index}`, detail: 'each book must be a JSON object' });
      return [];
    }
    const body = book as Readonly<Record<string, unknown>>;
    const validation = validateBook(body);
    if (validation.ok) return [{ body, fields: toFields(validation.book) }];
    errors.push(...validation.errors.map((error) => ({ pointer: `#/books/${index}${error.pointer.slice(1)}`, detail: error.detail })));
    return [];
  });
  if (errors.length > 0) throw fail({ reason: 'invalid', errors });
  return entries;
}
