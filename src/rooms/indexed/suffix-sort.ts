/**
 * Building a suffix array in one pass, by Manber and Myers' prefix doubling: the suffix arrays of
 * titles and authors (suffix-array.ts) are built this way, in about n·log(length) steps, where
 * inserting the suffixes one by one would take much longer.
 */

/**
 * Every suffix of the texts that starts before `offsets` code units, by its first `prefix` code
 * units and then by entry. `entryOf(offset, id)` names the suffix of `texts[id]` from `offset`, and
 * must order entries by offset, then id; `unitOf` turns a code unit into what is compared (A–Z
 * folded, say). Suffixes from further on are ranked too, for those before them, but not returned.
 *
 * Suffixes are first ranked by their first code unit; each round then ranks them by the pair
 * (rank, rank of the suffix k further on), which orders them by their first 2k code units,
 * until every rank differs or 2k reaches `prefix` or passes the longest text. A round is a stable
 * counting sort and two passes, so building costs about n·log(length) steps whatever the titles share, where
 * comparing suffixes pair by pair costs far more once many titles begin alike.
 */
export function sortSuffixes(
  texts: readonly (string | undefined)[],
  entryOf: (offset: number, id: number) => number,
  unitOf: (code: number) => number,
  prefix: number,
  offsets = Infinity,
  firstOfAlike = false,
): Uint32Array<ArrayBuffer> {
  // Each round doubles how far the ranks look, so they reach exactly `prefix` when it is a power of two.
  if (!(prefix >= 1 && Number.isInteger(Math.log2(prefix)))) throw new RangeError(`the prefix must be a power of two, not ${prefix}`);
  let total = 0;
  let longest = 0;
  for (const text of texts) {
    total += text?.length ?? 0;
    longest = Math.max(longest, text?.length ?? 0);
  }
  // The working arrays share one allocation, which goes back to the system whole when the build
  // is done; a dozen large arrays, allocated and dropped round after round, would leave the
  // process's heap grown long after the build.
  const scratch = new Scratch(total * 40 + 4 * (0x10002 + 1));
  const entries = scratch.uint32(total);
  let rank = scratch.uint32(total);
  let renamed = scratch.uint32(total);
  let order = scratch.uint32(total);
  let sorted = scratch.uint32(total);
  const second = scratch.uint32(total);
  const byEntry = scratch.uint32(total);
  const starts = scratch.uint32(Math.max(total, 0x10001) + 2);
  const idOf = scratch.uint32(total);
  const offsetOf = scratch.uint16(total);
  const remaining = scratch.uint16(total);
  // Suffix p, laid out text after text: its entry, how far it is into its text, its rank.
  let p = 0;
  texts.forEach((text = '', id) => {
    for (let offset = 0; offset < text.length; offset++, p++) {
      entries[p] = entryOf(offset, id);
      idOf[p] = id;
      offsetOf[p] = offset;
      remaining[p] = text.length - offset;
      rank[p] = unitOf(text.charCodeAt(offset)) + 1;
      second[p] = p;
    }
  });
  // Entry order (by offset, then id; ids ascend within an offset already): the stable sorts
  // below keep it among suffixes that stay equal, which is the order of equal suffixes.
  countingSort(second, offsetOf, longest, starts, byEntry);
  countingSort(byEntry, rank, 0x10001, starts, order);
  let ranks = renumber(order, rank, undefined, 0, renamed);
  [rank, renamed] = [renamed, rank];
  for (let k = 1; ranks < total && k < longest && 2 * k <= prefix; k *= 2) {
    // The suffixes by the rank of the suffix k further on: first those too short to have one
    // (in entry order), then the rest in the order of that suffix.
    let at = 0;
    for (let i = 0; i < total; i++) {
      const q = byEntry[i] as number;
      if ((remaining[q] as number) <= k) second[at++] = q;
    }
    for (let i = 0; i < total; i++) {
      const r = order[i] as number;
      if ((offsetOf[r] as number) >= k) second[at++] = r - k;
    }
    countingSort(second, rank, ranks + 1, starts, sorted);
    ranks = renumber(sorted, rank, remaining, k, renamed);
    [order, sorted, rank, renamed] = [sorted, order, renamed, rank];
  }
  // With `firstOfAlike`, of a text's suffixes alike in their first `prefix` code units (one rank
  // now), only the first is kept: ranks are numbered in order, so a text's last kept rank says.
  const lastRank = firstOfAlike ? new Int32Array(texts.length).fill(-1) : undefined;
  let kept = 0;
  for (let i = 0; i < total; i++) {
    const q = order[i] as number;
    if ((offsetOf[q] as number) >= offsets) continue;
    if (lastRank) {
      const id = idOf[q] as number;
      if (lastRank[id] === rank[q]) continue;
      lastRank[id] = rank[q] as number;
    }
    order[kept++] = entries[q] as number;
  }
  const suffixes = order.slice(0, kept);
  scratch.release();
  return suffixes;
}

/** Typed arrays carved one after another out of a single buffer. */
class Scratch {
  private readonly buffer: ArrayBuffer;
  private used = 0;

  constructor(bytes: number) {
    this.buffer = new ArrayBuffer(bytes);
  }

  uint32(length: number): Uint32Array {
    const array = new Uint32Array(this.buffer, this.used, length);
    this.used += length * 4;
    return array;
  }

  uint16(length: number): Uint16Array {
    const array = new Uint16Array(this.buffer, this.used, length);
    this.used += length * 2;
    return array;
  }

  /**
   * Gives the memory back now. Left to the garbage collector, it would wait for the next
   * collection, which an idle service may not run for a long time, and the buffer is large:
   * 36 bytes for every code unit of every title.
   * `transfer(0)` detaches the buffer, and every array carved out of it, and frees its bytes.
   */
  release(): void {
    this.buffer.transfer(0);
  }
}

/** Writes `items` into `sorted`, stably sorted by `keys[item]`, each below `range`. */
function countingSort(items: Uint32Array, keys: Uint32Array | Uint16Array, range: number, starts: Uint32Array, sorted: Uint32Array): void {
  starts.fill(0, 0, range + 1);
  for (let i = 0; i < items.length; i++) {
    const key = keys[items[i] as number] as number;
    starts[key + 1] = (starts[key + 1] as number) + 1;
  }
  for (let key = 1; key <= range; key++) starts[key] = (starts[key] as number) + (starts[key - 1] as number);
  for (let i = 0; i < items.length; i++) {
    const item = items[i] as number;
    const key = keys[item] as number;
    sorted[starts[key] as number] = item;
    starts[key] = (starts[key] as number) + 1;
  }
}

/**
 * Writes new ranks, from 1, for suffixes in `order`: one rank while the pair (rank, rank of the
 * suffix k further on, 0 past the end) stays the same. Returns the highest.
 */
function renumber(order: Uint32Array, rank: Uint32Array, remaining: Uint16Array | undefined, k: number, renamed: Uint32Array): number {
  let current = 0;
  let previousRank = -1;
  let previousSecond = -1;
  for (let i = 0; i < order.length; i++) {
    const q = order[i] as number;
    const first = rank[q] as number;
    const second = remaining && (remaining[q] as number) > k ? (rank[q + k] as number) : 0;
    if (first !== previousRank || second !== previousSecond) current++;
    renamed[q] = current;
    previousRank = first;
    previousSecond = second;
  }
  return current;
}
