/**
 * A list of numbers kept in order as they come and go, stored as short sorted chunks the way Python's
 * `sortedcontainers.SortedList` keeps one, so that a write moves at most one chunk's items where one
 * flat array would move half the catalogue. The list does not know its order: the writer finds the place.
 */
import { takeFromEnd } from './take-from-end.ts';

/**
 * Every chunk has room for this many items. One size for all means the memory allocator can
 * reuse a freed chunk's bytes for the next one exactly; chunks of many sizes, grown one by one,
 * would leave the process holding memory that no new chunk fits into.
 */
const CHUNK = 1024;

/**
 * A place in the list, as one number: chunk × 2048 + index in the chunk. The index may equal the
 * chunk's size (just after its last item). A position is good until the list next changes.
 */
export type Position = number;
const STRIDE = 2048;
export const positionOf = (chunk: number, index: number): Position => chunk * STRIDE + index;
export const chunkAt = (position: Position): number => Math.floor(position / STRIDE);
export const indexAt = (position: Position): number => position % STRIDE;

export interface Chunk {
  /**
   * Unsigned 32-bit integers in a typed array: 4 bytes an item, where a JavaScript array takes 8
   * (api.md, Limits: 500 bytes a book, and a book has an item in every list).
   */
  readonly items: Uint32Array;
  size: number;
  /** A number for this chunk, stable while it lives; a tracked list records it for each item. */
  readonly id: number;
}

/**
 * Whoever writes finds the place first, as a `Position`: either with `bisect`, which asks a test
 * where an item goes, or with a search of its own over the plain reads below (`chunkCount`,
 * `sizeOf`, `lastOf`, `itemsOf`), as the suffix array does. Either way a write finds its chunk and
 * its place by binary search, so it costs about log(n) comparisons whatever the size of the list.
 */
export class SortedList {
  protected readonly chunks: Chunk[] = [];
  private readonly freeIds: number[] = [];
  protected nextId = 0;

  /**
   * `sorted`: the items to start with, already in order. With `giveBack`, a resizable buffer they
   * fill whole is cut back as it is copied, and left empty (take-from-end.ts).
   */
  constructor(sorted: ArrayLike<number> = [], giveBack = false) {
    const items = sorted instanceof Uint32Array ? sorted : Uint32Array.from(sorted);
    // Chunks built at once are filled to seven eighths, leaving room for the writes to come; read from the end, put in order after.
    takeFromEnd(items, (CHUNK * 7) / 8, (part) => this.chunks.push(this.newChunk(part)), giveBack);
    this.chunks.reverse();
  }

  get chunkCount(): number {
    return this.chunks.length;
  }

  sizeOf(chunk: number): number {
    return (this.chunks[chunk] as Chunk).size;
  }

  lastOf(chunk: number): number {
    const { items, size } = this.chunks[chunk] as Chunk;
    return items[size - 1] as number;
  }

  /** The items of a chunk, for a reader that walks a span of them: `items[0]` to `items[sizeOf(chunk) - 1]`. */
  itemsOf(chunk: number): Uint32Array {
    return (this.chunks[chunk] as Chunk).items;
  }

  /**
   * The place of the first item for which `before(item, target)` is false: where `target` goes.
   * `before` must hold for a first part of the list and for nothing after it. A plain bisection,
   * over the chunks' last items and then inside one chunk; `target` is passed through, so that
   * one function made once can serve every search.
   */
  bisect<T>(before: (item: number, target: T) => boolean, target: T): Position {
    let low = 0;
    let high = this.chunks.length - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const chunk = this.chunks[middle] as Chunk;
      if (before(chunk.items[chunk.size - 1] as number, target)) low = middle + 1;
      else high = middle;
    }
    const chunk = this.chunks[low];
    if (chunk === undefined) return 0;
    let from = 0;
    let to = chunk.size;
    while (from < to) {
      const middle = (from + to) >>> 1;
      if (before(chunk.items[middle] as number, target)) from = middle + 1;
      else to = middle;
    }
    return positionOf(low, from);
  }

  /** Puts `item` at `position`, moving the items from there on one place along. */
  insertAt(position: Position, item: number): void {
    if (this.chunks.length === 0) this.chunks.push(this.newChunk(new Uint32Array(0)));
    let index = chunkAt(position);
    let chunk = this.chunks[index] as Chunk;
    let at = indexAt(position);
    if (chunk.size === CHUNK) {
      // A full chunk splits in two halves; at the very end of the list, where insertion order
      // appends, a new chunk starts instead, so that the full one stays full.
      const half = index === this.chunks.length - 1 && at === CHUNK ? CHUNK : CHUNK / 2;
      const right = this.newChunk(chunk.items.subarray(half, CHUNK));
      this.placedAll(right);
      chunk.size = half;
      this.chunks.splice(index + 1, 0, right);
      if (at >= half) [index, chunk, at] = [index + 1, right, at - half];
    }
    chunk.items.copyWithin(at + 1, at, chunk.size);
    chunk.items[at] = item;
    chunk.size++;
    this.placed(item, chunk);
  }

  /** Puts `item` after every item: for a list kept in the order items come. */
  append(item: number): void {
    const last = this.chunks.length - 1;
    this.insertAt(last < 0 ? 0 : positionOf(last, (this.chunks[last] as Chunk).size), item);
  }

  /** Removes the item at `position`. */
  deleteAt(position: Position): void {
    const index = chunkAt(position);
    const chunk = this.chunks[index] as Chunk;
    const at = indexAt(position);
    chunk.items.copyWithin(at, at + 1, chunk.size);
    chunk.size--;
    this.shrink(index);
  }

  /** Called whenever `item` lands in `chunk` (not for the items a list starts with); a tracked list records it. */
  protected placed(_item: number, _chunk: Chunk): void {}

  private placedAll(chunk: Chunk): void {
    for (let i = 0; i < chunk.size; i++) this.placed(chunk.items[i] as number, chunk);
  }

  private newChunk(items: Uint32Array): Chunk {
    const chunk: Chunk = { items: new Uint32Array(CHUNK), size: items.length, id: this.freeIds.pop() ?? this.nextId++ };
    chunk.items.set(items);
    return chunk;
  }

  /**
   * After a delete from the chunk at `index`: an empty chunk goes, and a thinned chunk joins a
   * neighbour when the two hold half a chunk or less between them. So any two neighbours always
   * hold more than half a chunk (fewer than 2n/512 + 1 chunks for n items), and churn leaves no
   * trail of near-empty chunks behind, however the deletes fall.
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
    for (let i = 0; i < next.size; i++) this.placed(next.items[i] as number, chunk);
    this.chunks.splice(index + 1, 1);
    this.freeIds.push(next.id);
  }
}
