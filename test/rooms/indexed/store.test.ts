/**
 * The indexed store: the BookStore contract the Map store passes, then its own ways (searches in
 * stretches, its capacity, long texts, scans while books move), then a seeded random run of adds,
 * replaces, deletes and queries that compares its every answer with the Map store's.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIELDS } from '../../../src/core/fields.ts';
import { MAX_CAPACITY } from '../../../src/core/settings.ts';
import type { BookFields } from '../../../src/core/book.ts';
import { type AddOutcome, type BookQuery, MapBookStore, type ReplaceOutcome } from '../../../src/core/store.ts';
import { IndexedBookStore } from '../../../src/rooms/indexed/store.ts';
import { collect } from '../../helpers/books.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';
import { book, isbns, ORDERS, storeContract } from '../../helpers/store-contract.ts';

storeContract('IndexedBookStore', (capacity) => new IndexedBookStore(capacity));

/** Titles made to be hard: shared long prefixes, a few common words, case-folding surprises. */
const WORDS = [
  'Volume',
  'vol',
  'the',
  'The',
  'of',
  'İstanbul',
  'Straße',
  'STRASSE',
  'cafe\u0301',
  'café',
  '📚',
  'ǅ',
  'ﬀ',
  'Ω',
  '10',
  '2',
  'a',
  'b\nc',
];
const NEEDLES = [
  'v',
  'vo',
  'vol',
  'volume',
  'the',
  'he v',
  'İ',
  'i̇',
  'ss',
  'ß',
  'é',
  'e\u0301',
  '📚',
  '\ud83d',
  'ǆ',
  'ﬀ',
  'ω',
  '10',
  ' 2',
  'b\nc',
  'c t',
  'zzz',
  ' ',
  'ann',
  'n l',
  'émile',
  'le g',
];

/** Authors kept as given, whose names the view does not show: the filters read these instead. */
const AUTHORS = ['Ursula K. Le Guin', 'ANN the Volume', 'İstanbul Ng', 'Émile  Zola'];

const SEED = seedFromEnv();

