/**
 * The reusable parts of the OpenAPI document (see openapi.ts): JSON Schemas of every body, the
 * shared parameters and headers, and the security scheme. Limits come from the code that
 * enforces them, so the document cannot drift from it.
 */
import { FIELDS, SORT_KEYS } from './books/fields.ts';

/** A JSON object, as the document is: plain data, serialised once. */
export type Json = { readonly [key: string]: unknown };

export const ref = (kind: 'schemas' | 'parameters' | 'headers' | 'responses', name: string): Json => ({
  $ref: `#/components/${kind}/${name}`,
});

/** The values `sort` accepts: a key, optionally followed by `,asc` or `,desc`. */
export const SORT_VALUES = SORT_KEYS.flatMap((key) => [key, `${key},asc`, `${key},desc`]);

const text = (description: string): Json => ({ type: 'string', description });
const withText = (description: string, maxLength: number): Json => ({ type: 'string', minLength: 1, maxLength, pattern: '\\S', description });
const optionalText = (description: string, maxLength: number): Json => ({ type: ['string', 'null'], maxLength, description });
/** An object schema whose properties are all required. */
const object = (description: string, properties: Json): Json => ({ type: 'object', description, required: Object.keys(properties), properties });
const count = (description: string, minimum: number): Json => ({ type: 'integer', minimum, description });

const schemas: Record<string, Json> = {
  BookInput: {
    type: 'object',
    description:
      'A book to add. isbn and title must hold text (not only whitespace), and the author must be named: ' +
      'author has text, or both authorFirstName and authorLastName have text. Lengths count Unicode code points. ' +
      'Unknown fields, _links included, are ignored, so a Book read from the service can be posted back.',
    required: ['isbn', 'title'],
    properties: Object.fromEntries(
      FIELDS.map((field) => {
        const schema = field.required ? withText(field.description, field.maxLength) : optionalText(field.description, field.maxLength);
        // Clients resolve the path segments "." and ".." away, so no isbn may be one.
        const extra = field.name === 'isbn' ? { not: { enum: ['.', '..'] } } : {};
        return [field.name, { ...schema, title: field.label, ...extra }];
      }),
    ),
    anyOf: [
      { required: ['author'], properties: { author: { type: 'string', pattern: '\\S' } } },
      {
        required: ['authorFirstName', 'authorLastName'],
        properties: { authorFirstName: { type: 'string', pattern: '\\S' }, authorLastName: { type: 'string', pattern: '\\S' } },
      },
    ],
  },
  Book: {
    type: 'object',
    description:
      "A book as the service shows it: all five fields, always strings. When one author form is missing it is derived from the other (author = first + ' ' + last; first and last = the first two words of author).",
    required: ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', '_links'],
    properties: {
      isbn: text('Identifies the book.'),
      title: text('The title.'),
      author: text('Full name; kept for clients of version 1.'),
      authorFirstName: text('Given name (version 2).'),
      authorLastName: text('Family name (version 2).'),
      _links: object('HAL links of the book.', {
        self: { ...ref('schemas', 'Link'), description: 'This book: {base_url}/books/{isbn}, the isbn percent-encoded.' },
        books: { ...ref('schemas', 'Link'), description: 'The whole collection: {base_url}/books?title=' },
      }),
    },
  },
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
      title: text('Short summary of the kind of problem.'),
      status: { type: 'integer', minimum: 400, maximum: 599, description: 'The HTTP status code.' },
      detail: text('What went wrong in this request.'),
      instance: text('The request path, without its query.'),
      errors: {
        type: 'array',
        minItems: 1,
        description: 'Each failure of a validation (pointer into the body) or of a query parameter (parameter name).',
        items: {
          oneOf: [
            { type: 'object', required: ['pointer', 'detail'], properties: { pointer: text('JSON pointer fragment, e.g. #/isbn.'), detail: text('The failure.') } },
            { type: 'object', required: ['parameter', 'detail'], properties: { parameter: text('Query parameter name.'), detail: text('The failure.') } },
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

const header = (description: string): Json => ({ description, schema: { type: 'string' } });

export const components: Json = {
  schemas,
  parameters: {
    RequestId: {
      name: 'X-Request-Id',
      in: 'header',
      description: 'Traces the request through the logs; kept when it is 1 to 128 of [A-Za-z0-9._~:@+/=-], otherwise replaced by a new UUID.',
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
    ETag: header('Strong entity tag of the body; send it back in If-None-Match.'),
    Location: { description: 'URL of the new book (its self link).', schema: { type: 'string', format: 'uri' } },
    Allow: header('Methods this path supports, e.g. GET, HEAD, POST, OPTIONS.'),
    WWWAuthenticate: { description: 'Always Bearer.', schema: { type: 'string', enum: ['Bearer'] } },
  },
  securitySchemes: {
    bearer: {
      type: 'http',
      scheme: 'bearer',
      description: 'Only when the service runs with API_TOKEN set: POST and DELETE then need Authorization: Bearer <API_TOKEN>. Reads never need it.',
    },
  },
};
