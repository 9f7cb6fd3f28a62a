/**
 * The rules for adding a book (SPEC POST rules 1–3, DECISIONS D): validation, then the two
 * duplicate checks, then capacity, the last three done by the store as it adds. A POST and each
 * SEED_FILE entry go through this one path. Replacing one (api.md, Editing) follows the same
 * rules, with one more: the body's isbn is the path's.
 */
import { type BookFields, toFields } from './book.ts';
import { type BookStore, TEXT_PER_BOOK } from './store.ts';
import { type FieldError, validateBook } from './validate.ts';

export type Rejection =
  | { readonly reason: 'invalid'; readonly errors: readonly FieldError[] }
  | { readonly reason: 'not-found'; readonly isbn: string }
  | { readonly reason: 'isbn-taken'; readonly isbn: string }
  | { readonly reason: 'duplicate'; readonly title: string; readonly firstName: string; readonly lastName: string }
  | { readonly reason: 'full'; readonly capacity: number }
  | { readonly reason: 'text-full'; readonly textCapacity: number };

export type AddResult = { readonly added: BookFields } | { readonly rejected: Rejection };
export type ReplaceResult = { readonly replaced: BookFields } | { readonly rejected: Rejection };

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
export function replaceBook(store: BookStore, isbn: string, body: Readonly<Record<string, unknown>>): ReplaceResult {
  const validation = validateBook(body);
  const errors = validation.ok ? [] : [...validation.errors];
  if (body.isbn !== isbn) {
    const isbnErrors = errors.filter((error) => error.pointer === '#/isbn').length;
    errors.splice(isbnErrors, 0, { pointer: '#/isbn', detail: `isbn must match the path: ${isbn}` });
  }
  if (!validation.ok || errors.length > 0) return { rejected: { reason: 'invalid', errors } };
  const fields = toFields(validation.book);
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

/** The sentence that a POST or PUT answers and a SEED_FILE failure prints (DECISIONS D). */
export function rejectionMessage(rejection: Rejection): string {
  switch (rejection.reason) {
    case 'invalid':
      return rejection.errors.map((error) => error.detail).join('; ');
    case 'not-found':
      return `Book cannot be found for ISBN: ${rejection.isbn}`;
    case 'isbn-taken':
      return `Book already exists for ISBN: ${rejection.isbn}`;
    case 'duplicate':
      return `Book already exists with title: ${rejection.title} and author: ${rejection.firstName} ${rejection.lastName}`;
    case 'full':
      return `The catalogue is full: it holds at most ${rejection.capacity} books (MAX_BOOKS)`;
    case 'text-full':
      return `The catalogue is full: its books hold at most ${rejection.textCapacity} characters of text in all (${TEXT_PER_BOOK} a book of MAX_BOOKS)`;
  }
}
