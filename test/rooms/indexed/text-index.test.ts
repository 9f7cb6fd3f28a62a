/**
 * The text index against a plain one: the books by id in a map, a duplicate found by looking
 * at every book, a search by the plain rule (bookTest) on every book. Compared through a seeded
 * run of adds, removes and replaces, title and author changes among them, before and after the
 * suffix arrays are built.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, shownAuthor } from '../../../src/core/book.ts';
import { MAX_IDS, MAX_TEXT_LENGTH } from '../../../src/rooms/indexed/suffix-array.ts';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { idsOf } from '../../../src/rooms/indexed/bit-set.ts';
import { Stretch } from '../../../src/rooms/indexed/stretches.ts';
import { sortedInWorker } from '../../../src/rooms/indexed/suffix-build.ts';
import { TextIndex } from '../../../src/rooms/indexed/text-index.ts';
import { CHECK_COST, testCost } from '../../../src/rooms/indexed/text-search.ts';
import { type BookFilter, bookTest } from '../../../src/core/store.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

const book = (title: string, first = 'Ann', last = 'Lee', author?: string): BookFields => ({
  isbn: title,
  title,
  authorFirstName: first,
  authorLastName: last,
  author,
});

/** The obvious text index: every book looked at for every question. */
class PlainTexts {
  readonly books = new Map<number, BookFields>();
  duplicateOf(entry: BookFields): number | undefined {
    for (const [id, other] of this.books) {
      if (other.title === entry.title && other.authorFirstName === entry.authorFirstName && other.authorLastName === entry.authorLastName)
        return id;
    }
    return undefined;
  }
  search(filter: BookFilter): number[] {
    const test = bookTest(filter);
    return [...this.books]
      .filter(([, entry]) => test(entry))
      .map(([id]) => id)
      .sort((a, b) => a - b);
  }
}

/** A text index and the books it indexes, kept side by side as the store keeps them. */
function indexed(): { index: TextIndex; books: Map<number, BookFields> } {
  const books = new Map<number, BookFields>();
  return { index: new TextIndex(() => byId(books)), books };
}

/** The books by id, undefined where an id is free, as the store builds the index from them. */
const byId = (books: Map<number, BookFields>): (BookFields | undefined)[] =>
  Array.from({ length: Math.max(-1, ...books.keys()) + 1 }, (_, id) => books.get(id));

const found = (index: TextIndex, filter: BookFilter | string): number[] =>
  [...index.search(typeof filter === 'string' ? { title: filter } : filter).ids].sort((a, b) => a - b);

