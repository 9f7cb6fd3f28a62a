/**
 * The JSON helpers of the OpenAPI document, the schema of every body, and the responses every
 * operation is built from. A book's two schemas are built from the table of fields.
 */
import { PROBLEM_TYPE } from '../../core/failures.ts';
import type { FieldRule, FieldTable } from '../../core/fields.ts';
import { SEARCH_QUERY } from '../../core/hal.ts';
import { examples } from './examples.ts';
// Not imported: see src/core/service.ts.
const { STATUS_CODES } = process.getBuiltinModule('node:http');

/** A JSON object, as the document is: plain data, serialised once. */
export type Json = { readonly [key: string]: unknown };

export const ref = (kind: 'schemas' | 'parameters' | 'headers', name: string): Json => ({ $ref: `#/components/${kind}/${name}` });

/** An object schema; unless told otherwise, all its properties are required. */
const object = (description: string, properties: Json, required = Object.keys(properties)): Json => ({
  type: 'object',
  description,
  required,
  properties,
});

/** One field as a client may send it: its type and limits; an optional one may also be null. */
function inputProperty(field: FieldRule): Json {
  const type = field.required ? field.type : [field.type, 'null'];
  const about = { title: field.label, description: field.description };
  if (field.type === 'integer') return { type, minimum: field.minimum, maximum: field.maximum, ...about };
  const limits = field.required ? { minLength: 1, maxLength: field.maxLength, pattern: '\\S' } : { maxLength: field.maxLength };
  const refused = [
    ...(field.reserved ? [{ enum: field.reserved.values }] : []),
    ...(field.forbidden ? [{ pattern: `[${field.forbidden.characters.map((character) => `\\${character}`).join('')}]` }] : []),
  ];
  return { type, ...limits, ...about, ...(refused.length > 0 ? { not: { anyOf: refused } } : {}) };
}

/** Each group's rule: one of its alternatives has text in every field. */
function groupRules(table: FieldTable): Json {
  const rules = table.groups.map((group) => ({
    anyOf: group.alternatives.map((names) => ({
      required: names,
      properties: Object.fromEntries(names.map((name) => [name, { type: 'string', pattern: '\\S' }])),
    })),
  }));
  return rules.length === 1 ? (rules[0] as Json) : rules.length > 1 ? { allOf: rules } : {};
}

/** BookInput and Book: a book as a client sends it, and as the service shows it. */
function bookSchemas(table: FieldTable): Record<string, Json> {
  const groups = table.groups.map((group) => group.description).join(' ');
  return {
    BookInput: {
      type: 'object',
      description:
        `A book to add. Required text must hold text (not only whitespace). ${groups} ` +
        'Lengths count Unicode code points, and text must be well-formed Unicode: a lone surrogate (\\ud800 to \\udfff without its pair) is refused with "<field> must be well-formed Unicode text". ' +
        'Unknown fields, _links included, are ignored, so a Book read from the service can be posted back.',
      required: table.rows.filter((field) => field.required).map((field) => field.name),
      properties: Object.fromEntries(table.rows.map((field) => [field.name, inputProperty(field)])),
      ...groupRules(table),
    },
    Book: {
      type: 'object',
      description: `A book as the service shows it: the required fields are always there, an optional one when it was given. ${groups}`,
      required: [...table.rows.filter((field) => field.required || field.group !== undefined).map((field) => field.name), '_links'],
      properties: {
        ...Object.fromEntries(table.rows.map((field) => [field.name, { type: field.type, description: field.description }])),
        _links: object('HAL links of the book.', {
          self: link('This book: {base_url}/books/{isbn}, the isbn percent-encoded.'),
          books: link('The whole collection: {base_url}/books?title='),
        }),
      },
    },
  };
}

const text = (description: string): Json => ({ type: 'string', description });
const link = (description: string): Json => ({ ...ref('schemas', 'Link'), description });
const count = (description: string, minimum: number): Json => ({ type: 'integer', minimum, description });
/** One failure of a problem's errors, named by `key`: a body field's pointer, or a query parameter. */
const failure = (key: string, about: string): Json => ({
  type: 'object',
  required: [key, 'detail'],
  properties: { [key]: text(about), detail: text('The failure.') },
});

