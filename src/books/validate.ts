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
  if (errors.length > 0) return { ok: false, errors };
  // Without errors, isbn and title are strings with text: both fields are required.
  return { ok: true, book: { isbn: isbn as string, title: title as string, author, authorFirstName, authorLastName } };
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
  if ([...value].length > field.maxLength) return `must be at most ${field.maxLength} characters`;
  return undefined;
}
