/**
 * The build of a suffix array's entries (suffix-build.ts): sorted a part at a time and merged, the
 * same entries as sorted whole; in the worker thread, the same entries as here, list by list, and a
 * failure said.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_IDS } from '../../../src/rooms/indexed/suffix-array.ts';
import { comparedTexts, sortedEntries, sortedInWorker } from '../../../src/rooms/indexed/suffix-build.ts';
import { entryOf, entryOrder } from '../../../src/rooms/indexed/suffix-order.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

const LISTS = [
  ['River', undefined, 'İstanbul nights', 'the river', ''],
  ['Ann Lee', 'Bo Ng', undefined, 'Ann Leeson'],
];

describe('sortedEntries', () => {
  it(`gives, sorted a part at a time and merged, the entries of the sort of all the texts at once (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    // Texts that repeat themselves and one another past the 64 code units an entry's key holds,
    // cased and lower-cased, free ids and empty texts among them.
    const pieces = ['ab', 'AB', 'a', 'İ', '📚', 'river ', 'a'.repeat(70)];
    const texts = comparedTexts(
      Array.from({ length: 400 }, () =>
        random.int(12) === 0
          ? random.pick([undefined, ''])
          : Array.from({ length: 1 + random.int(25) }, () => random.pick(pieces)).join(''),
      ),
    );
    const whole = [...sortedEntries(texts, Infinity)];
    for (const partUnits of [1, 50, 1_000, 10_000])
      assert.deepEqual([...sortedEntries(texts, partUnits)], whole, `parts of ${partUnits} (seed ${SEED})`);
  });

  it('compares two entries from the code units they are known to share, as the merge asks', () => {
    // Told that "xa" and "ya" share their first unit, the order reads on from the second: two.
    const order = entryOrder(['xa', 'ya']);
    assert.equal(order.shared(entryOf(0, 0), entryOf(0, 1), 1), 2);
    assert.equal(order.shared(entryOf(0, 0), entryOf(0, 1), 0), 0);
  });

  it('sorts nothing for no texts, and as a whole a part that is all of them', () => {
    assert.deepEqual([...sortedEntries([])], []);
    assert.deepEqual([...sortedEntries([undefined, ''], 1)], []);
    assert.deepEqual([...sortedEntries(['ba'], 1)], [...sortedEntries(['ba'], Infinity)]);
  });
});

describe('sortedInWorker', () => {
  it('hands back each list’s entries, in order, as the sort in this thread makes them', async () => {
    const handed: [number, number[]][] = [];
    await sortedInWorker(LISTS, (entries, list) => handed.push([list, [...entries]]));
    assert.deepEqual(
      handed,
      LISTS.map((texts, list) => [list, [...sortedEntries(comparedTexts(texts))]]),
    );
  });

  it('fails with what its receiver threw, and sends no more lists', async () => {
    const lists: number[] = [];
    await assert.rejects(
      sortedInWorker(LISTS, (_, list) => {
        lists.push(list);
        throw new Error('a receiver that breaks');
      }),
      { message: 'a receiver that breaks' },
    );
    assert.deepEqual(lists, [0]);
  });

  it('fails with the worker’s own error: a text under an id beyond what an entry can hold', async () => {
    const sparse: (string | undefined)[] = [];
    sparse[MAX_IDS] = 'x';
    await assert.rejects(
      sortedInWorker([sparse], () => {}),
      { name: 'RangeError', message: `id ${MAX_IDS} is beyond the index` },
    );
  });
});
