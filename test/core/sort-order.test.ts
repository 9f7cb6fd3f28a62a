/** The orders of `sort=` (api.md, Listing, rule 6), as book.ts builds them from the table of fields. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, sortComparisons, toFields } from '../../src/core/book.ts';
import { SORT_KEYS } from '../../src/core/fields.ts';

const book = (isbn: string, title: string, author: string): BookFields => toFields({ isbn, title, author });

const BOOKS = [
  book('10', 'vol 10', 'Émile Zola'),
  book('9', 'Vol 2', 'anne Brontë'),
  book('b', 'Éclair', 'Charlotte Brontë'),
  book('A', 'eclair', 'Emily Bronte'),
];

const ORDERS = sortComparisons();
const order = (key: (typeof SORT_KEYS)[number]): string[] => [...BOOKS].sort(ORDERS.get(key)).map((record) => record.isbn);

describe('sortComparisons', () => {
  it('has a comparison for every sort key the service offers', () => {
    assert.deepEqual([...ORDERS.keys()], [...SORT_KEYS]);
  });

  it('compares text without case or accents, and numbers in it by value; equals keep their order', () => {
    assert.deepEqual(order('title'), ['b', 'A', '9', '10']);
    assert.deepEqual(order('isbn'), ['9', '10', 'A', 'b']);
  });

  it('orders authors by last name, then first name', () => {
    assert.deepEqual(order('author'), ['9', 'b', 'A', '10']);
  });
});
