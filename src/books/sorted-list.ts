/**
 * A list of numbers kept in order as they come and go, stored as a list of short sorted chunks,
 * the way Python's `sortedcontainers.SortedList` keeps one. An insert finds its chunk and its
 * place by binary search and moves at most one chunk's items, so a write costs about log(n)
 * comparisons whatever the size of the list; one flat array would move half the catalogue on
 * every write. A delete does the same, or, in a list that tracks its items, goes straight to
 * the item's chunk.
 *
 * The list does not know its order: whoever inserts says where an item belongs, with a test
 * `before(other)` that holds for exactly the items that sort before it. Each search is a plain
 * bisection, first over the chunks' last items and then inside one chunk, so a test sees the
 * items in the order of a binary search (the suffix array relies on that).
 *
 * Items are unsigned 32-bit integers in typed arrays: 4 bytes an item, where a JavaScript array
 * takes 8 (DECISIONS G allows 500 bytes a book, and a book has an item in every list).
 *
 * A list of ids can also `track` where each id is, so that a page of a match set can be cut
 * from the list without walking it all (see `page`).
 */

/**
 * Every chunk has room for this many items. One size for all means the memory allocator can
 * reuse a freed chunk's bytes for the next one exactly: chunks of many sizes, grown one by one,
 * left the process about 40 MB larger than its data at 100,000 books.
 */
const CHUNK = 1024;

/** A test that holds for the items before some place in the list, and for no item after it. */
export type Before = (item: number) => boolean;

interface Chunk {
  readonly items: Uint32Array;
  size: number;
  /** A number for this chunk, stable while it lives; tracked lists record it for each item. */
  readonly id: number;
}

export class SortedList {
  private readonly chunks: Chunk[] = [];
  /**
   * With `track`: by item, the id of the chunk that holds it. Chunk ids are reused, and any two
   * neighbouring chunks hold more than half a chunk between them (see `shrink`), so a list of n
   * items has fewer than 2n/512 + 1 chunks: about 16,400 for the most ids the store can hold,
   * well within the 65,536 that 16 bits count.
   */
  private where: Uint16Array | undefined;
  private readonly freeIds: number[] = [];
  private nextId = 0;

  /** `sorted`: the items to start with, already in order. */
  constructor(sorted: ArrayLike<number> = [], options: { track?: boolean } = {}) {
    if (options.track) this.where = new Uint16Array(1024);
    // Chunks built at once are filled to seven eighths, leaving room for the writes to come.
    const fill = (CHUNK * 7) / 8;
    const items = sorted instanceof Uint32Array ? sorted : Uint32Array.from(sorted);
    for (let start = 0; start < items.length; start += fill) this.chunks.push(this.newChunk(items.subarray(start, start + fill)));
  }

  /** Puts `item` after the items that are `before` it. */
  insert(item: number, before: Before): void {
    if (this.chunks.length === 0) this.chunks.push(this.newChunk(new Uint32Array(0)));
    let index = this.chunkFor(before);
    let chunk = this.chunks[index] as Chunk;
    let at = position(chunk, before);
    if (chunk.size === CHUNK) {
      // A full chunk splits in two halves; at the very end of the list, where insertion order
      // appends, a new chunk starts instead, so that the full one stays full.
      const half = index === this.chunks.length - 1 && at === CHUNK ? CHUNK : CHUNK / 2;
      const right = this.newChunk(chunk.items.subarray(half, CHUNK));
      chunk.size = half;
      this.chunks.splice(index + 1, 0, right);
      if (at >= half) [index, chunk, at] = [index + 1, right, at - half];
    }
    chunk.items.copyWithin(at + 1, at, chunk.size);
    chunk.items[at] = item;
    chunk.size++;
    this.place(item, chunk);
  }

  /**
   * Removes `item` when it is in the list. A tracked list knows where its items are; any other
   * is searched with `before`, as for the insert.
   */
  delete(item: number, before?: Before): void {
    const where = this.where;
    if (!where && !before) throw new TypeError('a list that does not track its items needs `before` to find one');
    const index = where ? this.chunks.findIndex((chunk) => chunk.id === where[item]) : this.chunkFor(before as Before);
    const chunk = this.chunks[index];
    if (chunk === undefined) return;
    const at = where ? chunk.items.subarray(0, chunk.size).indexOf(item) : position(chunk, before as Before);
    if (at < 0 || at >= chunk.size || chunk.items[at] !== item) return;
    chunk.items.copyWithin(at, at + 1, chunk.size);
    chunk.size--;
    this.shrink(index);
  }

  /**
   * Calls `visit` with each item from index `start` on, in order, until it returns false. A
   * callback rather than an iterator: a plain loop over the chunks is several times faster than
   * a generator, and a walk may cover most of the list.
   */
  walk(start: number, visit: (item: number) => boolean): void {
    let skip = start;
    for (const chunk of this.chunks) {
      if (skip >= chunk.size) {
        skip -= chunk.size;
        continue;
      }
      for (let i = skip; i < chunk.size; i++) if (!visit(chunk.items[i] as number)) return;
      skip = 0;
    }
  }

