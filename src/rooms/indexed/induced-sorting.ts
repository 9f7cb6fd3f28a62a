/**
 * A suffix array by induced sorting (SA-IS: Nong, Zhang and Chan, "Two efficient algorithms for
 * linear time suffix array construction", 2011), in time and memory that grow linearly with the
 * text. suffix-sort.ts builds the suffix arrays of titles and authors with it.
 *
 * A suffix is S-type when it sorts before the suffix after it and L-type when after; an S-type
 * suffix just after an L-type one is leftmost-S (LMS). Once the LMS suffixes are in order, one pass
 * left to right puts every L-type suffix in order after them, and one pass right to left every
 * S-type one (the induction). The LMS suffixes are put in order by first sorting the pieces of text
 * between them the same way, naming each piece by its rank, and sorting the suffixes of that string
 * of names, at most half as long, by the same algorithm.
 */

/**
 * The start of every suffix of `text`, in order. Each symbol is an integer from 1 to `alphabet - 1`;
 * the text ends in a 0, found nowhere else, which sorts first. The text is borrowed: while the sort
 * runs each symbol holds its suffix's type as well (twice the symbol, plus 1 for S-type), so that
 * the induction reads one array where it would read two, and it is given back as it came.
 */
export function suffixArray(text: Int32Array, alphabet: number): Int32Array<ArrayBuffer> {
  const n = text.length;
  const order = new Int32Array(n);
  if (n < 2) return order;
  // The last suffix, the 0 alone, is S-type by convention.
  text[n - 1] = 1;
  for (let i = n - 2; i >= 0; i--) {
    const symbol = text[i] as number;
    const next = text[i + 1] as number;
    text[i] = symbol * 2 + (symbol < symbolOf(next) || (symbol === symbolOf(next) && isSType(next)) ? 1 : 0);
  }
  sortCoded(text, alphabet, order);
  for (let i = 0; i < n; i++) text[i] = (text[i] as number) >> 1;
  return order;
}

const symbolOf = (coded: number): number => coded >> 1;
const isSType = (coded: number): boolean => (coded & 1) === 1;

/** `suffixArray` of a text whose symbols are coded with their types already, into `order`. */
function sortCoded(text: Int32Array, alphabet: number, order: Int32Array): void {
  const n = text.length;
  const isLms = (i: number): boolean => i > 0 && isSType(text[i] as number) && !isSType(text[i - 1] as number);
  // Each symbol's bucket: the run of the order where the suffixes that start with it go.
  const sizes = new Int32Array(alphabet);
  for (let i = 0; i < n; i++) sizes[symbolOf(text[i] as number)] = (sizes[symbolOf(text[i] as number)] as number) + 1;
  const next = new Int32Array(alphabet);

  // The LMS suffixes at the ends of their buckets in text order, then induced: this sorts them by
  // their LMS pieces only, and then they are taken out in that order.
  order.fill(-1);
  toEnds(sizes, next);
  for (let i = 1; i < n; i++) if (isLms(i)) order[fromEnd(next, symbolOf(text[i] as number))] = i;
  induce(text, order, sizes, next);
  let lmsCount = 0;
  for (let i = 0; i < n; i++) if (isLms(order[i] as number)) order[lmsCount++] = order[i] as number;

  // Each piece named by its rank among them, alike pieces alike; the names are kept at half the
  // piece's start (two LMS suffixes are never next to each other), then gathered in text order.
  order.fill(-1, lmsCount);
  let names = 0;
  for (let i = 0; i < lmsCount; i++) {
    const start = order[i] as number;
    if (i === 0 || !samePiece(text, order[i - 1] as number, start)) names++;
    order[lmsCount + (start >> 1)] = names - 1;
  }
  const reduced = new Int32Array(lmsCount);
  for (let i = lmsCount, j = 0; i < n; i++) if ((order[i] as number) >= 0) reduced[j++] = order[i] as number;

  // The order of the LMS suffixes: from the names when they differ, else from the reduced string's suffixes.
  const lmsOrder = names < lmsCount ? suffixArray(reduced, names) : new Int32Array(lmsCount);
  if (names === lmsCount) for (let i = 0; i < lmsCount; i++) lmsOrder[reduced[i] as number] = i;
  // The reduced string is done with: its array now holds where each LMS suffix starts, in text order.
  const starts = reduced;
  for (let i = 1, j = 0; i < n; i++) if (isLms(i)) starts[j++] = i;

  // Now in their true order at the ends of their buckets, the last first, and induced again.
  order.fill(-1);
  toEnds(sizes, next);
  for (let i = lmsCount - 1; i >= 0; i--) {
    const start = starts[lmsOrder[i] as number] as number;
    order[fromEnd(next, symbolOf(text[start] as number))] = start;
  }
  induce(text, order, sizes, next);
}

/** The next free place from the start of `symbol`'s bucket, taken. */
function fromStart(next: Int32Array, symbol: number): number {
  const place = next[symbol] as number;
  next[symbol] = place + 1;
  return place;
}

/** The next free place from the end of `symbol`'s bucket, taken. */
function fromEnd(next: Int32Array, symbol: number): number {
  const place = (next[symbol] as number) - 1;
  next[symbol] = place;
  return place;
}

/** Sets `next` to where each symbol's bucket starts. */
function toStarts(sizes: Int32Array, next: Int32Array): void {
  let sum = 0;
  for (let symbol = 0; symbol < sizes.length; symbol++) {
    next[symbol] = sum;
    sum += sizes[symbol] as number;
  }
}

/** Sets `next` to where each symbol's bucket ends (the place after its last). */
function toEnds(sizes: Int32Array, next: Int32Array): void {
  let sum = 0;
  for (let symbol = 0; symbol < sizes.length; symbol++) {
    sum += sizes[symbol] as number;
    next[symbol] = sum;
  }
}

/**
 * From the LMS suffixes in place: each L-type suffix one before a suffix met left to right, into
 * its bucket from the start; then each S-type one before a suffix met right to left, from the end.
 */
function induce(text: Int32Array, order: Int32Array, sizes: Int32Array, next: Int32Array): void {
  toStarts(sizes, next);
  for (let i = 0; i < order.length; i++) {
    const before = (order[i] as number) - 1;
    if (before < 0) continue;
    const coded = text[before] as number;
    if (!isSType(coded)) order[fromStart(next, symbolOf(coded))] = before;
  }
  toEnds(sizes, next);
  for (let i = order.length - 1; i >= 0; i--) {
    const before = (order[i] as number) - 1;
    if (before < 0) continue;
    const coded = text[before] as number;
    if (isSType(coded)) order[fromEnd(next, symbolOf(coded))] = before;
  }
}

/** Whether the LMS pieces at `a` and `b` (each up to and including the next LMS start) are alike, symbol and type. */
function samePiece(text: Int32Array, a: number, b: number): boolean {
  for (let d = 0; a + d < text.length && b + d < text.length; d++) {
    if (text[a + d] !== text[b + d]) return false;
    // Alike so far, types included: both pieces end here, or neither does.
    if (d > 0 && isSType(text[a + d] as number) && !isSType(text[a + d - 1] as number)) return true;
  }
  return false;
}
