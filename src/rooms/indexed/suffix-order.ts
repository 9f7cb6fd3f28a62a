/**
 * The order of a suffix array's entries (suffix-array.ts, of titles or of authors), and the binary
 * search that finds a place in it. An entry names a suffix of a text by its offset and the book's id, packed into one 32-bit
 * number; entries are ordered by the first `PREFIX` code units of their suffix, then by that number.
 */
import { MAX_CAPACITY } from '../../core/settings.ts';
import type { SharedOrder } from './lcp-merge.ts';
import { type Position, positionOf, type SortedList } from './sorted-list.ts';

/** Ids and offsets share 32 bits: the id takes what the largest catalogue needs, the offset the rest. */
export const MAX_IDS = MAX_CAPACITY;
const ID_BITS = Math.log2(MAX_IDS);
export const ID_MASK = MAX_IDS - 1;
/**
 * The longest text an entry can point into: offsets 0 to 1,023. A title of at most 512 code
 * points (fields.ts) lower-cases to at most 1,024 code units: only "İ" grows, to two. An author of
 * two names of 256 reaches 1,025, and suffix-array.ts checks such a text's end by hand.
 */
export const MAX_TEXT_LENGTH = 2 ** (32 - ID_BITS);

/**
 * How many leading code units of a suffix the order looks at, A–Z folded, as in a truncated suffix
 * array; longer filters are checked title by title. Comparing whole suffixes would make an add cost
 * the square of its title's length whenever titles repeat themselves or one another; with the cut,
 * an add costs what its title costs.
 */
export const PREFIX = 64;

/** Tie-breakers for a search among entries whose texts are alike: below every entry (where it starts), and above every entry (where it ends). */
export const BELOW_ALL = -1;
export const ABOVE_ALL = 2 ** 32;

/**
 * The offsets of a text whose suffixes have entries: each of its first MAX_TEXT_LENGTH suffixes
 * whose key (its first PREFIX code units, A–Z folded) no earlier suffix of the same text has. Two
 * suffixes of one text with one key find the same needles, so one entry answers for both, and a
 * text that repeats itself ("İİİ…", "abab…") costs what its distinct pieces cost. `text` is
 * ASCII or lower-cased already, so lower-casing a piece folds exactly A–Z.
 */
export function entryOffsets(text: string): number[] {
  const seen = new Set<string>();
  const offsets: number[] = [];
  // Lower-cased once, not a piece at a time: a piece of the folded text is the piece folded.
  const folded = text.toLowerCase();
  for (let offset = 0; offset < Math.min(text.length, MAX_TEXT_LENGTH); offset++) {
    const key = folded.slice(offset, offset + PREFIX);
    if (seen.has(key)) continue;
    seen.add(key);
    offsets.push(offset);
  }
  return offsets;
}

/** The entry for the suffix of title `id` from `offset`. */
export function entryOf(offset: number, id: number): number {
  return offset * MAX_IDS + id;
}

/**
 * The place in `list` of the first entry that does not sort before the target, the suffix of
 * `target` from `start`, both cut to `PREFIX` code units. An entry alike the target sorts before
 * it when its number is below `tie`; with `prefix`, an entry that starts with the whole target
 * counts as alike. `texts` holds each id's text.
 *
 * A binary search, over the chunks' last entries, then inside one chunk. Invariant: every
 * entry still in range lies between the nearest entry known to sort before the target and the
 * nearest known not to, so it shares with the target at least the smaller of their shared
 * counts (`sharedLow`, `sharedHigh`), and each comparison starts there (Manber and Myers'
 * speed-up). A search then costs about the target's length plus log(n) steps, not their
 * product, which matters when many titles share a long beginning.
 */
export function seek(
  list: SortedList,
  texts: readonly (string | undefined)[],
  target: string,
  start: number,
  tie: number,
  prefix = false,
): Position {
  if (list.chunkCount === 0) return 0;
  let sharedLow = 0;
  let sharedHigh = 0;
  let low = 0;
  let high = list.chunkCount - 1;
  while (low < high) {
    const middle = (low + high) >>> 1;
    const entry = list.lastOf(middle);
    const shared = sharedCount(texts, entry, target, start, Math.min(sharedLow, sharedHigh));
    if (sortsBefore(texts, entry, shared, target, start, tie, prefix)) {
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
    const shared = sharedCount(texts, entry, target, start, Math.min(sharedLow, sharedHigh));
    if (sortsBefore(texts, entry, shared, target, start, tie, prefix)) {
      from = middle + 1;
      sharedLow = shared;
    } else {
      to = middle;
      sharedHigh = shared;
    }
  }
  return positionOf(low, from);
}

/** The order of entries, told from the leading code units their suffixes share, for a merge of sorted entries (lcp-merge.ts). */
export function entryOrder(texts: readonly (string | undefined)[]): SharedOrder {
  const textOf = (entry: number): string => texts[entry & ID_MASK] as string;
  return {
    shared: (a, b, known) => sharedCount(texts, a, textOf(b), b >>> ID_BITS, known),
    before: (a, b, shared) => sortsBefore(texts, a, shared, textOf(b), b >>> ID_BITS, b, false),
  };
}

/** How many leading code units `entry`'s suffix shares with the target (up to `PREFIX`), knowing the first `known` are shared. */
function sharedCount(texts: readonly (string | undefined)[], entry: number, target: string, start: number, known: number): number {
  const text = texts[entry & ID_MASK] as string;
  const offset = entry >>> ID_BITS;
  const shorter = Math.min(text.length - offset, target.length - start, PREFIX);
  let shared = known;
  while (shared < shorter && fold(text.charCodeAt(offset + shared)) === fold(target.charCodeAt(start + shared))) shared++;
  return shared;
}

/** Whether `entry`'s suffix, sharing `shared` leading code units with the target, sorts before it (see `seek`). */
function sortsBefore(
  texts: readonly (string | undefined)[],
  entry: number,
  shared: number,
  target: string,
  start: number,
  tie: number,
  prefix: boolean,
): boolean {
  const text = texts[entry & ID_MASK] as string;
  const offset = entry >>> ID_BITS;
  const restEntry = Math.min(text.length - offset, PREFIX);
  const restTarget = Math.min(target.length - start, PREFIX);
  let order: number;
  if (shared < restEntry && shared < restTarget) order = fold(text.charCodeAt(offset + shared)) - fold(target.charCodeAt(start + shared));
  else order = prefix && restEntry >= restTarget ? 0 : restEntry - restTarget;
  return order < 0 || (order === 0 && entry < tie);
}

/** A–Z to a–z, which is all that `toLowerCase()` changes in ASCII. */
export function fold(code: number): number {
  return code >= 65 && code <= 90 ? code + 32 : code;
}

/** Whether a text is plain ASCII, which `toLowerCase()` changes only in A–Z. */
export const ASCII = /^[\u0000-\u007f]*$/;

/** The text as `toLowerCase()` gives it, from what is kept: an ASCII text is kept as it came. */
export function lowerCased(text: string): string {
  return ASCII.test(text) ? text.toLowerCase() : text;
}
