/**
 * The record table: each stored book under an integer id, found by its isbn, with its place in
 * insertion order, the text budget and the revision. The indexes hold ids and read the books here.
 */
import type { BookFields } from '../../core/book.ts';
import { hashStrings, IdHash } from './id-hash.ts';

/** A record as the store holds it: the fields, frozen, and nothing else that could leave the store. */
export type StoredBook = BookFields;

/**
 * A frozen copy of `fields`, as `Object.freeze({ ...fields })` makes one, but built by `new`, so
 * that V8 sizes the object for all its fields at once instead of keeping some in a second array
 * (docs/performance.md, Memory). The prototype stays Object.prototype: a record is a plain object.
 */
function Record(this: { [key: string]: unknown }, fields: BookFields): void {
  const source = fields as Readonly<{ [key: string]: unknown }>;
  for (const key of Object.keys(source)) this[key] = source[key];
}
Record.prototype = Object.prototype;
const NewRecord = Record as unknown as new (fields: BookFields) => StoredBook;

export function storedBook(fields: BookFields): StoredBook {
  return Object.freeze(new NewRecord(fields));
}

/**
 * The id of a removed book goes to the next one added, so the arrays indexed by id never outgrow
 * the catalogue however books come and go.
 */
export class RecordTable {
  /** The most text, in UTF-16 code units, that the books may hold in all. */
  readonly textCapacity: number;
  /** By id; undefined while the id is free. */
  private readonly books: (StoredBook | undefined)[] = [];
  /** By id: when the book was added, as a count of adds; it orders books that sort as equals. */
  private readonly added: number[] = [];
  private readonly freeIds: number[] = [];
  /** The live ids, by isbn. */
  private readonly ids = new IdHash<string>(
    (isbn) => hashStrings(isbn),
    (id) => hashStrings(this.book(id).isbn),
    (id, isbn) => this.book(id).isbn === isbn,
  );
  private adds = 0;
  private text = 0;
  private changes = 0;
  private readonly measure: (book: StoredBook) => number;

  /** `measure`: the text a book holds, as the budget counts it (book.ts, textLength). */
  constructor(textCapacity: number, measure: (book: StoredBook) => number) {
    this.textCapacity = textCapacity;
    this.measure = measure;
  }

  get size(): number {
    return this.ids.size;
  }

  /** Advances on every add, remove and replace. */
  get revision(): number {
    return this.changes;
  }

  idOf(isbn: string): number | undefined {
    return this.ids.find(isbn);
  }

  /** The book under a live id. */
  book(id: number): StoredBook {
    return this.books[id] as StoredBook;
  }

  /** When the book under a live id was added; a replaced book keeps the time of its add. */
  addedAt(id: number): number {
    return this.added[id] as number;
  }

  /** The time the next add will take: a book added at or after a time read now came later. */
  get now(): number {
    return this.adds;
  }

  /** The text the books hold, in UTF-16 code units, as the budget counts it. */
  get textUsed(): number {
    return this.text;
  }

  /** Whether the books' text, changed by `change` code units, stays within the budget. */
  textFits(change: number): boolean {
    return this.text + change <= this.textCapacity;
  }

  /** The id the next add will take, so that an index can refuse a book before anything changed. */
  nextId(): number {
    return this.freeIds.at(-1) ?? this.books.length;
  }

  /** Stores a book whose isbn is not taken; returns its id. */
  add(book: StoredBook): number {
    const id = this.freeIds.pop() ?? this.books.length;
    this.books[id] = book;
    this.added[id] = this.adds++;
    this.ids.add(id, book.isbn);
    this.text += this.measure(book);
    this.changes++;
    return id;
  }

  /** Removes the book under a live id, and frees the id; returns the book. */
  remove(id: number): StoredBook {
    const book = this.book(id);
    this.ids.delete(id, book.isbn);
    this.books[id] = undefined;
    this.freeIds.push(id);
    this.text -= this.measure(book);
    this.changes++;
    return book;
  }

  /** Puts `book`, with the same isbn, in the place of the book under a live id; returns the old one. */
  replace(id: number, book: StoredBook): StoredBook {
    const old = this.book(id);
    this.books[id] = book;
    this.text += this.measure(book) - this.measure(old);
    this.changes++;
    return old;
  }

  /** The live ids, in no particular order. */
  *liveIds(): IterableIterator<number> {
    for (let id = 0; id < this.books.length; id++) if (this.books[id] !== undefined) yield id;
  }

  /** Every book by id, undefined where an id is free: what the text index is built from. */
  all(): readonly (StoredBook | undefined)[] {
    return this.books;
  }
}
