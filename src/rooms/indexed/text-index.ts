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
import { MAX_IDS, SuffixArray } from './suffix-array.ts';
import { DuplicateIndex } from './duplicate-index.ts';
import { Stretch } from './stretches.ts';
import {
  type Books,
  CHECK_COST,
  costOf,
  type Matches,
  matchesOf,
  retested,
  retestedInStretches,
  searchArrays,
  searchArraysInStretches,
  type TextArrays,
} from './text-search.ts';

/** How a build went: in a worker thread, or here (`error` says why, when a worker could not), and in how many milliseconds. */
export interface Built {
  readonly inWorker: boolean;
  readonly ms: number;
  readonly error?: string;
}

/** A stretch of folding, in ms: shorter than a search's, since a write that comes meanwhile waits (4 ms gave long titles' adds a p99 of 6.4 ms). */
export const FOLD_MS = 1;

export class TextIndex {
  private readonly books: Books;
  private readonly duplicates: DuplicateIndex;
  /** Built by `build` or `buildInWorker`; from then on each write reaches them through `pending`. */
  private arrays: TextArrays | undefined;
  /** Whether a build has begun: from then on each write is pending until the arrays have it. */
  private begun = false;
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
    if (id >= MAX_IDS) throw new RangeError(`id ${id} is beyond the index`);
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
   * Builds the suffix arrays from the texts as they are now, sorted in a worker thread, unless a
   * build has begun. Meanwhile a search reads every book by the plain rule, in stretches; what is
   * written meanwhile is pending once they arrive. A worker that fails leaves the sort to this thread.
   */
  async buildInWorker(): Promise<Built> {
    if (this.begun) return this.build();
    this.begun = true;
    const began = performance.now();
    const books = this.books();
    const [titles, authors] = [titlesOf(books), authorsOf(books)];
    let error: string | undefined;
    const sorted = (texts: (string | undefined)[]): Promise<SuffixArray> =>
      SuffixArray.inWorker(texts).catch((failure: unknown) => {
        error = String(failure);
        return new SuffixArray(texts);
      });
    this.arrays = { titles: await sorted(titles), authors: await sorted(authors) };
    this.foldSoon();
    return { inWorker: error === undefined, ms: Math.round(performance.now() - began), ...(error === undefined ? {} : { error }) };
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
    if (this.arrays === undefined) return this.books().length * CHECK_COST;
    return costOf(this.arrays, filter) + this.pending.size * CHECK_COST;
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
    return retestedInStretches(all, [...unsure, ...this.pending], test, this.books, stretch);
  }

  /** Folds the pending writes into the arrays, a stretch a turn, starting a turn from now, unless a fold is under way. */
  private foldSoon(): void {
    if (this.folding || this.pending.size === 0) return;
    this.folding = true;
    void this.fold();
  }

  private async fold(): Promise<void> {
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
    if (!this.begun) return;
    this.pending.add(id);
    if (this.arrays !== undefined) this.foldSoon();
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

/** Every id up to the last stored book's. */
function* allIds(books: Books): Generator<number> {
  for (let id = 0; id < books().length; id++) yield id;
}

const titlesOf = (books: readonly (StoredBook | undefined)[]): (string | undefined)[] => books.map((book) => book?.title);
const authorsOf = (books: readonly (StoredBook | undefined)[]): (string | undefined)[] => books.map((book) => book && shownAuthor(book));
