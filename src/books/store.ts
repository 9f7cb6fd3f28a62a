/**
 * Storage. `BookStore` is the small interface that the handlers use, so that a database-backed
 * store could replace this one; `MemoryBookStore` keeps the books in memory, with a `Map` by
 * isbn, a trigram index over titles (trigram-index.ts) and each sort order kept as books come
 * and go (sorted-list.ts), so that no request sorts or scans the whole catalogue.
 */
import type { BookFields } from './book.ts';
import type { SortKey } from './fields.ts';
import { SortedList } from './sorted-list.ts';
import { TrigramIndex } from './trigram-index.ts';

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

/**
 * The in-memory store. Each book gets a generated integer id, which never leaves this class:
 * ids only grow, so they give insertion order and break ties between equal sort keys. The
 * orders and the title index hold ids, not books: walking a few hundred thousand numbers in a
 * row is several times faster than chasing as many objects through memory.
 */
export class MemoryBookStore implements BookStore {
  readonly capacity: number;
  /** By id; undefined once removed. Ids are not reused, so this grows by one slot per add. */
  private readonly books: (StoredBook | undefined)[] = [];
  private readonly ids = new Map<string, number>();
  /**
   * Title → the id of the book with that title, or the ids when there are several: the
   * duplicate check of SPEC POST rule 3. Most titles are unique, and a bare number instead of
   * an array of one saves about 50 bytes a book (DECISIONS G: at most 500 bytes a book).
   */
  private readonly byTitle = new Map<string, number | number[]>();
  private readonly titles = new TrigramIndex();
  private readonly inserted = new SortedList<number>((a, b) => a - b);
  /** The sort orders asked for so far, each built on first use and kept up to date from then on. */
  private readonly sorted = new Map<string, SortedList<number>>();
  private nextId = 1;

  constructor(capacity: number) {
    this.capacity = capacity;
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

    const id = this.nextId++;
    const book: StoredBook = Object.freeze({ ...fields });
    this.books[id] = book;
    this.ids.set(book.isbn, id);
    this.byTitle.set(book.title, sameTitle.length === 0 ? id : [...sameTitle, id]);
    this.titles.add(id, book.title);
    this.inserted.insert(id);
    for (const list of this.sorted.values()) list.insert(id);
    return { added: book };
  }

  remove(isbn: string): boolean {
    const id = this.ids.get(isbn);
    if (id === undefined) return false;
    const book = this.books[id] as StoredBook;
    const rest = [this.byTitle.get(book.title) ?? []].flat().filter((other) => other !== id);
    if (rest.length === 0) this.byTitle.delete(book.title);
    else this.byTitle.set(book.title, rest.length === 1 ? (rest[0] as number) : rest);
    this.titles.remove(id);
    this.inserted.delete(id);
    for (const list of this.sorted.values()) list.delete(id);
    this.ids.delete(isbn);
    this.books[id] = undefined;
    return true;
  }

  find({ title, sort, offset = 0, limit = Infinity }: BookQuery): BookPage {
    const order = sort ? this.sortedList(sort) : this.inserted;
    const page: number[] = [];
    let total = this.size;
    if (title === undefined) {
      order.walk(offset, (id) => page.push(id) < limit);
    } else {
      const matches = this.titles.search(title);
      total = matches.ids.length;
      // Without a sort, the matches already come in insertion order (ascending ids).
      if (!sort) page.push(...matches.ids.slice(offset, offset + limit));
      // With one, walk the kept order and keep the matches: no sorting per request. The walk
      // stops once the page is full, or once every match has gone by.
      else if (total > offset) {
        let seen = 0;
        order.walk(0, (id) => {
          if (!matches.has(id)) return true;
          if (seen++ >= offset) page.push(id);
          return page.length < limit && seen < total;
        });
      }
    }
    return { books: page.map((id) => this.books[id] as StoredBook), total };
  }

  private sortedList(sort: SortOrder): SortedList<number> {
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let list = this.sorted.get(name);
    if (!list) {
      const compare = KEY_ORDER[sort.key];
      const book = (id: number): StoredBook => this.books[id] as StoredBook;
      // Ties keep insertion order in both directions, so a descending order is not a reversed one.
      const byKey = sort.descending
        ? (a: number, b: number) => compare(book(b), book(a)) || a - b
        : (a: number, b: number) => compare(book(a), book(b)) || a - b;
      list = new SortedList(byKey, this.ids.values());
      this.sorted.set(name, list);
    }
    return list;
  }
}
