/**
 * The kept orders against plain ones: the live books sorted afresh for every question, with
 * `Array.prototype.sort` (stable, so ties keep insertion order). Walks, pages of a match set and
 * scans compared through a seeded run of adds, removes and replaces that move books.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, textLength } from '../../../src/core/book.ts';
import { SORT_KEYS } from '../../../src/core/fields.ts';
import { KeptOrders } from '../../../src/rooms/indexed/kept-orders.ts';
import type { SortOrder } from '../../../src/core/store.ts';
import { RecordTable } from '../../../src/rooms/indexed/records.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';
import { collect } from '../../helpers/books.ts';

const SEED = seedFromEnv();
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const ORDERS: readonly (SortOrder | undefined)[] = [
  undefined,
  ...SORT_KEYS.flatMap((key) => [false, true].map((descending) => ({ key, descending }))),
];

const book = (isbn: string, title: string, first = 'Ann', last = 'Lee'): BookFields => ({
  isbn,
  title,
  authorFirstName: first,
  authorLastName: last,
  author: undefined,
});

/** The plain order: the live ids sorted afresh, by key, ties by when the book was added. */
function plainOrder(records: RecordTable, sort: SortOrder | undefined): number[] {
  const ids = [...records.liveIds()].sort((a, b) => records.addedAt(a) - records.addedAt(b));
  if (sort === undefined) return ids;
  const keys = (entry: BookFields): string[] =>
    sort.key === 'author' ? [entry.authorLastName, entry.authorFirstName] : [entry[sort.key], ''];
  const compare = (a: BookFields, b: BookFields): number =>
    collator.compare(keys(a)[0] as string, keys(b)[0] as string) || collator.compare(keys(a)[1] as string, keys(b)[1] as string);
  return ids.sort((a, b) => (sort.descending ? compare(records.book(b), records.book(a)) : compare(records.book(a), records.book(b))));
}

function walked(orders: KeptOrders, sort: SortOrder | undefined): number[] {
  const ids: number[] = [];
  orders.list(sort).walk(0, (id) => ids.push(id) > 0);
  return ids;
}

/** A store's three steps for each write, records first, as IndexedBookStore takes them. */
function writer(records: RecordTable, orders: KeptOrders) {
  return {
    add: (entry: BookFields): void => orders.add(records.add(entry)),
    remove: (isbn: string): void => {
      const id = records.idOf(isbn) as number;
      orders.remove(id);
      records.remove(id);
    },
    replace: (entry: BookFields): void => {
      const id = records.idOf(entry.isbn) as number;
      orders.replace(id, records.replace(id, entry));
    },
  };
}

