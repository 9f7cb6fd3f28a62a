/**
 * Induced sorting (SA-IS) against the plain suffix sort it stands for: every suffix compared
 * symbol by symbol. Texts made to be hard for it: tiny alphabets, one symbol over and over, a
 * period of two, and Fibonacci words, whose LMS pieces repeat level after level of the recursion.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { suffixArray } from '../../../src/rooms/indexed/induced-sorting.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

/** The plain sort: the starts of every suffix, compared symbol by symbol; a text's last symbol is its 0. */
function plainSort(text: readonly number[]): number[] {
  const compare = (a: number, b: number): number => {
    for (let depth = 0; ; depth++) {
      const [x, y] = [text[a + depth] as number, text[b + depth] as number];
      if (x !== y || x === 0) return x - y;
    }
  };
  return text.map((_, start) => start).sort(compare);
}

/** Sorts `symbols` and a last 0 both ways, and checks the text is given back as it came. */
function check(symbols: readonly number[], alphabet: number, message: string): void {
  const text = [...symbols, 0];
  const borrowed = Int32Array.from(text);
  assert.deepEqual([...suffixArray(borrowed, alphabet)], plainSort(text), message);
  assert.deepEqual([...borrowed], text, `${message}: the text is given back`);
}

/** The Fibonacci word of symbols 1 and 2 with at least `length` symbols, cut there. */
function fibonacci(length: number): number[] {
  let [previous, word] = [[1], [1, 2]];
  while (word.length < length) [previous, word] = [word, [...word, ...previous]];
  return word.slice(0, length);
}

describe('suffixArray (induced sorting)', () => {
  it('sorts the text of only its 0, and of one symbol', () => {
    assert.deepEqual([...suffixArray(Int32Array.of(0), 1)], [0]);
    assert.deepEqual([...suffixArray(Int32Array.of(5, 0), 6)], [1, 0]);
    assert.deepEqual([...suffixArray(new Int32Array(0), 1)], []);
  });

  it('sorts "banana" as the textbook does', () => {
    // b=2, a=1, n=3: the suffixes a, ana, anana, banana, na, nana after the 0.
    check([2, 1, 3, 1, 3, 1], 4, 'banana');
    assert.deepEqual([...suffixArray(Int32Array.of(2, 1, 3, 1, 3, 1, 0), 4)], [6, 5, 3, 1, 0, 4, 2]);
  });

  it('sorts texts that repeat themselves, down every level of its recursion', () => {
    for (const length of [1, 2, 3, 7, 64, 1000]) {
      check(Array(length).fill(1), 2, `${length} of one symbol`);
      check(
        Array.from({ length }, (_, at) => 1 + (at % 2)),
        3,
        `${length} of a period of two`,
      );
      check(fibonacci(length), 3, `a Fibonacci word of ${length}`);
      check(
        Array.from({ length }, (_, at) => length - at),
        length + 1,
        `${length} symbols, each below the one before`,
      );
    }
  });

  it(`sorts random texts as the plain sort does (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    for (let round = 0; round < 2000; round++) {
      const alphabet = 2 + random.int(round % 2 === 0 ? 3 : 40);
      const symbols = Array.from({ length: 1 + random.int(120) }, () => 1 + random.int(alphabet - 1));
      check(symbols, alphabet, `${JSON.stringify(symbols)} (seed ${SEED})`);
    }
  });
});
