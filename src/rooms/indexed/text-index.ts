/**
 * The text index: what the store looks up by text. The duplicate rule's lookup (a book with
 * exactly this title and these names) and, once built, two suffix arrays (suffix-array.ts), of the
 * titles and of the shown authors, that answer the filters. The lookup sees each write at once;
 * the arrays a moment later (`pending`), so that no write waits for them.
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { shownAuthor } from '../../core/book.ts';
import { type BookFilter, bookTest } from '../../core/store.ts';
import type { StoredBook } from './records.ts';
import { SuffixArray } from './suffix-array.ts';
import { DuplicateIndex } from './duplicate-index.ts';
import { Stretch } from './stretches.ts';
import {
  allIds,
  authorsOf,
  type Books,
  costOf,
  type Matches,
  matchesOf,
  retested,
  retestedInStretches,
  searchArrays,
  searchArraysInStretches,
  type TextArrays,
  testCost,
  titlesOf,
} from './text-search.ts';
import { refuseBeyond, sortedInWorker } from './suffix-build.ts';
import { FOLD_MS } from './pacing.ts';

/** How a build went: in a worker thread or here, in how many milliseconds; `error`, why a worker could not, and the arrays are not built. */
export interface Built {
  readonly inWorker: boolean;
  readonly ms: number;
  readonly error?: string;
}

export class TextIndex {
  private readonly books: Books;
  private readonly duplicates: DuplicateIndex;
  /** Built by `build` or `buildInWorker`; from then on each write reaches them through `pending`. */
  private arrays: TextArrays | undefined;
  /** Whether a build has begun, and whether a worker thread is sorting: from then on each write is pending until the arrays have it. */
  private begun = false;
  private sorting = false;
  /**
   * The ids written since the arrays' texts were read: their entries may be of a text they no
   * longer hold, so every search tests these books by the plain rule (../../core/store.ts,
   * bookTest) instead, until they are folded in, a stretch a turn. A write costs the lookup
   * alone, and a batch of the longest texts never holds the event loop for their hundreds of entries each.
   */
  private readonly pending = new Set<number>();
  private folding = false;
  private readonly foldMs: number;

  /** `books`: every stored book by id; `foldMs`, for tests: how long a stretch of folding runs. */
  constructor(books: Books, foldMs = FOLD_MS) {
    this.books = books;
    this.duplicates = new DuplicateIndex((id) => books()[id] as StoredBook);
    this.foldMs = foldMs;
  }

  /** The id of the stored book with exactly this title and these derived names, if there is one. */
  duplicateOf(book: StoredBook): number | undefined {
    return this.duplicates.find(book);
  }

  /** Indexes a book under an id; throws, changing nothing, when the id is beyond the suffix arrays. */
  add(id: number, book: StoredBook): void {
    refuseBeyond(id);
    this.duplicates.add(book, id);
    this.written(id);
  }

  remove(id: number, book: StoredBook): void {
    this.duplicates.remove(book, id);
    this.written(id);
  }

  /** Indexes `book` in place of `old` under the same id. */
  replace(id: number, old: StoredBook, book: StoredBook): void {
    this.duplicates.remove(old, id);
    this.duplicates.add(book, id);
    this.written(id);
  }

  /** Builds the suffix arrays now, each in one pass over every book, unless a build has begun. */
  build(): Built {
    const began = performance.now();
    if (!this.begun) {
      this.begun = true;
      const books = this.books();
      this.arrays = { titles: new SuffixArray(titlesOf(books)), authors: new SuffixArray(authorsOf(books)) };
    }
    return { inWorker: false, ms: Math.round(performance.now() - began) };
  }

