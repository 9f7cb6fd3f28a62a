/**
 * The chunked sorted list and the tracked list against a plain sorted array of the same numbers:
 * positions, reads, walks and pages compared, through enough inserts and deletes to split
 * chunks, thin them until they join, and empty the list.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { chunkAt, indexAt, positionOf, SortedList } from '../../../src/rooms/indexed/sorted-list.ts';
import { TrackedList } from '../../../src/rooms/indexed/tracked-list.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

/** Every item, read through the plain reads a search of its own would use. */
function items(list: SortedList): number[] {
  const all: number[] = [];
  for (let chunk = 0; chunk < list.chunkCount; chunk++) {
    all.push(...list.itemsOf(chunk).subarray(0, list.sizeOf(chunk)));
    assert.equal(list.lastOf(chunk), all.at(-1));
  }
  return all;
}

/** The items of `list` from `start` on, as `walk` gives them. */
function walked(list: TrackedList, start = 0, most = Infinity): number[] {
  const found: number[] = [];
  list.walk(start, (item) => found.push(item) < most);
  return found;
}

/** A match set of these numbers, in the shape the suffix array gives one. */
function matchesOf(ids: readonly number[]): { ids: Int32Array; has(id: number): boolean } {
  const set = new Set(ids);
  return { ids: Int32Array.from(ids), has: (id) => set.has(id) };
}

const below = (item: number, target: number): boolean => item < target;
const insert = (list: SortedList, item: number): void => list.insertAt(list.bisect(below, item), item);

/** How many items come before `position`, counted chunk by chunk. */
function rank(list: SortedList, position: number): number {
  let count = indexAt(position);
  for (let chunk = 0; chunk < chunkAt(position); chunk++) count += list.sizeOf(chunk);
  return count;
}

