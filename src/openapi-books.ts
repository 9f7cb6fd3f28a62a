/**
 * A book's two schemas in the OpenAPI document, BookInput and Book, and the values of `sort`,
 * all built from the table of fields (books/fields.ts): a field's type, limits, label and
 * description, and each group's rule. A field added to the table is documented here as it is.
 */
import { type FieldRule, type FieldTable, SORT_KEYS } from './books/fields.ts';
import { type Json, object, ref } from './openapi-json.ts';

/** The values `sort` accepts: a key, optionally followed by `,asc` or `,desc`. */
export function sortValues(keys: readonly string[] = SORT_KEYS): string[] {
  return keys.flatMap((key) => [key, `${key},asc`, `${key},desc`]);
}

/** One field as a client may send it: its type and limits; an optional one may also be null. */
function inputProperty(field: FieldRule): Json {
  const type = field.required ? field.type : [field.type, 'null'];
  const about = { title: field.label, description: field.description };
  if (field.type === 'integer') return { type, minimum: field.minimum, maximum: field.maximum, ...about };
  const limits = field.required ? { minLength: 1, maxLength: field.maxLength, pattern: '\\S' } : { maxLength: field.maxLength };
  return { type, ...limits, ...about, ...(field.reserved ? { not: { enum: field.reserved.values } } : {}) };
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
export function bookSchemas(table: FieldTable): Record<string, Json> {
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
          self: { ...ref('schemas', 'Link'), description: 'This book: {base_url}/books/{isbn}, the isbn percent-encoded.' },
          books: { ...ref('schemas', 'Link'), description: 'The whole collection: {base_url}/books?title=' },
        }),
      },
    },
  };
}