  /**
   * Builds the suffix arrays from the texts as they are now, sorted in a worker thread by `sort`
   * (suffix-build.ts), unless a build has begun. Meanwhile a search reads every book by the plain
   * rule, in stretches; what is written meanwhile is pending once they arrive. Never rejects.
   */
  async buildInWorker(sort = sortedInWorker): Promise<Built> {
    if (this.begun) return { inWorker: false, ms: 0 };
    [this.begun, this.sorting] = [true, true];
    const began = performance.now();
    const ms = (): number => Math.round(performance.now() - began);
    const books = this.books();
    const [titles, authors] = [titlesOf(books), authorsOf(books)];
    try {
      // Each array is made in the turn its entries arrive.
      const made: SuffixArray[] = [];
      await sort([titles, authors], (entries, list) => made.push(new SuffixArray(list === 0 ? titles : authors, entries)));
      this.arrays = { titles: made[0] as SuffixArray, authors: made[1] as SuffixArray };
    } catch (error) {
      // Sorted here, the catalogue would hold the event loop far too long: searches go on reading every book, in stretches.
      this.pending.clear();
      return { inWorker: false, ms: ms(), error: String(error) };
    } finally {
      this.sorting = false;
    }
    void this.foldSoon();
    return { inWorker: true, ms: ms() };
  }

  /** The ids of the books that pass a filter of at least one part: the arrays' answer, and each pending book tested by the plain rule. */
  search(filter: BookFilter): Matches {
    if (this.arrays === undefined) return matchesOf(retested(this.noBits(), allIds(this.books), bookTest(filter), this.books));
    const found = searchArrays(this.arrays, filter);
    if (this.pending.size === 0) return found;
    const bits = this.noBits();
    for (const id of found.ids) bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
    return matchesOf(retested(bits, this.pending, bookTest(filter), this.books));
  }

  /** About how many entries a search for `filter` reads: a search that reads many is done in stretches. */
  cost(filter: BookFilter): number {
    // Before the arrays, every search reads every book: in stretches, whatever its size.
    if (this.arrays === undefined) return Infinity;
    return costOf(this.arrays, filter) + testCost(this.pending, this.books);
  }

  /**
   * The same answer as `search`, as a set of bits, found in stretches (text-search.ts). A book
   * written meanwhile may be marked as it was or as it is; the caller checks those again.
   */
  async searchInStretches(filter: BookFilter, stretch: Stretch): Promise<Uint32Array> {
    const test = bookTest(filter);
    if (this.arrays === undefined) return retestedInStretches(this.noBits(), allIds(this.books), test, this.books, stretch);
    // A book pending now may be folded in while the walk waits, and missed by it: each is tested at the end.
    const unsure = [...this.pending];
    const all = await searchArraysInStretches(this.arrays, filter, stretch);
    return retestedInStretches(all, unsure, test, this.books, stretch);
  }

  /**
   * Folds the pending writes into the arrays, a stretch a turn, starting a turn from now, unless a fold is under way. Its callers
   * do not wait for it; one that failed would be a bug, its rejection left unhandled so that the process stops and says where.
   */
  private async foldSoon(): Promise<void> {
    if (this.folding || this.pending.size === 0) return;
    this.folding = true;
    const { titles, authors } = this.arrays as TextArrays;
    const stretch = new Stretch(this.foldMs);
    while (this.pending.size > 0) {
      await stretch.next();
      for (const id of this.pending) {
        const book = this.books()[id];
        if (book === undefined) {
          titles.remove(id);
          authors.remove(id);
        } else {
          titles.replace(id, book.title);
          authors.replace(id, shownAuthor(book));
        }
        this.pending.delete(id);
        if (stretch.late) break;
      }
    }
    this.folding = false;
  }

  /** Notes a write: the arrays learn of it once it is folded in. */
  private written(id: number): void {
    if (this.arrays === undefined && !this.sorting) return;
    this.pending.add(id);
    if (this.arrays !== undefined) void this.foldSoon();
  }

  /** A bit for every id, none set. */
  private noBits(): Uint32Array {
    return new Uint32Array(Math.ceil(this.books().length / 32) + 1);
  }

  /** Settles once nothing written so far is pending: for tests, which compare the arrays' answers alone. */
  async folded(): Promise<void> {
    while (this.pending.size > 0 || this.folding) await nextTurn();
  }
}
