/**
 * HAL-FORMS in the document (api.md, Forms): the forms' schemas, the second representation of the
 * two book resources, and `Vary: Accept` on every answer of theirs.
 */
import { ref, type Json } from './schemas.ts';

const property: Json = {
  type: 'object',
  required: ['name', 'prompt'],
  properties: {
    name: { type: 'string', description: 'The field.' },
    prompt: { type: 'string', description: 'The label a person reads; the author rule is in the prompt of author.' },
    required: { type: 'boolean', description: 'true for isbn and title; left out otherwise.' },
    readOnly: { type: 'boolean', description: 'true for isbn in the Edit form.' },
    maxLength: { type: 'integer', description: 'The most code points the field takes.' },
    type: { type: 'string', enum: ['number'], description: 'Left out for text.' },
    value: { type: ['string', 'number'], description: 'In the Edit form: the value a GET shows; left out when empty.' },
  },
};

const template: Json = {
  type: 'object',
  required: ['title', 'method', 'target', 'properties'],
  properties: {
    title: { type: 'string' },
    method: { type: 'string', enum: ['POST', 'PUT', 'DELETE'] },
    contentType: { type: 'string', const: 'application/json' },
    target: { type: 'string', format: 'uri' },
    properties: { type: 'array', items: property },
  },
};

/** With HAL's schema, the same plus `_templates`. */
const withTemplates = (hal: string, names: string[], description: string): Json => ({
  description,
  allOf: [
    ref('schemas', hal),
    {
      type: 'object',
      required: ['_templates'],
      properties: {
        _templates: { type: 'object', required: names, properties: Object.fromEntries(names.map((name) => [name, template])) },
      },
    },
  ],
});

export const formSchemas: Record<string, Json> = {
  BookForms: withTemplates(
    'Book',
    ['default', 'delete'],
    'A book in HAL-FORMS: Edit (PUT, with its values, isbn read-only) as default, and delete.',
  ),
  BookCollectionForms: withTemplates('BookCollection', ['default'], 'A collection in HAL-FORMS: Add a book (POST) as default.'),
};

/** Vary names Accept wherever an answer depends on it; with CORS_ORIGINS as a list, Origin as well. */
export const VARY: Json = {
  description: 'Names Accept: the answer depends on it (and Origin too when CORS_ORIGINS is a list).',
  required: true,
  schema: { type: 'string' },
};

/**
 * The operations of a book resource, each answer varying by Accept, and a GET's 200 offered as
 * `formsType` as well, under `forms` (a schema's name); as they are when no room offers forms.
 */
export function negotiated(path: Json, forms: string, formsType: string | undefined): Json {
  if (formsType === undefined) return path;
  const operations = Object.entries(path).map(([method, operation]) => {
    if (typeof operation !== 'object' || operation === null || Array.isArray(operation) || !('responses' in operation))
      return [method, operation];
    const responses = Object.fromEntries(
      Object.entries(operation.responses as Record<string, Json>).map(([status, answer]) => {
        const headers = { ...(answer.headers as Json | undefined), Vary: VARY };
        const content =
          method === 'get' && status === '200'
            ? { ...(answer.content as Json), [formsType]: { schema: ref('schemas', forms) } }
            : answer.content;
        return [status, { ...answer, headers, ...(content === undefined ? {} : { content }) }];
      }),
    );
    return [method, { ...operation, responses }];
  });
  return Object.fromEntries(operations);
}
