/**
 * Building a suffix array in one pass: the suffix arrays of titles and authors (suffix-array.ts)
 * are built this way. The texts, laid out one after another, are sorted whole by induced sorting
 * (induced-sorting.ts), in time that grows linearly with the text; then each run of suffixes alike
 * in their first `prefix` code units is put in order by entry. Its memory is about 16 bytes a code
 * unit of the texts, and nothing of it is kept once the entries are out.
 */
import { suffixArray } from './induced-sorting.ts';

/** How a suffix's key compares with the one before it in the sort. */
const DIFFERENT = 0;
/** Alike in all of their first `prefix` code units. */
const ALIKE_WHOLE = 1;
/** Alike up to the end of both texts, fewer than `prefix` code units. */
const ALIKE_TO_END = 2;

/**
 * Every suffix of the texts that starts before `offsets` code units, by its first `prefix` code
 * units and then by entry. `entryOf(offset, id)` names the suffix of `texts[id]` from `offset`, and
 * must order entries by offset, then id; `unitOf` turns a code unit into what is compared (A–Z
 * folded, say). With `firstOfAlike`, of a text's suffixes alike in their first `prefix` code units,
 * only the first, the one with the lowest entry, is kept.
 */
export function sortSuffixes(
  texts: readonly (string | undefined)[],
  entryOf: (offset: number, id: number) => number,
  unitOf: (code: number) => number,
  prefix: number,
  offsets = Infinity,
  firstOfAlike = false,
): Uint32Array<ArrayBuffer> {
  if (!(prefix >= 1 && Number.isInteger(prefix))) throw new RangeError(`the prefix must be a positive integer, not ${prefix}`);
  const { layout, alphabet, lastEnd, starts, count } = laidOut(texts, unitOf, offsets);
  const order = suffixArray(layout, alphabet);
  // Two arrays of the text's size each serve twice, as each big array allocated may cost a garbage collection of the whole heap.
  const scratch = new Int32Array(order.length);
  const alike = alikeFlags(layout, lastEnd, order, prefix, scratch);
  const sorted = new Uint32Array(layout.buffer, 0, count);
  // Each place's text; a text's end, and the last 0, have none (-1).
  const idOf = scratch.fill(-1);
  texts.forEach((text = '', id) => idOf.fill(id, starts[id], (starts[id] as number) + text.length));
  /** The entry of the suffix from `start`, or -1 when that place starts no entry: a text's end, or past `offsets`. */
  const entryAt = (start: number): number => {
    const id = idOf[start] as number;
    const offset = start - (starts[id] as number);
    return id === -1 || offset >= offsets ? -1 : entryOf(offset, id);
  };
  const seenIn = firstOfAlike ? new Int32Array(texts.length).fill(-1) : undefined;
  let kept = 0;
  for (let first = 0; first < order.length;) {
    let end = first + 1;
    while (end < order.length && alike[end] !== DIFFERENT) end++;
    if (alike[first + 1] !== ALIKE_WHOLE || end === first + 1) {
      // A text's own key, or keys alike to the texts' ends, which the sort put in order by entry already.
      for (let at = first; at < end; at++) {
        const entry = entryAt(order[at] as number);
        if (entry !== -1) sorted[kept++] = entry;
      }
    } else {
      const run = order.subarray(first, end).filter((start) => entryAt(start) !== -1);
      for (const start of byEntry(run, entryAt)) {
        const id = idOf[start] as number;
        if (seenIn?.[id] === first) continue;
        if (seenIn) seenIn[id] = first;
        sorted[kept++] = entryAt(start);
      }
    }
    first = end;
  }
  // The working arrays go back to the system now, not at whichever garbage collection an idle
  // service next runs: `transfer(0)` detaches a buffer and frees its bytes.
  for (const array of [order, alike, idOf]) array.buffer.transfer(0);
  return sorted.subarray(0, kept);
}

/**
 * For each place of `order`, how its suffix's key compares with the one before. Found in text
 * order, as Kasai and others find the lengths shared by neighbours in a suffix array: the suffix
 * after one that shared h units with its neighbour shares at least h - 1 with its own, so each
 * comparison starts there and the whole pass is linear. A symbol up to `lastEnd` ends a key.
 */
