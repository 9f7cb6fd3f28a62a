/**
 * Storage: `BookStore`, the small interface the handlers use, so that a database-backed store
 * could replace this one, and `MemoryBookStore`, which checks each write against three parts and
 * then hands it to each: the record table (records.ts), the title index (title-index.ts) and the
 * kept orders (kept-orders.ts). So no request sorts or scans the whole catalogue.
 */
import type { BookFields } from './book.ts';
import { KeptOrders, SCAN_BATCH, type SortOrder } from './kept-orders.ts';
import { RecordTable, type StoredBook } from './records.ts';
import { textLength } from './book.ts';
import { FIELDS, type FieldTable } from './fields.ts';
import { sortComparisons } from './order.ts';
import { MAX_IDS } from './suffix-array.ts';
import { TitleIndex } from './title-index.ts';

export type { SortOrder } from './kept-orders.ts';

export interface BookQuery {
  /** Case-insensitive substring of the title; undefined means every book. */
  readonly title?: string | undefined;
  /** Undefined means insertion order. */
  readonly sort?: SortOrder | undefined;
  /** Where the page starts in the whole answer, and at most how many books it holds. */
  readonly offset?: number;
  readonly limit?: number;
}

/** A page of an answer, and how many books the whole answer holds. */
export interface BookPage {
  readonly books: readonly BookFields[];
  readonly total: number;
}

export type AddOutcome = { readonly added: BookFields } | { readonly refused: 'isbn-taken' | 'duplicate' | 'full' | 'text-full' };
export type ReplaceOutcome = { readonly replaced: BookFields } | { readonly refused: 'not-found' | 'duplicate' | 'text-full' };

/** A lazily read answer: how many books match now, and the books, read a batch at a time. */
export interface BookScan {
  readonly total: number;
  readonly books: Iterable<BookFields>;
}

export interface BookStore {
  readonly size: number;
  readonly capacity: number;
  /** The most text, in UTF-16 code units, that the books may hold in all (see TEXT_PER_BOOK). */
  readonly textCapacity: number;
  /** Advances on every change, so that an answer's tag can name the catalogue it was read from. */
  readonly revision: number;
  get(isbn: string): BookFields | undefined;
  /**
   * Stores a book unless its isbn is taken, a book with exactly its title and names is stored
   * (api.md, Adding a book), or the store is full of books or of text, checked in that order,
   * as a database's unique constraints would.
   */
  add(fields: BookFields): AddOutcome;
  /**
   * The one place where a stored book changes (api.md, Editing): the book with this isbn becomes
   * `fields`, in its place in insertion order, unless there is none, another book has exactly its
   * title and names, or the change would pass the text budget, checked in that order.
   */
  replace(fields: BookFields): ReplaceOutcome;
  /** Whether a book was there to remove. */
  remove(isbn: string): boolean;
  /** The page of the matching books, in order, and how many match in all. */
  find(query: BookQuery): BookPage;
  /**
   * Every matching book, in order, read a batch at a time, with no copy of the catalogue up
   * front. Writes may come between batches: the scan goes on from the last book it gave, so it
   * gives every book there all along once, as it was when its batch was read. A book replaced
   * meanwhile keeps its place in insertion order; in a sort order it may move, to be given twice
   * or not at all, as in a database's keyset read.
   */
  scan(query: Pick<BookQuery, 'title' | 'sort'>): BookScan;
}

/**
 * The text a catalogue may hold: this many UTF-16 code units a book on average, over isbn, title
 * and names (an ordinary book has 60 to 100). It bounds memory whatever clients send: 512-emoji
 * titles cost the title index about 8 bytes a code unit, so without it MAX_BOOKS such books
 * would take some 1.3 GB at the defaults (api.md, Limits).
 */
export const TEXT_PER_BOOK = 128;

/** The largest catalogue the store can hold: the title index packs a book's id into 22 bits. */
export const MAX_CAPACITY = MAX_IDS;

export class MemoryBookStore implements BookStore {
  readonly capacity: number;
  private readonly records: RecordTable;
  private readonly titles: TitleIndex;
  private readonly orders: KeptOrders;
  /** The text a book holds, as the budget counts it. */
  private readonly measure: (book: StoredBook) => number;

