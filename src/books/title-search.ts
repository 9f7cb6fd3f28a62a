/**
 * Case-insensitive title search without lower-casing every title per request. The lower-cased
 * titles are joined into one string, once, and each search is a few `indexOf` calls over it,
 * which V8 runs as a native scan. Any write marks the index stale; the next search rebuilds it
 * in one pass.
 */
const SEPARATOR = '\n';
/**
 * V8 scans for a pattern of up to six characters by jumping between occurrences of its first
 * character (memchr); a longer pattern takes a general algorithm that is many times slower on
 * a catalogue-sized string. So the scan looks for a short probe and checks the rest in place.
 */
const PROBE_LENGTH = 6;

export class TitleSearch<T extends { readonly title: string }> {
  private haystack = '';
  private starts = new Int32Array(0);
  private items: readonly T[] = [];
  private stale = true;

  private readonly load: () => readonly T[];

  /** `load` gives the current items in the order that results should keep. */
  constructor(load: () => readonly T[]) {
    this.load = load;
  }

  invalidate(): void {
    this.stale = true;
  }

  /** Items whose title contains `text`, compared after lower-casing both. */
  find(text: string): T[] {
    if (this.stale) this.rebuild();
    const needle = text.toLowerCase();
    const probe = needle.slice(0, PROBE_LENGTH);
    const { haystack, starts, items } = this;
    const found: T[] = [];
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(probe, from);
      if (at < 0) return found;
      const index = this.owner(at);
      const end = index + 1 < starts.length ? (starts[index + 1] as number) - SEPARATOR.length : haystack.length;
      if (at + needle.length <= end && (probe === needle || haystack.startsWith(needle, at))) {
        found.push(items[index] as T);
        from = end + SEPARATOR.length; // one hit per title is enough
      } else {
        // No match here, or one that runs over a separator (titles may hold one too): look on.
        from = at + 1;
      }
    }
  }

  private rebuild(): void {
    // The loaded list changes only by writes, and every write marks this index stale first.
    this.items = this.load();
    const titles = this.items.map((item) => item.title);
    this.starts = new Int32Array(titles.length);
    let offset = 0;
    for (let i = 0; i < titles.length; i++) {
      this.starts[i] = offset;
      offset += (titles[i] as string).length + SEPARATOR.length;
    }
    // Lower-casing the joined titles makes one string instead of one per title. A few characters
    // change length when lower-cased ("İ" becomes "i̇"); then the offsets would be wrong, so
    // those titles are lowered one by one instead.
    const joined = titles.join(SEPARATOR);
    const lowered = joined.toLowerCase();
    if (lowered.length === joined.length) this.haystack = lowered;
    else {
      offset = 0;
      for (let i = 0; i < titles.length; i++) {
        this.starts[i] = offset;
        offset += (titles[i] = (titles[i] as string).toLowerCase()).length + SEPARATOR.length;
      }
      this.haystack = titles.join(SEPARATOR);
    }
    this.stale = false;
  }

  /** The index of the title whose span holds the haystack offset `at`. */
  private owner(at: number): number {
    const starts = this.starts;
    let low = 0;
    let high = starts.length - 1;
    while (low < high) {
      const middle = (low + high + 1) >>> 1;
      if ((starts[middle] as number) <= at) low = middle;
      else high = middle - 1;
    }
    return low;
  }
}
