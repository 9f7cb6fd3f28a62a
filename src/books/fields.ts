/**
 * One table of a book's fields: what a client may send, how long each may be, and which version
 * of the Book introduced it. Validation and the OpenAPI schema both read it, so adding a field
 * (an optional `year`, say) touches this table, the tests and the docs, not every module.
 */

export interface FieldRule {
  readonly name: 'isbn' | 'title' | 'author' | 'authorFirstName' | 'authorLastName';
  /** The label a form shows (the JSON Schema `title`). */
  readonly label: string;
  /** What the field means to a client, for the docs. */
  readonly description: string;
  /** isbn and title must have text; the author rule is checked on its own (see validate.ts). */
  readonly required: boolean;
  /** The longest accepted value, in Unicode code points. */
  readonly maxLength: number;
  /** Version 1 of the Book carried only `author`; version 2 added the two name fields. */
  readonly since: 1 | 2;
}

export const FIELDS: readonly FieldRule[] = [
  { name: 'isbn', label: 'ISBN', description: 'Identifies the book; addresses it as /books/{isbn}.', required: true, maxLength: 64, since: 1 },
  { name: 'title', label: 'Title', description: 'The title.', required: true, maxLength: 512, since: 1 },
  { name: 'author', label: 'Author', description: 'Full name; kept for backward compatibility.', required: false, maxLength: 256, since: 1 },
  { name: 'authorFirstName', label: 'First name', description: 'Given name; introduced in version 2.', required: false, maxLength: 256, since: 2 },
  { name: 'authorLastName', label: 'Last name', description: 'Family name; introduced in version 2.', required: false, maxLength: 256, since: 2 },
];

export type FieldName = FieldRule['name'];

/** The orders `GET /books?sort=` offers; `author` means last name, then first name. */
export const SORT_KEYS = ['title', 'isbn', 'author'] as const;
export type SortKey = (typeof SORT_KEYS)[number];
