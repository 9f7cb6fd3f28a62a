/**
 * The table of fields drives the fields. A copy of the table with one more row, an optional
 * integer `year` from 0 to 2100 that books can be sorted by, goes through the real validator,
 * store, views, links and comparisons: the field is validated, stored, returned and sortable, though
 * the service itself has no such field (the indexed store and the OpenAPI room show it too).
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, toBook, toFields } from '../../src/core/book.ts';
import { FIELDS, type FieldTable } from '../../src/core/fields.ts';
import { sortComparisons } from '../../src/core/book.ts';
import { MapBookStore } from '../../src/core/store.ts';
import { storeBook, validateBook } from '../../src/core/books.ts';
import { renderBook } from '../../src/core/hal.ts';
import { WITH_YEAR } from '../helpers/year.ts';

const DUNE = { isbn: 'd-1', title: 'Dune', author: 'Frank Herbert' };
type Json = Record<string, unknown>;

describe('a table with one more field, an optional integer year', () => {
  it('validates it by its type and limits, after the fields before it and before the author rule', async () => {
    assert.deepEqual(validateBook({ ...DUNE, year: 1965 }, WITH_YEAR), {
      ok: true,
      book: { ...DUNE, year: 1965 },
    });
    for (const year of [undefined, null, 0, 2100]) assert.equal(validateBook({ ...DUNE, year }, WITH_YEAR).ok, true, String(year));
    for (const year of ['1965', 1965.5, true, [1965], Number.NaN, Infinity]) {
      assert.deepEqual(validateBook({ ...DUNE, year }, WITH_YEAR), {
        ok: false,
        errors: [{ pointer: '#/year', detail: 'year must be an integer' }],
      });
    }
    for (const year of [-1, 2101]) {
      assert.deepEqual(validateBook({ ...DUNE, year }, WITH_YEAR), {
        ok: false,
        errors: [{ pointer: '#/year', detail: 'year must be from 0 to 2100' }],
      });
    }
    assert.deepEqual(validateBook({ isbn: ' ', title: 'Dune', year: 'x' }, WITH_YEAR), {
      ok: false,
      errors: [
        { pointer: '#/isbn', detail: 'isbn must be provided' },
        { pointer: '#/year', detail: 'year must be an integer' },
        { pointer: '#/author', detail: 'author must be provided' },
      ],
    });
    // The service's own table knows no year: the field is ignored, like any unknown field.
    assert.deepEqual(validateBook({ ...DUNE, year: 'x' }), { ok: true, book: DUNE });
  });

  it('stores it and returns it, after the author fields, and leaves it out where it was not given', async () => {
    const store = new MapBookStore(10);
    assert.ok('stored' in storeBook(store, { ...DUNE, year: 1965 }, undefined, WITH_YEAR));
    const stored = store.get('d-1') as BookFields & { year?: number };
    assert.equal(stored.year, 1965);
    const view = toBook(stored, WITH_YEAR);
    assert.deepEqual(Object.keys(view), ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', 'year']);
    assert.equal(
      JSON.stringify(renderBook(view, 'http://h')),
      '{"isbn":"d-1","title":"Dune","author":"Frank Herbert","authorFirstName":"Frank","authorLastName":"Herbert","year":1965,' +
        '"_links":{"self":{"href":"http://h/books/d-1"},"books":{"href":"http://h/books?title="}}}',
    );
    assert.ok('stored' in storeBook(store, { isbn: 'n-1', title: 'No year', author: 'A B', year: null }, undefined, WITH_YEAR));
    assert.deepEqual(toBook(store.get('n-1') as BookFields, WITH_YEAR), {
      isbn: 'n-1',
      title: 'No year',
      author: 'A B',
      authorFirstName: 'A',
      authorLastName: 'B',
    });
    // The service's own view shows only its own fields.
    assert.deepEqual(Object.keys(toBook(stored)), ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName']);
  });

  const years = [2001, undefined, 1950, 1984, 1950];
  const records = years.map((year, index) =>
    toFields(validateBookOrFail({ isbn: `y-${index}`, title: `T ${index}`, author: 'A B', year }), WITH_YEAR),
  );

  it('sorts by it: by value, a book without one after every book with one', async () => {
    const compare = sortComparisons(WITH_YEAR).get('year');
    assert.ok(compare);
    // Array.prototype.sort is stable: the two 1950s keep their order, as the store's ties do.
    assert.deepEqual(
      [...records].sort(compare).map((record) => record.isbn),
      ['y-2', 'y-4', 'y-3', 'y-0', 'y-1'],
    );
    // Each way round: a sort may compare the book without a year on either side.
    const [with2001, without] = records as [BookFields, BookFields];
    assert.deepEqual([compare(without, with2001), compare(with2001, without), compare(without, without)], [1, -1, 0]);
  });
});

describe('the table of fields itself', () => {
  it('names in its groups and sorts only fields it has', async () => {
    const table: FieldTable = FIELDS;
    const names = new Set(table.rows.map((field) => field.name));
    for (const group of table.groups) {
      for (const name of group.alternatives.flat()) assert.ok(names.has(name), `${group.name}: ${name}`);
      assert.ok(
        table.rows.some((field) => field.group === group.name),
        group.name,
      );
    }
    for (const sort of table.sorts) for (const name of sort.by) assert.ok(names.has(name), `${sort.key}: ${name}`);
    assert.throws(
      () => sortComparisons({ ...FIELDS, sorts: [{ key: 'price', by: ['price'] }] }),
      /the sort price compares price, which is no field of the table/,
    );
  });
});

function validateBookOrFail(body: Json): Parameters<typeof toFields>[0] {
  const validation = validateBook(body, WITH_YEAR);
  assert.ok(validation.ok);
  return validation.book;
}
