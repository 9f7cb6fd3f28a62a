/**
 * The rules for adding a book (api.md, Adding a book, rules 1–3 and 7), the one path that a POST and
 * each SEED_FILE entry go through: validation first, then the two duplicate checks and the capacity,
 * which the store makes as it adds. Replacing a book (api.md, Editing) follows the same rules.
 */
import { BOOK_MESSAGES } from '../messages.ts';
import { type BookFields, toFields } from './book.ts';
import { FIELDS, type FieldTable } from './fields.ts';
import type { BookStore } from './store.ts';
import { type FieldError, validateBook } from './validate.ts';

export type Rejection =
  | { readonly reason: 'invalid'; readonly errors: readonly FieldError[] }
  | { readonly reason: 'not-found'; readonly isbn: string }
  | { readonly reason: 'isbn-taken'; readonly isbn: string }
  | { readonly reason: 'duplicate'; readonly title: string; readonly firstName: string; readonly lastName: string }
  | { readonly reason: 'full'; readonly capacity: number }
  | { readonly reason: 'text-full'; readonly textCapacity: number }
  | ({ readonly reason: 'no-books' } & Readonly<Partial<Record<'title' | 'author' | 'q', string | undefined>>>)
  | { readonly reason: 'changed'; readonly etag: string }
  | { readonly reason: 'absent' };

export type AddResult = { readonly added: BookFields } | { readonly rejected: Rejection };
export type ReplaceResult = { readonly replaced: BookFields } | { readonly rejected: Rejection };

export function addBook(store: BookStore, body: Readonly<Record<string, unknown>>, table: FieldTable = FIELDS): AddResult {
  const validation = validateBook(body, table);
  if (!validation.ok) return { rejected: { reason: 'invalid', errors: validation.errors } };
  const fields = toFields(validation.book, table);
  const outcome = store.add(fields);
  if ('added' in outcome) return outcome;
  switch (outcome.refused) {
    case 'isbn-taken':
      return { rejected: { reason: 'isbn-taken', isbn: fields.isbn } };
    case 'duplicate':
      return { rejected: { reason: 'duplicate', title: fields.title, firstName: fields.authorFirstName, lastName: fields.authorLastName } };
    case 'full':
      return { rejected: { reason: 'full', capacity: store.capacity } };
    case 'text-full':
      return { rejected: { reason: 'text-full', textCapacity: store.textCapacity } };
  }
}

/**
 * Replaces the book with `isbn` (the path's) by `body`, validated as an add is. A body whose isbn
 * is not the path's is one more `#/isbn` error, after the validator's own, which come first (api.md,
 * Editing, rule 3). Then the store's checks: the book is there, no other book has the new title
 * and names, the text fits.
 */
export function replaceBook(
  store: BookStore,
  isbn: string,
  body: Readonly<Record<string, unknown>>,
  table: FieldTable = FIELDS,
): ReplaceResult {
  const validation = validateBook(body, table);
  const errors = validation.ok ? [] : [...validation.errors];
  if (body.isbn !== isbn) {
    const isbnErrors = errors.filter((error) => error.pointer === '#/isbn').length;
    errors.splice(isbnErrors, 0, { pointer: '#/isbn', detail: BOOK_MESSAGES.isbnMismatch(isbn) });
  }
  if (!validation.ok || errors.length > 0) return { rejected: { reason: 'invalid', errors } };
  const fields = toFields(validation.book, table);
  const outcome = store.replace(fields);
  if ('replaced' in outcome) return outcome;
  switch (outcome.refused) {
    case 'not-found':
      return { rejected: { reason: 'not-found', isbn } };
    case 'duplicate':
      return { rejected: { reason: 'duplicate', title: fields.title, firstName: fields.authorFirstName, lastName: fields.authorLastName } };
    case 'text-full':
      return { rejected: { reason: 'text-full', textCapacity: store.textCapacity } };
  }
}
