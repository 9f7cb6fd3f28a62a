/**
 * A suffix array over the lower-cased titles, as Manber and Myers describe one, kept up to date
 * in sorted chunks (sorted-list.ts) once built. A title search then costs about as much as its
 * answer, not as much as the catalogue: every title that contains the filter has a suffix that
 * starts with it, and those suffixes sit side by side in the array, found by two binary
 * searches. (A scan of 100,000 titles takes milliseconds a request; so does a trigram index once
 * a filter's every trigram is common, as in "here there" among titles of "the", "there", "her".)
 *
 * An entry names a suffix by its offset and the book's id, packed into one 32-bit number, and
 * entries are ordered by the suffix's text, then by that number. Titles are lower-cased with
 * `toLowerCase()`, as the contract says, and compared by UTF-16 code unit. A title of plain
 * ASCII is kept as it is and folded A–Z while comparing, which is what `toLowerCase()` does to
 * ASCII, and saves a lower-cased copy of most titles. Titles have text (validate.ts), so every
 * title has a suffix to be found by.
 *
 * The order looks at the first `PREFIX` code units of a suffix only, as a truncated suffix array
 * does; suffixes alike that far are ordered by their entries. Comparing whole suffixes made an
 * add cost the square of its title's length whenever titles repeat themselves or one another:
 * 4.8 ms for a title of 512 emoji among copies of it, now about 1 ms. A filter longer than
 * `PREFIX` is found by its first `PREFIX` code units and each title found is then checked whole.
 */
import { chunkAt, indexAt, type Position, positionOf, SortedList } from './sorted-list.ts';
import { sortSuffixes } from './suffix-sort.ts';

/** Ids and offsets share 32 bits: 22 for the id, 10 for the offset. */
const ID_BITS = 22;
export const MAX_IDS = 2 ** ID_BITS;
const ID_MASK = MAX_IDS - 1;
/**
 * The longest text an entry can point into: offsets 0 to 1,023. A title of at most 512 code
 * points (fields.ts) lower-cases to at most 1,024 code units: only "İ" grows, to two.
 */
export const MAX_TEXT_LENGTH = 2 ** (32 - ID_BITS);

/** How many leading code units of a suffix the order looks at; longer filters are checked title by title. */
export const PREFIX = 64;