describe('IndexedBookStore', () => {
  it('does a long search in stretches, giving the event loop turns, and answers for the moment it ends whatever is written meanwhile', async (t) => {
    const random = new Random(SEED + 2);
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    // Every search is long here, and every stretch waits a turn as soon as it can.
    const fast = new IndexedBookStore(20_000, FIELDS, { quickSearch: 0, stretchMs: 0 });
    const plain = new MapBookStore(20_000);
    const entry = (isbn: string): BookFields =>
      book(
        isbn,
        `${random.pick(['Seeded ', 'Volume ', ''])}${random.pick(WORDS)} ${random.pick(WORDS)} ${random.int(100)}`,
        random.pick(['Ann', 'Émile']),
        random.pick(['Lee', 'Ng']),
      );
    for (let i = 0; i < 6000; i++) {
      const added = entry(`s-${i}`);
      fast.add(added);
      plain.add(added);
    }
    fast.indexTexts();
    let next = 0;
    const queries: BookQuery[] = [
      { title: 'e', offset: 0, limit: 20 },
      { words: ['e', 'n', 'seeded'], sort: { key: 'title', descending: true }, offset: 40, limit: 20 },
      { author: 'n', words: ['1'], offset: 0, limit: 1000 },
      { title: 'volume', author: 'ann', sort: { key: 'author', descending: false }, offset: 5, limit: 10 },
    ];
    for (const query of queries) {
      let done = false;
      const pending = fast.find(query).finally(() => (done = true));
      let turns = 0;
      while (!done) {
        // Books come, go (their ids taken again by the next add) and change, between the stretches.
        const [added, gone, changed] = [entry(`w-${next}`), `s-${(next * 7) % 6000}`, entry(`s-${(next * 13) % 6000}`)];
        for (const store of [fast, plain]) {
          if (turns % 3 === 0) store.add(added);
          else if (turns % 3 === 1) store.remove(gone);
          else store.replace(changed);
        }
        next++;
        turns++;
        await new Promise((resolve) => setImmediate(resolve));
      }
      // The first reads many thousands of entries: it must have given turns away.
      if (query === queries[0]) assert.ok(turns > 2, `the search ended after ${turns} turns: it gave none away`);
      const [actual, expected] = [await pending, await plain.find(query)];
      assert.deepEqual(
        { total: actual.total, isbns: actual.books.map((found) => found.isbn) },
        { total: expected.total, isbns: expected.books.map((found) => found.isbn) },
        `${JSON.stringify(query)} (seed ${SEED})`,
      );
    }
  });

  it('finds a book pending when a long search began, folded in behind the place its walk had reached', async () => {
    const fast = new IndexedBookStore(10_000, FIELDS, { quickSearch: 0, stretchMs: 0 });
    const plain = new MapBookStore(10_000);
    for (const store of [fast, plain]) {
      store.add(book('p', 'nothing here'));
      // Enough entries that the walk pauses, and the fold runs in the pause.
      for (let i = 0; i < 6000; i++) store.add(book(`b-${i}`, `river ${1000 + i}`));
    }
    fast.indexTexts();
    // Pending: its entries still say "nothing here", and its new title sorts first of all the matches.
    for (const store of [fast, plain]) store.replace(book('p', 'river 0000'));
    const [actual, expected] = [await fast.find({ title: 'river', limit: 1 }), await plain.find({ title: 'river', limit: 1 })];
    assert.deepEqual([actual.total, actual.books[0]?.isbn], [expected.total, expected.books[0]?.isbn]);
  });

  it('finds books added while a long search waits, under ids past those it began with', async () => {
    const fast = new IndexedBookStore(10_000, FIELDS, { quickSearch: 0, stretchMs: 0 });
    const plain = new MapBookStore(10_000);
    for (const store of [fast, plain]) for (let i = 0; i < 6000; i++) store.add(book(`b-${i}`, `river ${1000 + i}`));
    fast.indexTexts();
    const searching = fast.find({ title: 'river', limit: 1 });
    await new Promise((resolve) => setImmediate(resolve));
    for (const store of [fast, plain]) for (let i = 0; i < 100; i++) store.add(book(`n-${i}`, `river new ${i}`));
    assert.deepEqual((await searching).total, (await plain.find({ title: 'river', limit: 1 })).total);
  });

  it('runs long searches one after another, each to its end', async () => {
    const store = new IndexedBookStore(5000, FIELDS, { quickSearch: 0, stretchMs: 0 });
    for (let i = 0; i < 3000; i++) store.add(book(`${i}`, `Volume ${i} the end`));
    const ended: number[] = [];
    await Promise.all([0, 1, 2].map((n) => store.find({ title: 'e', limit: 1 }).then(() => ended.push(n))));
    assert.deepEqual(ended, [0, 1, 2]);
  });

  it('holds from none to MAX_CAPACITY books, the ids its title index can pack', async () => {
    assert.equal(new IndexedBookStore(MAX_CAPACITY).capacity, MAX_CAPACITY);
    assert.deepEqual(new IndexedBookStore(0).add(book('1', 'One')), { refused: 'full' });
    assert.throws(() => new IndexedBookStore(-1), RangeError);
    assert.throws(() => new IndexedBookStore(MAX_CAPACITY + 1), {
      name: 'RangeError',
      message: 'a store holds at most 4194304 books, not 4194305',
    });
  });

  it('finds the end of a text longer than an index entry can point into, added before and after the build', async () => {
    // Room in the text budget for two such books: each charges its names as lower-cased, 1,024 code units.
    const store = new IndexedBookStore(20);
    const long = 'İ'.repeat(256); // the shown author "İ…İ İ…İ" lower-cases to 1,025 code units
    store.add(book('1', 'Before', long, long));
    store.indexTexts();
    store.add(book('2', 'After', long, long));
    const last = 'i̇'.slice(-1);
    assert.deepEqual(await isbns({ author: last }, store), ['1', '2']);
    assert.deepEqual(await isbns({ words: [`i${last}`, 'after'] }, store), ['2']);
    store.replace(book('1', 'Before', 'Ann', 'Lee'));
    assert.deepEqual(await isbns({ author: last }, store), ['2']);
  });

  it('a scan in insertion order gives a book replaced meanwhile once, in its place, as it was when its batch was read', async () => {
    const store = new IndexedBookStore(2000);
    for (let i = 0; i < 1000; i++) store.add(book(`${i}`, `Volume ${i}`));
    const given: BookFields[] = [];
    for await (const entry of (await store.scan({})).books) {
      given.push(entry);
      if (given.length !== 300) continue;
      for (let i = 0; i < 1000; i += 7) store.replace(book(`${i}`, `Replaced ${i}`, 'Zed', 'Zimmer'));
    }
    assert.deepEqual(
      given.map((entry) => entry.isbn),
      Array.from({ length: 1000 }, (_, i) => `${i}`),
    );
    // Read before the replace: the first batch, and the second, which was being given.
    assert.deepEqual([given[7]?.title, given[301]?.title], ['Volume 7', 'Volume 301']);
    // Read after it, in the third batch and on.
    assert.deepEqual([given[602]?.title, given[603]?.title, given[994]?.title], ['Replaced 602', 'Volume 603', 'Replaced 994']);
  });
});

