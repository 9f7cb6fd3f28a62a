/**
 * The one table of a book's fields (api.md, Books): what a client may send in each, which fields stand in for each other, and which orders
 * `sort=` offers. The validator, the three shapes of a book and the sort orders read it, and so do the rooms that draw forms and documents.
 */

interface Row {
  readonly name: string;
  /** A required field must be given, and a text one must have text; another may be left out, or null. */
  readonly required?: boolean;
  /** The label a form shows (the JSON Schema `title`), and what the field means, for the docs. */
  readonly label: string;
  readonly description: string;
  /** The group whose rule names this field with others; a group's fields are always shown. */
  readonly group?: string;
}

export type TextField = Row & {
  readonly type: 'string';
  /** The longest accepted value, in Unicode code points. */
  readonly maxLength: number;
  /** Characters the text may not hold, text that is refused although it is text, and whether it must look like what it is. */
  readonly forbidden?: { readonly characters: readonly string[]; readonly message: string };
  readonly reserved?: { readonly values: readonly string[]; readonly message: string };
  readonly visible?: { readonly message: string };
};
export type IntegerField = Row & { readonly type: 'integer'; readonly minimum: number; readonly maximum: number };
export type FieldRule = TextField | IntegerField;

/** Fields some of which must be given together: a book names its author one way (alternative) or the other. */
export interface FieldGroup {
  readonly name: string;
  /** Where a problem with the group as a whole points. */
  readonly pointer: string;
  readonly alternatives: readonly (readonly string[])[];
  readonly missing: string;
  readonly description: string;
}

export interface FieldTable {
  readonly rows: readonly FieldRule[];
  readonly groups: readonly FieldGroup[];
  /** The orders `sort=<key>` offers, each comparing its fields in turn, in the order of the `sort` message. */
  readonly sorts: readonly { readonly key: string; readonly by: readonly string[] }[];
}

/** What the three fields that name the author have in common. */
const NAME = { type: 'string', maxLength: 256, group: 'author' } as const;

/** An optional `year`, say, is a row here and a sort here (test/core/fields.test.ts adds one). */
export const FIELDS = {
  rows: [
    {
      name: 'isbn',
      type: 'string',
      required: true,
      maxLength: 64,
      label: 'ISBN',
      description:
        'Identifies the book; addresses it as /books/{isbn}, so it may not hold / or \\, and is what it looks like: no whitespace at either end, no control, format or blank filler character.',
      // Proxies decode %2F and %5C in a path: a / or \ in an isbn would make its link name another book, or another application.
      forbidden: { characters: ['/', '\\'], message: 'isbn must not contain / or \\' },
      // An isbn names one book: one that differs from another's only by what no one can see could be taken for it.
      visible: { message: 'isbn must not contain invisible characters' },
      // Clients resolve the path segments "." and ".." away (even as %2E), so such an isbn's link could never reach it.
      reserved: { values: ['.', '..'], message: 'isbn must not be "." or ".."' },
    },
    { name: 'title', type: 'string', required: true, maxLength: 512, label: 'Title', description: 'The title.' },
    { ...NAME, name: 'author', label: 'Author', description: 'Full name; kept for backward compatibility.' },
    { ...NAME, name: 'authorFirstName', label: 'First name', description: 'Given name; introduced in version 2.' },
    { ...NAME, name: 'authorLastName', label: 'Last name', description: 'Family name; introduced in version 2.' },
  ],
  groups: [
    {
      name: 'author',
      pointer: '#/author',
      alternatives: [['author'], ['authorFirstName', 'authorLastName']],
      missing: 'author must be provided',
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
export const SORT_KEYS: readonly SortKey[] = FIELDS.sorts.map((sort) => sort.key);
