/**
 * The validator for a submitted book (api.md, Validation), read from the table of fields:
 * each field is checked as its type says, then each group. It returns every failure, each with a
 * JSON pointer and its message, in the table's order (isbn, title, author); it never throws.
 */
import { type BookInput, hasText, INVISIBLE } from './book.ts';
import { FIELDS, type FieldRule, type FieldTable, type IntegerField, type TextField } from './fields.ts';

export interface FieldError {
  readonly pointer: string;
  readonly detail: string;
}

export type Validation = { readonly ok: true; readonly book: BookInput } | { readonly ok: false; readonly errors: readonly FieldError[] };

/**
 * `body` is a parsed JSON object; unknown fields (`_links` among them) are ignored, and only its
 * own properties are read. A table other than FIELDS is for tests: the types describe FIELDS.
 */
export function validateBook(body: Readonly<Record<string, unknown>>, table: FieldTable = FIELDS): Validation {
  const errors: FieldError[] = [];
  const failed = new Set<string>();
  const book: Record<string, unknown> = {};
  for (const field of table.rows) {
    const value = Object.hasOwn(body, field.name) ? body[field.name] : undefined;
    const detail = checkField(field, value);
    if (detail === undefined) {
      if (value !== undefined) book[field.name] = value;
    } else {
      errors.push({ pointer: `#/${field.name}`, detail });
      failed.add(field.name);
    }
  }
  for (const group of table.groups) {
    // A type error on a field of the group already says what is wrong; "must be provided" would repeat it.
    if (table.rows.some((field) => field.group === group.name && failed.has(field.name))) continue;
    if (!group.alternatives.some((names) => names.every((name) => hasText(book[name])))) {
      errors.push({ pointer: group.pointer, detail: group.missing });
    }
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, book: book as BookInput };
}

/** What is wrong with one field's value, or undefined when it is fine. */
function checkField(field: FieldRule, value: unknown): string | undefined {
  if (value === undefined || value === null) return field.required ? field.messages.missing : undefined;
  return field.type === 'integer' ? checkInteger(field, value) : checkText(field, value);
}

/** Whitespace at either end, or a control, format or blank filler character anywhere. */
const UNSEEN = new RegExp(`^\\s|\\s$|[\\p{Cc}${INVISIBLE}]`, 'u');

function checkText(field: TextField, value: unknown): string | undefined {
  if (typeof value !== 'string') return field.messages.notText;
  if (field.required && !hasText(value)) return field.messages.missing;
  // A lone surrogate can be neither sent as UTF-8 nor put into a link.
  if (!value.isWellFormed()) return field.messages.malformed;
  if (field.visible && UNSEEN.test(value)) return field.visible.message;
  if (field.forbidden?.characters.some((character) => value.includes(character))) return field.forbidden.message;
  if (field.reserved?.values.includes(value)) return field.reserved.message;
  if ([...value].length > field.maxLength) return field.messages.tooLong(field.maxLength);
  return undefined;
}

function checkInteger(field: IntegerField, value: unknown): string | undefined {
  if (typeof value !== 'number' || !Number.isInteger(value)) return field.messages.notInteger;
  if (value < field.minimum || value > field.maximum) return field.messages.outOfRange(field.minimum, field.maximum);
  return undefined;
}