describe('SortedList', () => {
  it('an empty list has no chunks; a bisection lands at its start', () => {
    const list = new SortedList();
    assert.equal(list.chunkCount, 0);
    assert.equal(list.bisect(below, 5), positionOf(0, 0));
    insert(list, 5);
    assert.deepEqual(items(list), [5]);
  });

  it('starts from sorted items, then puts each insert where bisect says, and deletes at a position', () => {
    const list = new SortedList([10, 20, 30]);
    for (const item of [25, 5, 35]) insert(list, item);
    assert.deepEqual(items(list), [5, 10, 20, 25, 30, 35]);
    assert.equal(rank(list, list.bisect(below, 21)), 3);
    list.deleteAt(list.bisect(below, 20));
    assert.deepEqual(items(list), [5, 10, 25, 30, 35]);
    list.append(40);
    assert.deepEqual(items(list), [5, 10, 25, 30, 35, 40]);
  });

  it('starts from sorted items in chunks of seven eighths; given back, a resizable buffer is left empty, and is only read otherwise', () => {
    for (const length of [0, 1, 895, 896, 897, 896 * 300 + 5]) {
      const expected = Array.from({ length }, (_, at) => at * 2);
      const sizes = Array.from({ length: Math.ceil(length / 896) }, (_, chunk) => Math.min(896, length - chunk * 896));
      for (const giveBack of [true, false]) {
        const buffer = new ArrayBuffer(length * 4, { maxByteLength: length * 4 });
        new Uint32Array(buffer).set(expected);
        const list = new SortedList(new Uint32Array(buffer), giveBack);
        assert.deepEqual(items(list), expected, `length ${length}`);
        assert.deepEqual(
          Array.from({ length: list.chunkCount }, (_, chunk) => list.sizeOf(chunk)),
          sizes,
        );
        assert.equal(buffer.byteLength, giveBack ? 0 : length * 4, `length ${length}`);
      }
      assert.deepEqual(items(new SortedList(expected)), expected);
    }
  });

  it('passes the target through to the test, so one function serves every search', () => {
    const list = new SortedList([1, 3, 5, 7]);
    const seen: string[] = [];
    list.bisect(
      (item, target: { value: number }) => {
        seen.push(`${item}<${target.value}`);
        return item < target.value;
      },
      { value: 4 },
    );
    assert.ok(seen.length > 0 && seen.every((entry) => entry.endsWith('<4')), seen.join(' '));
  });

  it('holds 32-bit unsigned items, as the suffix array packs offsets into the top bits', () => {
    const big = 2 ** 32 - 1;
    assert.deepEqual(items(new SortedList([1, 2 ** 31, big])), [1, 2 ** 31, big]);
  });

  it('a position names a chunk and an index in it, the index up to the chunk size itself', () => {
    assert.deepEqual([chunkAt(positionOf(3, 1024)), indexAt(positionOf(3, 1024))], [3, 1024]);
    assert.deepEqual([chunkAt(positionOf(70_000, 0)), indexAt(positionOf(70_000, 7))], [70_000, 7]);
  });

  it(`matches a plain sorted array through thousands of inserts and deletes (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const list = new SortedList(Array.from({ length: 3000 }, (_, i) => i * 4));
    let plain = Array.from({ length: 3000 }, (_, i) => i * 4);
    for (let step = 0; step < 6000; step++) {
      const item = random.int(20_000);
      if (plain.includes(item)) continue;
      insert(list, item);
      plain.push(item);
      plain.sort((a, b) => a - b);
      const probe = random.int(20_000);
      assert.equal(rank(list, list.bisect(below, probe)), plain.filter((x) => x < probe).length, `step ${step} (seed ${SEED})`);
    }
    assert.deepEqual(items(list), plain);
    while (plain.length > 0) {
      const item = plain.splice(random.int(plain.length), 1)[0] as number;
      list.deleteAt(list.bisect(below, item));
      if (plain.length % 997 === 0) assert.deepEqual(items(list), plain, `${plain.length} left (seed ${SEED})`);
    }
    assert.equal(list.chunkCount, 0);
  });
});

describe('TrackedList', () => {
  it('an empty list walks and pages nothing, finds nothing, and ignores deletes', () => {
    const list = new TrackedList();
    assert.equal(list.delete(5), false);
    assert.equal(list.find(5), undefined);
    assert.deepEqual(walked(list), []);
    assert.deepEqual(list.page(matchesOf([]), 0, 20), []);
  });

  it('finds and deletes an item without a search, walks from an index or a position, and appends', () => {
    const list = new TrackedList([2, 4, 6]);
    list.append(9);
    const at = list.find(6);
    assert.ok(at !== undefined);
    assert.equal(rank(list, at), 2);
    const from: number[] = [];
    list.walkFrom(at, (item) => from.push(item) < 10);
    assert.deepEqual(from, [6, 9]);
    assert.deepEqual(walked(list, 1, 2), [4, 6]);
    assert.equal(list.delete(4), true);
    assert.equal(list.delete(4), false);
    assert.deepEqual(walked(list), [2, 6, 9]);
  });

  it('finds an item far past every item before it, in a chunk after the first', () => {
    // Items 0 to 1,499 fill two chunks; 5,000 lies beyond twice any table of chunks sized for them.
    const list = new TrackedList(Array.from({ length: 1500 }, (_, item) => item));
    list.append(5000);
    assert.equal(list.delete(5000), true);
    assert.equal(list.find(5000), undefined);
    assert.deepEqual(walked(list, 1499), [1499]);
  });

  it('pages past four billion matches to nothing, as past any other end', () => {
    // Appended one by one, as books are, the first chunk fills to 1,024 items: an offset of
    // 2^32 - 1,024 then equals its count, were the counts to wrap around 32 bits.
    const list = new TrackedList();
    for (let item = 0; item < 1100; item++) list.append(item);
    const every = matchesOf(Array.from({ length: 1100 }, (_, item) => item));
    assert.deepEqual(list.page(every, 2 ** 32 - 1024, 1), []);
    assert.deepEqual(list.page(every, 1099, 5), [1099]);
  });

  it('keeps fewer than 2n/512 + 1 chunks for n items, however the deletes fall', () => {
    const list = new TrackedList();
    let plain: number[] = [];
    for (let round = 0; round < 3; round++) {
      // Appends fill chunks to the brim; a sweep from the left then keeps one item in a thousand,
      // thinning each chunk while the one to its right is still full.
      const first = round * 40_000;
      for (let item = first; item < first + 40_000; item++) list.append(item);
      plain.push(...Array.from({ length: 40_000 }, (_, i) => first + i));
      for (const item of [...plain]) if (item % 1000 !== 0) list.delete(item);
      plain = plain.filter((item) => item % 1000 === 0);
      assert.ok(list.chunkCount < (2 * plain.length) / 512 + 1, `${list.chunkCount} chunks for ${plain.length} items, round ${round}`);
      assert.deepEqual(walked(list), plain);
      assert.deepEqual(list.page(matchesOf(plain.slice(5, 50)), 10, 20), plain.slice(15, 35));
    }
  });

  it(`matches a plain sorted array: walks, pages and finds, through inserts and deletes (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const start = Array.from({ length: 3000 }, (_, i) => i * 4);
    const list = new TrackedList(start);
    let plain = [...start];
    const check = (step: string): void => {
      assert.deepEqual(walked(list), plain, `${step} (seed ${SEED})`);
      const offset = random.int(plain.length + 5);
      assert.deepEqual(walked(list, offset, 7), plain.slice(offset, offset + 7), `${step}: walk from ${offset} (seed ${SEED})`);
      const item = plain[random.int(plain.length)];
      if (item !== undefined)
        assert.equal(rank(list, list.find(item) as number), plain.indexOf(item), `${step}: find ${item} (seed ${SEED})`);
      const matches = plain.filter(() => random.int(3) === 0);
      const skip = random.int(matches.length + 3);
      assert.deepEqual(
        list.page(matchesOf([...matches].reverse()), skip, 20),
        matches.slice(skip, skip + 20),
        `${step}: page at ${skip} (seed ${SEED})`,
      );
    };
    // Inserts between the starting items split the chunks they land in, again and again.
    for (let step = 0; step < 6000; step++) {
      const item = random.int(20_000);
      if (plain.includes(item)) continue;
      insert(list, item);
      plain.push(item);
      plain.sort((a, b) => a - b);
      if (step % 1000 === 0) check(`insert ${step}`);
    }
    check('after the inserts');
    assert.ok(list.chunkCount < (2 * plain.length) / 512 + 1, `${list.chunkCount} chunks for ${plain.length} items`);
    // Deletes thin the chunks until neighbours join, then empty the list.
    while (plain.length > 0) {
      const item = plain.splice(random.int(plain.length), 1)[0] as number;
      assert.equal(list.delete(item), true);
      if (plain.length % 997 === 0) check(`${plain.length} left`);
    }
    assert.deepEqual(walked(list), []);
    for (let item = 0; item < 2500; item++) list.append(item);
    plain = Array.from({ length: 2500 }, (_, item) => item);
    check('appended');
  });
});
