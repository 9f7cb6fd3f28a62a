/**
 * The kept orders: the ids of every book in insertion order, and in each sort order asked for so
 * far, each a tracked list (tracked-list.ts) kept up to date by every add, remove and replace, so
 * that no request sorts the catalogue.
 */
import { FIELDS, type FieldTable, type SortKey } from '../../core/fields.ts';
import type { SortOrder } from '../../core/store.ts';
import type { RecordTable, StoredBook } from './records.ts';
import { type Compare, sortComparisons } from '../../core/book.ts';
import type { Position } from './sorted-list.ts';
import { Stretch } from './stretches.ts';
import { bothWays, type Order, type Place, sortOrder } from './sort-order.ts';
import { TrackedList } from './tracked-list.ts';

/** How many books a scan reads at a time, between which writes may come. */
export const SCAN_BATCH = 256;

/**
 * A scan under way, and what it heard of the books that moved in its order while it was read: a
 * book it had passed is not given again at its new place, and one it had not reached yet is given
 * at its old place, as it was, so that each book there throughout is given once and in order.
 */
interface Reader {
  readonly sort: SortOrder | undefined;
  /** The time the scan began (records.ts, `now`): a book added since is not given, as a book removed since may not be. */
  readonly began: number;
  /** The place of the last book read. */
  last: Place | undefined;
  /** Books not to give at their place: moved after they were read, or owed at their old place. */
  readonly skip: Set<number>;
  /** Books that moved before they were reached, at their old place, in order. */
  readonly owed: Owed[];
}

interface Owed {
  readonly id: number;
  readonly place: Place;
}

export class KeptOrders {
  private readonly records: RecordTable;
  /** How each sort key compares two books (book.ts, from the table of fields). */
  private readonly comparisons: ReadonlyMap<string, Compare>;
  /** The sorts and the fields they compare. */
  private readonly table: FieldTable;
  /** A book added later is always added last: insertion order only ever appends. */
  private readonly inserted = new TrackedList();
  private readonly sorted = new Map<string, Order>();
  private readonly readers = new Set<Reader>();

  constructor(records: RecordTable, table: FieldTable = FIELDS) {
    this.records = records;
    this.comparisons = sortComparisons(table);
    this.table = table;
  }

  /** Puts a book just added to the records in every order. */
  add(id: number): void {
    this.inserted.append(id);
    for (const { list, before } of this.sorted.values()) list.insertAt(list.bisect(before, id), id);
  }

  remove(id: number): void {
    this.inserted.delete(id);
    for (const { list } of this.sorted.values()) list.delete(id);
    // A book gone is no longer owed, and its id may come back as another book's.
    for (const { skip, owed } of this.readers) {
      if (!skip.delete(id)) continue;
      const at = owed.findIndex((entry) => entry.id === id);
      if (at >= 0) owed.splice(at, 1);
    }
  }

  /** Moves a book the records just replaced (`old` was its fields) to its new place in each sort order; insertion order keeps it where it was. */
  replace(id: number, old: StoredBook): void {
    const book = this.records.book(id);
    const place = { book: old, added: this.records.addedAt(id) };
    for (const reader of this.readers) {
      if (reader.sort === undefined || !this.moves(reader.sort.key, old, book) || reader.skip.has(id)) continue;
      if (place.added >= reader.began) continue;
      reader.skip.add(id);
      const { compare } = this.order(reader.sort);
      // Not read yet: owed at the place it had.
      if (reader.last === undefined || compare(place, reader.last) > 0) {
        reader.owed.splice(
          bisect(reader.owed, (entry) => compare(entry.place, place) < 0),
          0,
          { id, place },
        );
      }
    }
    for (const { list, key, before } of this.sorted.values()) {
      if (!this.moves(key, old, book)) continue;
      list.delete(id);
      list.insertAt(list.bisect(before, id), id);
    }
  }

