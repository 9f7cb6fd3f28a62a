/**
 * A suffix array over the lower-cased titles, as Manber and Myers describe one, kept up to date
 * in sorted chunks (sorted-list.ts) once built. It exists so that a title search costs about as
 * much as its answer, not as much as the catalogue: every title that contains the filter has a
 * suffix that starts with it, and those suffixes sit side by side in the array, found by two
 * binary searches. A scan of 100,000 titles takes milliseconds per request, and so does a
 * trigram index once a filter's every trigram is common ("here there" over titles made of
 * "the", "there", "her", "here"): it has to check most titles one by one.
 *
 * An entry names a suffix by its offset and the book's id, packed into one 32-bit number, and
 * entries are ordered by the suffix's text, then by that number. Titles are lower-cased with
 * `toLowerCase()`, as the contract says, and compared by UTF-16 code unit. A title of plain
 * ASCII is kept as it is and folded A–Z while comparing, which is what `toLowerCase()` does to
 * ASCII, and saves a lower-cased copy of most titles.
 */
import { type Before, SortedList } from './sorted-list.ts';

/** Ids and offsets share 32 bits: 22 for the id, 10 for the offset. */
const ID_BITS = 22;
export const MAX_IDS = 2 ** ID_BITS;
const ID_MASK = MAX_IDS - 1;
/** 512 code points lower-case to at most 1,024 code units ("İ" becomes two), and 10 bits count 0 to 1,023. */
const MAX_LENGTH = 2 ** (32 - ID_BITS);

const ASCII = /^[\u0000-\u007f]*$/;

export interface TitleMatches {
  /** The ids of the matching titles, each once, in no particular order; valid until the next search. */
  readonly ids: Int32Array;
  /** Whether this id matched; valid until the next search. */
  has(id: number): boolean;
}

export class SuffixArray {
  /** By id: the title's text as compared, either the ASCII title itself or its lower-cased copy. */
  private readonly texts: (string | undefined)[] = [];
  private readonly suffixes: SortedList;
  /** One bit an id: whether it matched the latest search. Small enough to stay in the CPU's cache. */
  private matched = new Uint32Array(64);
  /** The matches of the latest search, kept from search to search: a search of every book allocates nothing as large as its answer. */
  private found = new Int32Array(1024);

  /** Builds the array at once for these titles, by id (undefined where an id is free). */
  constructor(titles: readonly (string | undefined)[] = []) {
    titles.forEach((title, id) => {
      if (title !== undefined) this.texts[id] = textOf(id, title);
    });
    this.suffixes = sortSuffixes(this.texts);
  }

  add(id: number, title: string): void {
    const text = textOf(id, title);
    this.texts[id] = text;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = offset * MAX_IDS + id;
      this.suffixes.insert(entry, this.test(text, offset, false, (order, other) => order < 0 || (order === 0 && other < entry)));
    }
  }

  remove(id: number): void {
    const text = this.texts[id];
    if (text === undefined) return;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = offset * MAX_IDS + id;
      this.suffixes.delete(entry, this.test(text, offset, false, (order, other) => order < 0 || (order === 0 && other < entry)));
    }
    this.texts[id] = undefined;
  }

  /** The titles that contain `query`, both sides lower-cased. */
  search(query: string): TitleMatches {
    const needle = query.toLowerCase();
    if (this.matched.length * 32 < this.texts.length) this.matched = new Uint32Array(this.texts.length / 16 + 1);
    if (this.found.length < this.texts.length) this.found = new Int32Array(Math.ceil(this.texts.length * 1.25));
    const { matched, found } = this;
    matched.fill(0);
    let count = 0;
    // The suffixes that start with the needle: after those that sort before it, up to the first that sorts after.
    this.suffixes.range(
      this.test(needle, 0, true, (order) => order < 0),
      this.test(needle, 0, true, (order) => order <= 0),
      (entries, from, to) => {
        for (let i = from; i < to; i++) {
          const id = (entries[i] as number) & ID_MASK;
          const bit = 1 << (id & 31);
          if ((matched[id >>> 5] as number) & bit) continue; // the title holds the needle more than once
          matched[id >>> 5] = (matched[id >>> 5] as number) | bit;
          found[count++] = id;
        }
      },
    );
    return { ids: found.subarray(0, count), has: (id) => ((matched[id >>> 5] as number) & (1 << (id & 31))) !== 0 };
  }

  /**
   * A test for the binary searches of one insert, delete or search: does an entry come before
   * the target, the suffix of `target` from `start`? `decide` turns the order of the two texts
   * (negative when the entry's sorts first; with `prefix`, 0 once the entry starts with the
   * whole target) and the entry into the answer.
   *
   * The test remembers how many leading code units the nearest entries found on either side
   * share with the target, and starts each comparison at the smaller count: every entry between
   * two entries shares at least that much with them (Manber and Myers' speed-up). So a search
   * costs about the target's length plus log(n) steps, not their product, which matters when
   * many titles share a long beginning.
   */
  private test(target: string, start: number, prefix: boolean, decide: (order: number, entry: number) => boolean): Before {
    const restTarget = target.length - start;
    let sharedBelow = 0;
    let sharedAbove = 0;
    return (entry) => {
      const text = this.texts[entry & ID_MASK] as string;
      const offset = entry >>> ID_BITS;
      const restEntry = text.length - offset;
      const shorter = Math.min(restEntry, restTarget);
      let shared = Math.min(sharedBelow, sharedAbove);
      let order = 0;
      for (; shared < shorter; shared++) {
        order = fold(text.charCodeAt(offset + shared)) - fold(target.charCodeAt(start + shared));
        if (order !== 0) break;
      }
      if (order === 0) order = prefix && restEntry >= restTarget ? 0 : restEntry - restTarget;
      const before = decide(order, entry);
      if (before) sharedBelow = shared;
      else sharedAbove = shared;
      return before;
    };
  }
}

