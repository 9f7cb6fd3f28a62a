/**
 * A sort order of the kept orders (kept-orders.ts): its ids sorted once with the collator, in a
 * tracked list, and the tests that find where a book or a place goes in it, each made once.
 */
import type { Compare } from '../../core/book.ts';
import type { SortKey } from '../../core/fields.ts';
import type { SortOrder } from '../../core/store.ts';
import type { RecordTable, StoredBook } from './records.ts';
import { TrackedList } from './tracked-list.ts';
import { sortAbbreviated } from './abbreviated-keys.ts';

/** A place in an order, kept after the book may have gone: the book as it was, and when it was added. */
export interface Place {
  readonly book: StoredBook;
  readonly added: number;
}

/** A sort order: its list, and the tests that find where a book or a place goes in it, each made once. */
export interface Order {
  readonly list: TrackedList;
  readonly key: SortKey;
  /** Whether the book under id `item` sorts before the one under id `target`. */
  readonly before: (item: number, target: number) => boolean;
  /** Whether the book under id `item` sorts before `place`, or is the book that was there. */
  readonly upTo: (item: number, place: Place) => boolean;
  /** Below zero when place `a` comes before place `b`. */
  readonly compare: (a: Place, b: Place) => number;
}

/** How two books, or two ids, compare in this order: by its key, ties by insertion. */
function comparison(records: RecordTable, sort: SortOrder, byKey: Compare) {
  const direction = sort.descending ? -1 : 1;
  // Ties keep insertion order in both directions, so a descending order is not a reversed one.
  const compare = (a: StoredBook, addedA: number, b: StoredBook, addedB: number): number => direction * byKey(a, b) || addedA - addedB;
  const compareIds = (a: number, b: number): number => compare(records.book(a), records.addedAt(a), records.book(b), records.addedAt(b));
  return { compare, compareIds };
}

/** The order `sort` of every live book; `sortedIds`, when the ids are sorted already. */
export function sortOrder(records: RecordTable, sort: SortOrder, byKey: Compare, sortedIds?: Uint32Array): Order {
  const { compare, compareIds } = comparison(records, sort, byKey);
  return {
    list: new TrackedList(sortedIds ?? Uint32Array.from(records.liveIds()).sort(compareIds)),
    key: sort.key,
    before: (item, target) => compareIds(item, target) < 0,
    upTo: (item, place) => compare(records.book(item), records.addedAt(item), place.book, place.added) <= 0,
    compare: (a, b) => compare(a.book, a.added, b.book, b.added),
  };
}

/**
 * The ascending and descending orders by `key`, sorted once: descending is ascending's runs of
 * ties in reverse, each run kept in insertion order, a pass of at most one comparison a book where
 * sorting again would take some twenty. `leading`, the sort's first field when it holds text: the books are
 * compared by their abbreviated keys of it first (abbreviated-keys.ts), and by the collator only
 * where those cannot tell.
 */
export function bothWays(records: RecordTable, key: SortKey, byKey: Compare, leading?: string): [Order, Order] {
  const { compareIds } = comparison(records, { key, descending: false }, byKey);
  const ids = Uint32Array.from(records.liveIds());
  const textOf = (id: number): string | undefined => (records.book(id) as Readonly<Record<string, string | undefined>>)[leading as string];
  const { ids: ascending, apart } =
    leading === undefined ? { ids: ids.sort(compareIds), apart: new Uint8Array(ids.length) } : sortAbbreviated(ids, textOf, compareIds);
  // The runs of ties, each starting where the keys or a comparison part a book from the one before.
  const starts = [0];
  for (let at = 1; at < ascending.length; at++)
    if (apart[at] === 1 || byKey(records.book(ascending[at - 1] as number), records.book(ascending[at] as number)) !== 0) starts.push(at);
  const descending = new Uint32Array(ascending.length);
  let filled = 0;
  for (let run = starts.length - 1; run >= 0; run--) {
    const end = starts[run + 1] ?? ascending.length;
    for (let at = starts[run] as number; at < end; at++) descending[filled++] = ascending[at] as number;
  }
  return [
    sortOrder(records, { key, descending: false }, byKey, ascending),
    sortOrder(records, { key, descending: true }, byKey, descending),
  ];
}
