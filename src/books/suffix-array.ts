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
 * ASCII, and saves a lower-cased copy of most titles. Titles have text (validate.ts), so every
 * title has a suffix to be found by.
 */
import { type Before, SortedList } from './sorted-list.ts';
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
    const sorted = sortSuffixes(this.texts, (offset, id) => offset * MAX_IDS + id, fold);
    this.suffixes = new SortedList(sorted);
    // Copied into the chunks, the sorted entries go back to the system now, not at whichever
    // garbage collection an idle service next runs (4 bytes a code unit of every title).
    sorted.buffer.transfer(0);
  }

  /** Adds a title under an id that has none; throws, changing nothing, when the entries cannot hold it. */
  add(id: number, title: string): void {
    const text = textOf(id, title);
    this.texts[id] = text;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = offset * MAX_IDS + id;
      this.suffixes.insert(entry, this.entryTest(text, offset, entry));
    }
  }

  remove(id: number): void {
    const text = this.texts[id];
    if (text === undefined) return;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = offset * MAX_IDS + id;
      this.suffixes.delete(entry, this.entryTest(text, offset, entry));
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
      this.beforeTest(needle, 0, true, (order) => order < 0),
      this.beforeTest(needle, 0, true, (order) => order <= 0),
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

  /** Where `entry`, the suffix of `text` from `offset`, belongs: after equal texts with smaller entries. */
  private entryTest(text: string, offset: number, entry: number): Before {
    return this.beforeTest(text, offset, false, (order, other) => order < 0 || (order === 0 && other < entry));
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
  private beforeTest(target: string, start: number, prefix: boolean, decide: (order: number, entry: number) => boolean): Before {
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
  if (id >= MAX_IDS || text.length > MAX_TEXT_LENGTH) throw new RangeError(`id ${id} or a title of ${text.length} code units is beyond the index`);
  return text;
}

/** A–Z to a–z, which is all that `toLowerCase()` changes in ASCII. */
function fold(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}
