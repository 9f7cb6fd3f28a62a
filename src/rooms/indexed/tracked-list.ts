/**
 * A sorted list (sorted-list.ts) that knows which chunk holds each of its items, so that an item
 * is found without a search, and a page of a match set is cut from the list without walking it
 * all; and the walks that read a list in order. The store's kept orders are tracked lists of ids.
 */
import { type Chunk, chunkAt, indexAt, type Position, positionOf, SortedList } from './sorted-list.ts';

export class TrackedList extends SortedList {
  /**
   * By item: the id of the chunk that holds it. Chunk ids are reused, and any two neighbouring
   * chunks hold more than half a chunk between them, so a list of n items has fewer than
   * 2n/512 + 1 chunks: about 16,400 for the most ids the store can hold, well within the 65,536
   * that 16 bits count.
   */
  private where: Uint16Array;

  constructor(sorted: ArrayLike<number> = []) {
    super(sorted);
    this.where = new Uint16Array(1024);
    for (const chunk of this.chunks) for (let i = 0; i < chunk.size; i++) this.placed(chunk.items[i] as number, chunk);
  }

  /** Where `item` is, or undefined when it is not in the list. */
  find(item: number): Position | undefined {
    const chunkId = this.where[item];
    for (let index = 0; index < this.chunks.length; index++) {
      const chunk = this.chunks[index] as Chunk;
      if (chunk.id !== chunkId) continue;
      const at = chunk.items.subarray(0, chunk.size).indexOf(item);
      return at < 0 ? undefined : positionOf(index, at);
    }
    return undefined;
  }

  /**
   * Calls `visit` with each item from index `start` of the whole list on, in order, until it
   * returns false. It takes a callback rather than giving an iterator, because a plain loop over
   * the chunks costs much less per item than a generator does, and a walk may cover most of the list.
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

  /** Calls `visit` with each item from `position` on, in order, until it returns false. */
  walkFrom(position: Position, visit: (item: number) => boolean): void {
    for (let index = chunkAt(position), at = indexAt(position); index < this.chunks.length; index++, at = 0) {
      const chunk = this.chunks[index] as Chunk;
      for (let i = at; i < chunk.size; i++) if (!visit(chunk.items[i] as number)) return;
    }
  }

  /** Removes `item` when it is in the list, and returns whether it was. */
  delete(item: number): boolean {
    const position = this.find(item);
    if (position !== undefined) this.deleteAt(position);
    return position !== undefined;
  }

  /**
   * The items of `matches` (each in the list once) that come at `offset` to `offset + limit` in
   * the list's order. The matches are counted chunk by chunk, so only the chunks that hold the
   * page are walked: a page costs about as much as the match set, however deep it lies and
   * however long the list is.
   */
  page(matches: { readonly ids: ArrayLike<number>; has(item: number): boolean }, offset: number, limit: number): number[] {
    const counts = new Uint32Array(this.nextId);
    for (let i = 0; i < matches.ids.length; i++) {
      const chunkId = this.where[matches.ids[i] as number] as number;
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

  protected override placed(item: number, chunk: Chunk): void {
    if (item >= this.where.length) {
      const where = new Uint16Array(Math.max(item + 1, this.where.length * 2));
      where.set(this.where);
      this.where = where;
    }
    this.where[item] = chunk.id;
  }
}