const FIXED: Record<string, Json> = {
  BookCollection: object(
    'Books in insertion order, or in sort order. With page or size, the collection also holds page and the first, last, prev and next links, and self is the URL of this page.',
    {
      _embedded: object('The items.', {
        bookDTOList: { type: 'array', minItems: 1, items: ref('schemas', 'Book'), description: 'The books found.' },
      }),
      _links: object(
        'HAL links of the collection.',
        {
          self: link('Without paging: {base_url}/books?title=; with paging: this page.'),
          first: link('The first page (paging only).'),
          prev: link('The page before this one, when there is one.'),
          next: link('The page after this one, when there is one.'),
          last: link('The last page (paging only).'),
        },
        ['self'],
      ),
      page: object('Where this page lies; present only when page or size was given.', {
        size: count('Books per page, as asked.', 1),
        totalElements: count('Books matching the filter, over all pages.', 1),
        totalPages: count('Number of pages.', 1),
        number: count('This page, counted from 0.', 0),
      }),
    },
    ['_embedded', '_links'],
  ),
  Link: object('A HAL link.', { href: { type: 'string', format: 'uri', description: 'Absolute URL of the target.' } }),
  Problem: object(
    'RFC 9457 problem details. detail says what went wrong and, for a 4xx, what to change.',
    {
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
        items: { oneOf: [failure('pointer', 'JSON pointer fragment, e.g. #/isbn.'), failure('parameter', 'Query parameter name.')] },
      },
    },
    ['type', 'title', 'status', 'detail'],
  ),
  Health: object('Liveness of the service.', {
    status: { type: 'string', enum: ['UP'], description: 'Always UP while the service answers.' },
  }),
  Root: object('The API root: where a client starts.', {
    _links: object('HAL links of the root.', {
      self: link('{base_url}/'),
      books: link('The collection: {base_url}/books?title='),
      search: object(`A templated HAL link (RFC 6570): {base_url}/books${SEARCH_QUERY}.`, {
        href: text('The template.'),
        templated: { type: 'boolean', const: true },
      }),
    }),
  }),
};

/** Every schema of the document: a book's two, built from `table`, and the fixed ones. */
export const schemas = (table: FieldTable): Record<string, Json> => ({ ...bookSchemas(table), ...FIXED });

/** The security of an operation anyone may call. */
export const PUBLIC: Json[] = [];
export const REQUEST_ID = ref('parameters', 'RequestId');
export const IF_NONE_MATCH = ref('parameters', 'IfNoneMatch');

/** On every response, errors included (api.md, Headers, rules 3 and 4). */
export const ALWAYS: Json = { 'X-Request-Id': ref('headers', 'RequestId'), 'X-Content-Type-Options': ref('headers', 'NoSniff') };
export const ETAG = { ETag: ref('headers', 'ETag') };

/** "Not Found: no book has this isbn." */
export const said = (status: number, description: string): string => `${STATUS_CODES[status]}: ${description}`;

/** An answer with a body of `schema` in `type`, with its examples and headers. */
export function answer(status: number, description: string, type: string, schema: string, shown?: Json, headers: Json = {}): Json {
  const content = { schema: ref('schemas', schema), ...(shown && { examples: shown }) };
  return { description: said(status, description), headers: { ...ALWAYS, ...headers }, content: { [type]: content } };
}

/** A 200 to a GET: it carries an ETag. */
export const ok = (description: string, type: string, schema: string, shown?: Json): Json =>
  answer(200, description, type, schema, shown, ETAG);
export const problem = (status: number, description: string, shown?: Json, headers?: Json): Json =>
  answer(status, description, PROBLEM_TYPE, 'Problem', shown, headers);
export const noContent = (description: string): Json => ({ description: said(204, description), headers: ALWAYS });
export const notModified: Json = {
  description: said(304, 'the If-None-Match tag still matches; no body.'),
  headers: { ...ALWAYS, ...ETAG },
};

export const MALFORMED =
  'a missing or malformed Host header (or forwarded header, with TRUST_PROXY), or a malformed %-escape in the path or query.';

/**
 * What any operation can get: 400 from the request line or headers, 417 for an unsupported
 * Expect, 500. No 405: that is what a method not documented here gets (see the info description).
 */
export function common(path: string, badRequest: Json = problem(400, MALFORMED)): Json {
  return {
    '400': badRequest,
    '417': problem(417, 'an Expect header other than 100-continue.', examples.expectationFailed(path)),
    '500': problem(500, 'a generic sentence; the cause is logged with the request id.'),
  };
}
