/**
 * The rules for adding a book (SPEC POST rules 1–3, DECISIONS D): validation, then the two
 * duplicate checks, then capacity. A POST and each SEED_FILE entry go through this one path.
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
  if (store.get(fields.isbn)) return { rejected: { reason: 'isbn-taken', isbn: fields.isbn } };
  const { title, authorFirstName: firstName, authorLastName: lastName } = fields;
  if (store.findDuplicate(title, firstName, lastName)) {
    return { rejected: { reason: 'duplicate', title, firstName, lastName } };
  }
  if (store.size >= store.capacity) return { rejected: { reason: 'full', capacity: store.capacity } };
  return { added: store.add(fields) };
}
