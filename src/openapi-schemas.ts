/**
 * The reusable parts of the OpenAPI document (see openapi.ts): the JSON Schema of every body (a
 * book's two come from openapi-books.ts), and the shared parameters, headers and security
 * scheme. Limits come from the code that enforces them, so the document cannot drift from it.
 */
import type { FieldTable } from './books/fields.ts';
import { bookSchemas } from './openapi-books.ts';
import { type Json, object, ref } from './openapi-json.ts';

const text = (description: string): Json => ({ type: 'string', description });
const count = (description: string, minimum: number): Json => ({ type: 'integer', minimum, description });

const schemas: Record<string, Json> = {
  BookCollection: {
    type: 'object',
    description:
      'Books in insertion order, or in sort order. With page or size, the collection also holds page and the first, last, prev and next links, and self is the URL of this page.',
    required: ['_embedded', '_links'],
    properties: {
      _embedded: object('The items.', {
        bookDTOList: { type: 'array', minItems: 1, items: ref('schemas', 'Book'), description: 'The books found.' },
      }),
      _links: {
        type: 'object',
        description: 'HAL links of the collection.',
        required: ['self'],
        properties: {
          self: { ...ref('schemas', 'Link'), description: 'Without paging: {base_url}/books?title=; with paging: this page.' },
          first: { ...ref('schemas', 'Link'), description: 'The first page (paging only).' },
          prev: { ...ref('schemas', 'Link'), description: 'The page before this one, when there is one.' },
          next: { ...ref('schemas', 'Link'), description: 'The page after this one, when there is one.' },
          last: { ...ref('schemas', 'Link'), description: 'The last page (paging only).' },
        },
      },
      page: {
        type: 'object',
        description: 'Where this page lies; present only when page or size was given.',
        required: ['size', 'totalElements', 'totalPages', 'number'],
        properties: {
          size: count('Books per page, as asked.', 1),
          totalElements: count('Books matching the filter, over all pages.', 1),
          totalPages: count('Number of pages.', 1),
          number: count('This page, counted from 0.', 0),
        },
      },
    },
  },
  Link: {
    type: 'object',
    description: 'A HAL link.',
    required: ['href'],
    properties: { href: { type: 'string', format: 'uri', description: 'Absolute URL of the target.' } },
  },
  Problem: {
    type: 'object',
    description: 'RFC 9457 problem details. detail says what went wrong and, for a 4xx, what to change.',
    required: ['type', 'title', 'status', 'detail'],
    properties: {
      type: {
        type: 'string',
        format: 'uri-reference',
        description:
          'Kind of problem: urn:book-catalogue:problem:book-not-found, …:book-already-exists, …:validation-failed, or about:blank (see the status).',
      },
      title: text(
        'Short summary of the kind of problem: the type\'s own title, or the status phrase node sends (413 is "Payload Too Large").',
      ),
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status code.' },
      detail: text('What went wrong in this request.'),
      instance: text('The request path, without its query.'),
      errors: {
        type: 'array',
        minItems: 1,
        description: 'Each failure of a validation (pointer into the body) or of a query parameter (parameter name).',
        items: {
          oneOf: [
            {
              type: 'object',
              required: ['pointer', 'detail'],
              properties: { pointer: text('JSON pointer fragment, e.g. #/isbn.'), detail: text('The failure.') },
            },
            {
              type: 'object',
              required: ['parameter', 'detail'],
              properties: { parameter: text('Query parameter name.'), detail: text('The failure.') },
            },
          ],
        },
      },
    },
  },
  Health: {
    type: 'object',
    description: 'Liveness of the service.',
    required: ['status'],
    properties: { status: { type: 'string', enum: ['UP'], description: 'Always UP while the service answers.' } },
  },
  Root: {
    type: 'object',
    description: 'The API root: where a client starts.',
    required: ['_links'],
    properties: {
      _links: object('HAL links of the root.', {
        self: { ...ref('schemas', 'Link'), description: '{base_url}/' },
        books: { ...ref('schemas', 'Link'), description: 'The collection: {base_url}/books?title=' },
      }),
    },
  },
};

/** A response header that is always sent where the document lists it. */
const header = (description: string, schema: Json = { type: 'string' }): Json => ({ description, required: true, schema });

export function components(table: FieldTable): Json {
  return {
    schemas: { ...bookSchemas(table), ...schemas },
    parameters: {
      RequestId: {
        name: 'X-Request-Id',
        in: 'header',
        description:
          'Traces the request through the logs; kept when it is 1 to 128 of [A-Za-z0-9._~:@+/=-], otherwise replaced by a new UUID.',
        schema: { type: 'string', pattern: '^[A-Za-z0-9._~:@+/=-]{1,128}$' },
      },
      IfNoneMatch: {
        name: 'If-None-Match',
        in: 'header',
        description: 'An ETag from an earlier response (or *): when it still matches, the answer is 304 without a body.',
        schema: { type: 'string' },
      },
      Isbn: {
        name: 'isbn',
        in: 'path',
        required: true,
        description: 'The isbn of the book, percent-encoded as one path segment (a / inside an isbn is %2F).',
        schema: { type: 'string', minLength: 1 },
        example: '4-5-6',
      },
    },
    headers: {
      RequestId: header('The request id: the client’s X-Request-Id when it was sane, otherwise a new UUID. On every response.'),
      NoSniff: header('On every response: a browser takes the body as the type it is sent with.', { type: 'string', enum: ['nosniff'] }),
      ETag: header('Strong entity tag of the body; send it back in If-None-Match.'),
      Location: header('URL of the new book (its self link).', { type: 'string', format: 'uri' }),
      Allow: header('Methods this path supports, e.g. GET, HEAD, POST, OPTIONS.'),
      WWWAuthenticate: header('Always Bearer.', { type: 'string', enum: ['Bearer'] }),
    },
    securitySchemes: {
      bearer: {
        type: 'http',
        scheme: 'bearer',
        description:
          'Only when the service runs with API_TOKEN set: POST, PUT and DELETE then need Authorization: Bearer <API_TOKEN>. Reads never need it.',
      },
    },
  };
}
