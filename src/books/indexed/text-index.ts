/**
 * The text index: what the store looks up by text. The duplicate rule's lookup (a book with
 * exactly this title and these names) and, once built, two suffix arrays (suffix-array.ts), of the
 * titles and of the shown authors, that answer the filters. All hold ids, and see each write at once.
 */
import { shownAuthor } from '../book.ts';
import type { BookFilter } from '../store.ts';
import type { StoredBook } from './records.ts';
import { SuffixArray, type TextMatches } from './suffix-array.ts';
import { hashStrings, IdHash } from './id-hash.ts';

/** The ids of the books a filter passes, each once, in no particular order; valid until the next search. */
export type Matches = Omit<TextMatches, 'bits'>;

export class TextIndex {
  private readonly duplicates: DuplicateIndex;
  /** Built at once by `build`, and kept up to date from then on. */
  private arrays: { readonly titles: SuffixArray; readonly authors: SuffixArray } | undefined;

  /** `bookOf(id)`: the stored book under a live id. */
  constructor(bookOf: (id: number) => StoredBook) {
    this.duplicates = new DuplicateIndex(bookOf);
  }

  /** The id of the stored book with exactly this title and these derived names, if there is one. */
  duplicateOf(book: StoredBook): number | undefined {
    return this.duplicates.find(book);
  }

  /** Indexes a book under an id; throws, changing nothing, when the id is beyond the suffix arrays. */
  add(id: number, book: StoredBook): void {
    // First the steps that can refuse an id, before anything changed; the second refuses what the first does.
    this.arrays?.titles.add(id, book.title);
    this.arrays?.authors.add(id, shownAuthor(book));
    this.duplicates.add(book, id);
  }

  remove(id: number, book: StoredBook): void {
    this.duplicates.remove(book, id);
    this.arrays?.titles.remove(id);
    this.arrays?.authors.remove(id);
  }

  /** Indexes `book` in place of `old` under the same id. */
  replace(id: number, old: StoredBook, book: StoredBook): void {
    this.arrays?.titles.replace(id, book.title);
    this.arrays?.authors.replace(id, shownAuthor(book));
    this.duplicates.remove(old, id);
    this.duplicates.add(book, id);
  }

  /**
   * Builds the suffix arrays now, each in one pass over every book (by id, undefined where an id
   * is free), unless they are built already.
   */
  build(books: () => readonly (StoredBook | undefined)[]): void {
    if (this.arrays !== undefined) return;
    const all = books();
    this.arrays = {
      titles: new SuffixArray(all.map((book) => book?.title)),
      authors: new SuffixArray(all.map((book) => book && shownAuthor(book))),
    };
  }

  /**
   * The ids of the books that pass a filter of at least one part; the arrays must be built. One
   * part is one search. Several are a search each, every part marking its books in a set of bits,
   * and the sets intersected a word at a time: a search costs what each part finds, never a string
   * comparison per book, however many books each word alone matches.
   */
  search({ title, author, words = [] }: BookFilter): Matches {
    const { titles, authors } = this.arrays as NonNullable<typeof this.arrays>;
    const parts: [readonly SuffixArray[], string][] = [];
    if (title !== undefined) parts.push([[titles], title]);
    if (author !== undefined) parts.push([[authors], author]);
    for (const word of words) parts.push([[titles, authors], word]);
    const [first] = parts;
    if (parts.length === 1 && first !== undefined && first[0].length === 1) return (first[0][0] as SuffixArray).search(first[1]);
    let all: Uint32Array | undefined;
    for (const [arrays, needle] of parts) {
      let part: Uint32Array | undefined;
      for (const array of arrays) {
        const { bits } = array.search(needle);
        if (part === undefined) part = bits.slice();
        else for (let i = 0; i < part.length; i++) part[i] = (part[i] as number) | (bits[i] ?? 0);
      }
      if (all === undefined) all = part as Uint32Array;
      else for (let i = 0; i < all.length; i++) all[i] = (all[i] as number) & ((part as Uint32Array)[i] ?? 0);
    }
    return bitsMatches(all as Uint32Array);
  }
}

/** The matches a set of bits names. */
function bitsMatches(bits: Uint32Array): Matches {
  const ids: number[] = [];
  for (let word = 0; word < bits.length; word++) {
    // Each set bit, lowest first: `w & -w` keeps the lowest, and `w & (w - 1)` clears it.
    for (let w = bits[word] as number; w !== 0; w &= w - 1) ids.push(word * 32 + 31 - Math.clz32(w & -w));
  }
  return { ids: Int32Array.from(ids), has: (id) => ((bits[id >>> 5] ?? 0) & (1 << (id & 31))) !== 0 };
}

/**
 * The duplicate rule (api.md, Adding a book): no two books with the same title and the same
 * derived names. By title, the id of its one book, or, once books share the title, a map from
 * the names to the id: a write looks up one entry, never the books that share its title. Most
 * titles are unique, and a bare number instead of a map saves memory on each of them.
 */
class DuplicateIndex {
  private readonly ids: IdHash<StoredBook>;

  constructor(bookOf: (id: number) => StoredBook) {
    const hash = (book: StoredBook): number => hashStrings(book.title, book.authorFirstName, book.authorLastName);
    this.ids = new IdHash<StoredBook>(
      hash,
      (id) => hash(bookOf(id)),
      (id, book) => {
        const stored = bookOf(id);
        return stored.title === book.title && sameNames(stored, book);
      },
    );
  }

  find(book: StoredBook): number | undefined {
    return this.ids.find(book);
  }

  add(book: StoredBook, id: number): void {
    this.ids.add(id, book);
  }

  remove(book: StoredBook, id: number): void {
    this.ids.delete(id, book);
  }
}

function sameNames(a: StoredBook, b: StoredBook): boolean {
  return a.authorFirstName === b.authorFirstName && a.authorLastName === b.authorLastName;
}
