/**
 * The merge by longest common prefixes (lcp-merge.ts) against a plain sort of both runs' items:
 * words of a few letters, cut to their first CUT letters and then told apart by their numbers, as
 * suffix entries are by their first code units and then by entry.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { lcpMerged, type Run, type SharedOrder } from '../../../src/rooms/indexed/lcp-merge.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();
const CUT = 6;

/** Item `i` is `words[i]`, compared by its first CUT letters, then by `i`. */
function wordOrder(words: readonly string[]): SharedOrder {
  const restOf = (item: number): number => Math.min((words[item] as string).length, CUT);
  return {
    shared(a, b, known) {
      let shared = known;
      while (shared < Math.min(restOf(a), restOf(b)) && words[a]?.[shared] === words[b]?.[shared]) shared++;
      return shared;
    },
    before(a, b, shared) {
      if (shared < Math.min(restOf(a), restOf(b))) return (words[a] as string).charCodeAt(shared) < (words[b] as string).charCodeAt(shared);
      return restOf(a) - restOf(b) < 0 || (restOf(a) === restOf(b) && a < b);
    },
  };
}

/** The plain reading: the items sorted by key, then by number, each with the letters its key shares with the one before. */
function plainRun(words: readonly string[], items: readonly number[]): Run {
  const key = (item: number): string => (words[item] as string).slice(0, CUT);
  const sorted = [...items].sort((a, b) => (key(a) < key(b) ? -1 : key(a) > key(b) ? 1 : a - b));
  const shared = sorted.map((item, at) => {
    if (at === 0) return 0;
    const [x, y] = [key(sorted[at - 1] as number), key(item)];
    let count = 0;
    while (count < Math.min(x.length, y.length) && x[count] === y[count]) count++;
    return count;
  });
  return { items: Uint32Array.from(sorted), shared: Uint8Array.from(shared) };
}

const plain = (run: Run): { items: number[]; shared: number[] } => ({ items: [...run.items], shared: [...run.shared] });

describe('lcpMerged', () => {
  it(`merges two runs into the order a plain sort gives, with what each item shares with the one before (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    for (let round = 0; round < 200; round++) {
      // Few letters, so that runs share long beginnings and many keys are alike in all CUT letters.
      const letters = random.pick(['ab', 'abc', 'a', 'abcdefgh']);
      const words = Array.from({ length: random.int(60) }, () =>
        Array.from({ length: random.int(10) }, () => letters[random.int(letters.length)]).join(''),
      );
      const inA = words.map(() => random.int(3) !== 0);
      const ids = words.map((_, id) => id);
      // Made anew for each merge, which uses up b's items; either run may be the larger.
      const a = (): Run =>
        plainRun(
          words,
          ids.filter((id) => inA[id]),
        );
      const b = (): Run =>
        plainRun(
          words,
          ids.filter((id) => !inA[id]),
        );
      assert.deepEqual(plain(lcpMerged(a(), b(), wordOrder(words))), plain(plainRun(words, ids)), `round ${round} (seed ${SEED})`);
      assert.deepEqual(plain(lcpMerged(b(), a(), wordOrder(words))), plain(plainRun(words, ids)), `round ${round} (seed ${SEED})`);
      // Uncounted, the same items, and no counts.
      assert.deepEqual(
        plain(lcpMerged(a(), b(), wordOrder(words), false)),
        { ...plain(plainRun(words, ids)), shared: [] },
        `round ${round}`,
      );
    }
  });

  it('gives the other run as it is when one is empty, and nothing for two empty runs', () => {
    const words = ['b', 'ab', 'abc'];
    const run = (): Run => plainRun(words, [0, 1, 2]);
    const none = (): Run => plainRun(words, []);
    assert.deepEqual(plain(lcpMerged(run(), none(), wordOrder(words))), plain(run()));
    assert.deepEqual(plain(lcpMerged(none(), run(), wordOrder(words))), plain(run()));
    assert.deepEqual(plain(lcpMerged(none(), none(), wordOrder(words))), { items: [], shared: [] });
  });

  it("moves b's items into a resizable result and gives their array back, leaving a's and the counts to the caller", () => {
    const words = ['b', 'ab', 'abc', 'abd'];
    const [a, b] = [plainRun(words, [0, 3]), plainRun(words, [1, 2])];
    const merged = lcpMerged(a, b, wordOrder(words));
    assert.deepEqual(plain(merged), plain(plainRun(words, [0, 1, 2, 3])));
    assert.equal(merged.items.buffer.resizable, true);
    assert.deepEqual(
      [a.items, a.shared, b.items, b.shared].map((array) => array.buffer.detached),
      [false, false, true, false],
    );
  });

  it('reads no letter where what the front items share with the last written tells them apart', () => {
    // "aaa…" shares three letters with "aaa" written last, "ab" one: "aaaa" comes first unread.
    const words = ['aaa', 'aaaa', 'ab'];
    const reads: [number, number, number][] = [];
    const order = wordOrder(words);
    const counting: SharedOrder = {
      shared: (a, b, known) => (reads.push([a, b, known]), order.shared(a, b, known)),
      before: order.before,
    };
    const merged = lcpMerged(plainRun(words, [0, 1]), plainRun(words, [2]), counting);
    assert.deepEqual(plain(merged), { items: [0, 1, 2], shared: [0, 3, 1] });
    // One comparison, of "aaa" and "ab", both sharing nothing with what came before; none after.
    assert.deepEqual(reads, [[0, 2, 0]]);
    // "aab" and "aac" each share two letters with "aa" written last: compared from the third.
    reads.length = 0;
    const more = ['aa', 'aab', 'aac'];
    const tied: SharedOrder = {
      shared: (a, b, known) => (reads.push([a, b, known]), wordOrder(more).shared(a, b, known)),
      before: wordOrder(more).before,
    };
    assert.deepEqual(plain(lcpMerged(plainRun(more, [0, 1]), plainRun(more, [2]), tied)), { items: [0, 1, 2], shared: [0, 2, 2] });
    assert.deepEqual(reads, [
      [0, 2, 0],
      [1, 2, 2],
    ]);
  });
});
