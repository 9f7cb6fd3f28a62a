/**
 * Storage: the `BookStore` interface the operations use, and `MapBookStore`, the plain store that is the reference for every other: a
 * filter is a scan, an order a sort. A room may offer another store behind the interface (docs/performance.md says when one pays).
 */
import { type BookFields, shownAuthor, sortComparisons, textLength } from './book.ts';
import { FIELDS, type FieldTable, type SortKey } from './fields.ts';

export type SortOrder = { readonly key: SortKey; readonly descending: boolean };

/**
 * What a book must hold to be listed (api.md, Listing, rules 1 and 11–13): a piece of its title, a piece of its author as a GET shows it,
 * and words each in one or the other, compared after `toLowerCase()` on both sides; a part left undefined passes every book.
 */
export type BookFilter = Readonly<{ title?: string | undefined; author?: string | undefined; words?: readonly string[] | undefined }>;
/** A filter, an order (undefined: insertion order), and the page: where it starts, and at most how many books. */
export type BookQuery = BookFilter & { readonly sort?: SortOrder | undefined; readonly offset?: number; readonly limit?: number };
/** A page of an answer, and how many books the whole answer holds. */
export type BookPage = { readonly books: readonly BookFields[]; readonly total: number };
/** Every matching book, and how many; a store may read the books lazily, and over several turns. */
export type BookScan = { readonly total: number; readonly books: Iterable<BookFields> | AsyncIterable<BookFields> };
export type Refusal = 'isbn-taken' | 'duplicate' | 'full' | 'text-full';
export type AddOutcome = { readonly added: BookFields } | { readonly refused: Refusal };
export type ReplaceOutcome = { readonly replaced: BookFields } | { readonly refused: 'not-found' | 'duplicate' | 'text-full' };

export interface BookStore {
  readonly size: number;
  readonly capacity: number;
  /** The most text, in UTF-16 code units, the books may hold in all (api.md, Limits, rule 4), and what they hold. */
  readonly textCapacity: number;
  readonly textUsed: number;
  /** Grows with every change, so that a listing's ETag can name the catalogue it was read from. */
  readonly revision: number;
  get(isbn: string): BookFields | undefined;
  /** Refuses a taken isbn, then the same title and names (api.md, Adding a book), then a full store; `refusal` says which, adding nothing. */
  add(fields: BookFields): AddOutcome;
  refusal(fields: BookFields): Refusal | undefined;
  /** Replaces the book with the same isbn, keeping its place in insertion order (api.md, Editing). */
  replace(fields: BookFields): ReplaceOutcome;
  /** Whether there was a book to remove. */
  remove(isbn: string): boolean;
  /** A read may answer later, as a database would; a write never does: its checks and its change are one step. */
  find(query: BookQuery): BookPage | Promise<BookPage>;
  /** Every match as of one moment: whatever is written meanwhile, no book twice, none added since, and every one there throughout. */
  scan(query: Omit<BookQuery, 'offset' | 'limit'>): BookScan | Promise<BookScan>;
  /** Called once the seed is in, before the service listens: a store may build what it needs then. */
  ready?(): void;
}

export const isFiltered = ({ title, author, words }: BookFilter): boolean =>
  title !== undefined || author !== undefined || (words?.length ?? 0) > 0;

/** The plain test of a filter: the rule itself, one book at a time. */
export function bookTest({ title, author, words = [] }: BookFilter): (book: BookFields) => boolean {
  const [inTitle, inAuthor, everyWord] = [title?.toLowerCase(), author?.toLowerCase(), words.map((word) => word.toLowerCase())];
  return (book) => {
    const [bookTitle, bookAuthor] = [book.title.toLowerCase(), shownAuthor(book).toLowerCase()];
    if (inTitle !== undefined && !bookTitle.includes(inTitle)) return false;
    if (inAuthor !== undefined && !bookAuthor.includes(inAuthor)) return false;
    return everyWord.every((word) => bookTitle.includes(word) || bookAuthor.includes(word));
  };
}

