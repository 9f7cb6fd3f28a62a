/**
 * Storage. `BookStore` is the small interface that the handlers use, so that a database-backed
 * store could replace this one; `MemoryBookStore` keeps the books in a `Map` keyed by isbn.
 * Each record gets a generated integer id that never leaves this module: it orders the records
 * by insertion and breaks ties between equal sort keys.
 */
import type { BookFields } from './book.js';
import { SortedList } from './sorted.js';
import { TitleSearch } from './title-search.js';

export const SORT_KEYS = ['title', 'isbn', 'author'] as const;
export type SortKey = (typeof SORT_KEYS)[number];

export interface SortOrder {
  readonly key: SortKey;
  readonly descending: boolean;
}

export interface BookQuery {
  /** Case-insensitive substring of the title; undefined means every book. */
  readonly title?: string | undefined;
  /** Undefined means insertion order. */
  readonly sort?: SortOrder | undefined;
}

export type AddOutcome = { readonly added: BookFields } | { readonly refused: 'isbn-taken' | 'duplicate' | 'full' };

export interface BookStore {
  readonly size: number;
  readonly capacity: number;
  get(isbn: string): BookFields | undefined;
  /**
   * Stores a book unless its isbn is taken, a book with exactly its title and names is stored
   * (SPEC POST rule 3), or the store is full, checked in that order: one step, as a database's
   * unique constraints would do it, and each index is looked up once.
   */
  add(fields: BookFields): AddOutcome;
  /** Whether a book was there to remove. */
  remove(isbn: string): boolean;
  /** The matching books, in order. The result is read-only and valid until the next write. */
  find(query: BookQuery): readonly BookFields[];
}

/** A record as the store holds it. Its id is a private field: other modules cannot even see it. */
class StoredBook implements BookFields {
  readonly #id: number;

  constructor(
    id: number,
    readonly isbn: string,
    readonly title: string,
    readonly authorFirstName: string,
    readonly authorLastName: string,
    readonly author: string | undefined,
  ) {
    this.#id = id;
  }

  /** Insertion order: ids only grow. */
  static byId(a: StoredBook, b: StoredBook): number {
    return a.#id - b.#id;
  }
}

const byId = StoredBook.byId;
let keyCompare: Record<SortKey, (a: StoredBook, b: StoredBook) => number> | undefined;

/** The comparators of the sort keys, made on first use: a collator takes milliseconds to create. */
function compareKeys(key: SortKey): (a: StoredBook, b: StoredBook) => number {
  if (!keyCompare) {
    // Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
    // fixed locale keeps the order the same on every machine.
    const { compare } = new Intl.Collator('en', { sensitivity: 'base', numeric: true });
    keyCompare = {
      title: (a, b) => compare(a.title, b.title),
      isbn: (a, b) => compare(a.isbn, b.isbn),
      author: (a, b) => compare(a.authorLastName, b.authorLastName) || compare(a.authorFirstName, b.authorFirstName),
    };
  }
  return keyCompare[key];
}

/**
 * Author names repeat across books, and every parsed copy is a string of its own: sharing one
 * copy of each name saves about 50 bytes per book at 100,000 books. The pool forgets everything
 * when it fills, so unique names cannot grow it without bound; a name then starts a new copy.
 */
class NamePool {
  private readonly names = new Map<string, string>();

  constructor(private readonly limit: number) {}

  /** An equal string, shared with earlier books where one is known. */
  share(name: string): string {
    const known = this.names.get(name);
    if (known !== undefined) return known;
    if (this.names.size >= this.limit) this.names.clear();
    this.names.set(name, name);
    return name;
  }
}

export class MemoryBookStore implements BookStore {
  private readonly byIsbn = new Map<string, StoredBook>();
  private readonly names = new NamePool(10_000);
  /** Title → the book, or the books, with that title; makes the duplicate check O(1). */
  private readonly byTitle = new Map<string, StoredBook | StoredBook[]>();
  private readonly inserted = new SortedList<StoredBook>(byId, () => [...this.byIsbn.values()]);
  private readonly sorted = new Map<string, SortedList<StoredBook>>();
  private readonly search = new TitleSearch<StoredBook>(() => this.inserted.all);
  private nextId = 1;

  constructor(readonly capacity: number) {}

  get size(): number {
    return this.byIsbn.size;
  }

  get(isbn: string): BookFields | undefined {
    return this.byIsbn.get(isbn);
  }

  add(fields: BookFields): AddOutcome {
    if (this.byIsbn.has(fields.isbn)) return { refused: 'isbn-taken' };
    const { title, authorFirstName, authorLastName } = fields;
    const same = this.byTitle.get(title);
    const sameAuthor = (book: StoredBook): boolean => book.authorFirstName === authorFirstName && book.authorLastName === authorLastName;
    if (same !== undefined && (Array.isArray(same) ? same.some(sameAuthor) : sameAuthor(same))) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };

    const first = this.names.share(authorFirstName);
    const last = this.names.share(authorLastName);
    const book = new StoredBook(this.nextId++, fields.isbn, title, first, last, fields.author);
    this.byIsbn.set(book.isbn, book);
    this.byTitle.set(title, same === undefined ? book : Array.isArray(same) ? [...same, book] : [same, book]);
    this.inserted.insert(book);
    for (const list of this.sorted.values()) list.insert(book);
    this.search.invalidate();
    return { added: book };
  }

  remove(isbn: string): boolean {
    const book = this.byIsbn.get(isbn);
    if (!book) return false;
    this.byIsbn.delete(isbn);
    const same = this.byTitle.get(book.title);
    const rest = Array.isArray(same) ? same.filter((other) => other !== book) : [];
    if (rest.length === 0) this.byTitle.delete(book.title);
    else this.byTitle.set(book.title, rest.length === 1 ? (rest[0] as StoredBook) : rest);
    this.inserted.delete(book);
    for (const list of this.sorted.values()) list.delete(book);
    this.search.invalidate();
    return true;
  }

  find(query: BookQuery): readonly BookFields[] {
    const { title, sort } = query;
    if (title === undefined) return sort ? this.sortedList(sort).all : this.inserted.all;
    const found = this.search.find(title);
    return sort ? found.sort(compareFor(sort)) : found;
  }

  /** Each order is built on its first use and kept up to date from then on. */
  private sortedList(sort: SortOrder): SortedList<StoredBook> {
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let list = this.sorted.get(name);
    if (!list) {
      list = new SortedList(compareFor(sort), () => [...this.byIsbn.values()]);
      this.sorted.set(name, list);
    }
    return list;
  }
}

/** Ties keep insertion order in both directions, so a descending order is not a reversed one. */
function compareFor(sort: SortOrder): (a: StoredBook, b: StoredBook) => number {
  const compare = compareKeys(sort.key);
  return sort.descending ? (a, b) => compare(b, a) || byId(a, b) : (a, b) => compare(a, b) || byId(a, b);
}
