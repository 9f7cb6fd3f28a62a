/**
 * The indexed store takes its comparisons from the table of fields: a table with one more field,
 * an optional integer `year`, sorts by it with no change to the store.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { toFields } from '../../../src/core/book.ts';
import { validateBook } from '../../../src/core/books.ts';
import type { SortOrder } from '../../../src/core/store.ts';
import { IndexedBookStore } from '../../../src/rooms/indexed/store.ts';
import { WITH_YEAR } from '../../helpers/year.ts';

const years = [2001, undefined, 1950, 1984, 1950];
const records = years.map((year, index) => {
  const validation = validateBook({ isbn: `y-${index}`, title: `T ${index}`, author: 'A B', year }, WITH_YEAR);
  assert.ok(validation.ok);
  return toFields(validation.book, WITH_YEAR);
});

describe('a table with one more field, an optional integer year', () => {
  it('sorts by it in the real store, which takes its comparisons from the table', async () => {
    const store = new IndexedBookStore(10, WITH_YEAR);
    for (const record of records) store.add(record);
    const sort = { key: 'year', descending: true } as unknown as SortOrder;
    assert.deepEqual(
      (await store.find({ sort })).books.map((book) => book.isbn),
      ['y-1', 'y-0', 'y-3', 'y-2', 'y-4'],
    );
  });
});
