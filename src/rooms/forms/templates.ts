/**
 * HAL-FORMS (api.md, Forms): the forms a HAL client draws to add, edit and delete a book, as
 * `_templates`, their properties read from the table of fields in its order.
 */
import type { Book } from '../../core/book.ts';
import { FIELDS, type FieldTable } from '../../core/fields.ts';
import { bookHref } from '../../core/hal.ts';

interface Property {
  readonly name: string;
  readonly prompt: string;
  readonly required?: true;
  readonly readOnly?: true;
  readonly maxLength?: number;
  readonly type?: 'number';
  readonly value?: string | number;
}

interface Template {
  readonly title: string;
  readonly method: string;
  readonly contentType?: string;
  readonly target: string;
  readonly properties: readonly Property[];
}

/**
 * The label of each field, and for the first field of a group the group's rule in words, since
 * HAL-FORMS has no rule over several fields: "Author, or both First name and Last name".
 */
function prompts(table: FieldTable): Map<string, string> {
  const labels = new Map(table.rows.map((row) => [row.name, row.label]));
  for (const group of table.groups) {
    const forms = group.alternatives.map((form) =>
      form.length === 1 ? (labels.get(form[0] as string) as string) : `both ${form.map((name) => labels.get(name)).join(' and ')}`,
    );
    const first = group.alternatives[0]?.[0] as string;
    labels.set(first, forms.join(', or '));
  }
  return labels;
}

/** The properties of a form; `book` gives each its value, as a GET shows it, and makes the isbn read-only. */
function properties(table: FieldTable, book?: Book): Property[] {
  const prompt = prompts(table);
  const shown = book as Readonly<Record<string, unknown>> | undefined;
  return table.rows.map((row) => {
    const value = shown?.[row.name];
    return {
      name: row.name,
      prompt: prompt.get(row.name) as string,
      ...(row.required ? { required: true as const } : {}),
      ...(book !== undefined && row.name === 'isbn' ? { readOnly: true as const } : {}),
      ...(row.type === 'string' ? { maxLength: row.maxLength } : { type: 'number' as const }),
      // An empty value is left out: the form shows the field empty.
      ...((typeof value === 'string' && value !== '') || typeof value === 'number' ? { value } : {}),
    };
  });
}

/** The collection's form: add a book. */
export function collectionTemplates(base: string, table: FieldTable = FIELDS): { default: Template } {
  return {
    default: {
      title: 'Add a book',
      method: 'POST',
      contentType: 'application/json',
      target: `${base}/books`,
      properties: properties(table),
    },
  };
}

/** A book's forms: edit it, with the values it has, and delete it. */
export function bookTemplates(book: Book, base: string, table: FieldTable = FIELDS): { default: Template; delete: Template } {
  const self = bookHref(base, book.isbn);
  return {
    default: { title: 'Edit the book', method: 'PUT', contentType: 'application/json', target: self, properties: properties(table, book) },
    delete: { title: 'Delete the book', method: 'DELETE', target: self, properties: [] },
  };
}