describe('TextIndex', () => {
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

  it('a replace moves a book to its new title and names at once, and frees the old ones', async () => {
    const { index, books } = indexed();
    books.set(0, book('Old Title', 'Ann'));
    index.add(0, books.get(0) as BookFields);
    index.build();
    const old = books.get(0) as BookFields;
    books.set(0, book('New Title', 'Bob'));
    index.replace(0, old, books.get(0) as BookFields);
    assert.deepEqual([index.duplicateOf(book('New Title', 'Bob')), index.duplicateOf(old)], [0, undefined]);
    assert.deepEqual([found(index, 'new'), found(index, 'old')], [[0], []]);
    await index.folded();
    assert.deepEqual([found(index, 'new'), found(index, 'old')], [[0], []]);
  });

  it('refuses an id beyond the suffix arrays without changing anything', () => {
    const { index, books } = indexed();
    books.set(0, book('Kept'));
    index.add(0, books.get(0) as BookFields);
    index.build();
    const beyond = book('Beyond');
    assert.throws(() => index.add(MAX_IDS, beyond), RangeError);
    assert.deepEqual([index.duplicateOf(beyond), index.duplicateOf(book('Kept')), found(index, 'e')], [undefined, 0, [0]]);
  });

  it('finds by the shown author: the kept author, or else the names joined, and a word in either text', async () => {
    const { index, books } = indexed();
    books.set(0, book('Rings', 'John', 'Tolkien'));
    index.add(0, books.get(0) as BookFields);
    index.build();
    books.set(1, book('Earthsea', 'Ursula', 'K.', 'Ursula K. Le Guin'));
    books.set(2, book('Tolkien: a life', 'Hum', 'Carpenter'));
    index.add(1, books.get(1) as BookFields);
    index.add(2, books.get(2) as BookFields);
    // Asked while two of the books are pending, then once the arrays have them.
    for (const when of ['pending', 'folded']) {
      if (when === 'folded') await index.folded();
      assert.deepEqual(found(index, { author: 'n tolk' }), [0], when);
      assert.deepEqual(found(index, { author: 'le guin' }), [1], when);
      assert.deepEqual(found(index, { words: ['tolkien'] }), [0, 2], when);
      assert.deepEqual(found(index, { words: ['tolkien', 'rings'] }), [0], when);
      assert.deepEqual(found(index, { title: 'life', words: ['CARP'] }), [2], when);
      assert.deepEqual(found(index, { title: 'life', author: 'john' }), [], when);
      // "n t" spans the names' join, so it is found in the shown author only.
      assert.deepEqual(found(index, { words: ['n t'] }), [0], when);
    }
  });

  it('finds a short needle at the very end of an author longer than an entry can point into', async () => {
    const { index, books } = indexed();
    const long = 'İ'.repeat(256); // 512 code units lower-cased, so the shown author has 1,025
    books.set(0, book('Short', long, long));
    books.set(1, book('Other', 'Ann', 'Li'));
    for (const [id, entry] of books) index.add(id, entry);
    index.build();
    assert.ok(shownAuthor(books.get(0) as BookFields).toLowerCase().length > MAX_TEXT_LENGTH);
    const last = 'i̇'.slice(-1); // the combining dot that ends the text, past the last entry
    assert.deepEqual(found(index, { author: last }), [0]);
    assert.deepEqual(found(index, { author: `i${last}` }), [0]);
    assert.deepEqual(found(index, { author: 'i' }), [0, 1]);
    // Each answer twice: while the write is pending, then once the arrays have it.
    index.remove(0, books.get(0) as BookFields);
    books.delete(0);
    assert.deepEqual(found(index, { author: last }), []);
    await index.folded();
    assert.deepEqual(found(index, { author: last }), []);
    books.set(2, book('Again', long, long));
    index.add(2, books.get(2) as BookFields);
    assert.deepEqual(found(index, { author: last }), [2]);
    await index.folded();
    assert.deepEqual(found(index, { author: last }), [2]);
  });

  it(`answers as the plain index does through a seeded run of adds, removes and replaces (ROBUSTNESS_SEED=${SEED})`, async (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const words = ['Volume', 'the', 'There', 'İstanbul', 'Straße', 'café', '📚', 'a', '10'];
    const entry = (): BookFields =>
      book(
        Array.from({ length: 1 + random.int(3) }, () => random.pick(words)).join(' '),
        random.pick(['Ann', 'Anna', 'Bob']),
        random.pick(['Lee', 'Ng', 'Leeson']),
        // Sometimes an author kept as given, whose names the view does not show.
        random.int(4) === 0 ? random.pick(['Ursula K. Le Guin', 'the Lee', 'İSTANBUL ANN']) : undefined,
      );
    const { index, books } = indexed();
    const plain = new PlainTexts();
    for (let step = 0; step < 2500; step++) {
      if (step === 800) index.build();
      // Now and then the writes so far are folded into the arrays; otherwise some are still pending.
      if (step > 800 && random.int(8) === 0) await index.folded();
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
      // Before the build, every search reads every book.
      if (step >= 400) {
        const needles = [...words, 'e', 'he', 'ss', 'i̇', ' ', 'volume the', 'zzz', 'ann', 'lee', 'b ', 'le g'];
        const title = random.int(3) === 0 ? random.pick(needles) : undefined;
        const author = random.int(3) === 0 ? random.pick(needles) : undefined;
        // At least one part: a filter of none is every book, which the index is never asked.
        const count = random.int(4) || Number(title === undefined && author === undefined);
        const filter: BookFilter = { title, author, words: Array.from({ length: count }, () => random.pick(needles)) };
        assert.deepEqual(found(index, filter), plain.search(filter), `step ${step}: search ${JSON.stringify(filter)} (seed ${SEED})`);
      }
    }
  });

  it('builds the arrays in a worker thread while writes go on, and answers as the plain index before, during and after', async () => {
    const { index, books } = indexed();
    const plain = new PlainTexts();
    const write = (id: number, entry: BookFields | undefined): void => {
      const old = books.get(id);
      if (entry === undefined) books.delete(id);
      else books.set(id, entry);
      if (old === undefined) index.add(id, entry as BookFields);
      else if (entry === undefined) index.remove(id, old);
      else index.replace(id, old, entry);
      plain.books.clear();
      for (const [key, value] of books) plain.books.set(key, value);
    };
    const titles = ['İstanbul nights', 'Straße', 'the river', 'a café', 'River Song'];
    for (let id = 0; id < 40; id++) write(id, book(`${titles[id % titles.length]} ${id}`, 'Ann', `Lee${id}`));
    const same = (when: string): void => {
      for (const filter of [{ title: 'river' }, { title: 'i̇' }, { author: 'lee1' }, { words: ['the', 'river'] }, { title: 'ß' }])
        assert.deepEqual(found(index, filter), plain.search(filter), `${when}: ${JSON.stringify(filter)}`);
    };
    const building = index.buildInWorker();
    write(3, undefined);
    write(40, book('Late river', 'Bo', 'Ng'));
    write(7, book('İstanbul river', 'Cy', 'Lee7'));
    same('while the worker sorts');
    const built = await building;
    assert.equal(built.inWorker, true, built.error);
    assert.ok(built.ms >= 0);
    same('once the arrays arrive, three writes pending');
    await index.folded();
    same('once the three are folded in');
    write(41, book('Last river', 'Di', 'Lee41'));
    same('with a write pending');
    await index.folded();
    same('once every write is folded in');
    // A second build changes nothing: the arrays are kept up to date from the first.
    assert.equal((await index.buildInWorker()).inWorker, false);
    same('after a second build');
  });

  it('when the worker thread fails, leaves the arrays unbuilt and answers every search by the plain rule, writes included', async () => {
    const { index, books } = indexed();
    const plain = new PlainTexts();
    for (let id = 0; id < 20; id++) books.set(id, book(`River ${id}`, 'Ann', `Lee${id}`));
    for (const [id, entry] of books) index.add(id, entry);
    const built = await index.buildInWorker(() => Promise.reject(new Error('no thread')));
    assert.deepEqual(built, { inWorker: false, ms: built.ms, error: 'Error: no thread' });
    books.set(20, book('Late river', 'Bo', 'Ng'));
    index.add(20, books.get(20) as BookFields);
    index.remove(3, books.get(3) as BookFields);
    books.delete(3);
    for (const [id, entry] of books) plain.books.set(id, entry);
    assert.equal(index.cost({ title: 'river' }), Infinity);
    for (const filter of [{ title: 'river' }, { author: 'lee1' }, { words: ['late', 'ng'] }])
      assert.deepEqual(found(index, filter), plain.search(filter), JSON.stringify(filter));
    // No build follows: the service would otherwise sort the catalogue on the thread that serves.
    index.build();
    assert.equal(index.cost({ title: 'river' }), Infinity);
  });
});

