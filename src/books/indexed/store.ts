/**
 * The indexed store: the same contract as the map store (../store.ts), answered from indexes so
 * that a query costs what its answer costs. Each write is checked, then handed to the record
 * table (records.ts), the text index (text-index.ts) and the kept orders (kept-orders.ts).
 */
import { type BookFields, textLength } from '../book.ts';
import { sortComparisons } from '../order.ts';
import { FIELDS, type FieldTable } from '../fields.ts';
import {
  type AddOutcome,
  type BookPage,
  type BookQuery,
  type BookScan,
  type BookStore,
  bookTest,
  isFiltered,
  MAX_CAPACITY,
  type ReplaceOutcome,
  TEXT_PER_BOOK,
} from '../store.ts';
import { KeptOrders, SCAN_BATCH } from './kept-orders.ts';
import { RecordTable, type StoredBook, storedBook } from './records.ts';
import { TextIndex } from './text-index.ts';

export class IndexedBookStore implements BookStore {
  readonly capacity: number;
  private readonly records: RecordTable;
  private readonly texts: TextIndex;
  private readonly orders: KeptOrders;
  /** The text a book holds, as the budget counts it. */
  private readonly measure: (book: StoredBook) => number;

  /** `table`: the fields whose sorts and text the store knows; another one is for tests. */
  constructor(capacity: number, table: FieldTable = FIELDS) {
    if (!(capacity >= 0 && capacity <= MAX_CAPACITY)) throw new RangeError(`a store holds at most ${MAX_CAPACITY} books, not ${capacity}`);
    this.capacity = capacity;
    this.measure = (book) => textLength(book, table);
    this.records = new RecordTable(capacity * TEXT_PER_BOOK, this.measure);
    this.texts = new TextIndex((id) => this.records.book(id));
    this.orders = new KeptOrders(this.records, sortComparisons(table));
  }

  get size(): number {
    return this.records.size;
  }
  get textCapacity(): number {
    return this.records.textCapacity;
  }
  get textUsed(): number {
    return this.records.textUsed;
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
    if (this.texts.duplicateOf(fields) !== undefined) return { refused: 'duplicate' };
    if (this.size >= this.capacity) return { refused: 'full' };
    const book: StoredBook = storedBook(fields);
    if (!this.records.textFits(this.measure(book))) return { refused: 'text-full' };
    // The text index first: it is the one part that can refuse an id, before anything changed.
    this.texts.add(this.records.nextId(), book);
    this.orders.add(this.records.add(book));
    return { added: book };
  }

  replace(fields: BookFields): ReplaceOutcome {
    const id = this.records.idOf(fields.isbn);
    if (id === undefined) return { refused: 'not-found' };
    const duplicate = this.texts.duplicateOf(fields);
    if (duplicate !== undefined && duplicate !== id) return { refused: 'duplicate' };
    const book: StoredBook = storedBook(fields);
    const old = this.records.book(id);
    if (!this.records.textFits(this.measure(book) - this.measure(old))) return { refused: 'text-full' };
    this.texts.replace(id, old, book);
    this.records.replace(id, book);
    this.orders.replace(id, old);
    return { replaced: book };
  }

  remove(isbn: string): boolean {
    const id = this.records.idOf(isbn);
    if (id === undefined) return false;
    this.texts.remove(id, this.records.book(id));
    this.orders.remove(id);
    this.records.remove(id);
    return true;
  }

  find({ sort, offset = 0, limit = Infinity, ...filter }: BookQuery): BookPage {
    const list = this.orders.list(sort);
    if (!isFiltered(filter)) {
      const page: StoredBook[] = [];
      list.walk(offset, (id) => page.push(this.records.book(id)) < limit);
      return { books: page, total: this.size };
    }
    // The matching ids, then the page of them in the kept order: no sorting per request.
    const matches = this.indexTexts().search(filter);
    return { books: list.page(matches, offset, limit).map((id) => this.records.book(id)), total: matches.ids.length };
  }

  scan({ sort, ...filter }: Omit<BookQuery, 'offset' | 'limit'>): BookScan {
    if (!isFiltered(filter)) return { total: this.size, books: this.orders.scan(sort, () => true) };
    // A few matches are taken at once, from the index; more are found batch by batch, each book
    // tested as the plain rule says (../store.ts, bookTest), since the index's answer is only
    // good until the next search.
    const found = this.find({ ...filter, sort, limit: SCAN_BATCH + 1 });
    if (found.total <= SCAN_BATCH) return found;
    return { total: found.total, books: this.orders.scan(sort, bookTest(filter)) };
  }

  /**
   * Builds the text index's suffix arrays now, in one pass over every book, unless they are built
   * already; from then on each write updates them. The entry point calls this once the seed is
   * loaded, so that no search waits for the build, which is slow for a large catalogue, and no
   * client can make it happen later, when the texts sent meanwhile could make it large.
   */
  indexTexts(): TextIndex {
    this.texts.build(() => this.records.all());
    return this.texts;
  }

  /** The text index and every sort order, built at start-up so that no request has to (main.ts). */
  buildIndexes(): void {
    this.indexTexts();
    this.orders.buildAll();
  }
}
