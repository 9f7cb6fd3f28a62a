/**
 * A list kept in order as items come and go, stored as a list of short sorted chunks, the way
 * Python's `sortedcontainers.SortedList` keeps one. An insert or a delete finds its chunk and
 * its place by binary search and moves at most one chunk's items, so a write costs about
 * log(n) comparisons whatever the size of the list; one flat array would move half the
 * catalogue on every write. The comparator must order every pair of distinct items (a unique
 * tie-break), so that each item has exactly one place.
 */

/** A chunk splits in two past this many items; at 100,000 books there are a few hundred chunks. */
const MAX_CHUNK = 1024;

export class SortedList<T> {
  private readonly compare: (a: T, b: T) => number;
  private readonly chunks: T[][] = [];

  constructor(compare: (a: T, b: T) => number, items: Iterable<T> = []) {
    this.compare = compare;
    const sorted = [...items].sort(compare);
    for (let start = 0; start < sorted.length; start += MAX_CHUNK / 2) {
      this.chunks.push(sorted.slice(start, start + MAX_CHUNK / 2));
    }
  }

  insert(item: T): void {
    if (this.chunks.length === 0) {
      this.chunks.push([item]);
      return;
    }
    const index = this.chunkFor(item);
    const chunk = this.chunks[index] as T[];
    chunk.splice(position(chunk, item, this.compare), 0, item);
    if (chunk.length > MAX_CHUNK) this.chunks.splice(index + 1, 0, chunk.splice(MAX_CHUNK / 2));
  }

  /** Removes `item` (the very object) when it is in the list. */
  delete(item: T): void {
    if (this.chunks.length === 0) return;
    const index = this.chunkFor(item);
    const chunk = this.chunks[index] as T[];
    const at = position(chunk, item, this.compare);
    if (chunk[at] !== item) return;
    chunk.splice(at, 1);
    if (chunk.length === 0) this.chunks.splice(index, 1);
  }

  /**
   * Calls `visit` with each item from index `start` on, in order, until it returns false. A
   * callback rather than an iterator: a filtered page may walk the whole catalogue, and a
   * plain loop over the chunks is several times faster than a generator there.
   */
  walk(start: number, visit: (item: T) => boolean): void {
    let skip = start;
    for (const chunk of this.chunks) {
      if (skip >= chunk.length) {
        skip -= chunk.length;
        continue;
      }
      for (let i = skip; i < chunk.length; i++) if (!visit(chunk[i] as T)) return;
      skip = 0;
    }
  }

  /** The index of the chunk where `item` belongs: the first whose last item does not sort before it. */
  private chunkFor(item: T): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle] as T[];
      if (this.compare(chunk[chunk.length - 1] as T, item) < 0) low = middle + 1;
      else high = middle;
    }
    return low;
  }
}

/** The first index in `items` whose item does not sort before `item`. */
function position<T>(items: readonly T[], item: T, compare: (a: T, b: T) => number): number {
  let low = 0;
  let high = items.length;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (compare(items[middle] as T, item) < 0) low = middle + 1;
    else high = middle;
  }
  return low;
}
