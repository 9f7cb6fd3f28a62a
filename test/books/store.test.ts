/**
 * The BookStore contract, run against the Map store. The incremental orders and the title
 * index are checked against the obvious slow answer after a seeded random churn.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookFields } from '../../src/books/book.ts';
import { SORT_KEYS } from '../../src/books/fields.ts';
import { type BookStore, MemoryBookStore, type SortOrder } from '../../src/books/store.ts';

const book = (isbn: string, title: string, first = 'A', last = 'B'): BookFields => ({
  isbn,
  title,
  authorFirstName: first,
  authorLastName: last,
  author: undefined,
});

const isbns = (books: readonly BookFields[]): string[] => books.map((entry) => entry.isbn);

describe('MemoryBookStore', () => {
  it('adds, gets and removes by isbn; size and capacity', () => {
    const store: BookStore = new MemoryBookStore(2);
    store.add(book('1', 'One'));
    // The generated id is not visible outside the store: the record shows only its fields.
    assert.deepEqual({ ...store.get('1') }, book('1', 'One'));
    assert.deepEqual(Object.keys(store.get('1') ?? {}), ['isbn', 'title', 'authorFirstName', 'authorLastName', 'author']);
    assert.equal(store.get('2'), undefined);
    assert.equal(store.size, 1);
    assert.equal(store.capacity, 2);
    assert.equal(store.remove('1'), true);
    assert.equal(store.remove('1'), false);
    assert.equal(store.size, 0);
  });

  it('refuses a taken isbn, then an exact duplicate, then anything once full, in that order', () => {
    const store = new MemoryBookStore(2);
    assert.deepEqual(store.add(book('1', 'One', 'Ann', 'Lee')), { added: store.get('1') });
    assert.deepEqual(store.add(book('1', 'One', 'Ann', 'Lee')), { refused: 'isbn-taken' });
    assert.deepEqual(store.add(book('2', 'One', 'Ann', 'Lee')), { refused: 'duplicate' });
    assert.deepEqual(store.add(book('2', 'Two')), { added: store.get('2') });
    assert.deepEqual(store.add(book('2', 'One', 'Ann', 'Lee')), { refused: 'isbn-taken' });
    assert.deepEqual(store.add(book('3', 'One', 'Ann', 'Lee')), { refused: 'duplicate' });
    assert.deepEqual(store.add(book('3', 'Three')), { refused: 'full' });
    assert.equal(store.size, 2);
  });

  it('finds duplicates by exact title and names, also among several books of one title', () => {
    const store = new MemoryBookStore(10);
    const outcome = (isbn: string, first: string, last: string, title = 'Same'): string => {
      const result = store.add(book(isbn, title, first, last));
      if ('refused' in result) return result.refused;
      store.remove(isbn); // added only to find out: taken back at once
      return 'added';
    };
    store.add(book('1', 'Same', 'Ann', 'Lee'));
    store.add(book('2', 'Same', 'Bob', 'Lee'));
    store.add(book('3', 'Same', 'Cy', 'Lee'));
    assert.equal(outcome('x', 'Bob', 'Lee'), 'duplicate');
    assert.equal(outcome('x', 'Bob', 'Lee', 'same'), 'added');
    assert.equal(outcome('x', 'Bob', 'lee'), 'added');
    store.remove('2');
    assert.equal(outcome('x', 'Bob', 'Lee'), 'added');
    store.remove('1');
    assert.equal(outcome('x', 'Cy', 'Lee'), 'duplicate');
    store.remove('3');
    assert.equal(outcome('x', 'Cy', 'Lee'), 'added');
    assert.equal(store.size, 0);
  });

  it('keeps every name right when more distinct names arrive than its name pool holds', () => {
    const store = new MemoryBookStore(30_000);
    const name = (i: number): string => `Name${i}`;
    // 12,000 books with 24,000 distinct names: the pool of shared names fills and starts over.
    for (let i = 0; i < 12_000; i++) store.add(book(`i${i}`, `T${i % 7}`, name(i), name(i + 100_000)));
    for (let i = 0; i < 12_000; i += 997) {
      assert.deepEqual({ ...store.get(`i${i}`) }, book(`i${i}`, `T${i % 7}`, name(i), name(i + 100_000)));
    }
    assert.deepEqual(store.add(book('again', 'T0', name(0), name(100_000))), { refused: 'duplicate' });
  });

  it('title search never matches across two titles, even when the needle holds the separator', () => {
    const store = new MemoryBookStore(10);
    store.add(book('1', 'ab'));
    store.add(book('2', 'cd'));
    store.add(book('3', 'x\ny'));
    assert.deepEqual(isbns(store.find({ title: 'b\nc' })), []);
    assert.deepEqual(isbns(store.find({ title: 'X\nY' })), ['3']);
    assert.deepEqual(isbns(store.find({ title: 'd' })), ['2']);
  });

  it('title search stays right when lower-casing changes a title\'s length', () => {
    const store = new MemoryBookStore(10);
    store.add(book('1', 'İstanbul Nights'));
    store.add(book('2', 'Ankara Days'));
    store.add(book('3', 'Nights in Ankara'));
    assert.deepEqual(isbns(store.find({ title: 'NIGHTS' })), ['1', '3']);
    assert.deepEqual(isbns(store.find({ title: 'ankara' })), ['2', '3']);
    assert.deepEqual(isbns(store.find({ title: 'İstanbul' })), ['1']);
  });

  it('keeps every order and the title index right through a random churn', () => {
    let seed = 42;
    const random = (n: number): number => ((seed = (seed * 1_103_515_245 + 12_345) % 2_147_483_648) % n);
    const words = ['Alpha', 'beta', 'Gamma', 'delta', 'Épsilon', 'vol 2', 'Vol 10', 'zeta'];
    const store = new MemoryBookStore(10_000);
    const orders: SortOrder[] = SORT_KEYS.flatMap((key) => [
      { key, descending: false },
      { key, descending: true },
    ]);
    const live: BookFields[] = [];
    const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    for (let step = 0; step < 1_500; step++) {
      if (live.length > 0 && random(3) === 0) {
        const [gone] = live.splice(random(live.length), 1);
        store.remove((gone as BookFields).isbn);
      } else {
        const entry = book(`isbn-${step}`, `${words[random(8)]} ${words[random(8)]}`, words[random(8)], words[random(8)]);
        const outcome = store.add(entry);
        if ('added' in outcome) live.push(outcome.added); // else an exact duplicate of a live book
      }
      if (step % 100 !== 0) continue; // the orders update on every step; compare now and then
      assert.deepEqual(isbns(store.find({})), isbns(live));
      for (const sort of orders) {
        const keyOf = (entry: BookFields): string[] =>
          sort.key === 'author' ? [entry.authorLastName, entry.authorFirstName] : [entry[sort.key]];
        const expected = [...live].sort((a, b) => {
          const [x, y] = sort.descending ? [b, a] : [a, b];
          const ka = keyOf(x);
          const kb = keyOf(y);
          return collator.compare(ka[0] as string, kb[0] as string) || collator.compare(ka[1] ?? '', kb[1] ?? '');
        });
        assert.deepEqual(isbns(store.find({ sort })), isbns(expected), `${sort.key} ${sort.descending}`);
      }
      const needle = words[random(8)]?.slice(1, 3).toUpperCase() ?? '';
      const expectedHits = live.filter((entry) => entry.title.toLowerCase().includes(needle.toLowerCase()));
      assert.deepEqual(isbns(store.find({ title: needle })), isbns(expectedHits), needle);
    }
  });
});
