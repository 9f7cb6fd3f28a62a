/**
 * Storage. `BookStore` is the small interface that the handlers use, so that a database-backed
 * store could replace this one; `MemoryBookStore` keeps the books in memory, with a `Map` by
 * isbn, a suffix array over titles (suffix-array.ts) and each order kept as books come and go
 * (sorted-list.ts), so that no request sorts or scans the whole catalogue.
 */
import type { BookFields } from './book.ts';
import type { SortKey } from './fields.ts';
import { SortedList } from './sorted-list.ts';
import { MAX_IDS, SuffixArray } from './suffix-array.ts';

export interface SortOrder {
  readonly key: SortKey;
  readonly descending: boolean;
}

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
  /** Whether a book was there to remove. */
  remove(isbn: string): boolean;
  /** The page of the matching books, in order, and how many match in all. */
  find(query: BookQuery): BookPage;
  /**
   * Every matching book, in order, read a batch at a time as the iterable is read, with no copy
   * of the catalogue up front. Writes may come between batches: the scan then goes on from the
   * last book it gave, so it gives each book once at most, and every book there all along.
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

/** How many books a scan reads at a time, between which writes may come. */
const SCAN_BATCH = 256;

/** The largest catalogue the store can hold: the title index packs a book's id into 22 bits. */
export const MAX_CAPACITY = MAX_IDS;

/** A record as the store holds it: the fields, and nothing else that could leave the store. */
type StoredBook = BookFields;

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine (api.md, Listing).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const KEY_ORDER: Record<SortKey, (a: StoredBook, b: StoredBook) => number> = {
  title: (a, b) => collator.compare(a.title, b.title),
  isbn: (a, b) => collator.compare(a.isbn, b.isbn),
  author: (a, b) => collator.compare(a.authorLastName, b.authorLastName) || collator.compare(a.authorFirstName, b.authorFirstName),
};

/** A place in an order: a book and when it was added, which breaks ties between equal keys. */
interface Place {
  readonly book: StoredBook;
  readonly added: number;
}

/** A kept order of ids, and the comparison that says where a book goes in it. */
interface Order {
  readonly list: SortedList;
  readonly compare: (a: Place, b: Place) => number;
}

/** The code units of text a book holds, as TEXT_PER_BOOK counts them. */
function textLength(book: StoredBook): number {
  return book.isbn.length + book.title.length + book.authorFirstName.length + book.authorLastName.length + (book.author?.length ?? 0);
}

/**
 * The in-memory store. Each book gets an integer id, which never leaves this class; the id of a
 * removed book goes to the next one added, so the arrays indexed by id never outgrow the
 * catalogue. A counter gives insertion order. The orders and the title index hold ids, not
 * books: 4 bytes each, walked in a row, where objects would be chased through memory.
 */
export class MemoryBookStore implements BookStore {
  readonly capacity: number;
  readonly textCapacity: number;
  /** By id; undefined while the id is free. */
  private readonly books: (StoredBook | undefined)[] = [];
  /** By id: when the book was added, as a count of adds; it orders books that sort as equals. */
  private readonly added: number[] = [];
  private readonly freeIds: number[] = [];
  private readonly ids = new Map<string, number>();
  private readonly duplicates = new DuplicateIndex((id) => this.books[id] as StoredBook);
  /** Built at once by `indexTitles`, and kept up to date from then on. */
  private titles: SuffixArray | undefined;
  private readonly inserted: Order;
  /** The sort orders asked for so far, each built on first use and kept up to date from then on. */
  private readonly sorted = new Map<string, Order>();
  private adds = 0;
  private text = 0;
  private changes = 0;

  constructor(capacity: number) {
    if (!(capacity >= 0 && capacity <= MAX_CAPACITY)) throw new RangeError(`a store holds at most ${MAX_CAPACITY} books, not ${capacity}`);
    this.capacity = capacity;
    this.textCapacity = capacity * TEXT_PER_BOOK;
    this.inserted = { list: new SortedList([], { track: true }), compare: (a, b) => a.added - b.added };
  }

  get size(): number {
    return this.ids.size;
  }

  get revision(): number {
    return this.changes;
  }

  get(isbn: string): BookFields | undefined {
    const id = this.ids.get(isbn);
    return id === undefined ? undefined : this.books[id];
  }

  add(fields: BookFields): AddOutcome {
    if (this.ids.has(fields.isbn)) return { refused: 'isbn-taken' };
    if (this.duplicates.find(fields) !== undefined) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };
    const book: StoredBook = Object.freeze({ ...fields });
    if (this.text + textLength(book) > this.textCapacity) return { refused: 'text-full' };