describe('IndexedBookStore answers exactly as MapBookStore, through a seeded random run', () => {
  // The seed is in each name, so that it shows on the result line whatever happens.
  // Searches done at once, and every search done in stretches, each stretch as short as it can be;
  // then the text index built in a worker thread from step 1,000 on, while the run goes on.
  for (const [pacing, name] of [
    [{}, ''],
    [{ quickSearch: 0, stretchMs: 0 }, ', every search in stretches'],
    [{ inWorkerFrom: 0, quickSearch: 0, stretchMs: 0 }, ', the text index built in a worker thread meanwhile, every search in stretches'],
  ] as const) {
    it(`thousands of mixed adds, replaces, deletes and queries (filter × sort × page)${name} (ROBUSTNESS_SEED=${SEED})`, async (t) => {
      const seed = SEED;
      const random = new Random(seed);
      t.diagnostic(`seed ${seed} (replay with ROBUSTNESS_SEED=${seed})`);
      const fast = new IndexedBookStore(5000, FIELDS, pacing);
      const plain = new MapBookStore(5000);
      const live: string[] = [];
      let next = 0;
      const building = 'inWorkerFrom' in pacing;
      let [built, whileBuilding] = [false, 0];
      for (let step = 0; step < 6000; step++) {
        if (step === 1000 && building) {
          fast.ready();
          void fast.built.then(() => (built = true));
        }
        // Now and then a turn of the event loop, in which writes are folded into the text index, or its build arrives.
        if (random.int(20) === 0) await new Promise((resolve) => setImmediate(resolve));
        const roll = random.int(10);
        if (roll < 4) {
          const words = Array.from({ length: 1 + random.int(4) }, () => random.pick(WORDS));
          const title = `${random.pick(['Seeded ', 'Seeded Volume ', ''])}${words.join(' ')}`;
          const entry = book(
            `i-${next++}`,
            title,
            random.pick(['Ann', 'ann', 'Émile']),
            random.pick(['Lee', 'lee', 'Ng']),
            random.int(5) === 0 ? random.pick(AUTHORS) : undefined,
          );
          const outcome = fast.add(entry);
          const fields = (result: AddOutcome): object => ('added' in result ? { added: { ...result.added } } : result);
          assert.deepEqual(fields(outcome), fields(plain.add(entry)), `step ${step}: add ${JSON.stringify(entry)} (seed ${seed})`);
          if ('added' in outcome) live.push(entry.isbn);
        } else if (roll < 5 && live.length > 0) {
          const [isbn] = live.splice(random.int(live.length), 1);
          assert.equal(fast.remove(isbn as string), plain.remove(isbn as string), `step ${step} (seed ${seed})`);
        } else if (roll < 6 && live.length > 0) {
          // A new title and names for a book already there: it moves in every order and in the
          // title index, or is refused as a duplicate; now and then the isbn is one that is gone.
          const words = Array.from({ length: 1 + random.int(4) }, () => random.pick(WORDS));
          const isbn = random.int(20) === 0 ? `gone-${step}` : random.pick(live);
          const entry = book(
            isbn,
            `${random.pick(['Seeded ', 'Replaced ', ''])}${words.join(' ')}`,
            random.pick(['Ann', 'Bo', 'Émile']),
            random.pick(['Lee', 'lee', 'Ng']),
            random.int(5) === 0 ? random.pick(AUTHORS) : undefined,
          );
          const fields = (result: ReplaceOutcome): object => ('replaced' in result ? { replaced: { ...result.replaced } } : result);
          assert.deepEqual(
            fields(fast.replace(entry)),
            fields(plain.replace(entry)),
            `step ${step}: replace ${JSON.stringify(entry)} (seed ${seed})`,
          );
        } else {
          // A search before `ready` would build the index here and now.
          if (building && step < 1000) continue;
          if (building && !built) whileBuilding++;
          const query: BookQuery = {
            title: random.int(3) === 0 ? random.pick(NEEDLES) : undefined,
            author: random.int(3) === 0 ? random.pick(NEEDLES) : undefined,
            words: Array.from({ length: random.int(3) }, () => random.pick(NEEDLES)),
            sort: random.int(3) === 0 ? undefined : random.pick(ORDERS),
            ...(random.int(2) === 0 ? {} : { offset: random.int(40) * 5, limit: 1 + random.int(20) }),
          };
          const expected = await plain.find(query);
          const actual = await fast.find(query);
          assert.deepEqual(
            { total: actual.total, isbns: actual.books.map((entry) => entry.isbn) },
            { total: expected.total, isbns: expected.books.map((entry) => entry.isbn) },
            `step ${step}: ${JSON.stringify(query)} (seed ${seed})`,
          );
          if (query.offset === undefined) {
            const scan = await fast.scan(query);
            assert.deepEqual(
              { total: scan.total, isbns: (await collect(scan.books)).map((entry) => entry.isbn) },
              { total: expected.total, isbns: expected.books.map((entry) => entry.isbn) },
              `step ${step}: scan ${JSON.stringify(query)} (seed ${seed})`,
            );
          }
        }
      }
      assert.ok(fast.size > 100, `the run kept ${fast.size} books`);
      if (building) {
        const { inWorker, error } = await fast.built;
        assert.deepEqual([inWorker, whileBuilding > 0], [true, true], `${whileBuilding} searches while building; ${error}`);
      }
    });
  }

  it(`a catalogue large enough to split the kept orders, churned (replaces too) and compared page by page (ROBUSTNESS_SEED=${SEED})`, async (t) => {
    const seed = SEED;
    const random = new Random(seed + 1);
    t.diagnostic(`seed ${seed} (replay with ROBUSTNESS_SEED=${seed})`);
    const fast = new IndexedBookStore(10_000);
    const plain = new MapBookStore(10_000);
    const title = (i: number): string => `Seeded Volume ${random.int(3000)} ${random.pick(WORDS)} ${i}`;
    for (let i = 0; i < 4000; i++) {
      const entry = book(`b-${i}`, title(i), 'Ann', `Lee${random.int(50)}`);
      fast.add(entry);
      plain.add(entry);
    }
    const compare = async (query: BookQuery): Promise<void> => {
      const [a, b] = [await fast.find(query), await plain.find(query)];
      assert.deepEqual(
        { total: a.total, isbns: a.books.map((e) => e.isbn) },
        { total: b.total, isbns: b.books.map((e) => e.isbn) },
        `${JSON.stringify(query)} (seed ${seed})`,
      );
    };
    for (const sort of ORDERS) await compare({ sort, offset: 3000, limit: 50 }); // builds every order
    for (let i = 0; i < 3000; i++) {
      const isbn = `b-${random.int(4000)}`;
      fast.remove(isbn);
      plain.remove(isbn);
      const entry = book(`c-${i}`, title(i), 'Bo', `Ng${random.int(50)}`);
      fast.add(entry);
      plain.add(entry);
      // A book moved: a new title and last name, so a new place in every sort order.
      const moved = book(`${random.pick(['b', 'c'])}-${random.int(i + 1)}`, title(i + 10_000), 'Cy', `Ng${random.int(50)}`);
      assert.deepEqual(Object.keys(fast.replace(moved)), Object.keys(plain.replace(moved)), `replace ${moved.isbn} (seed ${seed})`);
    }
    for (const sort of [undefined, ...ORDERS]) {
      for (const filter of [undefined, 'volume 1', 'seeded', 'e', '7 ']) {
        for (const offset of [0, 1000, 3990]) await compare({ title: filter, sort, offset, limit: 20 });
      }
      // The rarest part finds few books, or thousands (then each part marks a set of bits).
      for (const filter of [
        { author: 'ng1' },
        { author: 'n' },
        { words: ['lee', '1'] },
        { title: 'volume', words: ['ng4', 'e'] },
        { words: ['e', 'seeded', 'o'] },
        { title: 'e', author: 'n' },
      ]) {
        for (const offset of [0, 500, 1990]) await compare({ ...filter, sort, offset, limit: 20 });
      }
    }
  });
});
