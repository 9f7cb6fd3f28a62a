// @ts-check
/**
 * What the page learns from the served `/openapi.json`, so that it follows the API's own
 * description instead of a copy of it: the labels and types of a book's fields (for the view and
 * the sort choices; the forms come from HAL-FORMS, form.js), the sort choices, which paths are
 * paged collections, and which methods a path offers.
 */
import { pathOf } from './address.js';

/**
 * @typedef {object} Field
 * @property {string} name
 * @property {string} label  the JSON Schema `title`
 * @property {string | undefined} description  what the field is, and any rule a person should know before typing
 * @property {'string' | 'integer' | 'number'} type  what the field is sent as
 * @property {boolean} required
 * @property {number} [maxLength]
 * @property {number} [minimum]
 * @property {number} [maximum]
 */

/**
 * @typedef {object} Api
 * @property {Field[]} fields  the body of a new book, in the document's order
 * @property {import('./form.js').Template} addTemplate  the Add form from the body of a POST, for a catalogue with no books to give it
 * @property {string[]} sortValues  the values `sort` accepts, as listed
 * @property {number | undefined} pageSize  the size a collection gets when the address names none
 * @property {number | undefined} maxPageSize
 * @property {string | undefined} key  the field that names one book in its path: `isbn` in `/books/{isbn}`
 * @property {(name: string) => string} label  a field's label, or its name
 * @property {(uri: string) => boolean} isPaged  the path's GET takes `page` and `size`
 * @property {(uri: string) => Set<string>} methodsAt  e.g. {'get', 'delete'}
 * @property {(uri: string) => string | undefined} summaryAt  the summary of the path's GET
 */

/**
 * Follows `$ref`s (local ones, `#/components/...`) until a value that is not one.
 * @param {any} doc
 * @param {any} node
 * @returns {any}
 */
function deref(doc, node) {
  let seen = 0;
  while (node && typeof node.$ref === 'string' && node.$ref.startsWith('#/') && seen++ < 10) {
    node = node.$ref
      .slice(2)
      .split('/')
      .reduce((/** @type {any} */ at, /** @type {string} */ key) => at?.[key], doc);
  }
  return node;
}

/** A path template as a pattern: `/books/{isbn}` matches `/books/4-5-6`. @param {string} template */
function patternOf(template) {
  const escaped = template.replace(/[.*+?^$()|[\]\\]/g, '\\$&').replace(/\{[^}]+\}/g, '[^/]+');
  return new RegExp(`^${escaped}$`);
}

/** What the document says a property is sent as: a number for `integer` or `number`, else text. @param {any} schema */
function typeOf(schema) {
  const types = [schema?.type].flat();
  return types.includes('integer') ? 'integer' : types.includes('number') ? 'number' : 'string';
}

/**
 * A query parameter's default, from its schema, so the page copies no number of the service's own.
 * @param {any} parameter
 * @returns {number | undefined}
 */
function defaultOf(parameter) {
  const given = parameter?.schema?.default;
  return Number.isInteger(given) ? given : undefined;
}

/**
 * Reads the document. `collection` is the path of the books collection (the root's `books`
 * link): its POST body gives the form, its GET the sort choices.
 * @param {any} doc
 * @param {string} collection
 * @returns {Api}
 */
export function readApi(doc, collection) {
  const templates = Object.keys(doc.paths ?? {});
  const paths = templates.map((template) => ({ pattern: patternOf(template), item: deref(doc, doc.paths[template]) }));
  /** @param {string} uri */
  const itemAt = (uri) => paths.find(({ pattern }) => pattern.test(pathOf(uri)))?.item ?? {};
  /** @param {any} operation @param {string} name */
  const parameter = (operation, name) =>
    (operation?.parameters ?? [])
      .map((/** @type {any} */ candidate) => deref(doc, candidate))
      .find((/** @type {any} */ candidate) => candidate?.in === 'query' && candidate.name === name);

  const list = itemAt(collection).get;
  const input = deref(doc, itemAt(collection).post?.requestBody)?.content?.['application/json']?.schema;
  const schema = deref(doc, input) ?? {};
  const required = new Set(schema.required ?? []);
  /** @type {Field[]} */
  const fields = Object.entries(schema.properties ?? {}).map(([name, property]) => {
    const field = deref(doc, property);
    return {
      name,
      label: field.title ?? name,
      description: field.description,
      type: typeOf(field),
      required: required.has(name),
      maxLength: field.maxLength,
      minimum: field.minimum,
      maximum: field.maximum,
    };
  });
  const labels = new Map(fields.map((field) => [field.name, field.label]));

  return {
    fields,
    addTemplate: {
      title: 'Add a book',
      method: 'POST',
      properties: fields.map(({ name, label, required, maxLength, type }) => ({
        name,
        prompt: label,
        required,
        maxLength,
        type: type === 'string' ? undefined : 'number',
      })),
    },
    sortValues: parameter(list, 'sort')?.schema?.enum ?? [],
    pageSize: defaultOf(parameter(list, 'size')),
    maxPageSize: parameter(list, 'size')?.schema?.maximum,
    key: templates.map((template) => /^(.*)\/\{([^}]+)\}$/.exec(template)).find((match) => match?.[1] === collection)?.[2],
    label: (name) => labels.get(name) ?? name,
    isPaged: (uri) => {
      const get = itemAt(uri).get;
      return Boolean(parameter(get, 'page') && parameter(get, 'size'));
    },
    methodsAt: (uri) => new Set(Object.keys(itemAt(uri))),
    summaryAt: (uri) => itemAt(uri).get?.summary,
  };
}
