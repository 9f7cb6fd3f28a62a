/**
 * The suffix array against the plain reading of the contract: a title matches when its
 * `toLowerCase()` includes the query's. Built at once and built one title at a time, then
 * churned, over titles made to be hard: shared beginnings, a few overlapping words, long runs
 * of one letter, and case-folding surprises.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { FIELDS } from '../../../src/core/fields.ts';
import { MAX_IDS, MAX_TEXT_LENGTH, PREFIX, SuffixArray } from '../../../src/rooms/indexed/suffix-array.ts';
import { sortSuffixes } from '../../../src/rooms/indexed/suffix-sort.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

/** The ids a search finds, ascending. */
function found(index: SuffixArray, query: string): number[] {
  return [...index.search(query).ids].sort((a, b) => a - b);
}

/** What the contract says: every id whose title, lower-cased, includes the query, lower-cased. */
function expected(titles: readonly (string | undefined)[], query: string): number[] {
  const needle = query.toLowerCase();
  return titles.flatMap((title, id) => (title !== undefined && title.toLowerCase().includes(needle) ? [id] : []));
}

/** For each key of a sorted list, how many leading code units it shares with the one before (0 for the first). */
function sharedCounts(sorted: readonly { key: string }[]): number[] {
  return sorted.map(({ key }, at) => {
    const before = at === 0 ? '' : (sorted[at - 1] as { key: string }).key;
    let count = 0;
    while (count < Math.min(key.length, before.length) && key[count] === before[count]) count++;
    return count;
  });
}

const WORDS = [
  'the',
  'There',
  'her',
  'HERE',
  'ether',
  'Seeded Volume',
  'İstanbul',
  'Straße',
  'ΟΔΟΣ',
  'cafe\u0301',
  'café',
  '📚',
  'ǅ',
  'aaaaaaaa',
  '10',
  ' ',
];
const QUERIES = [
  'e',
  'he',
  'the',
  'HERE THE',
  'there her',
  'seeded volume 1',
  'i̇',
  'İ',
  'ss',
  'ß',
  'ς',
  'σ',
  'Σ',
  'é',
  'e\u0301',
  '📚',
  '\ud83d',
  'ǆ',
  'aaaa',
  'aaaaaaaaaa',
  '0 ',
  'zzz',
  'a longer query than any title holds at all',
];

