/**
 * The text index's searches (text-index.ts): of the two suffix arrays (suffix-array.ts), of
 * titles and of shown authors, for a filter of one part or several; and by the plain rule
 * (../../core/store.ts, bookTest), for the books the arrays have not seen as they are.
 */
import { shownAuthor } from '../../core/book.ts';
import type { BookFilter } from '../../core/store.ts';
import { countOf, growTo, idsOf } from './bit-set.ts';
import type { StoredBook } from './records.ts';
import type { Stretch } from './stretches.ts';
import type { SuffixArray, TextMatches } from './suffix-array.ts';

/** The ids of the books a filter passes, each once, in no particular order; valid until the next search. */
export type Matches = Omit<TextMatches, 'bits'>;

/** About what testing these books by the plain rule reads, in entries: a check a book, and one more for every 64 code units of its texts. */
export function testCost(ids: Iterable<number>, books: Books): number {
  let cost = 0;
  for (const id of ids) {
    const book = books()[id];
    if (book !== undefined) cost += CHECK_COST * (1 + Math.floor((book.title.length + shownAuthor(book).length) / 64));
  }
  return cost;
}

/** Every book by id, undefined where an id is free. */
export type Books = () => readonly (StoredBook | undefined)[];

export interface TextArrays {
  readonly titles: SuffixArray;
  readonly authors: SuffixArray;
}

/** About how many entries a search reads in the time it takes to check one text by hand (lower-case it, then search it). */
export const CHECK_COST = 32;

/**
 * The ids whose entries pass a filter of at least one part. One part is one search. Several start
 * from the rarest part (by the entries its search would read), whose books are marked in a set of
 * bits; each other part then either checks those books one by one, when they are few beside what
 * its search would read, or marks its own set, which is intersected a word at a time. So a search
 * costs about what its rarest word finds, or what each word finds, whichever is less; never a
 * string comparison for every book.
 */
export function searchArrays(arrays: TextArrays, filter: BookFilter): Matches {
  const parts = partsOf(arrays, filter);
  const [only] = parts;
  if (parts.length === 1 && only !== undefined && only.arrays.length === 1) return (only.arrays[0] as SuffixArray).search(only.needle);
  if ((parts[0] as Part).size <= FEW) return fewMatches(parts);
  const all = marked(parts[0] as Part);
  let count = countOf(all);
  for (const { arrays, needle, size } of parts.slice(1)) {
    if (count === 0) break;
    if (count * CHECK_COST < size) {
      for (const id of idsOf(all))
        if (!arrays.some((array) => array.holds(id, needle))) all[id >>> 5] = (all[id >>> 5] as number) & ~(1 << (id & 31));
    } else {
      const part = marked({ arrays, needle, size });
      for (let i = 0; i < all.length; i++) all[i] = (all[i] as number) & (part[i] ?? 0);
    }
    count = countOf(all);
  }
  return matchesOf(all);
}

/** About how many entries a search for `filter` reads. */
export const costOf = (arrays: TextArrays, filter: BookFilter): number => partsOf(arrays, filter).reduce((sum, part) => sum + part.size, 0);

/**
 * The same answer as `searchArrays`, as a set of bits, found in stretches (stretches.ts): every
 * walk and every check by hand gives the event loop back whenever the stretch's time is up. A book
 * written meanwhile may be marked as it was or as it is; the caller checks those again.
 */
export async function searchArraysInStretches(arrays: TextArrays, filter: BookFilter, stretch: Stretch): Promise<Uint32Array> {
  const [first, ...others] = partsOf(arrays, filter) as [Part, ...Part[]];
  const { titles, authors } = arrays;
  const words = Math.ceil(Math.max(titles.size, authors.size) / 32) + 1;
  const all = await markedInStretches(first, words, stretch);
  for (const part of others) {
    const count = countOf(all);
    if (count === 0) break;
    if (count * CHECK_COST < part.size) {
      for (const id of idsOf(all)) {
        if (!part.arrays.some((array) => array.holds(id, part.needle))) all[id >>> 5] = (all[id >>> 5] as number) & ~(1 << (id & 31));
        if (stretch.late) await stretch.next();
      }
    } else {
      const bits = await markedInStretches(part, words, stretch);
      for (let i = 0; i < all.length; i++) all[i] = (all[i] as number) & (bits[i] as number);
    }
  }
  return all;
}

