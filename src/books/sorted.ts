/**
 * An array kept in order as items come and go: a binary search finds the place and one splice
 * moves the tail, so no request ever sorts the whole catalogue. The comparator must order every
 * pair of distinct items (a unique tie-break), so that each item has exactly one place.
 */
export class SortedList<T> {
  private items: T[] | undefined;
  private readonly compare: (a: T, b: T) => number;
  private readonly load: () => T[];

  /** `load` gives every current item; it is called on first use, so unused orders cost nothing. */
  constructor(compare: (a: T, b: T) => number, load: () => T[]) {
    this.compare = compare;
    this.load = load;
  }

  /** The items in order. Callers only read it, synchronously, before the next write. */
  get all(): readonly T[] {
    this.items ??= this.load().sort(this.compare);
    return this.items;
  }

  insert(item: T): void {
    const items = this.items;
    if (!items) return;
    // New books mostly sort last (always, in insertion order): then no search, no move.
    if (items.length === 0 || this.compare(items[items.length - 1] as T, item) < 0) items.push(item);
    else items.splice(this.position(items, item), 0, item);
  }

  delete(item: T): void {
    if (!this.items) return;
    const index = this.position(this.items, item);
    if (this.items[index] === item) this.items.splice(index, 1);
  }

  /** The first index whose item does not sort before `item`. */
  private position(items: readonly T[], item: T): number {
    let low = 0;
    let high = items.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (this.compare(items[middle] as T, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}
