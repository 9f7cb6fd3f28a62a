/**
 * The validator for a submitted book (DECISIONS D). It returns every failure, each with a JSON
 * pointer and a message, in the contract's order (isbn, title, author); it never throws.
 */
import { type BookInput, hasText } from './book.js';

export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

export type Validation =
  | { readonly ok: true; readonly book: BookInput }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** Longest accepted value of each field, in Unicode code points. */
export const MAX_LENGTH = {
  isbn: 64,
  title: 512,
  author: 256,
  authorFirstName: 256,
  authorLastName: 256,
} as const;

type Field = keyof typeof MAX_LENGTH;
type Body = Readonly<Record<string, unknown>>;

/** `body` is a parsed JSON object; unknown fields (`_links` among them) are ignored. */
export function validateBook(body: Body): Validation {
  const errors: FieldError[] = [];
  let isbn = checkString(body, 'isbn', errors, true);
  // Clients resolve the path segments "." and ".." (even as %2E) away, so such an isbn's own
  // link could never reach it.
  if (isbn === '.' || isbn === '..') isbn = failed(errors, 'isbn', 'must not be "." or ".."');
  const title = checkString(body, 'title', errors, true);
  const before = errors.length;
  const author = checkString(body, 'author', errors, false);
  const authorFirstName = checkString(body, 'authorFirstName', errors, false);
  const authorLastName = checkString(body, 'authorLastName', errors, false);
  // A type error on an author field already says what is wrong; "must be provided" would repeat it.
  const authorNamed = hasText(author) || (hasText(authorFirstName) && hasText(authorLastName));
  if (errors.length === before && !authorNamed) failed(errors, 'author', 'must be provided');
  if (errors.length > 0 || isbn === undefined || title === undefined) return { ok: false, errors };
  return { ok: true, book: { isbn, title, author, authorFirstName, authorLastName } };
}

/**
 * Checks one field and returns its value when it is a usable string. A required field must have
 * text; an optional one may be absent or null.
 */
function checkString(body: Body, field: Field, errors: FieldError[], required: boolean): string | undefined {
  const value = Object.hasOwn(body, field) ? body[field] : undefined;
  if (value === undefined || value === null) {
    if (required) failed(errors, field, 'must be provided');
    return undefined;
  }
  if (typeof value !== 'string') return failed(errors, field, 'must be a string');
  if (required && !hasText(value)) return failed(errors, field, 'must be provided');
  // A lone surrogate can be neither sent as UTF-8 nor put into a link.
  if (!value.isWellFormed()) return failed(errors, field, 'must be well-formed Unicode text');
  if (longerThan(value, MAX_LENGTH[field])) return failed(errors, field, `must be at most ${MAX_LENGTH[field]} characters`);
  return value;
}

function failed(errors: FieldError[], field: Field, problem: string): undefined {
  errors.push({ pointer: `#/${field}`, detail: `${field} ${problem}` });
  return undefined;
}

/** Whether `value` has more than `max` code points; counts only when UTF-16 length says it might. */
function longerThan(value: string, max: number): boolean {
  if (value.length <= max) return false;
  let count = 0;
  for (const _ of value) if (++count > max) return true;
  return false;
}
