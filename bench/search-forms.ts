/**
 * The author and `q` searches of api.md, Performance, timed like the title's: filters chosen on
 * the seed so that each word alone is common (a name or a syllable that thousands of authors
 * share, a word in most titles) while the answer stays within 1,000 books.
 */
import type { Form } from './scale.ts';
import { COMMON_WORDS, ONE_MATCH_WORD, type SeedBook } from './seed.ts';

const PAGE_SIZE = 20;

/** Each piece of 3 to 6 characters of any author, with how many books' authors hold it. */
function authorPieces(books: readonly SeedBook[]): Map<string, number> {
  const byAuthor = new Map<string, number>();
  for (const book of books) byAuthor.set(book.author.toLowerCase(), (byAuthor.get(book.author.toLowerCase()) ?? 0) + 1);
  const pieces = new Map<string, number>();
  for (const [author, count] of byAuthor) {
    const seen = new Set<string>();
    for (let length = 3; length <= 6; length++) {
      for (let start = 0; start + length <= author.length; start++) seen.add(author.slice(start, start + length));
    }
    for (const piece of seen) pieces.set(piece, (pieces.get(piece) ?? 0) + count);
  }
  return pieces;
}

/** How many books pass `q`, by the plain rule: every word in the title or the author (`texts` lower-cased). */
function countQ(texts: readonly { title: string; author: string }[], q: string): number {
  const words = q.split(' ');
  return texts.filter(({ title, author }) => words.every((word) => title.includes(word) || author.includes(word))).length;
}

/** The one-match `q` of api.md, Performance: the one-match word and its book's last name, the same book at any size. */
export function oneMatchQ(books: readonly SeedBook[]): string {
  const book = books.find((entry) => entry.title.includes(ONE_MATCH_WORD)) as SeedBook;
  return `${book.author.split(' ').at(-1) as string} ${ONE_MATCH_WORD}`.toLowerCase();
}

export function searchForms(books: readonly SeedBook[]): Form[] {
  const pieces = authorPieces(books);
  const pages = (matches: number): number => Math.ceil(matches / PAGE_SIZE);
  // The piece that the most authors share without passing 1,000 books, and a syllable of thousands.
  const [piece, pieceCount] = [...pieces].filter(([, count]) => count <= 1000).sort((a, b) => b[1] - a[1])[0] as [string, number];
  const [syllable, syllableCount] = [...pieces].filter(([text]) => /^[a-z]{3}$/.test(text)).sort((a, b) => b[1] - a[1])[0] as [
    string,
    number,
  ];
  // Two words, each in thousands of books (a title word, a name's syllable), together in at most 1,000.
  const texts = books.map((book) => ({ title: book.title.toLowerCase(), author: book.author.toLowerCase() }));
  const common = [...pieces]
    .filter(([text, count]) => /^[a-z]{3,5}$/.test(text) && count >= 1500)
    .sort((a, b) => b[1] - a[1])
    .slice(0, 40);
  let pair = { q: '', count: -1 };
  for (const word of COMMON_WORDS.filter((entry) => entry.length >= 3)) {
    for (const [name] of common) {
      const count = countQ(texts, `${word} ${name}`);
      if (count <= 1000 && count > pair.count) pair = { q: `${word} ${name}`, count };
    }
  }
  if (pair.count <= 0) throw new Error('no two common words of the seed meet in 1 to 1,000 books');
  // scale.ts encodes each path with encodeURI, so the spaces go as they are.
  const q = pair.q;
  return [
    {
      name: `Author, ${pieceCount} matches, sorted by title, any page`,
      path: `/books?author=${piece}&sort=title&page={n}&size=20`,
      pages: pages(pieceCount),
      status: 200,
    },
    {
      name: `Author, ${pieceCount} matches, insertion order, any page`,
      path: `/books?author=${piece}&page={n}&size=20`,
      pages: pages(pieceCount),
      status: 200,
    },
    {
      name: `Author syllable in ${syllableCount} books, sorted by author, descending, any page`,
      path: `/books?author=${syllable}&sort=author,desc&page={n}&size=20`,
      pages: pages(syllableCount),
      status: 200,
    },
    {
      name: `q of two common words, ${pair.count} matches, sorted by title, any page`,
      path: `/books?q=${q}&sort=title&page={n}&size=20`,
      pages: pages(pair.count),
      status: 200,
    },
    {
      name: `q of two common words, ${pair.count} matches, insertion order, any page`,
      path: `/books?q=${q}&page={n}&size=20`,
      pages: pages(pair.count),
      status: 200,
    },
    { name: 'q of sixteen common words', path: `/books?q=${[...COMMON_WORDS, ...COMMON_WORDS].join(' ')}`, status: 0 },
    {
      name: 'q, title and author together, any page',
      path: `/books?title=seeded&author=${syllable}&q=${q}&page={n}&size=20`,
      pages: 1,
      status: 0,
    },
  ];
}

/** The `size` letters (a–z) that the most books hold in their title or author, most first. */
export function commonLetters(books: readonly SeedBook[], size: number): string[] {
  const counts = new Map<string, number>();
  for (const book of books) {
    for (const letter of new Set(`${book.title} ${book.author}`.toLowerCase().replace(/[^a-z]/g, '')))
      counts.set(letter, (counts.get(letter) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .slice(0, size)
    .map(([letter]) => letter);
}

/**
 * The costliest searches a client can send (api.md, Limits, rule 10), each a page of one: a `q` of
 * one letter that nearly every book holds, the same letter sixteen times (searched once), and the
 * sixteen letters most books hold, each a search of its own.
 */
export function costlyForms(books: readonly SeedBook[]): Form[] {
  const letters = commonLetters(books, 16);
  return [
    { name: 'Costly: q of one `e`, a page of 1', path: '/books?q=e&page=0&size=1', status: 200 },
    { name: 'Costly: q of sixteen `e`, a page of 1', path: `/books?q=${Array(16).fill('e').join(' ')}&page=0&size=1`, status: 200 },
    {
      name: `Costly: q of the sixteen letters most books hold (${letters.join('')}), a page of 1`,
      path: `/books?q=${letters.join(' ')}&page=0&size=1`,
      status: 0,
    },
  ];
}
