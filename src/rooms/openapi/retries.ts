/**
 * The batch (api.md, Batches) and the Idempotency-Key a POST may carry (api.md, Safe retries), in
 * the document when the rooms that add them are in: a route at the batch's path, and a route that
 * says it reads the header.
 */
import { HAL_TYPE, JSON_TYPE } from '../../core/send.ts';
import { type PointerError, validateBook } from '../../core/books.ts';
import type { Route } from '../../core/rooms.ts';
import { book, collection, example, link, problem as problemOf } from './examples.ts';
import { answer, common, problem, ref, REQUEST_ID, type Json } from './schemas.ts';
import { badBody, UNSUPPORTED, unauthorized, WRITE } from './writes.ts';

// The batch's path and the header, as a client names them: a room imports no other room, so the document finds the batch by
// its route's path and the key by the headers a route says it reads.
export const BATCH = '/books:batchCreate';
export const IDEMPOTENCY_KEY = 'Idempotency-Key';

const PRIDE = { isbn: '978-0-14-143951-8', title: 'Pride and Prejudice', author: 'Jane Austen' };
const EMMA = { isbn: '978-0-14-143966-2', title: 'Emma', authorFirstName: 'Jane', authorLastName: 'Austen' };
/** A second book whose isbn ends in a space and whose title is a zero-width space: each fails the rules, not the schema. */
const UNSEEN = { ...EMMA, isbn: `${EMMA.isbn} `, title: '\u200B' };
const INVALID = (validateBook(UNSEEN) as { errors: readonly PointerError[] }).errors.map(({ pointer, detail }) => ({
  pointer: `#/books/1${pointer.slice(1)}`,
  detail,
}));
const TAKEN = [
  { pointer: '#/books/0', detail: 'Book already exists for ISBN: 1-2-3' },
  { pointer: '#/books/2', detail: `Book already exists for ISBN: ${PRIDE.isbn}` },
];

/** Request bodies of the batch; each name also names the answer it gets. */
export const batchRequests: Record<string, Json> = {
  batchCreated: example('Two books, the author in either form', { books: [PRIDE, EMMA] }),
  batchInvalid: example('A second book whose isbn ends in a space and whose title is a zero-width space', { books: [PRIDE, UNSEEN] }),
  batchDuplicates: example('A book of the catalogue, and one sent twice', {
    books: [{ isbn: '1-2-3', title: 'Homage to Catalonia', author: 'George Orwell' }, PRIDE, { ...EMMA, isbn: PRIDE.isbn }],
  }),
};
const to = (name: string): string => `POST ${BATCH} with the request example "${name}"`;
const batchExamples = {
  created: {
    batchCreated: example(
      to('batchCreated'),
      collection([book(PRIDE.isbn, PRIDE.title, 'Jane', 'Austen'), book(EMMA.isbn, EMMA.title, 'Jane', 'Austen')]),
    ),
  },
  invalid: { batchInvalid: example(to('batchInvalid'), problemOf({ reason: 'invalid', errors: INVALID }, BATCH)) },
  duplicates: {
    batchDuplicates: example(to('batchDuplicates'), {
      ...problemOf({ reason: 'isbn-taken', isbn: '1-2-3' }, BATCH),
      detail: TAKEN.map((error) => error.detail).join('; '),
      errors: TAKEN,
    }),
  },
};

/** The batch's path, with every answer it can give. */
export function batchPath(): Record<string, Json> {
  const input = { schema: ref('schemas', 'BatchInput') };
  return {
    [BATCH]: {
      parameters: [REQUEST_ID],
      post: {
        operationId: 'batchCreateBooks',
        tags: ['books'],
        summary: 'Add books at once, all or none',
        description:
          'Checks every entry as the body of POST /books, then against the catalogue and the entries before it, and adds them all in one step that no other request sees half of, or none. ' +
          'Checked in this order, the first failure answering: token (401), content type (415), size (413), JSON and books (400), every field of every entry (400), duplicates (409), room (507).',
        security: WRITE,
        requestBody: {
          required: true,
          description: 'The books, as JSON (application/json or any type/subtype+json), 1 to 100 of them; at most 1 MiB.',
          content: { [JSON_TYPE]: { ...input, examples: batchRequests }, 'application/*+json': input },
        },
        responses: {
          '200': answer(
            200,
            'the added books, in the order sent, each as a GET of its self link returns it.',
            HAL_TYPE,
            'BookCollection',
            batchExamples.created,
          ),
          '401': unauthorized('POST', BATCH),
          '409': problem(
            409,
            'an entry has the isbn, or the title and author names, of a book of the catalogue or of an earlier entry; errors names each (#/books/<i>).',
            batchExamples.duplicates,
          ),
          '413': problem(413, 'the body exceeds 1 MiB; the connection is closed.'),
          '415': problem(415, UNSUPPORTED),
          '507': problem(507, 'the whole batch does not fit within MAX_BOOKS, or within the text budget. Nothing is added.'),
          ...common(
            BATCH,
            problem(
              400,
              badBody(', books is not an array of 1 to 100, or an entry fails (pointers #/books/<i>/<field>)'),
              batchExamples.invalid,
            ),
          ),
        },
      },
    },
  };
}

