/**
 * Storage: the `BookStore` interface the handlers use, and `MapBookStore`, the plain store that is
 * the reference for every other. A filter is a scan and an order is a sort (docs/performance.md).
 */
import { type BookFields, shownAuthor, textLength } from './book.ts';
import { sortComparisons } from './order.ts';
import { FIELDS, type FieldTable, type SortKey } from './fields.ts';

export interface SortOrder {
  readonly key: SortKey;
  readonly descending: boolean;
}

/**
 * What a book must hold to be listed (api.md, Listing, rules 1 and 11–13): a piece of its title, a
 * piece of its author as a GET shows it, and words each in one or the other; a part left undefined
 * passes every book. Each text is compared after `toLowerCase()` on both sides, as it was given.
 */
export interface BookFilter {
  readonly title?: string | undefined;
  readonly author?: string | undefined;
  readonly words?: readonly string[] | undefined;
}

export interface BookQuery extends BookFilter {
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

/** Every matching book, and how many there are; a store may read the books lazily, and over several turns. */
export interface BookScan {
  readonly total: number;
  readonly books: Iterable<BookFields> | AsyncIterable<BookFields>;
}

export type AddOutcome = { readonly added: BookFields } | { readonly refused: 'isbn-taken' | 'duplicate' | 'full' | 'text-full' };
export type ReplaceOutcome = { readonly replaced: BookFields } | { readonly refused: 'not-found' | 'duplicate' | 'text-full' };

export interface BookStore {
  readonly size: number;
  readonly capacity: number;
  /** The most text, in UTF-16 code units, that the books may hold in all, and what they hold now. */
  readonly textCapacity: number;
  readonly textUsed: number;
  /** Grows with every change, so that a listing's ETag can name the catalogue it was read from. */
  readonly revision: number;
  get(isbn: string): BookFields | undefined;
  /** Refuses a taken isbn, then the same title and names (api.md, Adding a book), then a full store. */
  add(fields: BookFields): AddOutcome;
  /** Replaces the book with the same isbn, keeping its place in insertion order (api.md, Editing). */
  replace(fields: BookFields): ReplaceOutcome;
  /** Whether there was a book to remove. */
  remove(isbn: string): boolean;
  /**
   * The page of matching books, in order, and how many match in all. A read may answer later, as a
   * database would (a write never does: its checks and its change are one step).
   */
  find(query: BookQuery): BookPage | Promise<BookPage>;
  /**
   * Every matching book, in order, as of one moment: writes made while it is read never give a
   * book twice, nor leave out one that was there throughout (api.md, Listing, rule 10).
   */
  scan(query: Omit<BookQuery, 'offset' | 'limit'>): BookScan | Promise<BookScan>;
}

/** Whether a filter is given at all: without one, a listing is every book. */
export function isFiltered({ title, author, words }: BookFilter): boolean {
  return title !== undefined || author !== undefined || (words !== undefined && words.length > 0);
}

/** The plain test of a filter: the rule itself, one book at a time (api.md, Listing, rules 1 and 11–13). */
export function bookTest({ title, author, words = [] }: BookFilter): (book: BookFields) => boolean {
  const [inTitle, inAuthor, everyWord] = [title?.toLowerCase(), author?.toLowerCase(), words.map((word) => word.toLowerCase())];
  return (book) => {
    const [bookTitle, bookAuthor] = [book.title.toLowerCase(), shownAuthor(book).toLowerCase()];
    if (inTitle !== undefined && !bookTitle.includes(inTitle)) return false;
    if (inAuthor !== undefined && !bookAuthor.includes(inAuthor)) return false;
    return everyWord.every((word) => bookTitle.includes(word) || bookAuthor.includes(word));
  };
}

/** The stores there are: the plain map, the reference, and the indexed one (indexed/README.md). */
export const STORE_KINDS = ['map', 'indexed'] as const;
export type StoreKind = (typeof STORE_KINDS)[number];

/** The text a catalogue may hold: this many UTF-16 code units per book of capacity, on average (api.md, Limits). */
export const TEXT_PER_BOOK = 128;

/** The largest capacity a store accepts (the indexed store packs a book's number into 22 bits). */
export const MAX_CAPACITY = 2 ** 22;

export class MapBookStore implements BookStore {
  readonly capacity: number;
  readonly textCapacity: number;
  revision = 0;
  /** Every book by isbn; a Map remembers insertion order, and `set` on a key keeps its place. */
  private readonly books = new Map<string, BookFields>();
  private text = 0;
  private readonly comparisons: ReturnType<typeof sortComparisons>;
  private readonly measure: (book: BookFields) => number;

