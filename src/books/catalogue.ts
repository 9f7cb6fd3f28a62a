/**
 * The rules for adding a book (SPEC POST rules 1–3, DECISIONS D): validation, then the two
 * duplicate checks, then capacity, the last three done by the store as it adds. A POST and each
 * SEED_FILE entry go through this one path.
 */
import { type BookFields, toFields } from './book.js';
import type { BookStore } from './store.js';
import { type FieldError, validateBook } from './validate.js';

export type Rejection =
  | { readonly reason: 'invalid'; readonly errors: readonly FieldError[] }
  | { readonly reason: 'isbn-taken'; readonly isbn: string }
  | { readonly reason: 'duplicate'; readonly title: string; readonly firstName: string; readonly lastName: string }
  | { readonly reason: 'full'; readonly capacity: number };

export type AddResult = { readonly added: BookFields } | { readonly rejected: Rejection };

export function addBook(store: BookStore, body: Readonly<Record<string, unknown>>): AddResult {
  const validation = validateBook(body);
  if (!validation.ok) return { rejected: { reason: 'invalid', errors: validation.errors } };
  const fields = toFields(validation.book);
  const outcome = store.add(fields);
  if ('added' in outcome) return outcome;
  switch (outcome.refused) {
    case 'isbn-taken':
      return { rejected: { reason: 'isbn-taken', isbn: fields.isbn } };
    case 'duplicate':
      return { rejected: { reason: 'duplicate', title: fields.title, firstName: fields.authorFirstName, lastName: fields.authorLastName } };
    case 'full':
      return { rejected: { reason: 'full', capacity: store.capacity } };
  }
}