/** The parts of a filter, each with the entries its search would read, rarest first. */
function partsOf({ titles, authors }: TextArrays, { title, author, words = [] }: BookFilter): Part[] {
  const parts: Part[] = [];
  if (title !== undefined) parts.push({ arrays: [titles], needle: title, size: 0 });
  if (author !== undefined) parts.push({ arrays: [authors], needle: author, size: 0 });
  for (const word of words) parts.push({ arrays: [titles, authors], needle: word, size: 0 });
  for (const part of parts) part.size = part.arrays.reduce((sum, array) => sum + array.estimate(part.needle), 0);
  return parts.sort((a, b) => a.size - b.size);
}

/** The ids whose bits are set, and a test of one id. */
export function matchesOf(bits: Uint32Array): Matches {
  return { ids: Int32Array.from(idsOf(bits)), has: (id) => ((bits[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0 };
}

/** The books that hold a part's needle in any of its arrays, as `words` words of bits, marked in stretches. */
async function markedInStretches({ arrays, needle }: Part, words: number, stretch: Stretch): Promise<Uint32Array> {
  const bits = new Uint32Array(words);
  for (const array of arrays) {
    for (const _ of array.mark(needle, bits)) if (stretch.late) await stretch.next();
  }
  return bits;
}

/** A part of a filter: a needle, the arrays any of which may hold it, and about what its search reads. */
interface Part {
  readonly arrays: readonly SuffixArray[];
  readonly needle: string;
  size: number;
}

/** A rarest part that reads at most this many entries is followed book by book, in a list, never in sets of a bit per book. */
const FEW = 4096;

/**
 * The search when the rarest part finds few books: they are listed, and each other part keeps
 * those it holds, checked by hand or by its own set of bits, whichever costs less. Nothing here
 * grows with the catalogue, so a one-match search costs the same at any size.
 */
function fewMatches([first, ...others]: Part[]): Matches {
  const seen = new Set<number>();
  for (const array of (first as Part).arrays) for (const id of array.search((first as Part).needle).ids) seen.add(id);
  let ids = [...seen];
  for (const part of others) {
    if (ids.length === 0) break;
    if (ids.length * CHECK_COST < part.size) ids = ids.filter((id) => part.arrays.some((array) => array.holds(id, part.needle)));
    else {
      const bits = marked(part);
      ids = ids.filter((id) => ((bits[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0);
    }
  }
  const kept = new Set(ids);
  return { ids: Int32Array.from(ids), has: (id) => kept.has(id) };
}

/** The books that hold a part's needle in any of its arrays, as a set of bits. */
function marked({ arrays, needle }: Part): Uint32Array {
  let bits: Uint32Array | undefined;
  for (const array of arrays) {
    const found = array.search(needle).bits;
    if (bits === undefined) bits = found.slice();
    else for (let i = 0; i < bits.length; i++) bits[i] = (bits[i] as number) | (found[i] ?? 0);
  }
  return bits as Uint32Array;
}

/**
 * Sets the bit of each of `ids` as the plain rule (`test`) says of the book it holds now, clears
 * it for a free id; grows `bits` for an id beyond them, and returns them.
 */
export function retested(bits: Uint32Array, ids: Iterable<number>, test: (book: StoredBook) => boolean, books: Books): Uint32Array {
  for (const id of ids) bits = retestedOne(bits, id, test, books);
  return bits;
}

/** `retested`, giving the event loop back whenever the stretch's time is up. */
export async function retestedInStretches(
  bits: Uint32Array,
  ids: Iterable<number>,
  test: (book: StoredBook) => boolean,
  books: Books,
  stretch: Stretch,
): Promise<Uint32Array> {
  for (const id of ids) {
    bits = retestedOne(bits, id, test, books);
    if (stretch.late) await stretch.next();
  }
  return bits;
}

function retestedOne(bits: Uint32Array, id: number, test: (book: StoredBook) => boolean, books: Books): Uint32Array {
  if (id >= bits.length * 32) bits = growTo(bits, id);
  const book = books()[id];
  if (book !== undefined && test(book)) bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  else bits[id >>> 5] = (bits[id >>> 5] as number) & ~(1 << (id & 31));
  return bits;
}

/** Every id up to the last stored book's. */
export function* allIds(books: Books): Generator<number> {
  for (let id = 0; id < books().length; id++) yield id;
}

export const titlesOf = (books: readonly (StoredBook | undefined)[]): (string | undefined)[] => books.map((book) => book?.title);
export const authorsOf = (books: readonly (StoredBook | undefined)[]): (string | undefined)[] =>
  books.map((book) => book && shownAuthor(book));
