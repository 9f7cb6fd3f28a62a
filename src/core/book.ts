/**
 * What a book is, read from the table of fields (fields.ts): its three shapes (submitted, stored, shown), the author fields derived
 * from each other (api.md, Authors), and how two books compare in each sort order. Pure functions.
 */
import { FIELDS, type FieldTable } from './fields.ts';

// A field's type gives its value's type and `required` whether it may be missing; the author group is always shown, as text.
type Field = (typeof FIELDS.rows)[number];
type ValueOf<F> = F extends { readonly type: 'integer' } ? number : string;
type Grouped = Extract<Field, { readonly group: string }>;
type Required = Extract<Exclude<Field, Grouped>, { readonly required: true }>;
type Optional = Exclude<Field, Grouped | Required>;
type Given<F extends Field> = { readonly [R in F as R['name']]: ValueOf<R> };
type MaybeGiven<F extends Field> = { readonly [R in F as R['name']]?: ValueOf<R> | undefined };
/** The client's view of a book: the author fields always, as text; an optional field when it is set. */
export type Book = Given<Required> & Given<Grouped> & MaybeGiven<Optional>;
/** A submitted book after validation: the required fields hold text; the others may be absent, or null. */
export type BookInput = Given<Required> & { readonly [R in Grouped | Optional as R['name']]?: ValueOf<R> | null | undefined };

/**
 * What the store keeps of a book. The names are the derived values; `author` is the submitted text, kept only where the view could not
 * rebuild it from the names (api.md, Authors, rule 4).
 */
export type BookFields = Given<Required> &
  MaybeGiven<Optional> & { readonly authorFirstName: string; readonly authorLastName: string; readonly author: string | undefined };

/** Characters a reader cannot see: format characters (Unicode Cf) and the blank fillers of Hangul and Braille. */
export const INVISIBLE = '\\p{Cf}\\u115F\\u1160\\u2800\\u3164\\uFFA0';
const VISIBLE = new RegExp(`[^\\s${INVISIBLE}]`, 'u');
/** "Has text": a string with a character that is neither whitespace nor invisible (api.md, Books, rule 1). */
export const hasText = (value: unknown): value is string => typeof value === 'string' && VISIBLE.test(value);
/** The name of the group whose fields are derived here; the others of a row are copied as they are. */
const AUTHOR = 'author';

const FIRST_TWO_RUNS = /(\S+)\s*(\S*)/;
/** api.md, Authors, rules 2, 3 and 5: explicit names win; otherwise the first two runs of non-whitespace of `author`. */
export function deriveNames(input: Pick<BookInput, 'author' | 'authorFirstName' | 'authorLastName'>): { first: string; last: string } {
  const runs = hasText(input.author) ? FIRST_TWO_RUNS.exec(input.author) : null;
  return {
    first: hasText(input.authorFirstName) ? input.authorFirstName : (runs?.[1] ?? ''),
    last: hasText(input.authorLastName) ? input.authorLastName : (runs?.[2] ?? ''),
  };
}

/** The record to store for a validated submission: every field the table has, the names derived. */
export function toFields(input: BookInput, table: FieldTable = FIELDS): BookFields {
  const { first, last } = deriveNames(input);
  const record: Record<string, unknown> = {};
  for (const field of table.rows) {
    const value = (input as Readonly<Record<string, unknown>>)[field.name];
    if (field.group !== AUTHOR && value !== undefined && value !== null) record[field.name] = value;
  }
  // Rule 1 would rebuild an author equal to "first last", so only a different one is kept.
  const author = hasText(input.author) && input.author !== joinNames(first, last) ? input.author : undefined;
  return Object.assign(record, { authorFirstName: first, authorLastName: last, author }) as BookFields;
}

/** The client's view of a stored record, its fields in the table's order (api.md, Authors, rule 1). */
export function toBook(record: BookFields, table: FieldTable = FIELDS): Book {
  const shown: Readonly<Record<string, unknown>> = { ...record, author: shownAuthor(record) };
  return Object.fromEntries(table.rows.flatMap(({ name }) => (shown[name] === undefined ? [] : [[name, shown[name]]]))) as Book;
}

/** The text a record holds, as the budget counts it (api.md, Limits, rule 4): each text lower-cased, as an index keeps it ("İ" is two). */
export const textLength = (record: BookFields): number =>
  Object.values(record).reduce((length: number, value) => length + (typeof value === 'string' ? value.toLowerCase().length : 0), 0);

/** The `author` a GET shows (api.md, Authors, rule 1): the kept text, or else the names joined. */
export const shownAuthor = (record: BookFields): string => record.author ?? joinNames(record.authorFirstName, record.authorLastName);
const joinNames = (first: string, last: string): string => (hasText(first) && hasText(last) ? `${first} ${last}` : '');
export type Compare = (a: BookFields, b: BookFields) => number;

// Case- and accent-insensitive, numbers by value ("Vol 2" before "Vol 10"), one locale on every machine (api.md, Listing, rule 6).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** The comparison of every sort the table offers, by its key: text by the collator, integers by value, an absent value last. */
export function sortComparisons(table: FieldTable = FIELDS): ReadonlyMap<string, Compare> {
  const field =
    (name: string, type: 'string' | 'integer') =>
    (a: Readonly<Record<string, unknown>>, b: Readonly<Record<string, unknown>>): number => {
      const x = a[name];
      const y = b[name];
      if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
      return type === 'integer' ? (x as number) - (y as number) : x === y ? 0 : collator.compare(x as string, y as string);
    };
  return new Map(
    table.sorts.map((sort) => {
      const fields = sort.by.map((name) => {
        const row = table.rows.find((it) => it.name === name);
        if (row === undefined) throw new Error(`the sort ${sort.key} compares ${name}, which is no field of the table`);
        return field(name, row.type);
      });
      return [sort.key, (a, b) => fields.reduce((order, compare) => order || compare(a, b), 0)];
    }),
  );
}
