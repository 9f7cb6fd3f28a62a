/**
 * The kept orders: the ids of every book in insertion order, and in each sort order asked for so
 * far, each a tracked list (tracked-list.ts) kept up to date by every add, remove and replace, so
 * that no request sorts the catalogue.
 */
import type { SortKey } from '../fields.ts';
import type { SortOrder } from '../store.ts';
import type { RecordTable, StoredBook } from './records.ts';
import type { Compare } from '../order.ts';
import type { Position } from './sorted-list.ts';
import { TrackedList } from './tracked-list.ts';

/** How many books a scan reads at a time, between which writes may come. */
export const SCAN_BATCH = 256;

/** A place in an order, kept after the book may have gone: the book as it was, and when it was added. */
interface Place {
  readonly book: StoredBook;
  readonly added: number;
}

/** A sort order: its list, and the tests that find where a book or a place goes in it, each made once. */
interface Order {
  readonly list: TrackedList;
  readonly key: SortKey;
  /** Whether the book under id `item` sorts before the one under id `target`. */
  readonly before: (item: number, target: number) => boolean;
  /** Whether the book under id `item` sorts before `place`, or is the book that was there. */
  readonly upTo: (item: number, place: Place) => boolean;
}

export class KeptOrders {
  private readonly records: RecordTable;
  /** How each sort key compares two books (book.ts, from the table of fields). */
  private readonly comparisons: ReadonlyMap<string, Compare>;
  /** A book added later is always added last: insertion order only ever appends. */
  private readonly inserted = new TrackedList();
  private readonly sorted = new Map<string, Order>();

  constructor(records: RecordTable, comparisons: ReadonlyMap<string, Compare>) {
    this.records = records;
    this.comparisons = comparisons;
  }

  /** Puts a book just added to the records in every order. */
  add(id: number): void {
    this.inserted.append(id);
    for (const { list, before } of this.sorted.values()) list.insertAt(list.bisect(before, id), id);
  }

  remove(id: number): void {
    this.inserted.delete(id);
    for (const { list } of this.sorted.values()) list.delete(id);
  }

  /** Moves a book the records just replaced (`old` was its fields) to its new place in each sort order; insertion order keeps it where it was. */
  replace(id: number, old: StoredBook): void {
    const book = this.records.book(id);
    for (const { list, key, before } of this.sorted.values()) {
      if ((this.comparisons.get(key) as Compare)(old, book) === 0) continue; // its key did not change, nor its place
      list.delete(id);
      list.insertAt(list.bisect(before, id), id);
    }
  }

  /** The list of ids in this order (insertion order when `sort` is undefined), built on first use. */
  list(sort: SortOrder | undefined): TrackedList {
    return sort === undefined ? this.inserted : this.order(sort).list;
  }

  /**
   * The books of an order that pass `test`, a batch at a time. Each batch is looked up afresh
   * from the place of the last book given, which may have gone since: a keyset read.
   */
  *scan(sort: SortOrder | undefined, test: (book: StoredBook) => boolean): Generator<StoredBook> {
    let last: Place | undefined;
    for (;;) {
      const batch: StoredBook[] = [];
      let visited = 0;
      this.list(sort).walkFrom(last === undefined ? 0 : this.after(sort, last), (id) => {
        last = { book: this.records.book(id), added: this.records.addedAt(id) };
        if (test(last.book)) batch.push(last.book);
        return ++visited < SCAN_BATCH;
      });
      if (visited === 0) return;
      yield* batch;
    }
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
    for (const key of this.comparisons.keys()) {
      for (const descending of [false, true]) this.order({ key: key as SortKey, descending });
    }
  }

  private order(sort: SortOrder): Order {
    const name = `${sort.key},${sort.descending ? 'desc' : 'asc'}`;
    let order = this.sorted.get(name);
    if (!order) {
      const { records } = this;
      const byKey = this.comparisons.get(sort.key) as Compare;
      const direction = sort.descending ? -1 : 1;
      // Ties keep insertion order in both directions, so a descending order is not a reversed one.
      const compare = (a: StoredBook, addedA: number, b: StoredBook, addedB: number): number => direction * byKey(a, b) || addedA - addedB;
      const compareIds = (a: number, b: number): number =>
        compare(records.book(a), records.addedAt(a), records.book(b), records.addedAt(b));
      const ids = Uint32Array.from(records.liveIds()).sort(compareIds);
      order = {
        list: new TrackedList(ids),
        key: sort.key,
        before: (item, target) => compareIds(item, target) < 0,
        upTo: (item, place) => compare(records.book(item), records.addedAt(item), place.book, place.added) <= 0,
      };
      this.sorted.set(name, order);
    }
    return order;
  }
}