  /** `table`: the fields whose sorts and text the store knows; another one is for tests. */
  constructor(capacity: number, table: FieldTable = FIELDS) {
    if (!(capacity >= 0 && capacity <= MAX_CAPACITY)) throw new RangeError(`a store holds at most ${MAX_CAPACITY} books, not ${capacity}`);
    this.capacity = capacity;
    this.measure = (book) => textLength(book, table);
    this.records = new RecordTable(capacity * TEXT_PER_BOOK, this.measure);
    this.titles = new TitleIndex((id) => this.records.book(id));
    this.orders = new KeptOrders(this.records, sortComparisons(table));
  }

  get size(): number {
    return this.records.size;
  }
  get textCapacity(): number {
    return this.records.textCapacity;
  }
  get revision(): number {
    return this.records.revision;
  }

  get(isbn: string): BookFields | undefined {
    const id = this.records.idOf(isbn);
    return id === undefined ? undefined : this.records.book(id);
  }

  add(fields: BookFields): AddOutcome {
    if (this.records.idOf(fields.isbn) !== undefined) return { refused: 'isbn-taken' };
    if (this.titles.duplicateOf(fields) !== undefined) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };
    const book: StoredBook = Object.freeze({ ...fields });
    if (!this.records.textFits(this.measure(book))) return { refused: 'text-full' };
    // The title index first: it is the one part that can refuse a title, before anything changed.
    this.titles.add(this.records.nextId(), book);
    this.orders.add(this.records.add(book));
    return { added: book };
  }

  replace(fields: BookFields): ReplaceOutcome {
    const id = this.records.idOf(fields.isbn);
    if (id === undefined) return { refused: 'not-found' };
    const duplicate = this.titles.duplicateOf(fields);
    if (duplicate !== undefined && duplicate !== id) return { refused: 'duplicate' };
    const book: StoredBook = Object.freeze({ ...fields });
    const old = this.records.book(id);
    if (!this.records.textFits(this.measure(book) - this.measure(old))) return { refused: 'text-full' };
    this.titles.replace(id, old, book);
    this.records.replace(id, book);
    this.orders.replace(id, old);
    return { replaced: book };
  }

  remove(isbn: string): boolean {
    const id = this.records.idOf(isbn);
    if (id === undefined) return false;
    this.titles.remove(id, this.records.book(id));
    this.orders.remove(id);
    this.records.remove(id);
    return true;
  }

  find({ title, sort, offset = 0, limit = Infinity }: BookQuery): BookPage {
    const list = this.orders.list(sort);
    if (title === undefined) {
      const page: StoredBook[] = [];
      list.walk(offset, (id) => page.push(this.records.book(id)) < limit);
      return { books: page, total: this.size };
    }
    // The matching ids, then the page of them in the kept order: no sorting per request.
    const matches = this.indexTitles().search(title);
    return { books: list.page(matches, offset, limit).map((id) => this.records.book(id)), total: matches.ids.length };
  }

  scan({ title, sort }: Pick<BookQuery, 'title' | 'sort'>): BookScan {
    if (title === undefined) return { total: this.size, books: this.orders.scan(sort, () => true) };
    // A few matches are taken at once, from the index; more are found batch by batch, each book
    // tested as the plain rule says (api.md, Listing, rule 1), since the index's answer is only
    // good until the next search.
    const found = this.find({ title, sort, limit: SCAN_BATCH + 1 });
    if (found.total <= SCAN_BATCH) return found;
    const needle = title.toLowerCase();
    return { total: found.total, books: this.orders.scan(sort, (book) => book.title.toLowerCase().includes(needle)) };
  }

  /**
   * Builds the title index now, in one pass over every title, unless it is built already; from
   * then on each write updates it. The entry point calls this once the seed is loaded, so that
   * no search waits for the build (half a second at 100,000 titles) and no client can make it
   * happen later, when the titles sent meanwhile could make it large.
   */
  indexTitles(): TitleIndex {
    this.titles.build(() => this.records.titles());
    return this.titles;
  }

  /** The title index and every sort order, built at start-up so that no request has to (main.ts). */
  buildIndexes(): void {
    this.indexTitles();
    this.orders.buildAll();
  }
}