/** A text index over a plain list of books by id, as the store's records hold them. */
const over = (list: (BookFields | undefined)[], foldMs?: number): TextIndex => new TextIndex(() => list, foldMs);
const byRule = (list: (BookFields | undefined)[], filter: BookFilter): number[] =>
  list.flatMap((entry, id) => (entry !== undefined && bookTest(filter)(entry) ? [id] : []));
const inOrder = (ids: Iterable<number>): number[] => [...ids].sort((a, b) => a - b);

describe('TextIndex: each way a search can go, its cost, and its folds', () => {
  // 10,000 books: "red river" and "blue river" by turns, Ann for two of three, Bob for the third.
  const rivers = Array.from({ length: 10_000 }, (_, i) => book(i % 2 ? 'red river' : 'blue river', i % 3 ? 'Ann' : 'Bob', 'Lee'));

  it('several parts whose rarest reads thousands of entries: each marks a set of bits, and the sets are intersected', () => {
    const index = over(rivers);
    index.build();
    for (const filter of [{ title: 'red', author: 'ann' }, { title: 'river', words: ['red'] }, { words: ['blue', 'bob'] }])
      assert.deepEqual(inOrder(index.search(filter).ids), byRule(rivers, filter), JSON.stringify(filter));
  });

  it('a rarest part that finds few books beside what another reads: those books are checked by hand', () => {
    const list = [
      ...Array.from({ length: 70 }, (_, i) => book('a'.repeat(1000), i < 20 ? 'Ann' : 'Bob', i < 20 ? 'Lee' : 'Ng')),
      ...Array.from({ length: 6000 }, () => book('River')),
    ];
    const index = over(list);
    index.build();
    assert.deepEqual(
      inOrder(index.search({ title: 'a', author: 'lee' }).ids),
      Array.from({ length: 20 }, (_, i) => i),
    );
  });

  it('a search in stretches finds a pending book under an id past the bits it began with', async () => {
    const list: (BookFields | undefined)[] = Array.from({ length: 32 }, (_, i) => book(`x ${i}`));
    const index = over(list);
    index.build();
    list[64] = book('target');
    index.add(64, list[64] as BookFields);
    assert.deepEqual([...idsOf(await index.searchInStretches({ title: 'target' }, new Stretch()))], [64]);
  });

  it('prices pending books by their text: a check for every 64 code units begun, none for a free id', () => {
    const list = [book('a'.repeat(100)), undefined, book('b')];
    // "aaa…" and "Ann Lee": 107 code units, two checks; "b" and "Ann Lee", one.
    assert.equal(
      testCost([0, 1, 2], () => list),
      3 * CHECK_COST,
    );
  });

  it('folds a stretch a turn: a short stretch leaves writes pending after a turn, a long one folds them all', async () => {
    for (const [foldMs, left] of [
      [0, true],
      [1000, false],
    ] as const) {
      const list: (BookFields | undefined)[] = [];
      const index = over(list, foldMs);
      index.build();
      for (let id = 0; id < 50; id++) {
        list[id] = book(`b ${id}`);
        index.add(id, list[id] as BookFields);
      }
      await nextTurn();
      assert.equal(index.cost({ title: 'zzz' }) > 0, left, `foldMs ${foldMs}`);
      await index.folded();
      assert.equal(index.cost({ title: 'zzz' }), 0);
    }
  });

  it('a build here says so and its time; after it, a search is priced by the arrays, and no second build sorts again', async () => {
    const index = over(rivers.slice(0, 10));
    const before = performance.now();
    const built = index.build();
    assert.deepEqual(built, { inWorker: false, ms: built.ms });
    assert.ok(built.ms >= 0 && built.ms <= performance.now() - before + 1);
    assert.ok(Number.isFinite(index.cost({ title: 'river' })));
    let sorts = 0;
    assert.deepEqual(await index.buildInWorker(async () => void sorts++), { inWorker: false, ms: 0 });
    assert.equal(sorts, 0);
  });

  it('`folded` waits for the arrays when a write comes while the worker sorts, and settles after a failed sort', async () => {
    const list: (BookFields | undefined)[] = [book('River')];
    const index = over(list);
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const building = index.buildInWorker(async (lists, each) => {
      await held;
      return sortedInWorker(lists, each);
    });
    list[1] = book('Sea');
    index.add(1, list[1]);
    let settled = false;
    const folded = index.folded().then(() => (settled = true));
    await nextTurn();
    assert.equal(settled, false);
    release();
    await building;
    await folded;
    assert.deepEqual(inOrder(index.search({ title: 'sea' }).ids), [1]);

    const failing = over([book('River')]);
    const failed = failing.buildInWorker(async () => {
      await nextTurn();
      throw new Error('no thread');
    });
    failing.add(1, book('Sea'));
    await failed;
    await failing.folded();
  });
});
