/**
 * The rules of a book and the operations on one (api.md, Validation, Reading a book, Adding a book, Editing, Deleting): each operation
 * reads a parsed request, applies the rules, asks the store, and answers with the book in HAL, or throws the problem its failure names.
 */
import { type BookFields, type BookInput, hasText, INVISIBLE, toBook, toFields } from './book.ts';
import { type Failure, fail } from './failures.ts';
import { FIELDS, type FieldRule, type FieldTable } from './fields.ts';
import { bookHref, renderBook } from './hal.ts';
import type { Logger } from './log.ts';
import type { RequestContext, Representation } from './rooms.ts';
import { readJsonObject } from './request.ts';
import { ENTITY_TAG, jsonEntityTag, type Reply } from './send.ts';
import type { BookStore, Refusal } from './store.ts';

export type PointerError = { readonly pointer: string; readonly detail: string };
export type Validation = { readonly ok: true; readonly book: BookInput } | { readonly ok: false; readonly errors: readonly PointerError[] };

/** `body` is a parsed JSON object; unknown fields are ignored, and only its own properties read. */
export function validateBook(body: Readonly<Record<string, unknown>>, table: FieldTable = FIELDS): Validation {
  const errors: PointerError[] = [];
  const book: Record<string, unknown> = {};
  for (const field of table.rows) {
    const value = Object.hasOwn(body, field.name) ? body[field.name] : undefined;
    const detail =
      value === undefined || value === null ? (field.required ? `${field.name} must be provided` : undefined) : check(field, value);
    if (detail !== undefined) errors.push({ pointer: `#/${field.name}`, detail });
    else if (value !== undefined) book[field.name] = value;
  }
  for (const group of table.groups) {
    if (group.alternatives.some((names) => names.every((name) => hasText(book[name])))) continue;
    // A failure of a field of the group already says what is wrong; "must be provided" would repeat it.
    if (!table.rows.some((field) => field.group === group.name && errors.some((error) => error.pointer === `#/${field.name}`)))
      errors.push({ pointer: group.pointer, detail: group.missing });
  }
  return errors.length > 0 ? { ok: false, errors } : { ok: true, book: book as BookInput };
}

/** Whitespace at either end, or a control, format or blank filler character anywhere. */
const UNSEEN = new RegExp(`^\\s|\\s$|[\\p{Cc}${INVISIBLE}]`, 'u');

/** What is wrong with a field's value, in the order of api.md, Validation, or undefined. */
function check(field: FieldRule, value: unknown): string | undefined {
  const { name } = field;
  if (field.type === 'integer') {
    if (typeof value !== 'number' || !Number.isInteger(value)) return `${name} must be an integer`;
    return value < field.minimum || value > field.maximum ? `${name} must be from ${field.minimum} to ${field.maximum}` : undefined;
  }
  if (typeof value !== 'string') return `${name} must be a string`;
  if (field.required && !hasText(value)) return `${name} must be provided`;
  // A lone surrogate can be neither sent as UTF-8 nor put into a link.
  if (!value.isWellFormed()) return `${name} must be well-formed Unicode text`;
  if (field.visible && UNSEEN.test(value)) return field.visible.message;
  if (field.forbidden?.characters.some((character) => value.includes(character))) return field.forbidden.message;
  if (field.reserved?.values.includes(value)) return field.reserved.message;
  // Characters are code points, counted only when the code units (at least as many) are too many.
  const long = value.length > field.maxLength && [...value].length > field.maxLength;
  return long ? `${name} must be at most ${field.maxLength} characters` : undefined;
}

type Stored = { readonly stored: BookFields } | { readonly failed: Failure };

/**
 * A submitted book stored by the rules (api.md, Adding a book, rules 1–3 and 7; Editing, rules 2–5): validation, then the store's
 * checks. With `isbn`, it replaces that book; a body whose isbn is not the path's is one more `#/isbn` error, after the validator's.
 */
export function storeBook(store: BookStore, body: Readonly<Record<string, unknown>>, isbn?: string, table: FieldTable = FIELDS): Stored {
  const validation = validateBook(body, table);
  const errors = validation.ok ? [] : [...validation.errors];
  const elsewhere = isbn !== undefined && body.isbn !== isbn;
  const mismatch = elsewhere && { pointer: '#/isbn', detail: `isbn must match the path: ${isbn}` };
  if (mismatch) errors.splice(errors.filter((error) => error.pointer === '#/isbn').length, 0, mismatch);
  if (!validation.ok || elsewhere) return { failed: { reason: 'invalid', errors } };
  const fields = toFields(validation.book, table);
  const outcome = isbn === undefined ? store.add(fields) : store.replace(fields);
  if ('refused' in outcome) return { failed: refused(store, fields, outcome.refused) };
  return { stored: 'added' in outcome ? outcome.added : outcome.replaced };
}

