/**
 * The validator for a submitted book (DECISIONS D). It returns every failure, each with a JSON
 * pointer and a message, in the contract's order (isbn, title, author); it never throws.
 */
import { type BookInput, hasText } from './book.ts';
import { FIELDS, type FieldRule } from './fields.ts';

export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

export type Validation =
  | { readonly ok: true; readonly book: BookInput }
  | { readonly ok: false; readonly errors: readonly FieldError[] };

/** `body` is a parsed JSON object; unknown fields (`_links` among them) are ignored. */
export function validateBook(body: Readonly<Record<string, unknown>>): Validation {
  const errors: FieldError[] = [];
  const values: Record<string, string | undefined> = {};
  for (const field of FIELDS) {
    const problem = checkField(field, Object.hasOwn(body, field.name) ? body[field.name] : undefined);
    if (problem === undefined) values[field.name] = body[field.name] as string | undefined;
    else errors.push({ pointer: `#/${field.name}`, detail: `${field.name} ${problem}` });
  }
  const { isbn, title, author, authorFirstName, authorLastName } = values;
  // A type error on an author field already says what is wrong; "must be provided" would repeat it.
  const authorFieldsFailed = errors.some((error) => error.pointer.startsWith('#/author'));
  if (!authorFieldsFailed && !hasText(author) && !(hasText(authorFirstName) && hasText(authorLastName))) {
    errors.push({ pointer: '#/author', detail: 'author must be provided' });
  }
  if (errors.length > 0 || isbn === undefined || title === undefined) return { ok: false, errors };
  return { ok: true, book: { isbn, title, author, authorFirstName, authorLastName } };
}

/** What is wrong with one field's value, or undefined when it is fine. */
function checkField(field: FieldRule, value: unknown): string | undefined {
  if (value === undefined || value === null) return field.required ? 'must be provided' : undefined;
  if (typeof value !== 'string') return 'must be a string';
  if (field.required && !hasText(value)) return 'must be provided';
  // A lone surrogate can be neither sent as UTF-8 nor put into a link.
  if (!value.isWellFormed()) return 'must be well-formed Unicode text';
  // Clients resolve the path segments "." and ".." away (even as %2E), so such an isbn's own
  // link could never reach it.
  if (field.name === 'isbn' && (value === '.' || value === '..')) return 'must not be "." or ".."';
  // A string has no more code points than UTF-16 code units, so only a long one needs counting.
  if (value.length > field.maxLength && [...value].length > field.maxLength) return `must be at most ${field.maxLength} characters`;
  return undefined;
}
