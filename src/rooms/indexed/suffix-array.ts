/**
 * A suffix array over lower-cased texts (the titles, or the shown authors), as Manber and Myers describe one, kept up to date in
 * sorted chunks (sorted-list.ts), so that a search costs about as much as its answer, not as much as the catalogue. Entries, their
 * order and the search among them are in suffix-order.ts; walks of a range, in suffix-walk.ts.
 */
import { chunkAt, indexAt, type Position, SortedList } from './sorted-list.ts';
import { ABOVE_ALL, BELOW_ALL, entryOf, entryOffsets, ID_MASK, lowerCased, MAX_TEXT_LENGTH, PREFIX, seek } from './suffix-order.ts';
import { entriesBetween, markInStretches, soughtFrom } from './suffix-walk.ts';
import { comparedTexts, sortedEntries, textOf } from './suffix-build.ts';

export { MAX_IDS, MAX_TEXT_LENGTH, PREFIX } from './suffix-order.ts';

export interface TextMatches {
  /** The ids of the matching texts, each once, in no particular order; valid until the next search. */
  readonly ids: Int32Array;
  /** One bit per id, set where it matched (bit `id & 31` of word `id >>> 5`); valid until the next search. */
  readonly bits: Uint32Array;
  /** Whether this id matched; valid until the next search. */
  has(id: number): boolean;
}

export class SuffixArray {
  /**
   * By id: the text as compared, lower-cased with `toLowerCase()` and compared by UTF-16 code unit. A text of plain ASCII is kept
   * as it is and folded A–Z while comparing, which is what `toLowerCase()` does to ASCII, and saves a lower-cased copy of most texts.
   */
  private readonly texts: (string | undefined)[];
  /**
   * The ids of texts longer than an entry can point into: only their first `MAX_TEXT_LENGTH` suffixes are entries, and a search short
   * enough to start past them checks these texts whole. An author of two names of 256 "İ" lower-cases to 1,025 code units.
   */
  private readonly overlong = new Set<number>();
  /** The most code units any text ever had past the entries: only a needle this short can start there. */
  private overflow = 0;
  private readonly suffixes: SortedList;
  /** One bit per id: whether it matched the latest search. Small enough to stay in the CPU's cache. */
  private matched = new Uint32Array(64);
  /** One bit per id: whether the latest search, for a filter longer than `PREFIX`, checked its text. */
  private checked = new Uint32Array(64);
  /** The matches of the latest search, kept from search to search: a search of every book allocates nothing as large as its answer. */
  private found = new Int32Array(1024);

  /** Builds the array at once for these texts, by id (undefined where an id is free); `sorted`, their entries if sorted already (suffix-build.ts). */
  constructor(texts: readonly (string | undefined)[] = [], sorted?: Uint32Array<ArrayBuffer>) {
    this.texts = comparedTexts(texts);
    this.texts.forEach((text, id) => text !== undefined && this.noteLength(id, text));
    sorted ??= sortedEntries(this.texts);
    // A merged list is cut back as it is copied into the chunks; one sorted in a single part goes
    // back to the system here, not at whichever garbage collection an idle service next runs.
    this.suffixes = new SortedList(sorted, true);
    sorted.buffer.transfer(0);
  }

  remove(id: number): void {
    const text = this.texts[id];
    if (text === undefined) return;
    // Each suffix the text has an entry for is in the array, found where it belongs.
    for (const offset of entryOffsets(text)) {
      const entry = entryOf(offset, id);
      const at = seek(this.suffixes, this.texts, text, offset, entry);
      if (this.suffixes.itemsOf(chunkAt(at))[indexAt(at)] === entry) this.suffixes.deleteAt(at);
    }
    this.texts[id] = undefined;
    this.overlong.delete(id);
  }

  /** Gives an id a text, in place of its own if it has one; throws, changing nothing, when the id is beyond the entries. */
  replace(id: number, replacement: string): void {
    const text = textOf(id, replacement);
    if (text === this.texts[id]) return;
    this.remove(id);
    this.insert(id, text);
  }