/** The failure a store's refusal of `book` answers with (api.md, Adding a book, rules 2, 3 and 7; Limits, rule 4). */
export function refused(store: BookStore, book: BookFields, refusal: Refusal | 'not-found'): Failure {
  if (refusal === 'duplicate')
    return { reason: 'duplicate', title: book.title, firstName: book.authorFirstName, lastName: book.authorLastName };
  if (refusal === 'full') return { reason: 'full', capacity: store.capacity };
  return refusal === 'text-full' ? { reason: 'text-full', textCapacity: store.textCapacity } : { reason: refusal, isbn: book.isbn };
}

/** `representations` gives the other representations of a book that rooms offer (api.md, Forms). */
export function bookOperations(store: BookStore, logger: Logger, representations: () => readonly Representation[]) {
  /** The book as a GET shows it in HAL: the body of a write's answer, and what its ETag is a digest of. */
  const view = (book: BookFields, base: string): Record<string, unknown> => renderBook(toBook(book), base);
  function found({ params }: RequestContext): BookFields {
    const book = store.get(params.isbn as string);
    if (book === undefined) throw fail({ reason: 'not-found', isbn: params.isbn as string });
    return book;
  }

  /**
   * api.md, Editing, rule 7: If-Match names `*` or a tag a GET through the same base URL gets, in any representation, compared strongly;
   * a 412 names the tag of the one asked for, and tells a tag the book had from one this service never gives (a copied placeholder).
   */
  function checkIfMatch(request: RequestContext, book: BookFields | undefined): void {
    const header = request.req.headers['if-match'];
    if (header === undefined || (header === '*' && book)) return;
    if (book === undefined) throw fail({ reason: 'absent' });
    const body = view(book, request.base);
    const tags = new Map([undefined, ...representations()].map((it) => [it, jsonEntityTag(it ? it.book(body, request.base) : body)]));
    const given = header.split(',').map((item) => item.trim());
    if (given.some((tag) => [...tags.values()].includes(tag))) return;
    const reason = given.some((tag) => ENTITY_TAG.test(tag)) ? 'changed' : 'not-a-tag';
    throw fail({ reason, etag: tags.get(request.representation) as string });
  }

  /**
   * A PUT, or a room's write of its kind, once its body is read: the book must be there and match If-Match, then `bodyFor(book)` is stored
   * as a PUT's body. Nothing awaits from the check to the write, so no other request can come between them (api.md, Editing, rule 9).
   */
  function edit(request: RequestContext, bodyFor: (book: BookFields) => Readonly<Record<string, unknown>>): Reply {
    const book = found(request);
    checkIfMatch(request, book);
    const result = storeBook(store, bodyFor(book), book.isbn);
    if ('failed' in result) throw fail(result.failed);
    return { status: 200, body: view(result.stored, request.base), tagged: true };
  }

  return {
    edit,
    get(request: RequestContext): Reply {
      const body = view(found(request), request.base);
      return { status: 200, body: request.representation?.book(body, request.base) ?? body, type: request.representation?.type };
    },
    async create(request: RequestContext): Promise<Reply> {
      const result = storeBook(store, await readJsonObject(request.req, request.body));
      if ('failed' in result) throw fail(result.failed);
      const book = result.stored;
      return { status: 201, body: view(book, request.base), headers: { location: bookHref(request.base, book.isbn) }, tagged: true };
    },
    async replace(request: RequestContext): Promise<Reply> {
      const body = await readJsonObject(request.req, request.body);
      return edit(request, () => body);
    },
    /** api.md, Deleting a book, rule 2: a missing book is no error, but it is worth a warning. */
    remove(request: RequestContext): Reply {
      const isbn = request.params.isbn as string;
      checkIfMatch(request, store.get(isbn));
      if (!store.remove(isbn)) logger.warn('delete of a book that does not exist', { isbn, requestId: request.requestId });
      return { status: 204 };
    },
  };
}
