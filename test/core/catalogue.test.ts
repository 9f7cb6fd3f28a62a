/**
 * The rules for replacing a book (api.md, Editing), without HTTP: the validator's errors with the
 * isbn rule among them, then the store's refusals, each as a failure and its sentence.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { storeBook } from '../../src/core/books.ts';
import { sentence } from '../../src/core/failures.ts';
import { MapBookStore } from '../../src/core/store.ts';

function storeOf(...titles: string[]): MapBookStore {
  const store = new MapBookStore(2);
  titles.forEach((title, i) => storeBook(store, { isbn: `${i + 1}`, title, author: 'Ann Lee' }));
  return store;
}

describe('storeBook, replacing', () => {
  it('replaces a book whose body passes validation and names the path’s isbn', () => {
    const store = storeOf('One');
    assert.deepEqual(storeBook(store, { isbn: '1', title: 'Uno', author: 'Ann Lee' }, '1'), { stored: store.get('1') });
    assert.equal(store.get('1')?.title, 'Uno');
  });

  it('puts the isbn rule after the isbn’s own errors and before the title’s', () => {
    const result = storeBook(storeOf('One'), { isbn: 5, title: 5, author: 'Ann Lee' }, '1');
    assert.deepEqual(result, {
      failed: {
        reason: 'invalid',
        errors: [
          { pointer: '#/isbn', detail: 'isbn must be a string' },
          { pointer: '#/isbn', detail: 'isbn must match the path: 1' },
          { pointer: '#/title', detail: 'title must be a string' },
        ],
      },
    });
  });

  it('passes on the store’s refusals: no such book, another book’s title and names, the text budget', () => {
    const store = storeOf('One', 'Two');
    const refused = (isbn: string, title: string): string => {
      const result = storeBook(store, { isbn, title, author: 'Ann Lee' }, isbn);
      return 'failed' in result ? sentence(result.failed) : 'replaced';
    };
    assert.equal(refused('3', 'Three'), 'Book cannot be found for ISBN: 3');
    assert.equal(refused('2', 'One'), 'Book already exists with title: One and author: Ann Lee');
    assert.equal(
      refused('2', 't'.repeat(300)),
      'The catalogue is full: its books hold at most 256 characters of text in all (128 a book of MAX_BOOKS)',
    );
    assert.equal(store.get('2')?.title, 'Two');
  });
});