  /**
   * The texts that contain `query`, both sides lower-cased. Every text that contains the filter
   * has a suffix that starts with it, and those suffixes sit side by side in the array, found by
   * two binary searches. A scan would read the whole catalogue on every request, and so would a
   * trigram index once every trigram of a filter is common, as with "here there" among titles of
   * "the", "there" and "her".
   */
  search(query: string): TextMatches {
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
    const [first, end] = this.range(needle);
    for (let chunk = chunkAt(first); chunk <= chunkAt(end) && chunk < suffixes.chunkCount; chunk++) {
      const entries = suffixes.itemsOf(chunk);
      const to = chunk === chunkAt(end) ? indexAt(end) : suffixes.sizeOf(chunk);
      for (let i = chunk === chunkAt(first) ? indexAt(first) : 0; i < to; i++) {
        const id = (entries[i] as number) & ID_MASK;
        const bit = 1 << (id & 31);
        if ((matched[id >>> 5] as number) & bit) continue; // the text holds the needle more than once
        if (long) {
          if ((checked[id >>> 5] as number) & bit) continue;
          checked[id >>> 5] = (checked[id >>> 5] as number) | bit;
          if (!lowerCased(texts[id] as string).includes(needle)) continue;
        }
        matched[id >>> 5] = (matched[id >>> 5] as number) | bit;
        found[count++] = id;
      }
    }
    for (const id of this.overlongHolding(needle)) {
      if ((matched[id >>> 5] as number) & (1 << (id & 31))) continue;
      matched[id >>> 5] = (matched[id >>> 5] as number) | (1 << (id & 31));
      found[count++] = id;
    }
    return { ids: found.subarray(0, count), bits: matched, has: (id) => ((matched[id >>> 5] as number) & (1 << (id & 31))) !== 0 };
  }

  /** How many ids the array has room for: every id it holds is below this. */
  get size(): number {
    return this.texts.length;
  }

  /**
   * Marks in `bits` each text that contains `query`, as `search` finds them, pausing (a `yield`) every few thousand entries
   * (suffix-walk.ts). A text changed while the walk waits may be marked as it was or as it is; the caller checks those again.
   */
  *mark(query: string, bits: Uint32Array): Generator<void, void, void> {
    const needle = query.toLowerCase();
    const checked = needle.length > PREFIX ? new Uint32Array(bits.length) : undefined;
    yield* markInStretches(this.suffixes, this.texts, needle, soughtFrom(this.suffixes, this.texts, needle), bits, checked);
    for (const id of this.overlongHolding(needle)) bits[id >>> 5] = (bits[id >>> 5] as number) | (1 << (id & 31));
  }

  /** The overlong texts that hold `needle` where no entry points: only a needle that fits past the last entry can start there. */
  private *overlongHolding(needle: string): Generator<number> {
    for (const id of needle.length <= this.overflow ? this.overlong : []) {
      const text = this.texts[id] as string;
      if (needle.length <= text.length - MAX_TEXT_LENGTH && lowerCased(text).includes(needle)) yield id;
    }
  }

  /** About how much a search for `query` walks (entries read, at most the texts found): two binary searches, so a search of words starts from the rarest. */
  estimate(query: string): number {
    return entriesBetween(this.suffixes, ...this.range(query.toLowerCase())) + (query.length <= this.overflow ? this.overlong.size : 0);
  }

  /** Whether the text under an id contains `query`, both sides lower-cased: the plain rule, for one text. A free id holds nothing. */
  holds(id: number, query: string): boolean {
    const text = this.texts[id];
    return text !== undefined && lowerCased(text).includes(query.toLowerCase());
  }

  /** The entries whose suffixes start with the needle, sought by the end `soughtFrom` picks; a long needle's texts are checked whole. */
  private range(needle: string): [Position, Position] {
    const from = soughtFrom(this.suffixes, this.texts, needle);
    return [seek(this.suffixes, this.texts, needle, from, BELOW_ALL, true), seek(this.suffixes, this.texts, needle, from, ABOVE_ALL, true)];
  }

  /** Keeps a text longer than the entries among the overlong ones. */
  private noteLength(id: number, text: string): void {
    if (text.length <= MAX_TEXT_LENGTH) return;
    this.overlong.add(id);
    this.overflow = Math.max(this.overflow, text.length - MAX_TEXT_LENGTH);
  }

  private insert(id: number, text: string): void {
    this.texts[id] = text;
    this.noteLength(id, text);
    for (const offset of entryOffsets(text)) {
      const entry = entryOf(offset, id);
      this.suffixes.insertAt(seek(this.suffixes, this.texts, text, offset, entry), entry);
    }
  }
}