function alikeFlags(layout: Int32Array, lastEnd: number, order: Int32Array, prefix: number, rank: Int32Array): Uint8Array<ArrayBuffer> {
  for (let at = 0; at < order.length; at++) rank[order[at] as number] = at;
  const alike = new Uint8Array(order.length);
  let shared = 0;
  for (let start = 0; start < layout.length; start++) {
    const at = rank[start] as number;
    if (at === 0 || (layout[start] as number) <= lastEnd) {
      shared = 0;
      continue;
    }
    const before = order[at - 1] as number;
    while (shared < prefix && layout[start + shared] === layout[before + shared] && (layout[start + shared] as number) > lastEnd) shared++;
    if (shared === prefix) alike[at] = ALIKE_WHOLE;
    else if ((layout[start + shared] as number) <= lastEnd && (layout[before + shared] as number) <= lastEnd) alike[at] = ALIKE_TO_END;
    shared = Math.max(shared - 1, 0);
  }
  return alike;
}

/**
 * The texts one after another, each followed by a symbol of its own that sorts below every code
 * unit, and a last 0. The ends are numbered from 1 by the text's length, then its id: suffixes alike
 * to their texts' ends then sort by offset and id, in order by entry with no sort of their own. The
 * code units follow, as `unitOf` turns them, numbered by rank so that the sort's buckets are as few
 * as the symbols in use. With where each text starts, and how many suffixes start before `offsets`.
 */
function laidOut(texts: readonly (string | undefined)[], unitOf: (code: number) => number, offsets: number) {
  const inUse = new Uint8Array(65_536);
  let total = 1;
  let count = 0;
  const byLength: number[] = [];
  texts.forEach((text = '', id) => {
    if (text.length === 0) return;
    for (let offset = 0; offset < text.length; offset++) inUse[text.charCodeAt(offset)] = 1;
    total += text.length + 1;
    count += Math.min(text.length, offsets);
    // The length and the id in one number, exact below 2⁵³, for the typed array's own numeric sort.
    byLength.push(text.length * 2 ** 32 + id);
  });
  const endOf = new Int32Array(texts.length);
  Float64Array.from(byLength)
    .sort()
    .forEach((key, rank) => (endOf[key % 2 ** 32] = 1 + rank));
  const lastEnd = byLength.length;
  // Each code unit's rank among the units in use, in the order `unitOf` gives them.
  const codes = [...inUse.keys()].filter((code) => inUse[code] === 1);
  const units = [...new Set(codes.map(unitOf))].sort((a, b) => a - b);
  const rankOfUnit = new Map(units.map((unit, rank) => [unit, lastEnd + 1 + rank]));
  const rankOf = new Int32Array(65_536);
  for (const code of codes) rankOf[code] = rankOfUnit.get(unitOf(code)) as number;
  const layout = new Int32Array(total);
  const starts = new Int32Array(texts.length);
  let at = 0;
  texts.forEach((text = '', id) => {
    starts[id] = at;
    if (text.length === 0) return;
    for (let offset = 0; offset < text.length; offset++) layout[at++] = rankOf[text.charCodeAt(offset)] as number;
    layout[at++] = endOf[id] as number;
  });
  return { layout, alphabet: lastEnd + units.length + 1, lastEnd, starts, count };
}

/** How many suffixes a group may hold for `byEntry` to pack each with its place in one number. */
const PACKED = 2 ** 20;

/**
 * The suffixes of a group alike in their keys, by entry. Each entry (below 2³²) is packed with
 * its place in the group (below 2²⁰) into one float, exact below 2⁵³, so that the typed array's
 * own numeric sort does the work: a group of thousands (one author's name, over and over) sorts
 * in a fraction of what a comparison function called for every pair takes.
 */
function byEntry(group: Int32Array, entryAt: (suffix: number) => number): Iterable<number> {
  if (group.length <= 1) return group;
  if (group.length > PACKED) return [...group].sort((a, b) => entryAt(a) - entryAt(b));
  const packed = new Float64Array(group.length);
  for (let k = 0; k < group.length; k++) packed[k] = entryAt(group[k] as number) * PACKED + k;
  return Array.from(packed.sort(), (key) => group[key % PACKED] as number);
}
