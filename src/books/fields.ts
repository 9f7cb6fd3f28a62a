/**
 * The one table of a book's fields (api.md, Books): what a client may send in each field, which
 * fields stand in for each other, and which orders `GET /books?sort=` offers. Everything that knows
 * about a book's fields reads it, so that a new field is a change here and in messages.ts only.
 */
import { BOOK_MESSAGES, FIELD_MESSAGES } from '../messages.ts';

interface Row {
  readonly name: string;
  /** The label a form shows (the JSON Schema `title`). */
  readonly label: string;
  /** What the field means to a client, for the docs. */
  readonly description: string;
  /** The version of the Book that introduced the field: version 1 had only `author`, and version 2 added the two names. */
  readonly since: number;
  /** The group whose rule names this field with others (see FieldGroup); a group's fields are always shown. */
  readonly group?: string;
}

/** A required field says what is missing; an optional one may be absent, or null. */
type Requirement<Messages> =
  | { readonly required: true; readonly messages: Messages & { readonly missing: string } }
  | { readonly required: false; readonly messages: Messages };

export interface TextMessages {
  readonly notText: string;
  readonly malformed: string;
  readonly tooLong: (max: number) => string;
}

export interface IntegerMessages {
  readonly notInteger: string;
  readonly outOfRange: (min: number, max: number) => string;
}

/** Text: a required one must have text; none may hold a lone surrogate (it cannot be sent as UTF-8). */
export type TextField = Row &
  Requirement<TextMessages> & {
    readonly type: 'string';
    /** The longest accepted value, in Unicode code points. */
    readonly maxLength: number;
    /** Text refused although it is text, and why. */
    readonly reserved?: { readonly values: readonly string[]; readonly message: string };
    /** Characters the text may not hold, and why. */
    readonly forbidden?: { readonly characters: readonly string[]; readonly message: string };
    /** Set when the text must look like what it is: no whitespace at either end, no control or invisible character. */
    readonly visible?: { readonly message: string };
  };

export type IntegerField = Row &
  Requirement<IntegerMessages> & { readonly type: 'integer'; readonly minimum: number; readonly maximum: number };

export type FieldRule = TextField | IntegerField;

/** Fields of which some must be given together: a book names its author one way or the other. */
export interface FieldGroup {
  readonly name: string;
  /** Where a problem with the group as a whole points. */
  readonly pointer: string;
  /** The ways to fill the group: every field of one of them must have text. */
  readonly alternatives: readonly (readonly string[])[];
  readonly missing: string;
  /** The rule, and how its fields are derived from each other, for the docs. */
  readonly description: string;
}

/** An order `sort=<key>` offers: the fields it compares, in turn. */
export interface SortRule {
  readonly key: string;
  readonly by: readonly string[];
}

export interface FieldTable {
  readonly rows: readonly FieldRule[];
  readonly groups: readonly FieldGroup[];
  /** In the order the contract lists them, which is the order of the `sort` message. */
  readonly sorts: readonly SortRule[];
}

/**
 * The validator, the submitted, stored and shown book and the sort comparisons (book.ts), the
 * OpenAPI schema and so the explorer's form all read this table. An optional `year`, say, is a row
 * here, a sort here and its sentences in messages.ts (test/books/fields.test.ts adds one).
 */
export const FIELDS = {
  rows: [
    {
      name: 'isbn',
      type: 'string',
      label: 'ISBN',
      description:
        'Identifies the book; addresses it as /books/{isbn}, so it may not hold / or \\, and is what it looks like: no whitespace at either end, no control, format or blank filler character.',
      required: true,
      maxLength: 64,
      // Proxies decode %2F and %5C in a path, so a / or \ in an isbn would make its own link name
      // another book, or another application behind the same proxy.
      forbidden: { characters: ['/', '\\'], message: FIELD_MESSAGES.isbn.slash },
      // An isbn names one book: one that differs from another's only by what no one can see
      // ("1-2-3" and "1-2-3\u200B") could be taken for it.
      visible: { message: FIELD_MESSAGES.isbn.invisible },
      // Clients resolve the path segments "." and ".." away (even as %2E), so such an isbn's own
      // link could never reach it.
      reserved: { values: ['.', '..'], message: FIELD_MESSAGES.isbn.reserved },
      since: 1,
      messages: FIELD_MESSAGES.isbn,
    },
    {
      name: 'title',
      type: 'string',
      label: 'Title',
      description: 'The title.',
      required: true,
      maxLength: 512,
      since: 1,
      messages: FIELD_MESSAGES.title,
    },
    {
      name: 'author',
      type: 'string',
      label: 'Author',
      description: 'Full name; kept for backward compatibility.',
      required: false,
      maxLength: 256,
      since: 1,
      group: 'author',
      messages: FIELD_MESSAGES.author,
    },
    {
      name: 'authorFirstName',
      type: 'string',
      label: 'First name',
      description: 'Given name; introduced in version 2.',
      required: false,
      maxLength: 256,
      since: 2,
      group: 'author',
      messages: FIELD_MESSAGES.authorFirstName,
    },
    {
      name: 'authorLastName',
      type: 'string',
      label: 'Last name',
      description: 'Family name; introduced in version 2.',
      required: false,
      maxLength: 256,
      since: 2,
      group: 'author',
      messages: FIELD_MESSAGES.authorLastName,
    },
  ],
  groups: [
    {
      name: 'author',
      pointer: '#/author',
      alternatives: [['author'], ['authorFirstName', 'authorLastName']],
      missing: BOOK_MESSAGES.authorMissing,
      description:
        'A book must name its author: author has text, or both authorFirstName and authorLastName have text. ' +
        "The service derives the form that is missing from the other (author = first + ' ' + last; first and last = the first two words of author).",
    },
  ],
  sorts: [
    { key: 'title', by: ['title'] },
    { key: 'isbn', by: ['isbn'] },
    // Last name, then first name, as a library's catalogue orders authors.
    { key: 'author', by: ['authorLastName', 'authorFirstName'] },
  ],
} as const satisfies FieldTable;

export type SortKey = (typeof FIELDS.sorts)[number]['key'];

/** The orders `GET /books?sort=` offers, in the contract's order. */
export const SORT_KEYS: readonly SortKey[] = FIELDS.sorts.map((sort) => sort.key);