  /** Whether a book whose fields were `old` and are now `book` has another place in the orders by `key`. */
  private moves(key: SortKey, old: StoredBook, book: StoredBook): boolean {
    return (this.comparisons.get(key) as Compare)(old, book) !== 0;
  }

  /** The list of ids in this order (insertion order when `sort` is undefined), built on first use. */
  list(sort: SortOrder | undefined): TrackedList {
    return sort === undefined ? this.inserted : this.order(sort).list;
  }

  /**
   * The books of an order that pass `test`, a batch at a time, giving the event loop back whenever
   * a stretch's time is up. Each batch is looked up afresh from the place of the last book read,
   * which may have gone since (a keyset read), and the scan hears of the books that move meanwhile
   * (Reader), so that it answers for the moment it began (api.md, Listing, rule 10).
   */
  async *scan(sort: SortOrder | undefined, test: (book: StoredBook) => boolean): AsyncGenerator<StoredBook> {
    const reader: Reader = { sort, began: this.records.now, last: undefined, skip: new Set(), owed: [] };
    const stretch = new Stretch();
    this.readers.add(reader);
    try {
      for (;;) {
        const batch: StoredBook[] = [];
        const give = (book: StoredBook): void => void (test(book) && batch.push(book));
        let visited = 0;
        this.list(sort).walkFrom(reader.last === undefined ? 0 : this.after(sort, reader.last), (id) => {
          const place = { book: this.records.book(id), added: this.records.addedAt(id) };
          for (let owed = reader.owed[0]; owed !== undefined && this.comparePlaces(sort, owed.place, place) < 0; owed = reader.owed[0]) {
            give(owed.place.book);
            reader.owed.shift();
          }
          reader.last = place;
          if (!reader.skip.has(id) && place.added < reader.began) give(place.book);
          return ++visited < SCAN_BATCH;
        });
        if (visited === 0) for (const { place } of reader.owed.splice(0)) give(place.book);
        yield* batch;
        if (visited === 0) return;
        if (stretch.late) await stretch.next();
      }
    } finally {
      this.readers.delete(reader);
    }
  }

  private comparePlaces(sort: SortOrder | undefined, a: Place, b: Place): number {
    return sort === undefined ? a.added - b.added : this.order(sort).compare(a, b);
  }

  /** Where a walk resumes after `place`: at the first book that sorts after it. */
  private after(sort: SortOrder | undefined, place: Place): Position {
    if (sort === undefined) return this.inserted.bisect((item, added) => this.records.addedAt(item) <= added, place.added);
    return this.order(sort).list.bisect(this.order(sort).upTo, place);
  }

  /**
   * Builds every sort order at once. Sorting a large catalogue with the collator is slow, and a
   * first `sort=` would otherwise spend that time inside a request, with every other client
   * waiting; keeping the orders up to date afterwards adds only a little to each add.
   */
  buildAll(): void {
    for (const key of this.comparisons.keys() as Iterable<SortKey>) {
      const byKey = this.comparisons.get(key) as Compare;
      const first = this.table.sorts.find((sort) => sort.key === key)?.by[0];
      const leading = this.table.rows.find((row) => row.name === first)?.type === 'string' ? first : undefined;
      const [ascending, descending] = bothWays(this.records, key, byKey, leading);
      this.sorted.set(`${key},asc`, ascending);
      this.sorted.set(`${key},desc`, descending);
    }
  }

  private order(sort: SortOrder): Order {
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let order = this.sorted.get(name);
    if (!order) {
      order = sortOrder(this.records, sort, this.comparisons.get(sort.key) as Compare);
      this.sorted.set(name, order);
    }
    return order;
  }
}

/** The first index of `items` for which `before` is false; `before` holds for a first part of the list only. */
function bisect<T>(items: readonly T[], before: (item: T) => boolean): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(items[middle] as T)) low = middle + 1;
    else high = middle;
  }
  return low;
}