  /**
   * Calls `visit` with each item that is not `before`, in order, until it returns false: the
   * walk starts where an insert would put a new item, found by binary search.
   */
  walkFrom(before: Before, visit: (item: number) => boolean): void {
    if (this.chunks.length === 0) return;
    const first = this.chunkFor(before);
    let at = position(this.chunks[first] as Chunk, before);
    for (let index = first; index < this.chunks.length; index++, at = 0) {
      const chunk = this.chunks[index] as Chunk;
      for (let i = at; i < chunk.size; i++) if (!visit(chunk.items[i] as number)) return;
    }
  }

  /**
   * Calls `visit` with the run of items `x` for which `beforeStart(x)` is false and `beforeEnd(x)`
   * is true, each bound found by binary search, as spans of the chunks' arrays (`items[from]` to
   * `items[to - 1]`): a run may hold most of the list, and a loop over an array is much faster
   * than a call per item (a span may be empty). Both tests must hold for a first part of the list
   * and fail for the rest.
   */
  range(beforeStart: Before, beforeEnd: Before, visit: (items: Uint32Array, from: number, to: number) => void): void {
    const first = this.chunkFor(beforeStart);
    const last = this.chunkFor(beforeEnd);
    for (let index = first; index <= last && index < this.chunks.length; index++) {
      const chunk = this.chunks[index] as Chunk;
      const from = index === first ? position(chunk, beforeStart) : 0;
      const to = index === last ? position(chunk, beforeEnd) : chunk.size;
      visit(chunk.items, from, to);
    }
  }

  /**
   * With `track`: the items of `matches` (each in the list once) that come at `offset` to
   * `offset + limit` in the list's order. The matches are counted chunk by chunk, so only the
   * chunks that hold the page are walked: a page costs about as much as the match set, however
   * deep it lies and however long the list is.
   */
  page(matches: { readonly ids: ArrayLike<number>; has(item: number): boolean }, offset: number, limit: number): number[] {
    const where = this.where as Uint16Array;
    const counts = new Uint32Array(this.nextId);
    for (let i = 0; i < matches.ids.length; i++) {
      const chunkId = where[matches.ids[i] as number] as number;
      counts[chunkId] = (counts[chunkId] as number) + 1;
    }
    const page: number[] = [];
    let skip = offset;
    for (const chunk of this.chunks) {
      const count = counts[chunk.id] as number;
      if (skip >= count) {
        skip -= count;
        continue;
      }
      for (let i = 0; i < chunk.size && page.length < limit; i++) {
        const item = chunk.items[i] as number;
        if (!matches.has(item)) continue;
        if (skip > 0) skip--;
        else page.push(item);
      }
      if (page.length === limit) break;
    }
    return page;
  }

  /** How many chunks hold the items: fewer than 2n/512 + 1 for n items. */
  get chunkCount(): number {
    return this.chunks.length;
  }

  /** The index of the first chunk whose last item is not `before`, or the last chunk. */
  private chunkFor(before: Before): number {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle] as Chunk;
      if (before(chunk.items[chunk.size - 1] as number)) low = middle + 1;
      else high = middle;
    }
    return low;
  }

  private newChunk(items: Uint32Array): Chunk {
    const chunk: Chunk = { items: new Uint32Array(CHUNK), size: items.length, id: this.freeIds.pop() ?? this.nextId++ };
    chunk.items.set(items);
    for (const item of items) this.place(item, chunk);
    return chunk;
  }

  private place(item: number, chunk: Chunk): void {
    if (!this.where) return;
    if (item >= this.where.length) {
      const where = new Uint16Array(Math.max(item + 1, this.where.length * 2));
      where.set(this.where);
      this.where = where;
    }
    this.where[item] = chunk.id;
  }

  /**
   * After a delete from the chunk at `index`: an empty chunk goes, and a thinned chunk joins a
   * neighbour when the two hold half a chunk or less between them. So any two neighbours always
   * hold more than half a chunk, and churn leaves no trail of near-empty chunks behind, however
   * the deletes fall (a sweep from the left, say, keeping one item in a thousand).
   */
  private shrink(index: number): void {
    const chunk = this.chunks[index] as Chunk;
    if (chunk.size === 0) {
      this.chunks.splice(index, 1);
      this.freeIds.push(chunk.id);
      return;
    }
    let at = index;
    const previous = this.chunks[at - 1];
    if (previous && previous.size + chunk.size <= CHUNK / 2) this.join(--at);
    const next = this.chunks[at + 1];
    if (next && (this.chunks[at] as Chunk).size + next.size <= CHUNK / 2) this.join(at);
  }

  /** Moves the items of the chunk after `index` into the chunk at `index`, and drops the emptied one. */
  private join(index: number): void {
    const chunk = this.chunks[index] as Chunk;
    const next = this.chunks[index + 1] as Chunk;
    chunk.items.set(next.items.subarray(0, next.size), chunk.size);
    chunk.size += next.size;
    for (const item of next.items.subarray(0, next.size)) this.place(item, chunk);
    this.chunks.splice(index + 1, 1);
    this.freeIds.push(next.id);
  }
}

/** The first index in `chunk` whose item is not `before`. */
function position(chunk: Chunk, before: Before): number {
  let low = 0;
  let high = chunk.size;
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (before(chunk.items[middle] as number)) low = middle + 1;
    else high = middle;
  }
  return low;
}