    const id = this.freeIds.at(-1) ?? this.books.length;
    // First the one step that can refuse a title (one too long for the index), before anything changed.
    this.titles?.add(id, book.title);
    this.freeIds.pop();
    this.books[id] = book;
    this.added[id] = this.adds++;
    this.ids.set(book.isbn, id);
    this.duplicates.add(book, id);
    this.text += textLength(book);
    this.changes++;
    const place = this.placeOf(id);
    for (const { list, compare } of [this.inserted, ...this.sorted.values()]) list.insert(id, (other) => compare(this.placeOf(other), place) < 0);
    return { added: book };
  }

  remove(isbn: string): boolean {
    const id = this.ids.get(isbn);
    if (id === undefined) return false;
    const book = this.books[id] as StoredBook;
    this.duplicates.remove(book);
    this.titles?.remove(id);
    for (const { list } of [this.inserted, ...this.sorted.values()]) list.delete(id);
    this.ids.delete(isbn);
    this.books[id] = undefined;
    this.freeIds.push(id);
    this.text -= textLength(book);
    this.changes++;
    return true;
  }

  find({ title, sort, offset = 0, limit = Infinity }: BookQuery): BookPage {
    const { list } = this.orderOf(sort);
    if (title === undefined) {
      const page: number[] = [];
      list.walk(offset, (id) => page.push(id) < limit);
      return { books: page.map((id) => this.books[id] as StoredBook), total: this.size };
    }
    // The matching ids, then the page of them in the kept order: no sorting per request.
    const matches = this.indexTitles().search(title);
    return { books: list.page(matches, offset, limit).map((id) => this.books[id] as StoredBook), total: matches.ids.length };
  }

  scan({ title, sort }: Pick<BookQuery, 'title' | 'sort'>): BookScan {
    if (title === undefined) return { total: this.size, books: this.batches(sort, () => true) };
    // A few matches are taken at once, from the index; more are found batch by batch, each book
    // tested as the plain rule says (api.md, Listing, rule 1), since the index's answer is only
    // good until the next search.
    const found = this.find({ title, sort, limit: SCAN_BATCH + 1 });
    if (found.total <= SCAN_BATCH) return found;
    const needle = title.toLowerCase();
    return { total: found.total, books: this.batches(sort, (book) => book.title.toLowerCase().includes(needle)) };
  }

  /** The books of an order that pass `test`, looked up afresh for each batch from the last one given. */
  private *batches(sort: SortOrder | undefined, test: (book: StoredBook) => boolean): Generator<StoredBook> {
    const { list, compare } = this.orderOf(sort);
    let last: Place | undefined;
    for (;;) {
      const from = last;
      const batch: StoredBook[] = [];
      let visited = 0;
      // Seek past the last book given, by its place in the order: it may have gone since.
      list.walkFrom(from === undefined ? () => false : (id) => compare(this.placeOf(id), from) <= 0, (id) => {
        last = this.placeOf(id);
        if (test(last.book)) batch.push(last.book);
        return ++visited < SCAN_BATCH;
      });
      if (visited === 0) return;
      yield* batch;
    }
  }

  /**
   * Builds the title index now, in one pass over every title, unless it is built already; from
   * then on each add and remove updates it. The entry point calls this once the seed is loaded,
   * so that no search waits for the build (half a second at 100,000 titles) and no client can
   * make it happen later, when the titles sent meanwhile could make it large.
   */
  indexTitles(): SuffixArray {
    this.titles ??= new SuffixArray(this.books.map((book) => book?.title));
    return this.titles;
  }

  private placeOf(id: number): Place {
    return { book: this.books[id] as StoredBook, added: this.added[id] as number };
  }

  private orderOf(sort: SortOrder | undefined): Order {
    if (sort === undefined) return this.inserted;
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let order = this.sorted.get(name);
    if (!order) {
      const byKey = KEY_ORDER[sort.key];
      // Ties keep insertion order in both directions, so a descending order is not a reversed one.
      const compare = sort.descending
        ? (a: Place, b: Place) => byKey(b.book, a.book) || a.added - b.added
        : (a: Place, b: Place) => byKey(a.book, b.book) || a.added - b.added;
      const ids = Uint32Array.from(this.ids.values()).sort((a, b) => compare(this.placeOf(a), this.placeOf(b)));
      order = { list: new SortedList(ids, { track: true }), compare };
      this.sorted.set(name, order);
    }
    return order;
  }
}

/**
 * The duplicate rule (api.md, Adding a book, rule 3): no two books with the same title and the
 * same derived names. By title, the id of its one book, or, once books share the title, a map
 * from the names to the id: a write looks up one entry, never the books that share its title.
 * Most titles are unique, and a bare number instead of a map saves about 50 bytes a book.
 */
class DuplicateIndex {
  private readonly byTitle = new Map<string, number | Map<string, number>>();
  private readonly bookOf: (id: number) => StoredBook;

  constructor(bookOf: (id: number) => StoredBook) {
    this.bookOf = bookOf;
  }

  /** The id of the stored book with this title and these names, if there is one. */
  find(book: StoredBook): number | undefined {
    const entry = this.byTitle.get(book.title);
    if (typeof entry === 'number') return namesOf(this.bookOf(entry)) === namesOf(book) ? entry : undefined;
    return entry?.get(namesOf(book));
  }

  add(book: StoredBook, id: number): void {
    const entry = this.byTitle.get(book.title);
    if (entry === undefined) this.byTitle.set(book.title, id);
    else if (typeof entry === 'number') this.byTitle.set(book.title, new Map([[namesOf(this.bookOf(entry)), entry], [namesOf(book), id]]));
    else entry.set(namesOf(book), id);
  }

  remove(book: StoredBook): void {
    const entry = this.byTitle.get(book.title);
    if (typeof entry === 'object') entry.delete(namesOf(book));
    if (typeof entry !== 'object' || entry.size === 0) this.byTitle.delete(book.title);
  }
}

/** The derived names as one key; JSON keeps ("a b", "c") and ("a", "b c") apart. */
function namesOf(book: StoredBook): string {
  return JSON.stringify([book.authorFirstName, book.authorLastName]);
}
