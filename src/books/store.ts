/**
 * Storage. `BookStore` is the small interface that the handlers use, so that a database-backed
 * store could replace this one; `MemoryBookStore` keeps the books in a `Map` keyed by isbn.
 * Each record gets a generated integer id that never leaves this module: it orders the records
 * by insertion and breaks ties between equal sort keys.
 */
import type { BookFields } from './book.ts';
import type { SortKey } from './fields.ts';
import { SortedList } from './sorted.ts';
import { TitleSearch } from './title-search.ts';

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
   * (SPEC POST rule 3), or the store is full, checked in that order, as a database's unique
   * constraints would.
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
  readonly isbn: string;
  readonly title: string;
  readonly authorFirstName: string;
  readonly authorLastName: string;
  readonly author: string | undefined;

  constructor(id: number, fields: BookFields) {
    this.#id = id;
    this.isbn = fields.isbn;
    this.title = fields.title;
    this.authorFirstName = fields.authorFirstName;
    this.authorLastName = fields.authorLastName;
    this.author = fields.author;
  }

  /** Insertion order: ids only grow. */
  static byId(a: StoredBook, b: StoredBook): number {
    return a.#id - b.#id;
  }
}

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine (DECISIONS E).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

const KEY_ORDER: Record<SortKey, (a: StoredBook, b: StoredBook) => number> = {
  title: (a, b) => collator.compare(a.title, b.title),
  isbn: (a, b) => collator.compare(a.isbn, b.isbn),
  author: (a, b) => collator.compare(a.authorLastName, b.authorLastName) || collator.compare(a.authorFirstName, b.authorFirstName),
};

/** Ties keep insertion order in both directions, so a descending order is not a reversed one. */
function compareFor(sort: SortOrder): (a: StoredBook, b: StoredBook) => number {
  const compare = KEY_ORDER[sort.key];
  return sort.descending ? (a, b) => compare(b, a) || StoredBook.byId(a, b) : (a, b) => compare(a, b) || StoredBook.byId(a, b);
}

export class MemoryBookStore implements BookStore {
  readonly capacity: number;
  private readonly byIsbn = new Map<string, StoredBook>();
  /** Title → the books with that title, for the duplicate check of SPEC POST rule 3. */
  private readonly byTitle = new Map<string, StoredBook[]>();
  private readonly inserted = new SortedList<StoredBook>(StoredBook.byId, () => [...this.byIsbn.values()]);
  private readonly sorted = new Map<string, SortedList<StoredBook>>();
  private readonly search = new TitleSearch<StoredBook>(() => this.inserted.all);
  private nextId = 1;

  constructor(capacity: number) {
    this.capacity = capacity;
  }

  get size(): number {
    return this.byIsbn.size;
  }

  get(isbn: string): BookFields | undefined {
    return this.byIsbn.get(isbn);
  }

  add(fields: BookFields): AddOutcome {
    if (this.byIsbn.has(fields.isbn)) return { refused: 'isbn-taken' };
    const sameTitle = this.byTitle.get(fields.title) ?? [];
    const sameAuthor = (book: StoredBook): boolean =>
      book.authorFirstName === fields.authorFirstName && book.authorLastName === fields.authorLastName;
    if (sameTitle.some(sameAuthor)) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };

    const book = new StoredBook(this.nextId++, fields);
    this.byIsbn.set(book.isbn, book);
    this.byTitle.set(book.title, [...sameTitle, book]);
    this.inserted.insert(book);
    for (const list of this.sorted.values()) list.insert(book);
    this.search.invalidate();
    return { added: book };
  }

  remove(isbn: string): boolean {
    const book = this.byIsbn.get(isbn);
    if (!book) return false;
    this.byIsbn.delete(isbn);
    const rest = (this.byTitle.get(book.title) ?? []).filter((other) => other !== book);
    if (rest.length === 0) this.byTitle.delete(book.title);
    else this.byTitle.set(book.title, rest);
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
