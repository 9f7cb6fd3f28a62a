/**
 * Abbreviated keys against the collator they stand in for: whenever two keys tell their texts
 * apart, they must say what the collator says, over texts made of the characters where the two
 * could part (accents, digits of other scripts, leading zeros, hyphens, invisible characters); and
 * a sort by the keys must give the order a sort by the collator alone gives.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { sortComparisons } from '../../../src/core/book.ts';
import { abbreviate, compareAbbreviated, sortAbbreviated } from '../../../src/rooms/indexed/abbreviated-keys.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();
const byTitle = sortComparisons().get('title') as (a: { title: string }, b: { title: string }) => number;
const collate = (a: string, b: string): number => Math.sign(byTitle({ title: a }, { title: b }));

const PIECES = [
  'a',
  'B',
  'z',
  'Z',
  ' ',
  '-',
  '0',
  '1',
  '9',
  '00',
  '10',
  '007',
  'é',
  'e\u0301',
  ',',
  ':',
  '٣',
  'İ',
  'ß',
  'ss',
  '\t',
  '_',
  "'",
  '½',
  '\u00ad',
  '1'.repeat(60),
];

describe('abbreviated keys', () => {
  it('spell out letters, spaces, hyphens and numbers, and end a text spelled out whole', () => {
    assert.equal(abbreviate('The Hobbit'), 'the hobbit\u0001');
    // A number is its count of digits past leading zeros, as the character that many past "0", then those digits.
    assert.equal(abbreviate('Vol 007-12'), 'vol 17-212\u0001');
    assert.equal(abbreviate('0'), '0\u0001');
    // Stopped at a character of no plain order, the piece before it dropped with it.
    assert.equal(abbreviate('Café'), 'ca');
    assert.equal(abbreviate('Catch-22: a novel'), 'catch-');
    assert.equal(abbreviate('12٣'), '');
    // A number of 48 significant digits is spelled out; one of 49, past what one character counts, ends the key before it.
    assert.equal(abbreviate(`a${'1'.repeat(48)}`), `a${String.fromCharCode(0x30 + 48)}${'1'.repeat(48)}\u0001`);
    assert.equal(abbreviate(`a${'1'.repeat(49)}`), 'a');
    // Leading zeros count for nothing, at that limit too; the number after one too long is never read.
    assert.equal(abbreviate(`a 00${'1'.repeat(48)}`), `a ${String.fromCharCode(0x30 + 48)}${'1'.repeat(48)}\u0001`);
    assert.equal(abbreviate(`a 0${'1'.repeat(49)} 2`), 'a ');
    assert.equal(abbreviate(`a 0${'1'.repeat(49)}é`), 'a ');
    assert.equal(abbreviate(''), '\u0001');
  });

  it('order two texts only where the keys differ before either ends', () => {
    assert.equal(compareAbbreviated(abbreviate('Vol 9'), abbreviate('Vol 10')), -1);
    assert.equal(compareAbbreviated(abbreviate('a'), abbreviate('a b')), -1);
    assert.equal(compareAbbreviated(abbreviate('Zebra'), abbreviate('apple')), 1);
    assert.equal(compareAbbreviated(abbreviate('007'), abbreviate('7')), 0);
    assert.equal(compareAbbreviated(abbreviate('Café'), abbreviate('Cafe')), 0);
  });

  it(`never order two texts against the collator (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const text = (): string => Array.from({ length: random.int(7) }, () => random.pick(PIECES)).join('');
    let told = 0;
    for (let round = 0; round < 50_000; round++) {
      const [a, b] = [text(), text()];
      const quick = compareAbbreviated(abbreviate(a), abbreviate(b));
      if (quick === 0) continue;
      told++;
      assert.equal(quick, collate(a, b), `${JSON.stringify(a)} and ${JSON.stringify(b)} (seed ${SEED})`);
    }
    // Not a test that passes by telling nothing: most pairs of these texts part early.
    assert.ok(told > 5_000, `only ${told} pairs told apart`);
  });

  it(`sort ids as the collator alone does, texts absent last (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    // Most texts spelled out by their keys, a few that stop them at once ("Éclair"), or say nothing.
    const PLAIN = ['a', 'B', 'z', ' ', '-', '0', '9', '10', '007'];
    const text = (): string | undefined => {
      if (random.int(20) === 0) return undefined;
      const pieces = Array.from({ length: random.int(6) }, () => random.pick(random.int(4) === 0 ? PIECES : PLAIN));
      return pieces.join('');
    };
    let parted = 0;
    for (let round = 0; round < 50; round++) {
      const texts = Array.from({ length: 1 + random.int(300) }, text);
      // Ties by id, as the kept orders break them by insertion.
      const compare = (a: number, b: number): number => {
        const [x, y] = [texts[a], texts[b]];
        if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0) || a - b;
        return collate(x, y) || a - b;
      };
      const ids = texts.map((_, id) => id);
      // Given in no order, as a store's live ids are after books come and go.
      const given = ids
        .map((id) => ({ id, at: random.int(1000) }))
        .sort((a, b) => a.at - b.at)
        .map(({ id }) => id);
      const sorted = sortAbbreviated(given, (id) => texts[id], compare);
      assert.deepEqual([...sorted.ids], ids.slice().sort(compare), `round ${round} (seed ${SEED})`);
      // Where the keys alone parted two neighbours, the collator parts their texts too: they are no tie.
      sorted.apart.forEach((apart, at) => {
        if (apart === 0) return;
        parted++;
        assert.equal(collate(texts[sorted.ids[at - 1] as number] as string, texts[sorted.ids[at] as number] as string), -1);
      });
    }
    // The keys did part most neighbours, texts that stop them at once notwithstanding.
    assert.ok(parted > 2_000, `only ${parted} neighbours parted by their keys`);
  });
});
