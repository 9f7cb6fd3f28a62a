/**
 * A deterministic SEED_FILE for the 100,000-book scenarios: ISBN-13s with valid check digits,
 * titles made to be hard for a search (see generateBooks), and author names, a few of them
 * accented, after the three books of the built-in fixture. Every (title, author) pair is
 * unique, so the service accepts every entry. A rare word sits in a handful of titles.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Lower-case, it matches exactly `RARE_COUNT` titles of the seed, wherever they sort. */
export const RARE_WORD = 'Zanzibar';
const RARE_EVERY = 20_000;

const FIRST = (
  'James Mary John Patricia Robert Jennifer Michael Linda William Elizabeth David Barbara Richard ' +
  'Susan Joseph Jessica Thomas Sarah Charles Karen Daniel Nancy Matthew Lisa Anthony Margaret Mark ' +
  'Sandra Paul Ashley Steven Emily Andrew Donna Kenneth Michelle Joshua Carol Kevin Amanda Brian ' +
  'Melissa George Deborah Timothy Stephanie Ursula Haruki Chimamanda Gabriel Zoë José Søren Agnès Olga'
).split(' ');
const LAST = (
  'Smith Johnson Williams Brown Jones Garcia Miller Davis Rodriguez Martinez Hernandez Lopez Gonzalez ' +
  'Wilson Anderson Thomas Taylor Moore Jackson Martin Lee Perez Thompson White Harris Sanchez Clark ' +
  'Ramirez Lewis Robinson Walker Young Allen King Wright Scott Torres Nguyen Hill Flores Green Adams ' +
  'Nelson Baker Hall Rivera Campbell Mitchell Carter Roberts Murakami Adichie Márquez Kierkegaard Brontë Müller'
).split(' ');

export const FIXTURE: readonly SeedBook[] = [
  { isbn: '1-2-3', title: 'Animal Farm', author: 'George Orwell' },
  { isbn: '4-5-6', title: 'The Lord of the Rings', author: 'JRR Tolkien' },
  { isbn: '7-8-9', title: 'To Kill a Mockingbird', author: 'Harper Lee' },
];

/** mulberry32: a small, fast, seeded generator, so every run writes the same books. */
export function random(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** A unique, valid ISBN-13 for each index below 10^9, hyphenated like a real one. */
export function isbnOf(index: number, prefix = '978'): string {
  // An odd multiplier not divisible by 5 permutes 0 .. 10^9 - 1, so distinct indexes never collide.
  const body = String((index * 7_368_787 + 104_729) % 1_000_000_000).padStart(9, '0');
  const digits = prefix + body;
  let sum = 0;
  for (let i = 0; i < 12; i++) sum += Number(digits[i]) * (i % 2 === 0 ? 1 : 3);
  const check = (10 - (sum % 10)) % 10;
  return `${prefix}-${body.slice(0, 1)}-${body.slice(1, 5)}-${body.slice(5)}-${check}`;
}

export interface SeedBook {
  readonly isbn: string;
  readonly title: string;
  readonly author: string;
}

/**
 * Titles made to be hard for a search (api.md, Performance), about 20 to 40 characters, after the fixture:
 * - every other title is "Seeded Volume <i>", optionally with a common word: one long shared
 *   beginning, so every suffix of "seeded volume" is in half the catalogue and comparing them
 *   goes deep;
 * - the rest are "Seeded" and three or four words from a vocabulary of eight words made of the
 *   same five letters, so every trigram of a phrase of them is in most titles, whatever the
 *   phrase matches (this is what made a trigram index check most titles one by one);
 * - every title holds "seeded", so that filter matches every book but the fixture's three.
 */
export function generateBooks(count: number, seed = 20_240_501): SeedBook[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const seen = new Set<string>();
  // The built-in fixture comes first (api.md, Start-up, rule 1), so `GET /books/4-5-6` answers at any size.
  const books: SeedBook[] = FIXTURE.slice(0, count);
  for (let i = books.length; i < count; i++) {
    for (;;) {
      let text =
        i % 2 === 0
          ? `Seeded Volume ${i}${next() < 0.5 ? ` ${pick(COMMON_WORDS)}` : ''}`
          : `Seeded ${Array.from({ length: 3 + Math.floor(next() * 2) }, () => pick(COMMON_WORDS)).join(' ')}`;
      if (i % RARE_EVERY === RARE_EVERY - 1) text = `${text} ${RARE_WORD}`;
      if (i === ONE_MATCH_AT) text = `${text} ${ONE_MATCH_WORD}`;
      const author = `${pick(FIRST)} ${pick(LAST)}`;
      const key = `${text}\n${author}`;
      if (seen.has(key)) continue; // api.md, Adding a book, rule 3 would refuse it
      seen.add(key);
      books.push({ isbn: isbnOf(i), title: text, author });
      break;
    }
  }
  return books;
}

/** In exactly one title of any seed of more than ten books: the same one-match search at every size. */
export const ONE_MATCH_WORD = 'Quixote';
const ONE_MATCH_AT = 10;

/** The words of the common-word titles, all of t, h, e, r and n: every trigram of a phrase of them is everywhere. */
export const COMMON_WORDS = ['the', 'then', 'there', 'her', 'here', 'he', 'ether', 'three'];

/**
 * The phrase of two or three common words that the most titles hold without passing `most`: a
 * filter whose every trigram is common while its answer stays small.
 */
export function commonPhrase(books: readonly SeedBook[], most: number): { phrase: string; count: number } {
  const titles = books.map((book) => book.title.toLowerCase());
  const pairs = COMMON_WORDS.flatMap((first) => COMMON_WORDS.map((second) => `${first} ${second}`));
  let best = { phrase: '', count: -1 };
  for (const phrase of [...pairs, ...pairs.flatMap((pair) => COMMON_WORDS.map((third) => `${pair} ${third}`))]) {
    const count = titles.filter((title) => title.includes(phrase)).length;
    if (count <= most && count > best.count) best = { phrase, count };
  }
  return best;
}

export const RARE_COUNT = (count: number): number => Math.floor(count / RARE_EVERY);

/** Writes the seed to the system's temporary directory and returns its path and books. */
export function writeSeedFile(count: number): { path: string; books: SeedBook[] } {
  const path = join(tmpdir(), `book-catalogue-bench-${count}.json`);
  const books = generateBooks(count);
  writeFileSync(path, JSON.stringify(books));
  return { path, books };
}