describe('SuffixArray', () => {
  it('finds a title once however often it holds the query, and says which ids matched', () => {
    const index = new SuffixArray(['banana', 'Bandana', undefined, 'cabana']);
    assert.deepEqual(found(index, 'ana'), [0, 1, 3]);
    const matches = index.search('DAN');
    assert.deepEqual([...matches.ids], [1]);
    assert.deepEqual(
      [0, 1, 2, 3].map((id) => matches.has(id)),
      [false, true, false, false],
    );
    assert.deepEqual(found(index, 'nan'), [0]);
    assert.deepEqual(found(index, 'x'), []);
  });

  it('lower-cases whole titles with toLowerCase(), as the contract does, and nothing more', () => {
    const titles = ['İstanbul', 'Straße', 'ΟΔΟΣ', 'Cafe\u0301', 'Café', 'Emoji 📚 shelf', 'ǅemal'];
    const index = new SuffixArray(titles);
    for (const query of [
      'istanbul',
      'i̇stanbul',
      'STRASSE',
      'straße',
      'οδος',
      'οδοσ',
      'Σ',
      'ς',
      'café',
      'cafe\u0301',
      '📚',
      '\ud83d',
      'ǆ',
      'ǅ',
      'Ǆ',
    ]) {
      assert.deepEqual(found(index, query), expected(titles, query), JSON.stringify(query));
    }
    // The final sigma lower-cases to ς inside the title, so σ finds nothing there.
    assert.deepEqual(found(index, 'σ'), []);
  });

  it('holds the longest title validation lets through, lower-cased: two code units for each code point', () => {
    const title = FIELDS.rows.find((field) => field.name === 'title');
    assert.ok(
      title && 2 * title.maxLength <= MAX_TEXT_LENGTH,
      `${String(title?.maxLength)} code points against ${MAX_TEXT_LENGTH} code units`,
    );
  });

  it('refuses an id it cannot pack into an entry', () => {
    assert.throws(() => new SuffixArray().replace(MAX_IDS, 'x'), RangeError);
    assert.throws(() => new SuffixArray(['x']).replace(MAX_IDS, 'x'), RangeError);
  });

  it(`holds a text longer than the ${MAX_TEXT_LENGTH} code units its entries point into, checking its end whole`, () => {
    const texts = ['x'.repeat(1024) + 'yz', 'y', undefined, 'zy'];
    const added = new SuffixArray();
    texts.forEach((text, id) => text !== undefined && added.replace(id, text));
    for (const index of [new SuffixArray(texts), added]) {
      assert.deepEqual(
        [found(index, 'y'), found(index, 'yz'), found(index, 'z'), found(index, 'xy'), found(index, 'zy')],
        [[0, 1, 3], [0], [0, 3], [0], [3]],
      );
      index.replace(0, 'short');
      assert.deepEqual([found(index, 'y'), found(index, 'x')], [[1, 3], []]);
    }
  });

  it('holds the longest text validation lets through, lower-cased, in entries', () => {
    const index = new SuffixArray();
    index.replace(MAX_IDS - 1, 'İ'.repeat(512)); // 1,024 code units once lower-cased: the most there can be
    assert.deepEqual(found(index, 'i̇i̇'), [MAX_IDS - 1]);
  });

  it(`finds filters longer than the ${PREFIX} code units the order looks at, by their first or last ${PREFIX}, checking each title found whole`, () => {
    const shared = 'The Chronicles of a Very Long Shared Beginning That Runs On and On, ';
    assert.ok(shared.length > PREFIX);
    const titles: (string | undefined)[] = [
      `${shared}Volume One`,
      `${shared.toUpperCase()}VOLUME TWO`,
      `${shared}Volume Three`,
      `Prologue. ${shared}Volume One, again: ${shared}Volume One`,
      `İ${shared}Volume One`,
      `${shared}Volume`,
      '📚'.repeat(512),
      `${'📚'.repeat(300)}📖`,
      'short',
      `Ends alike: ${shared}`,
      'İ'.repeat(32) + 'x',
    ];
    const atOnce = new SuffixArray(titles);
    const oneByOne = new SuffixArray();
    titles.forEach((title, id) => oneByOne.replace(id, title as string));
    const queries = [
      `${shared}Volume One`,
      `${shared}VOLUME T`,
      `${shared}Volume X`,
      `${shared}Volume`,
      `i̇${shared}`,
      `he chronicles of a very long shared beginning that runs on and on, volume`,
      '📚'.repeat(40),
      `${'📚'.repeat(40)}📖`,
      `${'📚'.repeat(33)}x`,
      'x'.repeat(PREFIX + 1),
      `Ends alike: ${shared}`,
      `alike: ${shared}`,
      // 33 code units as typed, 66 once lower-cased: long, though its first 64 match the title.
      'İ'.repeat(33),
    ];
    for (const query of queries) {
      assert.ok(query.toLowerCase().length > PREFIX, query);
      assert.deepEqual(found(atOnce, query), expected(titles, query), query);
      assert.deepEqual(found(oneByOne, query), expected(titles, query), `${query}, built title by title`);
    }
    assert.deepEqual(found(atOnce, `${shared}Volume One`), [0, 3, 4]);
    assert.deepEqual(found(atOnce, `${shared}Volume X`), []);
    assert.deepEqual(found(atOnce, 'İ'.repeat(33)), []);
    // Two long filters in turn, among the same titles: a title checked and refused for the
    // first is checked again for the second.
    assert.deepEqual(found(atOnce, `${shared}Volume Three`), [2]);
    assert.deepEqual(found(atOnce, `${shared}Volume T`), [1, 2]);
    atOnce.remove(3);
    atOnce.replace(0, `${shared}Volume Two`);
    titles[3] = undefined;
    titles[0] = `${shared}Volume Two`;
    for (const query of queries) assert.deepEqual(found(atOnce, query), expected(titles, query), `${query}, after a remove and a replace`);
  });

  it('builds its order by some leading code units, a positive whole number of them up to 255', () => {
    // Up to 255: what each entry shares with the one before is counted in a byte.
    for (const prefix of [0, 1.5, Number.NaN, 256])
      assert.throws(
        () =>
          sortSuffixes(
            ['abc'],
            (offset, id) => offset * MAX_IDS + id,
            (code) => code,
            prefix,
          ),
        /the prefix must be a positive integer/,
      );
    // Entries are offset·4 + id. Alike in two code units, "abab", "ab" and the "ab" of "abab"
    // are ordered by entry: 0, 1, 8; compared whole, they would be 1, 8, 0.
    const entries = (prefix: number): number[] => [
      ...sortSuffixes(
        ['abab', 'ab'],
        (offset, id) => offset * 4 + id,
        (code) => code,
        prefix,
      ).entries,
    ];
    assert.deepEqual(entries(2), [0, 1, 8, 5, 12, 4]);
    assert.deepEqual(entries(4), [1, 8, 0, 5, 12, 4]);
  });

  it(`builds the order a plain sort gives, by the first code units and then by entry (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    // Empty texts and free ids (undefined) among them, which have no suffix.
    const texts = Array.from({ length: 300 }, () =>
      random.int(15) === 0
        ? random.pick([undefined, ''])
        : Array.from({ length: 1 + random.int(12) }, () => random.pick(['ab', 'AB', 'a', 'b', 'ba', '📚', 'İ'])).join(''),
    );
    const entry = (offset: number, id: number): number => offset * 512 + id;
    for (const [prefix, offsets] of [
      [1, Infinity],
      [2, Infinity],
      [3, 4],
      [8, Infinity],
      [48, 10],
      [64, Infinity],
    ] as const) {
      // Every code unit before `offsets` starts a suffix; its key is its first `prefix` code units, A–Z folded.
      const plain = texts.flatMap((text = '', id) =>
        Array.from({ length: Math.min(text.length, offsets) }, (_, offset) => ({
          key: text.slice(offset, offset + prefix).replace(/[A-Z]/g, (letter) => letter.toLowerCase()),
          entry: entry(offset, id),
        })),
      );
      plain.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entry - b.entry));
      const fold = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);
      const sorted = sortSuffixes(texts, entry, fold, prefix, offsets);
      assert.deepEqual(
        [...sorted.entries],
        plain.map((suffix) => suffix.entry),
        `prefix ${prefix}, offsets ${offsets} (seed ${SEED})`,
      );
      assert.deepEqual([...sorted.shared], sharedCounts(plain), `shared, prefix ${prefix}, offsets ${offsets} (seed ${SEED})`);
    }
  });

  it(`keeps, of a text's suffixes alike in their keys, the first, and none past the offsets asked for (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    // Texts that repeat themselves, so that one run of alike keys holds many suffixes of each.
    const texts = Array.from({ length: 200 }, () =>
      random.int(10) === 0 ? undefined : random.pick(['a', 'ab', 'AB', 'b', 'İ']).repeat(1 + random.int(30)) + random.pick(['', 'x', 'ba']),
    );
    const entry = (offset: number, id: number): number => offset * 256 + id;
    for (const [prefix, offsets] of [
      [1, 5],
      [4, 20],
      [8, Infinity],
    ] as const) {
      const fold = (code: number): number => (code >= 65 && code <= 90 ? code + 32 : code);
      const keyOf = (text: string, offset: number): string =>
        text.slice(offset, offset + prefix).replace(/[A-Z]/g, (letter) => letter.toLowerCase());
      const plain = texts.flatMap((text = '', id) =>
        Array.from({ length: Math.min(text.length, offsets) }, (_, offset) => ({ key: keyOf(text, offset), id, entry: entry(offset, id) })),
      );
      plain.sort((a, b) => (a.key < b.key ? -1 : a.key > b.key ? 1 : a.entry - b.entry));
      const seen = new Set<string>();
      const firsts = plain.filter(({ key, id }) => !seen.has(`${id} ${key}`) && seen.add(`${id} ${key}`));
      const sorted = sortSuffixes(texts, entry, fold, prefix, offsets, true);
      assert.deepEqual(
        [...sorted.entries],
        firsts.map((suffix) => suffix.entry),
        `prefix ${prefix}, offsets ${offsets} (seed ${SEED})`,
      );
      assert.deepEqual([...sorted.shared], sharedCounts(firsts), `shared, prefix ${prefix}, offsets ${offsets} (seed ${SEED})`);
    }
  });

  it('keeps one entry for the suffixes of a text alike in their first PREFIX code units, built at once or added', () => {
    const texts = ['İ'.repeat(512), 'ab'.repeat(300), 'Ab'.repeat(40) + 'aB'.repeat(40), 'plain title'];
    const built = new SuffixArray(texts);
    const added = new SuffixArray();
    texts.forEach((text, id) => added.replace(id, text));
    for (const index of [built, added]) {
      // "İ" lower-cases to "i" and a combining dot: of the 1,024 suffixes, those that start with "i"
      // are one piece of 64 code units over and over, then 31 shorter ones at the end: 32 entries,
      // and 2 more in "plain title". "abab…" likewise keeps 32, in each of the two texts that hold it.
      assert.equal(index.estimate('i'), 32 + 2);
      assert.equal(index.estimate('ab'), 32 + 32);
      assert.equal(index.estimate('plain'), 1);
      for (const query of ['i̇'.repeat(100), 'ba'.repeat(200), 'abab', 'e t'])
        assert.deepEqual(found(index, query), expected(texts, query), query);
      texts.forEach((_, id) => index.remove(id));
      assert.equal(index.estimate('a'), 0);
      assert.equal(index.estimate(''), 0);
    }
  });

  it('forgets a removed title, and a second remove changes nothing', () => {
    const index = new SuffixArray(['one', 'two', 'one more']);
    index.remove(0);
    index.remove(0);
    assert.deepEqual(found(index, 'one'), [2]);
    index.replace(0, 'Once');
    assert.deepEqual(found(index, 'on'), [0, 2]);
  });

  it(`orders equal suffixes far into long titles and at the highest ids, where entries pass 2^31 (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const titles: (string | undefined)[] = [];
    const ids = Array.from({ length: 60 }, (_, i) => MAX_IDS - 1 - i * 7);
    const long = (): string => `${'her there '.repeat(55 + random.int(30))}${random.pick(['here', 'the', 'ether'])}`;
    for (const id of ids) titles[id] = long();
    const index = new SuffixArray(titles);
    for (let step = 0; step < 120; step++) {
      const id = random.pick(ids);
      if (titles[id] === undefined) index.replace(id, (titles[id] = long()));
      else {
        titles[id] = undefined;
        index.remove(id);
      }
    }
    for (const query of ['ere the', 'ther', 'there here', 'here', 'r there the', `${'her there '.repeat(60)}`]) {
      assert.deepEqual(found(index, query), expected(titles, query), `${query.slice(0, 30)} (seed ${SEED})`);
    }
  });

  it(`answers as the plain reading does, built at once or title by title, through churn (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const title = (): string =>
      Array.from({ length: 1 + random.int(5) }, () => random.pick(WORDS)).join(random.pick([' ', ''])) +
      (random.int(3) === 0 ? ` ${random.int(200)}` : '');
    const titles: (string | undefined)[] = Array.from({ length: 1500 }, title);
    const atOnce = new SuffixArray(titles);
    const oneByOne = new SuffixArray();
    titles.forEach((text, id) => oneByOne.replace(id, text as string));
    const compare = (step: string): void => {
      for (const query of [...QUERIES, (titles[random.int(titles.length)] ?? 'x').slice(random.int(4), 4 + random.int(12))]) {
        const want = expected(titles, query);
        assert.deepEqual(found(atOnce, query), want, `${step}: ${JSON.stringify(query)} (seed ${SEED})`);
        assert.deepEqual(found(oneByOne, query), want, `${step}: ${JSON.stringify(query)}, built title by title (seed ${SEED})`);
      }
    };
    compare('built');
    for (let step = 0; step < 3000; step++) {
      const id = random.int(titles.length + 50);
      if (titles[id] === undefined) {
        titles[id] = title();
        atOnce.replace(id, titles[id]);
        oneByOne.replace(id, titles[id]);
      } else {
        titles[id] = undefined;
        atOnce.remove(id);
        oneByOne.remove(id);
      }
      if (step % 500 === 0) compare(`step ${step}`);
    }
    compare('churned');
  });
});
