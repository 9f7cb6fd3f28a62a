/**
 * The rules for replacing a book (api.md, Editing), without HTTP: the validator's errors with the
 * isbn rule among them, then the store's refusals, each as a rejection and its message.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { addBook, replaceBook } from '../../src/books/catalogue.ts';
import { rejectionMessage } from '../../src/outcomes.ts';
import { IndexedBookStore } from '../../src/books/indexed/store.ts';

function storeOf(...titles: string[]): IndexedBookStore {
  const store = new IndexedBookStore(2);
  titles.forEach((title, i) => addBook(store, { isbn: `${i + 1}`, title, author: 'Ann Lee' }));
  return store;
}

describe('replaceBook', () => {
  it('replaces a book whose body passes validation and names the path’s isbn', () => {
    const store = storeOf('One');
    assert.deepEqual(replaceBook(store, '1', { isbn: '1', title: 'Uno', author: 'Ann Lee' }), { replaced: store.get('1') });
    assert.equal(store.get('1')?.title, 'Uno');
  });

  it('puts the isbn rule after the isbn’s own errors and before the title’s', () => {
    const result = replaceBook(storeOf('One'), '1', { isbn: 5, title: 5, author: 'Ann Lee' });
    assert.deepEqual(result, {
      rejected: {
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
      const result = replaceBook(store, isbn, { isbn, title, author: 'Ann Lee' });
      return 'rejected' in result ? rejectionMessage(result.rejected) : 'replaced';
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
