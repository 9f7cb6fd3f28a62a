/**
 * The title index against a plain one: the books by id in a map, a duplicate found by looking
 * at every book, a search by `toLowerCase().includes()` on every title. Compared through a seeded
 * run of adds, removes and replaces, title changes among them, before and after the suffix array
 * is built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import type { BookFields } from '../../../src/books/book.ts';
import { TitleIndex } from '../../../src/books/indexed/title-index.ts';
import { Random, seedFromEnv } from '../../fuzz/random.ts';

const SEED = seedFromEnv();

const book = (title: string, first = 'Ann', last = 'Lee'): BookFields => ({
  isbn: title,
  title,
  authorFirstName: first,
  authorLastName: last,
  author: undefined,
});

/** The obvious title index: every book looked at for every question. */
class PlainTitles {
  readonly books = new Map<number, BookFields>();
  duplicateOf(entry: BookFields): number | undefined {
    for (const [id, other] of this.books) {
      if (other.title === entry.title && other.authorFirstName === entry.authorFirstName && other.authorLastName === entry.authorLastName)
        return id;
    }
    return undefined;
  }
  search(query: string): number[] {
    return [...this.books]
      .filter(([, entry]) => entry.title.toLowerCase().includes(query.toLowerCase()))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }
}

/** A title index and the books it indexes, kept side by side as the store keeps them. */
function indexed(): { index: TitleIndex; books: Map<number, BookFields> } {
  const books = new Map<number, BookFields>();
  return { index: new TitleIndex((id) => books.get(id) as BookFields), books };
}

const found = (index: TitleIndex, query: string): number[] => [...index.search(query).ids].sort((a, b) => a - b);

describe('TitleIndex', () => {
  it('finds a duplicate by exact title and names, among books that share a title too', () => {
    const { index, books } = indexed();
    const add = (id: number, entry: BookFields): void => {
      books.set(id, entry);
      index.add(id, entry);
    };
    add(0, book('Same', 'Ann'));
    assert.equal(index.duplicateOf(book('Same', 'Ann')), 0);
    assert.equal(index.duplicateOf(book('Same', 'ann')), undefined);
    assert.equal(index.duplicateOf(book('same', 'Ann')), undefined);
    add(1, book('Same', 'Bob'));
    add(2, book('Same', 'Cy'));
    assert.deepEqual([index.duplicateOf(book('Same', 'Bob')), index.duplicateOf(book('Same', 'Cy'))], [1, 2]);
    // ("a b", "c") and ("a", "b c") are different names.
    add(3, book('Names', 'a b', 'c'));
    assert.equal(index.duplicateOf(book('Names', 'a', 'b c')), undefined);
    index.remove(1, books.get(1) as BookFields);
    assert.equal(index.duplicateOf(book('Same', 'Bob')), undefined);
  });

  it('a replace moves a book to its new title and names at once, and frees the old ones', () => {
    const { index, books } = indexed();
    books.set(0, book('Old Title', 'Ann'));
    index.add(0, books.get(0) as BookFields);
    index.build(() => ['Old Title']);
    const old = books.get(0) as BookFields;
    books.set(0, book('New Title', 'Bob'));
    index.replace(0, old, books.get(0) as BookFields);
    assert.deepEqual([index.duplicateOf(book('New Title', 'Bob')), index.duplicateOf(old)], [0, undefined]);
    assert.deepEqual([found(index, 'new'), found(index, 'old')], [[0], []]);
  });

  it('refuses a title beyond the suffix array without changing anything, on an add or a replace', () => {
    const { index, books } = indexed();
    books.set(0, book('Kept'));
    index.add(0, books.get(0) as BookFields);
    index.build(() => ['Kept']);
    const long = book('x'.repeat(1025));
    assert.throws(() => index.add(1, long), RangeError);
    assert.throws(() => index.replace(0, books.get(0) as BookFields, long), RangeError);
    assert.deepEqual([index.duplicateOf(long), index.duplicateOf(book('Kept')), found(index, 'kept')], [undefined, 0, [0]]);
  });

  it(`answers as the plain index does through a seeded run of adds, removes and replaces (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const words = ['Volume', 'the', 'There', 'İstanbul', 'Straße', 'café', '📚', 'a', '10'];
    const entry = (): BookFields =>
      book(
        Array.from({ length: 1 + random.int(3) }, () => random.pick(words)).join(' '),
        random.pick(['Ann', 'Bob']),
        random.pick(['Lee', 'Ng']),
      );
    const { index, books } = indexed();
    const plain = new PlainTitles();
    for (let step = 0; step < 2500; step++) {
      if (step === 800) index.build(() => Array.from({ length: Math.max(-1, ...books.keys()) + 1 }, (_, id) => books.get(id)?.title));
      const id = random.int(120);
      const old = books.get(id);
      const next = entry();
      // The store's own checks come first: a duplicate never reaches the index.
      const duplicate = plain.duplicateOf(next);
      if (duplicate !== undefined && duplicate !== id) continue;
      if (old === undefined) {
        books.set(id, next);
        index.add(id, next);
      } else if (random.int(3) === 0) {
        books.delete(id);
        index.remove(id, old);
      } else {
        books.set(id, next);
        index.replace(id, old, next);
      }
      plain.books.clear();
      for (const [key, value] of books) plain.books.set(key, value);
      const probe = entry();
      assert.equal(
        index.duplicateOf(probe),
        plain.duplicateOf(probe),
        `step ${step}: duplicate of ${JSON.stringify(probe)} (seed ${SEED})`,
      );
      if (step >= 800) {
        const query = random.pick([...words, 'e', 'he', 'ss', 'i̇', ' ', 'volume the', 'zzz']);
        assert.deepEqual(found(index, query), plain.search(query), `step ${step}: search ${JSON.stringify(query)} (seed ${SEED})`);
      }
    }
  });
});
