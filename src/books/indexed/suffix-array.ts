/**
 * A suffix array over the lower-cased titles, as Manber and Myers describe one, kept up to date in
 * sorted chunks (sorted-list.ts), so that a title search costs about as much as its answer, not as
 * much as the catalogue. Entries, their order and the search among them are in suffix-order.ts.
 */
import { chunkAt, indexAt, type Position, SortedList } from './sorted-list.ts';
import { ABOVE_ALL, BELOW_ALL, entryOf, fold, ID_MASK, MAX_IDS, MAX_TEXT_LENGTH, PREFIX, seek } from './suffix-order.ts';
import { sortSuffixes } from './suffix-sort.ts';

export { MAX_IDS, MAX_TEXT_LENGTH, PREFIX } from './suffix-order.ts';

const ASCII = /^[\u0000-\u007f]*$/;

export interface TitleMatches {
  /** The ids of the matching titles, each once, in no particular order; valid until the next search. */
  readonly ids: Int32Array;
  /** Whether this id matched; valid until the next search. */
  has(id: number): boolean;
}

export class SuffixArray {
  /**
   * By id: the title's text as compared, either the ASCII title itself or its lower-cased copy.
   * Titles are lower-cased with `toLowerCase()`, as the contract says, and compared by UTF-16 code
   * unit. A title of plain ASCII is kept as it is and folded A–Z while comparing, which is what
   * `toLowerCase()` does to ASCII, and which saves a lower-cased copy of most titles.
   */
  private readonly texts: (string | undefined)[] = [];
  private readonly suffixes: SortedList;
  /** One bit per id: whether it matched the latest search. Small enough to stay in the CPU's cache. */
  private matched = new Uint32Array(64);
  /** One bit per id: whether the latest search, for a filter longer than `PREFIX`, checked its title. */
  private checked = new Uint32Array(64);
  /** The matches of the latest search, kept from search to search: a search of every book allocates nothing as large as its answer. */
  private found = new Int32Array(1024);

  /** Builds the array at once for these titles, by id (undefined where an id is free). */
  constructor(titles: readonly (string | undefined)[] = []) {
    titles.forEach((title, id) => {
      if (title !== undefined) this.texts[id] = textOf(id, title);
    });
    const sorted = sortSuffixes(this.texts, entryOf, fold, PREFIX);
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
    // Every title has text (validate.ts), so every suffix of it is in the array, each found where it belongs.
    for (let offset = 0; offset < text.length; offset++)
      this.suffixes.deleteAt(seek(this.suffixes, this.texts, text, offset, entryOf(offset, id)));
    this.texts[id] = undefined;
  }

  /** Gives an id another title; throws, changing nothing, when the entries cannot hold it. */
  replace(id: number, title: string): void {
    const text = textOf(id, title);
    if (text === this.texts[id]) return;
    this.remove(id);
    this.insert(id, text);
  }

  /**
   * The titles that contain `query`, both sides lower-cased. Every title that contains the filter
   * has a suffix that starts with it, and those suffixes sit side by side in the array, found by
   * two binary searches. A scan would read the whole catalogue on every request, and so would a
   * trigram index once every trigram of a filter is common, as with "here there" among titles of
   * "the", "there" and "her".
   */
  search(query: string): TitleMatches {
    const needle = query.toLowerCase();
    if (this.matched.length * 32 < this.texts.length) {
      this.matched = new Uint32Array(this.texts.length / 16 + 1);
      this.checked = new Uint32Array(this.texts.length / 16 + 1);
    }
    if (this.found.length < this.texts.length) this.found = new Int32Array(Math.ceil(this.texts.length * 1.25));
    const { matched, checked, found, suffixes, texts } = this;
    matched.fill(0);
    const long = needle.length > PREFIX;
    if (long) checked.fill(0);
    let count = 0;
    // The suffixes that start with the needle. A needle past PREFIX is sought by its first PREFIX
    // code units or its last, whichever fewer suffixes start with (titles of a series share a
    // long beginning, and differ at the end), and each title found is then checked whole, once.
    let first = seek(suffixes, texts, needle, 0, BELOW_ALL, true);
    let end = seek(suffixes, texts, needle, 0, ABOVE_ALL, true);
    if (long) {
      const lastFirst = seek(suffixes, texts, needle, needle.length - PREFIX, BELOW_ALL, true);
      const lastEnd = seek(suffixes, texts, needle, needle.length - PREFIX, ABOVE_ALL, true);
      if (this.between(lastFirst, lastEnd) < this.between(first, end)) [first, end] = [lastFirst, lastEnd];
    }
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

  /** How many entries lie from `first` up to `end`. */
  private between(first: Position, end: Position): number {
    const list = this.suffixes;
    let count = indexAt(end) - indexAt(first);
    for (let chunk = chunkAt(first); chunk < chunkAt(end); chunk++) count += list.sizeOf(chunk);
    return count;
  }

  private insert(id: number, text: string): void {
    this.texts[id] = text;
    for (let offset = 0; offset < text.length; offset++) {
      const entry = entryOf(offset, id);
      this.suffixes.insertAt(seek(this.suffixes, this.texts, text, offset, entry), entry);
    }
  }
}

function textOf(id: number, title: string): string {
  const text = ASCII.test(title) ? title : title.toLowerCase();
  if (id >= MAX_IDS || text.length > MAX_TEXT_LENGTH)
    throw new RangeError(`id ${id} or a title of ${text.length} code units is beyond the index`);
  return text;
}

/** The title as `toLowerCase()` gives it, from its text: the text of an ASCII title is the title as it came. */
function lowerCased(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text;
}
