/**
 * The chunked sorted list against a plain sorted array of the same numbers: every walk, range
 * and page compared, through enough inserts and deletes to split chunks, thin them until they
 * join, and empty the list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { SortedList } from '../../src/books/sorted-list.ts';
import { Random, seedFromEnv } from '../fuzz/random.ts';

const SEED = seedFromEnv();

/** The items of `list` from `start` on, as `walk` gives them. */
function walked(list: SortedList, start = 0, most = Infinity): number[] {
  const items: number[] = [];
  list.walk(start, (item) => items.push(item) < most);
  return items;
}

function ranged(list: SortedList, from: number, to: number): number[] {
  const items: number[] = [];
  list.range(
    (item) => item < from,
    (item) => item < to,
    (chunk, start, end) => items.push(...chunk.subarray(start, end)),
  );
  return items;
}

/** A match set of these numbers, in the shape the suffix array gives one. */
function matchesOf(ids: readonly number[]): { ids: Int32Array; has(id: number): boolean } {
  const set = new Set(ids);
  return { ids: Int32Array.from(ids), has: (id) => set.has(id) };
}

const before = (item: number) => (other: number) => other < item;

describe('SortedList', () => {
  it('an empty list walks, ranges and pages nothing, and ignores deletes', () => {
    const list = new SortedList([], { track: true });
    list.delete(5);
    assert.deepEqual(walked(list), []);
    assert.deepEqual(ranged(list, 0, 10), []);
    assert.deepEqual(list.page(matchesOf([]), 0, 20), []);
    const untracked = new SortedList();
    untracked.delete(5, before(5));
    assert.deepEqual(walked(untracked), []);
  });

  it('starts from sorted items, then keeps each insert in its place', () => {
    const list = new SortedList([10, 20, 30]);
    list.insert(25, before(25));
    list.insert(5, before(5));
    list.insert(35, before(35));
    assert.deepEqual(walked(list), [5, 10, 20, 25, 30, 35]);
    assert.deepEqual(walked(list, 2, 3), [20, 25, 30]);
    assert.deepEqual(walked(list, 6), []);
    assert.deepEqual(ranged(list, 10, 30), [10, 20, 25]);
    assert.deepEqual(ranged(list, 26, 27), []);
    list.delete(20, before(20));
    list.delete(21, before(21)); // not there: nothing changes
    assert.deepEqual(walked(list), [5, 10, 25, 30, 35]);
  });

  it('holds 32-bit unsigned items, the suffix array packs offsets into the top bits', () => {
    const big = 2 ** 32 - 1;
    const list = new SortedList([1, 2 ** 31, big]);
    assert.deepEqual(walked(list), [1, 2 ** 31, big]);
  });

  it('keeps fewer than 2n/512 + 1 chunks for n items, however the deletes fall', () => {
    const list = new SortedList([], { track: true });
    let plain: number[] = [];
    const bound = (): number => (2 * plain.length) / 512 + 1;
    for (let round = 0; round < 3; round++) {
      // Appends fill chunks to the brim; a sweep from the left then keeps one item in a thousand,
      // thinning each chunk while the one to its right is still full.
      const first = round * 40_000;
      for (let item = first; item < first + 40_000; item++) list.insert(item, before(item));
      plain.push(...Array.from({ length: 40_000 }, (_, i) => first + i));
      for (const item of [...plain]) if (item % 1000 !== 0) list.delete(item);
      plain = plain.filter((item) => item % 1000 === 0);
      assert.ok(list.chunkCount < bound(), `${list.chunkCount} chunks for ${plain.length} items, round ${round}`);
      assert.deepEqual(walked(list), plain);
      assert.deepEqual(list.page(matchesOf(plain.slice(5, 50)), 10, 20), plain.slice(15, 35));
    }
  });

  it('cannot delete from a list that does not track its items without being told where to look', () => {
    assert.throws(() => new SortedList([1, 2]).delete(1), TypeError);
  });

  it(`matches a plain sorted array through thousands of inserts and deletes (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const start = Array.from({ length: 3000 }, (_, i) => i * 4);
    const list = new SortedList(start, { track: true });
    let plain = [...start];
    const check = (step: string): void => {
      assert.deepEqual(walked(list), plain, `${step} (seed ${SEED})`);
      const offset = random.int(plain.length + 5);
      assert.deepEqual(walked(list, offset, 7), plain.slice(offset, offset + 7), `${step}: walk from ${offset} (seed ${SEED})`);
      const [from, to] = [random.int(20_000), random.int(20_000)].sort((a, b) => a - b) as [number, number];
      assert.deepEqual(ranged(list, from, to), plain.filter((item) => item >= from && item < to), `${step}: range ${from}..${to} (seed ${SEED})`);
      const matches = plain.filter(() => random.int(3) === 0);
      const skip = random.int(matches.length + 3);
      assert.deepEqual(list.page(matchesOf([...matches].reverse()), skip, 20), matches.slice(skip, skip + 20), `${step}: page at ${skip} (seed ${SEED})`);
    };
    // Inserts between the starting items split the chunks they land in, again and again.
    for (let step = 0; step < 6000; step++) {
      const item = random.int(20_000);
      if (plain.includes(item)) continue;
      list.insert(item, before(item));
      plain.push(item);
      plain.sort((a, b) => a - b);
      if (step % 1000 === 0) check(`insert ${step}`);
    }
    check('after the inserts');
    assert.ok(list.chunkCount < (2 * plain.length) / 512 + 1, `${list.chunkCount} chunks for ${plain.length} items`);
    // Deletes thin the chunks until neighbours join, then empty the list.
    while (plain.length > 0) {
      const item = plain.splice(random.int(plain.length), 1)[0] as number;
      list.delete(item);
      if (plain.length % 997 === 0) check(`${plain.length} left`);
    }
    assert.deepEqual(walked(list), []);
    // A list emptied and filled again, in order, by appends at its end.
    for (let item = 0; item < 2500; item++) list.insert(item, before(item));
    plain = Array.from({ length: 2500 }, (_, item) => item);
    check('appended');
  });
});
