/**
 * A batch of new books, as a room (api.md, Batches): `POST /books:batchCreate` with `{ "books": [...] }`
 * adds every book of the list, or none. Each entry is checked as the body of a POST is, then against
 * the store (its `refusal`, which adds nothing) and the entries before it, and the room for all of
 * them; only then do the books go in, one after another with no turn of the event loop between
 * them, so no other request sees part of a batch.
 */
import { type BookFields, textLength, toBook, toFields } from '../../core/book.ts';
import { refused, validateBook } from '../../core/books.ts';
import { FAILURES, type FieldError, fail, Problem, sentence } from '../../core/failures.ts';
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
  // Every refusal is found before a book goes in, so that a refused batch costs its checks and never takes books out again.
  const [isbns, keys] = [new Set<string>(), new Set<string>()];
  const taken: FieldError[] = [];
  entries.forEach((fields, index) => {
    // An entry is checked against the ones before it as against the store: an isbn, or a title and names, once.
    const key = titleAndNames(fields);
    const refusal = isbns.has(fields.isbn) ? 'isbn-taken' : keys.has(key) ? 'duplicate' : store.refusal(fields);
    isbns.add(fields.isbn);
    keys.add(key);
    if (refusal === 'isbn-taken' || refusal === 'duplicate')
      taken.push({ pointer: `#/books/${index}`, detail: sentence(refused(store, fields, refusal)) });
  });
  if (taken.length > 0) {
    const { status, type, title } = FAILURES.duplicate;
    throw new Problem(status, taken.map((error) => error.detail).join('; '), { type, title, errors: taken });
  }
  // Room for the whole batch: its books and their text together (api.md, Limits, rules 3 and 4).
  if (store.size + entries.length > store.capacity) throw fail({ reason: 'full', capacity: store.capacity });
  const text = entries.reduce((sum, fields) => sum + textLength(fields), 0);
  if (store.textUsed + text > store.textCapacity) throw fail({ reason: 'text-full', textCapacity: store.textCapacity });
  // From here to the last add nothing awaits, so no other request sees part of the batch. A store that refuses
  // what it said it would take leaves nothing behind: the books already in are taken out again.
  const added: BookFields[] = [];
  for (const fields of entries) {
    const outcome = store.add(fields);
    if ('added' in outcome) added.push(outcome.added);
    else {
      for (const book of added.reverse()) store.remove(book.isbn);
      throw fail(refused(store, fields, outcome.refused));
    }
  }
  return {
    status: 200,
    body: renderCollection(
      added.map((book) => toBook(book)),
      request.base,
    ),
  };
}

/** Every entry as a POST body, checked; a 400 with every invalid field of every entry, by its pointer under `#/books/<i>`. */
function checked(books: readonly unknown[]): BookFields[] {
  const errors: FieldError[] = [];
  const entries = books.flatMap((book, index) => {
    if (typeof book !== 'object' || book === null || Array.isArray(book)) {
      errors.push({ pointer: `#/books/${index}`, detail: 'each book must be a JSON object' });
      return [];
    }
    const validation = validateBook(book as Readonly<Record<string, unknown>>);
    if (validation.ok) return [toFields(validation.book)];
    errors.push(...validation.errors.map((error) => ({ pointer: `#/books/${index}${error.pointer.slice(1)}`, detail: error.detail })));
    return [];
  });
  if (errors.length > 0) throw fail({ reason: 'invalid', errors });
  return entries;
}
