/**
 * Case-insensitive title search without lower-casing every title per request. The lower-cased
 * titles are joined into one string, once, and each search is a few `indexOf` calls over it,
 * which V8 runs as a fast native scan. Any write marks the index stale; the next search rebuilds
 * it in one pass.
 */
const SEPARATOR = '\n';

export class TitleSearch<T extends { readonly title: string }> {
  private haystack = '';
  private starts: number[] = [];
  private items: readonly T[] = [];
  private stale = true;

  /** `load` gives the current items in the order that results should keep. */
  constructor(private readonly load: () => readonly T[]) {}

  invalidate(): void {
    this.stale = true;
  }

  /** Items whose title contains `text`, compared after lower-casing both. */
  find(text: string): T[] {
    if (this.stale) this.rebuild();
    const needle = text.toLowerCase();
    const { haystack, starts, items } = this;
    const found: T[] = [];
    let from = 0;
    for (;;) {
      const at = haystack.indexOf(needle, from);
      if (at < 0) return found;
      const index = this.owner(at);
      const end = index + 1 < starts.length ? (starts[index + 1] as number) - SEPARATOR.length : haystack.length;
      if (at + needle.length <= end) {
        found.push(items[index] as T);
        from = end + SEPARATOR.length; // one hit per title is enough
      } else {
        // The hit runs over a separator (titles may hold one too): look again one place on.
        from = at + 1;
      }
    }
  }

  private rebuild(): void {
    this.items = this.load().slice();
    const lowered = this.items.map((item) => item.title.toLowerCase());
    this.starts = new Array<number>(lowered.length);
    let offset = 0;
    for (let i = 0; i < lowered.length; i++) {
      this.starts[i] = offset;
      offset += (lowered[i] as string).length + SEPARATOR.length;
    }
    this.haystack = lowered.join(SEPARATOR);
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