  /** `table`: the fields whose sorts and text the store knows; another one is for tests. */
  constructor(capacity: number, table: FieldTable = FIELDS) {
    this.capacity = capacity;
    this.textCapacity = capacity * TEXT_PER_BOOK;
    this.comparisons = sortComparisons(table);
    this.measure = (book) => textLength(book, table);
  }

  get size(): number {
    return this.books.size;
  }

  get textUsed(): number {
    return this.text;
  }

  get(isbn: string): BookFields | undefined {
    return this.books.get(isbn);
  }

  add(fields: BookFields): AddOutcome {
    if (this.books.has(fields.isbn)) return { refused: 'isbn-taken' };
    if (this.sameTitleAndNames(fields) !== undefined) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };
    if (this.text + this.measure(fields) > this.textCapacity) return { refused: 'text-full' };
    return { added: this.store(fields, 0) };
  }

  replace(fields: BookFields): ReplaceOutcome {
    const old = this.books.get(fields.isbn);
    if (old === undefined) return { refused: 'not-found' };
    const same = this.sameTitleAndNames(fields);
    if (same !== undefined && same !== old) return { refused: 'duplicate' };
    if (this.text + this.measure(fields) - this.measure(old) > this.textCapacity) return { refused: 'text-full' };
    return { replaced: this.store(fields, this.measure(old)) };
  }

  remove(isbn: string): boolean {
    const old = this.books.get(isbn);
    if (old === undefined) return false;
    this.books.delete(isbn);
    this.text -= this.measure(old);
    this.revision++;
    return true;
  }

  find({ sort, offset = 0, limit = Infinity, ...filter }: BookQuery): BookPage {
    const books = this.matching(filter, sort);
    return { books: books.slice(offset, offset + limit), total: books.length };
  }

  /** The answer is an array of the matching books, so a write during the listing cannot touch it. */
  scan({ sort, ...filter }: Omit<BookQuery, 'offset' | 'limit'>): BookScan {
    const books = this.matching(filter, sort);
    return { books, total: books.length };
  }

  private matching(filter: BookFilter, sort: SortOrder | undefined): BookFields[] {
    let books = [...this.books.values()];
    if (isFiltered(filter)) books = books.filter(bookTest(filter));
    if (sort !== undefined) {
      const compare = this.comparisons.get(sort.key) as (a: BookFields, b: BookFields) => number;
      // Array sort is stable, so books that compare equal stay in insertion order both ways.
      books.sort((a, b) => (sort.descending ? compare(b, a) : compare(a, b)));
    }
    return books;
  }

  /** The book with exactly this title and these derived names, if one is stored. */
  private sameTitleAndNames(fields: BookFields): BookFields | undefined {
    for (const book of this.books.values()) {
      if (book.title === fields.title && book.authorFirstName === fields.authorFirstName && book.authorLastName === fields.authorLastName)
        return book;
    }
    return undefined;
  }

  private store(fields: BookFields, oldText: number): BookFields {
    const book = Object.freeze({ ...fields });
    this.books.set(book.isbn, book);
    this.text += this.measure(book) - oldText;
    this.revision++;
    return book;
  }
}