/** Ties between equal texts: below every entry (a search's start), above every entry (its end). */
const BELOW_ALL = -1;
const ABOVE_ALL = 2 ** 32;

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
  /** One bit an id: whether the latest search, for a filter longer than `PREFIX`, checked its title. */
  private checked = new Uint32Array(64);
  /** The matches of the latest search, kept from search to search: a search of every book allocates nothing as large as its answer. */
  private found = new Int32Array(1024);

  /** Builds the array at once for these titles, by id (undefined where an id is free). */
  constructor(titles: readonly (string | undefined)[] = []) {
    titles.forEach((title, id) => {
      if (title !== undefined) this.texts[id] = textOf(id, title);
    });
    const sorted = sortSuffixes(this.texts, (offset, id) => offset * MAX_IDS + id, fold, PREFIX);
    this.suffixes = new SortedList(sorted);
    // Copied into the chunks, the sorted entries go back to the system now, not at whichever
    // garbage collection an idle service next runs (4 bytes a code unit of every title).
    sorted.buffer.transfer(0);
  }

  /** Adds a title under an id that has none; throws, changing nothing, when the entries cannot hold it. */
  add(id: number, title: string): void {
    this.insert(id, textOf(id, title));
  }

  remove(id: number): void {
    const text = this.texts[id];
    if (text === undefined) return;
    // Every suffix of a title with a text is in the array, so each is found where it belongs.
    for (let offset = 0; offset < text.length; offset++) this.suffixes.deleteAt(this.seek(text, offset, offset * MAX_IDS + id));
    this.texts[id] = undefined;
  }

  /** Gives an id another title; throws, changing nothing, when the entries cannot hold it. */
  replace(id: number, title: string): void {
    const text = textOf(id, title);
    if (text === this.texts[id]) return;
    this.remove(id);
    this.insert(id, text);
  }

  /** The titles that contain `query`, both sides lower-cased. */
  search(query: string): TitleMatches {
    const needle = query.toLowerCase();
    if (this.matched.length * 32 < this.texts.length) {
      this.matched = new Uint32Array(this.texts.length / 16 + 1);
      this.checked = new Uint32Array(this.matched.length);
    }
    if (this.found.length < this.texts.length) this.found = new Int32Array(Math.ceil(this.texts.length * 1.25));
    const { matched, checked, found, suffixes, texts } = this;
    matched.fill(0);
    // A needle past PREFIX is sought by its beginning; each title found is then checked whole, once.
    const long = needle.length > PREFIX;
    if (long) checked.fill(0);
    let count = 0;
    // The suffixes that start with the needle: from the first that does not sort before it (a
    // suffix that starts with it counts as equal), up to the first that sorts after it.
    const first = this.seek(needle, 0, BELOW_ALL, true);
    const end = this.seek(needle, 0, ABOVE_ALL, true);
    for (let chunk = chunkAt(first); chunk <= chunkAt(end) && chunk < suffixes.chunkCount; chunk++) {
      const entries = suffixes.itemsOf(chunk);
      const to = chunk === chunkAt(end) ? indexAt(end) : suffixes.sizeOf(chunk);
      for (let i = chunk === chunkAt(first) ? indexAt(first) : 0; i < to; i++) {
        const id = (entries[i] as number) & ID_MASK;
        const bit = 1 << (id & 31);
        if ((matched[id >>> 5] as number) & bit) continue; // the title holds the needle more than once
        if (long) {
          if ((checked[id >>> 5] as number) & bit) continue;
          checked[id >>> 5] = (checked[id >>> 5] as number) | bit;
          if (!lowerCased(texts[id] as string).includes(needle)) continue;
        }
        matched[id >>> 5] = (matched[id >>> 5] as number) | bit;
        found[count++] = id;
      }
    }
    return { ids: found.subarray(0, count), has: (id) => ((matched[id >>> 5] as number) & (1 << (id & 31))) !== 0 };
  }

  private insert(id: number, text: string): void {
    this.texts[id] = text;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = offset * MAX_IDS + id;
      this.suffixes.insertAt(this.seek(text, offset, entry), entry);
    }
  }

  /**
   * The place of the first entry that does not sort before the target, the suffix of `target`
   * from `start`. An entry whose text equals the target's sorts before it when its number is
   * below `tie`; with `prefix`, an entry that starts with the whole target counts as equal.
   *
   * Only the first `PREFIX` code units of the target and of each suffix take part.
   *
   * A binary search, over the chunks' last entries, then inside one chunk. Invariant: every
   * entry still in range lies between the nearest entry known to sort before the target and the
   * nearest known not to, so it shares with the target at least the smaller of their shared
   * counts (`sharedLow`, `sharedHigh`), and each comparison starts there (Manber and Myers'
   * speed-up). A search then costs about the target's length plus log(n) steps, not their
   * product, which matters when many titles share a long beginning.
   */
  private seek(target: string, start: number, tie: number, prefix = false): Position {
    const list = this.suffixes;
    if (list.chunkCount === 0) return 0;
    let sharedLow = 0;
    let sharedHigh = 0;
    let low = 0;
    let high = list.chunkCount - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      const entry = list.lastOf(middle);
      const shared = this.shared(entry, target, start, Math.min(sharedLow, sharedHigh));
      if (this.before(entry, shared, target, start, tie, prefix)) {
        low = middle + 1;
        sharedLow = shared;
      } else {
        high = middle;
        sharedHigh = shared;
      }
    }
    const entries = list.itemsOf(low);
    let from = 0;
    let to = list.sizeOf(low);
    while (from < to) {
      const middle = (from + to) >>> 1;
      const entry = entries[middle] as number;
      const shared = this.shared(entry, target, start, Math.min(sharedLow, sharedHigh));
      if (this.before(entry, shared, target, start, tie, prefix)) {
        from = middle + 1;
        sharedLow = shared;
      } else {
        to = middle;
        sharedHigh = shared;
      }
    }
    return positionOf(low, from);
  }

  /** How many leading code units `entry`'s suffix shares with the target, knowing the first `known` are shared. */
  private shared(entry: number, target: string, start: number, known: number): number {
    const text = this.texts[entry & ID_MASK] as string;
    const offset = entry >>> ID_BITS;
    const shorter = Math.min(text.length - offset, target.length - start, PREFIX);
    let shared = known;
    while (shared < shorter && fold(text.charCodeAt(offset + shared)) === fold(target.charCodeAt(start + shared))) shared++;
    return shared;
  }

  /** Whether `entry`'s suffix, sharing `shared` leading code units with the target, sorts before it (see `seek`). */
  private before(entry: number, shared: number, target: string, start: number, tie: number, prefix: boolean): boolean {
    const text = this.texts[entry & ID_MASK] as string;
    const offset = entry >>> ID_BITS;
    const restEntry = Math.min(text.length - offset, PREFIX);
    const restTarget = Math.min(target.length - start, PREFIX);
    let order: number;
    if (shared < restEntry && shared < restTarget) order = fold(text.charCodeAt(offset + shared)) - fold(target.charCodeAt(start + shared));
    else order = prefix && restEntry >= restTarget ? 0 : restEntry - restTarget;
    return order < 0 || (order === 0 && entry < tie);
  }
}

function textOf(id: number, title: string): string {
  const text = ASCII.test(title) ? title : title.toLowerCase();
  if (id >= MAX_IDS || text.length > MAX_TEXT_LENGTH) throw new RangeError(`id ${id} or a title of ${text.length} code units is beyond the index`);
  return text;
}

/** A title's text as `toLowerCase()` gives it: an ASCII title is kept as it came. */
function lowerCased(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text;
}

/** A–Z to a–z, which is all that `toLowerCase()` changes in ASCII. */
function fold(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}