describe('KeptOrders', () => {
  it('keeps a replaced book in its place in insertion order, and moves it in a sort order only when its key changed', async () => {
    const records = new RecordTable(10_000, textLength);
    const orders = new KeptOrders(records);
    const write = writer(records, orders);
    for (const [isbn, title] of [
      ['a', 'Banana'],
      ['b', 'Apple'],
      ['c', 'Cherry'],
    ] as const)
      write.add(book(isbn, title));
    const byTitle = { key: 'title', descending: false } as const;
    const isbns = (sort: SortOrder | undefined): string[] => walked(orders, sort).map((id) => records.book(id).isbn);
    assert.deepEqual(isbns(byTitle), ['b', 'a', 'c']);
    write.replace(book('a', 'Date'));
    assert.deepEqual(
      [isbns(undefined), isbns(byTitle)],
      [
        ['a', 'b', 'c'],
        ['b', 'c', 'a'],
      ],
    );
    // "apple" and "Apple" are the same key to the collator: the book stays where it was.
    write.replace(book('b', 'apple', 'Zed'));
    assert.deepEqual(
      [isbns(byTitle), isbns({ key: 'author', descending: false })],
      [
        ['b', 'c', 'a'],
        ['a', 'c', 'b'],
      ],
    );
  });

  it(`walks, pages and scans as the plain orders do, through adds, removes and replaces (ROBUSTNESS_SEED=${SEED})`, async (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const records = new RecordTable(1_000_000, textLength);
    const orders = new KeptOrders(records);
    const write = writer(records, orders);
    const titles = ['Vol 2', 'vol 10', 'éclair', 'Eclair', 'apple', 'Zebra', 'the end'];
    const entry = (isbn: string): BookFields =>
      book(isbn, `${random.pick(titles)} ${random.int(30)}`, random.pick(['Ann', 'bob', 'Émile']), random.pick(['Lee', 'lee', 'Ng']));
    let next = 0;
    for (let i = 0; i < 1500; i++) write.add(entry(`s${next++}`));
    for (const sort of ORDERS) walked(orders, sort); // every order built, and kept from here on
    for (let step = 0; step < 3000; step++) {
      const live = [...records.liveIds()].map((id) => records.book(id).isbn);
      const roll = random.int(3);
      if (roll === 0) write.add(entry(`s${next++}`));
      else if (roll === 1) write.remove(random.pick(live));
      else write.replace(entry(random.pick(live)));
      if (step % 100 !== 0) continue;
      for (const sort of ORDERS) {
        const expected = plainOrder(records, sort);
        assert.deepEqual(walked(orders, sort), expected, `step ${step}: ${JSON.stringify(sort)} (seed ${SEED})`);
        const matches = expected.filter(() => random.int(4) === 0);
        const offset = random.int(matches.length + 5);
        const set = new Set(matches);
        const page = orders.list(sort).page({ ids: Int32Array.from(matches).reverse(), has: (id) => set.has(id) }, offset, 20);
        assert.deepEqual(
          page,
          matches.slice(offset, offset + 20),
          `step ${step}: page at ${offset} of ${JSON.stringify(sort)} (seed ${SEED})`,
        );
        assert.deepEqual(
          await collect(orders.scan(sort, (book) => set.has(records.idOf(book.isbn) as number))),
          matches.map((id) => records.book(id)),
          `step ${step}: scan`,
        );
      }
    }
  });

  it('a scan across writes goes on from the last book it gave: each book once, every book there all along', async () => {
    for (const sort of ORDERS) {
      const records = new RecordTable(1_000_000, textLength);
      const orders = new KeptOrders(records);
      const write = writer(records, orders);
      for (let i = 0; i < 1000; i++) write.add(book(`${i}`, `Volume ${(i * 7919) % 1000}`, `F${i % 13}`, `L${i % 17}`));
      const given: string[] = [];
      const before = plainOrder(records, sort).map((id) => records.book(id).isbn);
      for await (const entry of orders.scan(sort, () => true)) {
        given.push(entry.isbn);
        if (given.length !== 300) continue;
        // Between batches: books go, read and unread, new ones come, and some are replaced
        // with the same keys, so that their places stay where they were.
        for (let i = 0; i < 1000; i += 9) write.remove(`${i}`);
        for (let i = 0; i < 100; i++) write.add(book(`new-${i}`, `Volume ${i * 10} new`, `F${i}`, 'L'));
        for (let i = 5; i < 1000; i += 50) {
          const id = records.idOf(`${i}`);
          if (id !== undefined) write.replace({ ...records.book(id), author: 'kept keys' });
        }
      }
      assert.equal(new Set(given).size, given.length, `a book given twice in ${JSON.stringify(sort)}`);
      const survivors = before.filter((isbn) => records.idOf(isbn) !== undefined);
      assert.deepEqual(
        given.filter((isbn) => survivors.includes(isbn)),
        survivors,
        JSON.stringify(sort),
      );
    }
  });

  it('builds every sort order at once, and keeps each one right through adds, removes and replaces', async () => {
    const records = new RecordTable(1_000_000, textLength);
    const orders = new KeptOrders(records);
    const write = writer(records, orders);
    for (let i = 0; i < 300; i++) write.add(book(`${i}`, `Volume ${(i * 37) % 100}`, `F${i % 7}`, `L${i % 11}`));
    orders.buildAll();
    for (let i = 0; i < 300; i += 4) write.remove(`${i}`);
    for (let i = 0; i < 50; i++) write.add(book(`n-${i}`, `Volume ${i}`, `G${i % 3}`, `M${i % 5}`));
    for (let i = 1; i < 300; i += 10) write.replace(book(`${i}`, `Renamed ${i}`, 'Zed', 'Adams'));
    for (const sort of ORDERS) assert.deepEqual(walked(orders, sort), plainOrder(records, sort), JSON.stringify(sort));
  });
});
