/**
 * What a book is, read from the table of fields (fields.ts): the stored record made from a
 * submission, the view shown of a record, the author fields derived from each other (api.md,
 * Authors), and how two books compare in each sort order. Pure functions, no I/O.
 */
import { FIELDS, type FieldTable, type SortKey } from './fields.ts';

export type { Book, BookFields, BookInput } from './shapes.ts';
import type { Book, BookFields, BookInput } from './shapes.ts';

/** "Has text": a string with at least one character that is not whitespace (api.md, Books). */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && /\S/.test(value);
}

/** The name of the group whose fields are derived here; the others of a row are copied as they are. */
const AUTHOR = 'author';

/** The tokens of an author are its runs of non-whitespace characters (api.md, Authors, rule 5). */
export function authorTokens(author: string): string[] {
  return author.split(/\s+/).filter((token) => token !== '');
}

/** api.md, Authors, rules 2 and 3: explicit names win; otherwise the first two tokens of `author`. */
export function deriveNames(input: Pick<BookInput, 'author' | 'authorFirstName' | 'authorLastName'>): { first: string; last: string } {
  const tokens = hasText(input.author) ? authorTokens(input.author) : [];
  return {
    first: hasText(input.authorFirstName) ? input.authorFirstName : (tokens[0] ?? ''),
    last: hasText(input.authorLastName) ? input.authorLastName : (tokens[1] ?? ''),
  };
}

/** The record to store for a validated submission: every field the table has, the names derived. */
export function toFields(input: BookInput, table: FieldTable = FIELDS): BookFields {
  const { first, last } = deriveNames(input);
  const submitted = input as Readonly<Record<string, unknown>>;
  const record: Record<string, unknown> = {};
  for (const field of table.rows) {
    const value = submitted[field.name];
    if (field.group !== AUTHOR && value !== undefined && value !== null) record[field.name] = value;
  }
  // Rule 1 would rebuild an author equal to "first last", so only a different one is kept.
  const author = hasText(input.author) && input.author !== joinNames(first, last) ? input.author : undefined;
  return { ...record, authorFirstName: first, authorLastName: last, author } as BookFields;
}

/** The client's view of a stored record, its fields in the table's order (api.md, Authors, rule 1). */
export function toBook(record: BookFields, table: FieldTable = FIELDS): Book {
  const authors: Readonly<Record<string, string>> = {
    author: shownAuthor(record),
    authorFirstName: record.authorFirstName,
    authorLastName: record.authorLastName,
  };
  const stored = record as Readonly<Record<string, unknown>>;
  const book: Record<string, unknown> = {};
  for (const field of table.rows) {
    const value = field.group === AUTHOR ? authors[field.name] : stored[field.name];
    if (value !== undefined) book[field.name] = value;
  }
  return book as Book;
}

/**
 * The text a record holds, in UTF-16 code units, as the catalogue's text budget counts it
 * (api.md, Limits, rule 4): every text field of the table, and the kept `author`.
 */
export function textLength(record: BookFields, table: FieldTable = FIELDS): number {
  const stored = record as Readonly<Record<string, unknown>>;
  let length = record.author?.length ?? 0;
  for (const field of table.rows) {
    const value = stored[field.name];
    if (field.type === 'string' && field.name !== AUTHOR && typeof value === 'string') length += value.length;
  }
  return length;
}

/** The `author` a GET shows (api.md, Authors, rule 1): the kept text, or else the names joined. */
export function shownAuthor(record: BookFields): string {
  return record.author ?? joinNames(record.authorFirstName, record.authorLastName);
}

function joinNames(first: string, last: string): string {
  return hasText(first) && hasText(last) ? `${first} ${last}` : '';
}

export type Compare = (a: BookFields, b: BookFields) => number;

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** One field's comparison: text by the collator, integers by value; an absent value sorts after any value. */
function compareField(name: string, type: 'string' | 'integer'): Compare {
  return (a, b) => {
    const x = (a as Readonly<Record<string, unknown>>)[name];
    const y = (b as Readonly<Record<string, unknown>>)[name];
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return type === 'integer' ? (x as number) - (y as number) : collator.compare(x as string, y as string);
  };
}

/** The comparison of every sort the table offers, by its key. */
export function sortComparisons(table: FieldTable = FIELDS): ReadonlyMap<string, Compare> {
  const comparisons = new Map<string, Compare>();
  for (const sort of table.sorts) {
    const fields = sort.by.map((name) => {
      const row = table.rows.find((field) => field.name === name);
      if (row === undefined) throw new Error(`the sort ${sort.key} compares ${name}, which is no field of the table`);
      return compareField(name, row.type);
    });
    comparisons.set(sort.key, (a, b) => {
      for (const compare of fields) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return 0;
    });
  }
  return comparisons;
}

/** The service's orders, for the store: `SORT_ORDERS[key](a, b)`. */
export const SORT_ORDERS = Object.fromEntries(sortComparisons()) as Readonly<Record<SortKey, Compare>>;
