/**
 * A deterministic SEED_FILE of realistic books for the 100,000-book scenarios: ISBN-13s with
 * valid check digits, titles of typical length (mostly 10 to 40 characters) built from word
 * lists, and author names, a few of them accented, after the three books of the built-in fixture.
 * Every (title, author) pair is unique, so the service accepts every entry. A rare word sits in
 * a handful of titles for the search scenario.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** Lower-case, it matches exactly `RARE_COUNT` titles of the seed, wherever they sort. */
export const RARE_WORD = 'Zanzibar';
const RARE_EVERY = 20_000;

const ADJECTIVES = (
  'Silent Hidden Last Broken Golden Forgotten Crimson Distant Burning Quiet Secret Lost Iron Wild ' +
  'Bitter Endless Fallen Gentle Hollow Midnight Northern Pale Restless Scarlet Shattered Sleeping ' +
  'Small Southern Strange Sunken Tender Winter Wandering Emerald Invisible Little Long Old Final ' +
  'Dark Bright Frozen Painted Velvet Glass Paper Summer Autumn Electric Radiant Lonely Savage'
).split(' ');
const NOUNS = (
  'Garden River House Kingdom Mountain Shadow Empire Promise Voyage Island Letter Daughter Witness ' +
  'Harbour Orchard Machine Lantern Forest Station Mirror Storm Bridge City Archive Compass Crown ' +
  'Desert Engine Feather Harvest Horizon Journey Key Labyrinth Lighthouse Map Meadow Ocean Palace ' +
  'Pilgrim Prisoner Road Sea Song Stranger Tide Tower Valley Wolf Wind Children Night Summer Fire ' +
  'Winter Clockmaker Cartographer Beekeeper Orphan Widow Thief Detective Gardener Astronomer'
).split(' ');
const PLACES = 'Paris Venice Kyoto Lisbon Prague Cairo Dublin Havana Oslo Vienna Marrakesh Istanbul Café Bombay'.split(' ');
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

const FIXTURE: readonly SeedBook[] = [
  { isbn: '1-2-3', title: 'Animal Farm', author: 'George Orwell' },
  { isbn: '4-5-6', title: 'The Lord of the Rings', author: 'JRR Tolkien' },
  { isbn: '7-8-9', title: 'To Kill a Mockingbird', author: 'Harper Lee' },
];

/** mulberry32: a small, fast, seeded generator, so every run writes the same books. */
function random(seed: number): () => number {
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

export function generateBooks(count: number, seed = 20_240_501): SeedBook[] {
  const next = random(seed);
  const pick = <T>(list: readonly T[]): T => list[Math.floor(next() * list.length)] as T;
  const title = (): string => {
    switch (Math.floor(next() * 7)) {
      case 0:
        return `The ${pick(ADJECTIVES)} ${pick(NOUNS)}`;
      case 1:
        return `The ${pick(NOUNS)} of ${pick(PLACES)}`;
      case 2:
        return `A ${pick(NOUNS)} for the ${pick(ADJECTIVES)} ${pick(NOUNS)}`;
      case 3:
        return `${pick(ADJECTIVES)} ${pick(NOUNS)}s`;
      case 4:
        return `The ${pick(NOUNS)}'s ${pick(NOUNS)}: A Novel`;
      case 5:
        return `${pick(NOUNS)} and ${pick(NOUNS)}`;
      default:
        return `${pick(ADJECTIVES)} ${pick(NOUNS)} in ${pick(PLACES)}, Volume ${1 + Math.floor(next() * 12)}`;
    }
  };
  const seen = new Set<string>();
  // The built-in fixture comes first (DECISIONS C), so `GET /books/4-5-6` answers at any size.
  const books: SeedBook[] = FIXTURE.slice(0, count);
  for (let i = books.length; i < count; i++) {
    for (;;) {
      let text = title();
      if (i % RARE_EVERY === RARE_EVERY - 1) text = `${text} of ${RARE_WORD}`;
      const author = `${pick(FIRST)} ${pick(LAST)}`;
      const key = `${text}\n${author}`;
      if (seen.has(key)) continue; // SPEC POST rule 3 would refuse it
      seen.add(key);
      books.push({ isbn: isbnOf(i), title: text, author });
      break;
    }
  }
  return books;
}

export const RARE_COUNT = (count: number): number => Math.floor(count / RARE_EVERY);

/** Writes the seed to the system's temporary directory and returns its path. */
export function writeSeedFile(count: number): string {
  const path = join(tmpdir(), `book-catalogue-bench-${count}.json`);
  writeFileSync(path, JSON.stringify(generateBooks(count)));
  return path;
}