function textOf(id: number, title: string): string {
  const text = ASCII.test(title) ? title : title.toLowerCase();
  if (id >= MAX_IDS || text.length > MAX_LENGTH) throw new RangeError(`id ${id} or a title of ${text.length} code units is beyond the index`);
  return text;
}

/** A–Z to a–z, which is all that `toLowerCase()` changes in ASCII. */
function fold(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/**
 * Every suffix of the texts, in suffix order: Manber and Myers' prefix doubling. Suffixes are
 * first ranked by their first code unit; each round then ranks them by the pair (rank, rank of
 * the suffix k further on), which orders them by their first 2k code units, until every rank
 * differs or k passes the longest text. A round is a stable counting sort and two passes, so
 * building costs about n·log(length) steps whatever the titles share, where comparing
 * suffixes pair by pair costs far more once many titles begin alike.
 */
function sortSuffixes(texts: readonly (string | undefined)[]): SortedList {
  let total = 0;
  let longest = 0;
  for (const text of texts) {
    total += text?.length ?? 0;
    longest = Math.max(longest, text?.length ?? 0);
  }
  // The working arrays share one allocation, which goes back to the system whole when the build
  // is done; a dozen arrays of megabytes, allocated and dropped round after round, left the
  // process's heap about 100 MB larger at 100,000 books.
  const scratch = new Scratch(total * 36 + 4 * (0x10002 + 1));
  const entries = scratch.uint32(total);
  let rank = scratch.uint32(total);
  let renamed = scratch.uint32(total);
  let order = scratch.uint32(total);
  let sorted = scratch.uint32(total);
  const second = scratch.uint32(total);
  const byEntry = scratch.uint32(total);
  const starts = scratch.uint32(Math.max(total, 0x10001) + 2);
  const offsets = scratch.uint16(total);
  const remaining = scratch.uint16(total);
  // Suffix p, laid out text after text: its entry, how far it is into its text, its rank.
  let p = 0;
  texts.forEach((text = '', id) => {
    for (let offset = 0; offset < text.length; offset++, p++) {
      entries[p] = offset * MAX_IDS + id;
      offsets[p] = offset;
      remaining[p] = text.length - offset;
      rank[p] = fold(text.charCodeAt(offset)) + 1;
      second[p] = p;
    }
  });
  // Entry order (by offset, then id; ids ascend within an offset already): the stable sorts
  // below keep it among suffixes that stay equal, which is the order of equal suffixes.
  countingSort(second, offsets, MAX_LENGTH, starts, byEntry);
  countingSort(byEntry, rank, 0x10001, starts, order);
  let ranks = renumber(order, rank, undefined, 0, renamed);
  [rank, renamed] = [renamed, rank];
  for (let k = 1; ranks < total && k < longest; k *= 2) {
    // The suffixes by the rank of the suffix k further on: first those too short to have one
    // (in entry order), then the rest in the order of that suffix.
    let at = 0;
    for (let i = 0; i < total; i++) {
      const q = byEntry[i] as number;
      if ((remaining[q] as number) <= k) second[at++] = q;
    }
    for (let i = 0; i < total; i++) {
      const r = order[i] as number;
      if ((offsets[r] as number) >= k) second[at++] = r - k;
    }
    countingSort(second, rank, ranks + 1, starts, sorted);
    ranks = renumber(sorted, rank, remaining, k, renamed);
    [order, sorted, rank, renamed] = [sorted, order, renamed, rank];
  }
  for (let i = 0; i < total; i++) second[i] = entries[order[i] as number] as number;
  const suffixes = new SortedList(second);
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
   * collection, which an idle service may not run for a long time: 80 MB at 100,000 books.
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
