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

export type AddOutcome = { readonly added: BookFields } | { readonly refused: 'isbn-taken' | 'duplicate' | 'full' };

export interface BookStore {
  readonly size: number;
  readonly capacity: number;
  get(isbn: string): BookFields | undefined;
  /**
   * Stores a book unless its isbn is taken, a book with exactly its title and names is stored
   * (SPEC POST rule 3), or the store is full, checked in that order, as a database's unique
   * constraints would.
   */
  add(fields: BookFields): AddOutcome;
  /** Whether a book was there to remove. */
  remove(isbn: string): boolean;
  /** The page of the matching books, in order, and how many match in all. */
  find(query: BookQuery): BookPage;
}

/** The largest catalogue the store can hold: the title index packs a book's id into 22 bits. */
export const MAX_CAPACITY = MAX_IDS;

/** A record as the store holds it: the fields, and nothing else that could leave the store. */
type StoredBook = BookFields;

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine (DECISIONS E).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const KEY_ORDER: Record<SortKey, (a: StoredBook, b: StoredBook) => number> = {
  title: (a, b) => collator.compare(a.title, b.title),
  isbn: (a, b) => collator.compare(a.isbn, b.isbn),
  author: (a, b) => collator.compare(a.authorLastName, b.authorLastName) || collator.compare(a.authorFirstName, b.authorFirstName),
};

/** A kept order of ids, and the comparison that says where a new id goes. */
interface Order {
  readonly list: SortedList;
  readonly compare: (a: number, b: number) => number;
}

/**
 * The in-memory store. Each book gets an integer id, which never leaves this class; the id of a
 * removed book goes to the next one added, so the arrays indexed by id never outgrow the
 * catalogue. A counter gives insertion order. The orders and the title index hold ids, not
 * books: 4 bytes each, walked in a row, where objects would be chased through memory.
 */
export class MemoryBookStore implements BookStore {
  readonly capacity: number;
  /** By id; undefined while the id is free. */
  private readonly books: (StoredBook | undefined)[] = [];
  /** By id: when the book was added, as a count of adds; it orders books that sort as equals. */
  private readonly added: number[] = [];
  private readonly freeIds: number[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * Title → the id of the book with that title, or the ids when there are several: the
   * duplicate check of SPEC POST rule 3. Most titles are unique, and a bare number instead of
   * an array of one saves about 50 bytes a book (DECISIONS G: at most 500 bytes a book).
   */
  private readonly byTitle = new Map<string, number | number[]>();
  /** Built at once by `indexTitles`, and kept up to date from then on. */
  private titles: SuffixArray | undefined;
  private readonly inserted: Order;
  /** The sort orders asked for so far, each built on first use and kept up to date from then on. */
  private readonly sorted = new Map<string, Order>();
  private adds = 0;

  constructor(capacity: number) {
    if (!(capacity >= 0 && capacity <= MAX_CAPACITY)) throw new RangeError(`a store holds at most ${MAX_CAPACITY} books, not ${capacity}`);
    this.capacity = capacity;
    this.inserted = { list: new SortedList([], { track: true }), compare: (a, b) => this.byInsertion(a, b) };
  }

  get size(): number {
    return this.ids.size;
  }

  get(isbn: string): BookFields | undefined {
    const id = this.ids.get(isbn);
    return id === undefined ? undefined : this.books[id];
  }

  add(fields: BookFields): AddOutcome {
    if (this.ids.has(fields.isbn)) return { refused: 'isbn-taken' };
    const sameTitle = [this.byTitle.get(fields.title) ?? []].flat();
    const sameAuthor = (id: number): boolean => {
      const other = this.books[id] as StoredBook;
      return other.authorFirstName === fields.authorFirstName && other.authorLastName === fields.authorLastName;
    };
    if (sameTitle.some(sameAuthor)) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };

    const id = this.freeIds.at(-1) ?? this.books.length;
    const book: StoredBook = Object.freeze({ ...fields });
    // First the one step that can refuse a title (one too long for the index), before anything changed.
    this.titles?.add(id, book.title);
    this.freeIds.pop();
    this.books[id] = book;
    this.added[id] = this.adds++;
    this.ids.set(book.isbn, id);
    this.byTitle.set(book.title, sameTitle.length === 0 ? id : [...sameTitle, id]);
    for (const { list, compare } of [this.inserted, ...this.sorted.values()]) list.insert(id, (other) => compare(other, id) < 0);
    return { added: book };
  }

  remove(isbn: string): boolean {
    const id = this.ids.get(isbn);
    if (id === undefined) return false;
    const book = this.books[id] as StoredBook;
    const rest = [this.byTitle.get(book.title) ?? []].flat().filter((other) => other !== id);
    if (rest.length === 0) this.byTitle.delete(book.title);
    else this.byTitle.set(book.title, rest.length === 1 ? (rest[0] as number) : rest);
    this.titles?.remove(id);
    for (const { list } of [this.inserted, ...this.sorted.values()]) list.delete(id);
    this.ids.delete(isbn);
    this.books[id] = undefined;
    this.freeIds.push(id);
    return true;
  }

  find({ title, sort, offset = 0, limit = Infinity }: BookQuery): BookPage {
    const { list } = sort ? this.sortedOrder(sort) : this.inserted;
    if (title === undefined) {
      const page: number[] = [];
      list.walk(offset, (id) => page.push(id) < limit);
      return { books: page.map((id) => this.books[id] as StoredBook), total: this.size };
    }
    // The matching ids, then the page of them in the kept order: no sorting per request.
    const matches = this.indexTitles().search(title);
    return { books: list.page(matches, offset, limit).map((id) => this.books[id] as StoredBook), total: matches.ids.length };
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

  private byInsertion(a: number, b: number): number {
    return (this.added[a] as number) - (this.added[b] as number);
  }

  private sortedOrder(sort: SortOrder): Order {
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let order = this.sorted.get(name);
    if (!order) {
      const byKey = KEY_ORDER[sort.key];
      const book = (id: number): StoredBook => this.books[id] as StoredBook;
      // Ties keep insertion order in both directions, so a descending order is not a reversed one.
      const compare = sort.descending
        ? (a: number, b: number) => byKey(book(b), book(a)) || this.byInsertion(a, b)
        : (a: number, b: number) => byKey(book(a), book(b)) || this.byInsertion(a, b);
      order = { list: new SortedList(Uint32Array.from(this.ids.values()).sort(compare), { track: true }), compare };
      this.sorted.set(name, order);
    }
    return order;
  }
}