/** The schemas the batch brings: its body, and the root with the batch's link. */
export function batchSchemas(root: Json): Record<string, Json> {
  const links = (root.properties as { _links: Json })._links;
  const batchCreate = { ...ref('schemas', 'Link'), description: `The batch, for a POST: {base_url}${BATCH}.` };
  const withBatch = {
    ...links,
    required: [...(links.required as string[]), 'batchCreate'],
    properties: { ...(links.properties as Json), batchCreate },
  };
  return { BatchInput: BATCH_SCHEMA, Root: { ...root, properties: { _links: withBatch } } };
}

const BATCH_SCHEMA: Json = {
  type: 'object',
  required: ['books'],
  properties: { books: { type: 'array', minItems: 1, maxItems: 100, items: ref('schemas', 'BookInput') } },
  description: 'Books to add at once; other members are ignored.',
};

const KEY_PARAMETER: Json = {
  name: IDEMPOTENCY_KEY,
  in: 'header',
  description:
    'Makes the POST safe to retry: a Structured Field string of 1 to 255 visible ASCII characters, such as "4b1e3c2a-17". The same key with the same request gets the kept answer again, with Idempotent-Replayed: true, and changes nothing; answers are kept IDEMPOTENCY_TTL_S seconds (10,000 keys and 32 MiB at most), but not a 5xx, nor one to a body the service never had whole (a 413, a body cut short, or one held back behind Expect: 100-continue). Make each key new and hard to guess, such as a UUID: keys are shared by every client.',
  schema: { type: 'string', pattern: '^"(?:[\\x21\\x23-\\x5B\\x5D-\\x7E]|\\\\["\\\\]){1,255}"$' },
};
const REPLAYED: Json = {
  description: "true on an answer kept for the request's Idempotency-Key and sent again.",
  schema: { type: 'string', enum: ['true'] },
};

/** A POST operation that reads Idempotency-Key: the header, Idempotent-Replayed on what it answers, and the 409 and 422 of a key. */
export function idempotent(operation: Json): Json {
  const responses = Object.fromEntries(
    Object.entries(operation.responses as Record<string, Json>).map(([status, response]) => [
      status,
      status === '500' ? response : { ...response, headers: { ...(response.headers as Json), 'Idempotent-Replayed': REPLAYED } },
    ]),
  );
  const conflict = responses['409'] as Json;
  return {
    ...operation,
    parameters: [...((operation.parameters as Json[] | undefined) ?? []), KEY_PARAMETER],
    responses: {
      ...responses,
      '409': {
        ...conflict,
        description: `${conflict.description} Or: the first request with this Idempotency-Key is still being handled (urn:book-catalogue:problem:idempotency-key-in-flight).`,
      },
      '422': problem(
        422,
        'this Idempotency-Key came with another request, another body or path (urn:book-catalogue:problem:idempotency-key-reused).',
      ),
    },
  };
}

/** Each operation whose route reads Idempotency-Key, made to say so. */
export function withKeys(paths: Record<string, Json>, routes: readonly Route[]): Record<string, Json> {
  for (const route of routes.filter((it) => it.headers?.includes(IDEMPOTENCY_KEY) && paths[it.path] !== undefined)) {
    const method = route.method.toLowerCase();
    const item = paths[route.path] as Record<string, Json>;
    if (item[method] !== undefined) paths[route.path] = { ...item, [method]: idempotent(item[method]) };
  }
  return paths;
}

/** The root's example with the batch's link, as the service answers when it has one. */
export function batchRoot(root: { root: Json }): Json {
  const value = root.root.value as { _links: Json };
  return { root: { ...root.root, value: { ...value, _links: { ...value._links, batchCreate: link(BATCH) } } } };
}
