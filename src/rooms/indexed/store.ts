/**
 * The indexed store: the same contract as the map store (../store.ts), answered from indexes so
 * that a query costs what its answer costs. Each write is checked, then handed to the record
 * table (records.ts), the text index (text-index.ts) and the kept orders (kept-orders.ts).
 */
import { type BookFields, textLength } from '../../core/book.ts';
import { FIELDS, type FieldTable } from '../../core/fields.ts';
import { MAX_CAPACITY } from '../../core/settings.ts';
import {
  type AddOutcome,
  type Refusal,
  type BookPage,
  type BookQuery,
  type BookScan,
  type BookFilter,
  type BookStore,
  bookTest,
  isFiltered,
  type ReplaceOutcome,
  TEXT_PER_BOOK,
} from '../../core/store.ts';
import { KeptOrders, SCAN_BATCH } from './kept-orders.ts';
import { RecordTable, type StoredBook, storedBook } from './records.ts';
import { OneAtATime, Stretch } from './stretches.ts';
import { type Built, TextIndex } from './text-index.ts';
import { FOLD_MS, PACING, type Pacing } from './pacing.ts';
import { type Matches, matchesOf, retested } from './text-search.ts';

export class IndexedBookStore implements BookStore {
  readonly capacity: number;
  private readonly records: RecordTable;
  private readonly texts: TextIndex;
  private readonly orders: KeptOrders;
  /** The text a book holds, as the budget counts it. */
  private readonly measure: (book: StoredBook) => number = textLength;
  /** Where a search done in stretches hears of each book written meanwhile, by id. */
  private readonly listeners = new Set<(id: number) => void>();
  /** Searches in stretches run one at a time, so that however many arrive at once, a turn of the event loop runs a stretch of one search at most. */
  private readonly searches = new OneAtATime();
  private readonly pacing: Required<Pacing>;
  /** Settles once the text index is built, or could not be: at once for a small seed, later for a large one. */
  built: Promise<Built> = Promise.resolve({ inWorker: false, ms: 0 });

  /** `table`: the fields whose sorts and text the store knows; another one, and another pacing, are for tests. */
  constructor(capacity: number, table: FieldTable = FIELDS, pacing: Pacing = {}) {
    if (!(capacity >= 0 && capacity <= MAX_CAPACITY)) throw new RangeError(`a store holds at most ${MAX_CAPACITY} books, not ${capacity}`);
    this.capacity = capacity;
    this.pacing = { ...PACING, ...pacing };
    this.records = new RecordTable(capacity * TEXT_PER_BOOK, this.measure);
    this.texts = new TextIndex(() => this.records.all(), Math.min(FOLD_MS, this.pacing.stretchMs));
    this.orders = new KeptOrders(this.records, table);
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
    const refused = this.refusal(fields);
    if (refused) return { refused };
    const book: StoredBook = storedBook(fields);
    // The text index first: it is the one part that can refuse an id, before anything changed.
    this.texts.add(this.records.nextId(), book);
    const id = this.records.add(book);
    this.orders.add(id);
    this.written(id);
    return { added: book };
  }

  refusal(fields: BookFields): Refusal | undefined {
    if (this.records.idOf(fields.isbn) !== undefined) return 'isbn-taken';
    if (this.texts.duplicateOf(fields) !== undefined) return 'duplicate';
    if (this.size >= this.capacity) return 'full';
    return this.records.textFits(this.measure(fields)) ? undefined : 'text-full';
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
    this.written(id);
    return { replaced: book };
  }

  remove(isbn: string): boolean {
    const id = this.records.idOf(isbn);
    if (id === undefined) return false;
    this.texts.remove(id, this.records.book(id));
    this.orders.remove(id);
    this.records.remove(id);
    this.written(id);
    return true;
  }

  async find({ sort, offset = 0, limit = Infinity, ...filter }: BookQuery): Promise<BookPage> {
    const list = this.orders.list(sort);
    if (!isFiltered(filter)) {
      const page: StoredBook[] = [];
      list.walk(offset, (id) => page.push(this.records.book(id)) < limit);
      return { books: page, total: this.size };
    }
    // The matching ids, then the page of them in the kept order: no sorting per request.
    const pageOf = (matches: Matches): BookPage => ({
      books: list.page(matches, offset, limit).map((id) => this.records.book(id)),
      total: matches.ids.length,
    });
    const texts = this.indexTexts();
    if (texts.cost(filter) <= this.pacing.quickSearch) return pageOf(texts.search(filter));
    return this.searches.run(async () => pageOf(await this.searchInStretches(filter)));
  }

  async scan({ sort, ...filter }: Omit<BookQuery, 'offset' | 'limit'>): Promise<BookScan> {
    if (!isFiltered(filter)) return { total: this.size, books: this.orders.scan(sort, () => true) };
    // A few matches are taken at once, from the index; more are found batch by batch, each book
    // tested as the plain rule says (../store.ts, bookTest), since the index's answer is only
    // good until the next search.
    const found = await this.find({ ...filter, sort, limit: SCAN_BATCH + 1 });
    if (found.total <= SCAN_BATCH) return found;
    return { total: found.total, books: this.orders.scan(sort, bookTest(filter)) };
  }

  /**
   * The matches of a filter, found in stretches (text-index.ts). A book written while the search
   * waited a turn may have been read as it was, or not at all: each is tested again by the plain
   * rule (../store.ts, bookTest), so the answer is that of the moment the search ends.
   */
  private async searchInStretches(filter: BookFilter): Promise<Matches> {
    const written = new Set<number>();
    const hear = (id: number): void => void written.add(id);
    this.listeners.add(hear);
    let bits: Uint32Array;
    try {
      bits = await this.texts.searchInStretches(filter, new Stretch(this.pacing.stretchMs));
    } finally {
      this.listeners.delete(hear);
    }
    return matchesOf(retested(bits, written, bookTest(filter), () => this.records.all()));
  }

  /** Tells each search in stretches that the book under `id` was added, replaced or removed. */
  private written(id: number): void {
    for (const hear of this.listeners) hear(id);
  }

  /**
   * Builds the text index's suffix arrays now, unless a build has begun: `ready` begins it once the seed is in, so that no search
   * waits for it, and no client can make it happen later, when the texts sent meanwhile could make it large.
   */
  indexTexts(): TextIndex {
    this.texts.build();
    return this.texts;
  }

  /**
   * The sort orders and the text index, begun once the seed is in, so that no request has to. A large seed's suffix arrays are
   * sorted in a worker thread, once the orders are built and what they held meanwhile is free, while this thread serves: a search
   * meanwhile reads every book, in stretches, as the map store does; the service answers much sooner.
   */
  ready(): void {
    this.orders.buildAll();
    const inWorker = this.records.textUsed >= this.pacing.inWorkerFrom;
    this.built = inWorker ? this.texts.buildInWorker(this.pacing.sortInWorker) : Promise.resolve(this.texts.build());
  }
}
