/**
 * A merge patch of a book (api.md, Patching a book): the book as a GET shows it, the fields of a
 * group's other form dropped, then RFC 7396. What comes out is checked as the body of a PUT is.
 */
import { type BookFields, toBook } from '../../core/book.ts';
import { FIELDS, type FieldTable } from '../../core/fields.ts';

/** RFC 7396: a member set to null is removed, an object is merged into an object, any other value replaces. */
export function mergePatch(target: unknown, patch: unknown): unknown {
  if (typeof patch !== 'object' || patch === null || Array.isArray(patch)) return patch;
  const result: Record<string, unknown> = isObject(target) ? { ...target } : {};
  for (const [key, value] of Object.entries(patch)) {
    if (value === null) delete result[key];
    // defineProperty, so that a member named __proto__ is a member like any other, never the prototype.
    else
      Object.defineProperty(result, key, {
        value: mergePatch(Object.hasOwn(result, key) ? result[key] : undefined, value),
        enumerable: true,
        writable: true,
        configurable: true,
      });
  }
  return result;
}

/**
 * The body a PUT of the patched book would send. A group's forms are one value (the author, and
 * the two names): a patch that names one form and not another drops the other from the target, so
 * that the service derives it afresh instead of keeping what the patch made stale.
 */
export function patchedBody(
  book: BookFields,
  patch: Readonly<Record<string, unknown>>,
  table: FieldTable = FIELDS,
): Record<string, unknown> {
  const target: Record<string, unknown> = { ...toBook(book, table) };
  for (const group of table.groups) {
    const named = group.alternatives.map((form) => form.some((name) => Object.hasOwn(patch, name)));
    if (!named.includes(true) || !named.includes(false)) continue;
    group.alternatives.forEach((form, index) => {
      if (!named[index]) for (const name of form) delete target[name];
    });
  }
  return mergePatch(target, patch) as Record<string, unknown>;
}

function isObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