/** The text a catalogue may hold: this many UTF-16 code units per book of capacity, on average. */
export const TEXT_PER_BOOK = 128;
/** The duplicate rule's key: the names' lengths first, so that a key reads back as one pair of names and one title, the part left. */
export const titleAndNames = ({ title, authorFirstName: first, authorLastName: last }: BookFields): string =>
  `${first.length} ${last.length} ${first}${last}${title}`;

export class MapBookStore implements BookStore {
  readonly capacity: number;
  readonly textCapacity: number;
  revision = 0;
  textUsed = 0;
  /** Every book by isbn; a Map remembers insertion order, and `set` on a key keeps its place. */
  private readonly books = new Map<string, BookFields>();
  /** Every book by its title and derived names, so that the duplicate rule is one lookup (api.md, Adding a book, rule 3). */
  private readonly byTitleAndNames = new Map<string, BookFields>();
  private readonly comparisons: ReturnType<typeof sortComparisons>;

  /** `table`: the fields whose sorts the store knows; another one is for tests. */
  constructor(capacity: number, table: FieldTable = FIELDS) {
    [this.capacity, this.textCapacity] = [capacity, capacity * TEXT_PER_BOOK];
    this.comparisons = sortComparisons(table);
  }

  get size(): number {
    return this.books.size;
  }
  get(isbn: string): BookFields | undefined {
    return this.books.get(isbn);
  }

  add(fields: BookFields): AddOutcome {
    // Worked out once, for the checks and the store: a seed adds every book here.
    const [key, length] = [titleAndNames(fields), textLength(fields)];
    const refused = this.refusal(fields, key, length);
    return refused ? { refused } : { added: this.store(fields, undefined, key, length) };
  }

  refusal(fields: BookFields, key = titleAndNames(fields), length = textLength(fields)): Refusal | undefined {
    if (this.books.has(fields.isbn)) return 'isbn-taken';
    if (this.byTitleAndNames.has(key)) return 'duplicate';
    if (this.size >= this.capacity) return 'full';
    return this.textUsed + length > this.textCapacity ? 'text-full' : undefined;
  }

  replace(fields: BookFields): ReplaceOutcome {
    const old = this.books.get(fields.isbn);
    if (old === undefined) return { refused: 'not-found' };
    const [key, length] = [titleAndNames(fields), textLength(fields)];
    if (![undefined, old].includes(this.byTitleAndNames.get(key))) return { refused: 'duplicate' };
    if (this.textUsed + length - textLength(old) > this.textCapacity) return { refused: 'text-full' };
    return { replaced: this.store(fields, old, key, length) };
  }

  remove(isbn: string): boolean {
    const old = this.books.get(isbn);
    if (old !== undefined) this.store(undefined, old);
    return old !== undefined;
  }

  find({ sort, offset = 0, limit = Infinity, ...filter }: BookQuery): BookPage {
    const books = this.matching(filter, sort);
    return { books: books.slice(offset, offset + limit), total: books.length };
  }

  /** The answer is a new array of the matching books, so a write during the listing cannot touch it. */
  scan(query: BookQuery): BookScan {
    return this.find(query);
  }

  private matching(filter: BookFilter, sort: SortOrder | undefined): BookFields[] {
    const books = [...this.books.values()].filter(isFiltered(filter) ? bookTest(filter) : () => true);
    const compare = sort && (this.comparisons.get(sort.key) as (a: BookFields, b: BookFields) => number);
    // Array sort is stable, so books that compare equal stay in insertion order both ways.
    return compare ? books.sort((a, b) => (sort.descending ? compare(b, a) : compare(a, b))) : books;
  }

  /** Puts `fields` (frozen; `key` and `length`, its titleAndNames and textLength) in the place of `old`, or takes `old` out. */
  private store(fields: BookFields | undefined, old: BookFields | undefined, key?: string, length = 0): BookFields {
    const book = fields && Object.freeze({ ...fields });
    if (old) this.byTitleAndNames.delete(titleAndNames(old));
    if (book) {
      this.books.set(book.isbn, book);
      this.byTitleAndNames.set(key as string, book);
    } else this.books.delete((old as BookFields).isbn);
    this.textUsed += length - (old ? textLength(old) : 0);
    this.revision++;
    return book as BookFields;
  }
}
