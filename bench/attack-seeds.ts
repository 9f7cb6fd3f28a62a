/**
 * The two catalogues the attacks need beyond the bench's 100,000 books (seed.ts): one where
 * 30,000 books share a title, and one of titles as long as a title may be (512 code points).
 * Both start with the built-in fixture, so `GET /books/4-5-6` answers when the service is ready.
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { COMMON_WORDS, FIXTURE, isbnOf, random, type SeedBook } from './seed.ts';

/** An ordinary title, of the 20 to 40 characters most titles have. */
export const SHARED_TITLE = 'The Title Thirty Thousand Books Share';

/** The longest title a book may have, in code points (src/core/fields.ts). */
export const TITLE_LIMIT = 512;

/** The `İ` that lower-cases to two code units, as long as a title and each name may be. */
const DOTTED_TITLE = 'İ'.repeat(TITLE_LIMIT);
const DOTTED_NAME = 'İ'.repeat(256);

/** Book `i` of the costliest kind to index: a title and two names of `İ`, 2,049 code units once lower-cased. */
export const dottedBook = (i: number): object => ({
  isbn: isbnOf(i, '979'),
  title: `${DOTTED_TITLE.slice(0, -String(i).length)}${i}`,
  authorFirstName: DOTTED_NAME,
  authorLastName: DOTTED_NAME,
});

/** Named by this process, so that a bench run in another worktree at the same time keeps its own files. */
function write(name: string, books: readonly SeedBook[]): string {
  const path = join(tmpdir(), `book-catalogue-bench-${process.pid}-${name}.json`);
  writeFileSync(path, JSON.stringify(books));
  return path;
}

/** `count` books of one title, each by an author of its own (the pair must be unique). */
export function writeSharedTitleSeed(count: number): string {
  const books = Array.from({ length: count }, (_, i) => ({ isbn: isbnOf(i), title: SHARED_TITLE, author: `Ada Writer${i}` }));
  return write(`shared-title-${count}`, [...FIXTURE, ...books]);
}

/**
 * `count` books whose titles are 512 code points of plain words, unique by their number, with
 * the letter e in most words: a one-letter filter matches every title many times over.
 */
export function writeLongTitleSeed(count: number): string {
  const next = random(512);
  const words = [...COMMON_WORDS, 'seven', 'eleven', 'letters', 'between', 'needle', 'forest', 'river', 'stone'];
  const books = Array.from({ length: count }, (_, i) => {
    let title = `Volume ${i}`;
    while (title.length < TITLE_LIMIT) title += ` ${words[Math.floor(next() * words.length)]}`;
    return { isbn: isbnOf(i), title: title.slice(0, TITLE_LIMIT), author: 'Ada Lovelace' };
  });
  return write(`long-titles-${count}`, [...FIXTURE, ...books]);
}
