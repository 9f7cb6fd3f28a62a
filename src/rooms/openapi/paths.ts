/**
 * The operations on books: what each takes, and every answer it can give, with the service's
 * real answers as examples. test/service/openapi.test.ts compares them with the router's routes.
 */
import type { FieldTable } from '../../core/fields.ts';
import { HAL_TYPE } from '../../core/send.ts';
import { editExamples, examples, putRequestExamples, requestExamples } from './examples.ts';
import { negotiated } from './forms.ts';
import { listOperation } from './listing.ts';
import { answer, common, IF_NONE_MATCH, MALFORMED, noContent, notModified, ok, problem } from './schemas.ts';
import { PUBLIC, REQUEST_ID, ref, type Json } from './schemas.ts';
import { badBody, bookBody, ifMatch, preconditionFailed, TOO_LARGE, unauthorized, UNSUPPORTED, WRITE } from './writes.ts';

/** What the service offers beyond the core's operations, as the rooms plug it in. */
export interface Offered {
  /** What a PATCH takes (its route's Accept-Patch), when a room adds PATCH. */
  readonly acceptPatch?: string | undefined;
  /** The media type of another representation of the books, when a room offers one (HAL-FORMS). */
  readonly formsType?: string | undefined;
}

/** The book operations, each with every answer it can give. */
export function bookPaths(table: FieldTable, { acceptPatch, formsType }: Offered): Record<string, Json> {
  const MERGE_PATCH_TYPES = acceptPatch?.split(', ') ?? [];
  return {
    '/books': negotiated(
      {
        parameters: [REQUEST_ID],
        get: listOperation(table),
        post: {
          operationId: 'addBook',
          tags: ['books'],
          summary: 'Add a book',
          description:
            'Stores the book and returns it with its links. Either author form is accepted. Checked in this order, the first failure answering: ' +
            'token (401), content type (415), size (413), JSON (400), validation (400), duplicates (409), capacity (507).',
          security: WRITE,
          requestBody: bookBody(
            'The book, as JSON: application/json or any type/subtype+json (application/merge-patch+json, application/vnd.example+json, ...); ' +
              'a charset is accepted, and the body is read as UTF-8. At most 16 KiB.',
            requestExamples,
          ),
          responses: {
            '201': answer(
              201,
              "the stored book, as a GET of its Location returns it, with that GET's ETag.",
              HAL_TYPE,
              'Book',
              examples.created,
              { Location: ref('headers', 'Location'), ETag: ref('headers', 'ETag') },
            ),
            '401': unauthorized('POST', '/books'),
            '409': problem(
              409,
              'a book with this isbn, or with this title and these (derived) author names, already exists.',
              examples.conflict,
            ),
            '413': problem(413, TOO_LARGE, examples.tooLarge),
            '415': problem(415, UNSUPPORTED, examples.unsupportedType),
            '507': problem(
              507,
              'the catalogue holds MAX_BOOKS books, or its books hold as much text as MAX_BOOKS books may (128 UTF-16 code units a book).',
              examples.full,
            ),
            ...common('/books', problem(400, badBody(''), examples.postBadRequest)),
          },
        },
      },
      'BookCollectionForms',
      formsType,
    ),
    '/books/{isbn}': negotiated(
      {
        parameters: [ref('parameters', 'Isbn'), REQUEST_ID],
        get: {
          operationId: 'getBook',
          security: PUBLIC,
          tags: ['books'],
          summary: 'Read one book',
          description: 'The book with this isbn.',
          parameters: [IF_NONE_MATCH],
          responses: {
            '200': ok('the book.', HAL_TYPE, 'Book', examples.book),
            '304': notModified,
            '404': problem(404, 'no book has this isbn.', examples.unknownIsbn),
            ...common('/books/4-5-6', problem(400, MALFORMED, examples.malformedPath)),
          },
        },
        put: {
          operationId: 'replaceBook',
          tags: ['books'],
          summary: 'Replace a book',
          description:
            'Replaces the book with this isbn, which keeps its place in the collection; it never creates one. The body is validated as for POST, and its isbn must be the path’s. ' +
            'Send If-Match with the ETag you read, so that a change made since is not lost. Checked in this order, the first failure answering: ' +
            'token (401), content type (415), size (413), JSON (400), unknown isbn (404), If-Match (412), validation (400), duplicates (409), capacity (507).',
          security: WRITE,
          parameters: [ifMatch],
          requestBody: bookBody('The whole book, as for POST /books; its isbn must be the one in the path.', putRequestExamples),
          responses: {
            '200': ok(
              'the book as stored now, as a GET returns it; its ETag is the one to send with the next edit.',
              HAL_TYPE,
              'Book',
              editExamples.replaced,
            ),
            '401': unauthorized('PUT', '/books/4-5-6'),
            '404': problem(404, 'no book has this isbn.', editExamples.unknownIsbn),
            '409': problem(409, 'another book has this title and these (derived) author names.', editExamples.conflict),
            '412': preconditionFailed('If-Match names another tag than the book’s current one.', editExamples.changed('PUT')),
            '413': problem(413, TOO_LARGE),
            '415': problem(415, UNSUPPORTED),
            '507': problem(507, 'the longer book would pass the text the catalogue may hold.'),
            ...common('/books/4-5-6', problem(400, badBody(", its isbn not the path's included"), editExamples.putBadRequest)),
          },
        },
        patch: acceptPatch && {
          operationId: 'patchBook',
          tags: ['books'],
          summary: 'Change some fields of a book',
          description:
            'A merge patch (RFC 7396) of the book as a GET shows it: a member set to null is removed, others replace. A patch that names author and neither name drops both names, and one that names a name and not author drops author, so the service derives them afresh. ' +
            'The result is checked and stored as the body of a PUT. Checked in this order, the first failure answering: ' +
            'token (401), content type and encoding (415), size (413), JSON (400), unknown isbn (404), If-Match (412), validation (400), duplicates (409), capacity (507).',
          security: WRITE,
          parameters: [ifMatch],
          requestBody: {
            required: true,
            description: 'A JSON object of the fields to change, at most 16 KiB; null removes a field.',
            content: Object.fromEntries(
              MERGE_PATCH_TYPES.map((type) => [
                type,
                {
                  schema: { type: 'object' },
                  examples: { title: { value: { title: 'The Hobbit' } }, author: { value: { author: 'Ursula K. Le Guin' } } },
                },
              ]),
            ),
          },
          responses: {
            '200': ok('the book as stored now, as a GET returns it, with its ETag.', HAL_TYPE, 'Book'),
            '401': unauthorized('PATCH', '/books/4-5-6'),
            '404': problem(404, 'no book has this isbn.'),
            '409': problem(409, 'another book has this title and these (derived) author names.'),
            '412': preconditionFailed('If-Match names another tag than the book’s current one.', editExamples.changed('PATCH')),
            '413': problem(413, TOO_LARGE),
            '415': problem(415, `the body is not ${MERGE_PATCH_TYPES.join(' or ')}, or has a Content-Encoding.`, undefined, {
              'Accept-Patch': { description: 'The types a PATCH takes.', required: true, schema: { type: 'string', const: acceptPatch } },
            }),
            '507': problem(507, 'the longer book would pass the text the catalogue may hold.'),
            ...common('/books/4-5-6', problem(400, badBody(", its isbn not the path's included"))),
          },
        },
        delete: {
          operationId: 'deleteBook',
          tags: ['books'],
          summary: 'Delete a book',
          description:
            'Removes the book with this isbn. Deleting a book that does not exist is no error: the answer is the same 204, and the service logs a warning. ' +
            'With If-Match, the book must exist and have that tag, or the answer is 412.',
          security: WRITE,
          parameters: [ifMatch],
          responses: {
            '204': noContent('the book is gone (or never existed).'),
            '401': unauthorized('DELETE', '/books/1-2-3'),
            '412': preconditionFailed(
              'If-Match names another tag than the book’s, or there is no book.',
              { ...editExamples.changed('DELETE'), ...editExamples.absent },
              { description: 'The book’s current ETag, when there is a book.', schema: { type: 'string' } },
            ),
            ...common('/books/4-5-6'),
          },
        },
      },
      'BookForms',
      formsType,
    ),
  };
}
