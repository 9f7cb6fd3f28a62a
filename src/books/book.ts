/**
 * What a book is, read from the table of fields (fields.ts): the stored record made from a
 * submission, the view shown of a record, and the author fields derived from each other (api.md,
 * Authors). Pure functions, no I/O; how two books compare is order.ts.
 */
import { FIELDS, type FieldTable } from './fields.ts';

export type { Book, BookFields, BookInput } from './shapes.ts';
import type { Book, BookFields, BookInput } from './shapes.ts';

/**
 * Characters a reader cannot see: format characters (Unicode Cf, such as U+200B and U+FEFF) and the
 * blank fillers of Hangul and Braille, which show as nothing or as a space.
 */
export const INVISIBLE = '\\p{Cf}\\u115F\\u1160\\u2800\\u3164\\uFFA0';
const VISIBLE = new RegExp(`[^\\s${INVISIBLE}]`, 'u');

/** "Has text": a string with a character that is neither whitespace nor invisible (api.md, Books, rule 1). */
export function hasText(value: unknown): value is string {
  return typeof value === 'string' && VISIBLE.test(value);
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
 * The text a record holds, as the catalogue's text budget counts it (api.md, Limits, rule 4):
 * every text field of the table, and the kept `author`, each in UTF-16 code units once
 * lower-cased, since that is what a search index keeps ("İ" lower-cases to two).
 */
export function textLength(record: BookFields, table: FieldTable = FIELDS): number {
  const stored = record as Readonly<Record<string, unknown>>;
  let length = record.author?.toLowerCase().length ?? 0;
  for (const field of table.rows) {
    const value = stored[field.name];
    if (field.type === 'string' && field.name !== AUTHOR && typeof value === 'string') length += value.toLowerCase().length;
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
