/**
 * Building a suffix array in one pass: the suffix arrays of titles and authors (suffix-array.ts)
 * are built this way, a part of their texts at a time (suffix-build.ts). The texts, laid out one
 * after another, are sorted whole by induced sorting (induced-sorting.ts), in time that grows
 * linearly with the text; then each run of suffixes alike in all their first `prefix` code units is
 * put in order by entry, which is what the sort of the whole texts leaves to do. Its memory is about
 * 13 bytes a code unit of the texts at most, and nothing of it is kept once the entries are out.
 */
import { suffixArray } from './induced-sorting.ts';

/** Entries in order, each with the code units its key shares with the one before (0 for the first), as lcp-merge.ts merges them. */
export type SortedSuffixes = { readonly entries: Uint32Array<ArrayBuffer>; readonly shared: Uint8Array<ArrayBuffer> };

/**
 * Every suffix of the texts that starts before `offsets` code units, by its first `prefix` code
 * units and then by entry. `entryOf(offset, id)` names the suffix of `texts[id]` from `offset`, and
 * must order entries by offset, then id, each below 2³²; `unitOf` turns a code unit into what is compared (A–Z
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
): SortedSuffixes {
  if (!(prefix >= 1 && prefix <= 255 && Number.isInteger(prefix)))
    throw new RangeError(`the prefix must be a positive integer up to 255, not ${prefix}`);
  const { layout, alphabet, lastEnd, starts } = laidOut(texts, unitOf);
  const order = suffixArray(layout, alphabet);
  const scratch = new Int32Array(order.length);
  const shared = sharedWhole(layout, lastEnd, order, prefix, scratch);
  layout.buffer.transfer(0);
  // Each place's text; a text's end, and the last 0, have none (-1). In the scratch array, as each
  // big array allocated may cost a garbage collection of the whole heap.
  const idOf = scratch.fill(-1);
  texts.forEach((text = '', id) => idOf.fill(id, starts[id], (starts[id] as number) + text.length));
  /** The entry of the suffix from `start`, or -1 when that place starts no entry: a text's end, or past `offsets`. */
  const entryAt = (start: number): number => {
    const id = idOf[start] as number;
    const offset = start - (starts[id] as number);
    return id === -1 || offset >= offsets ? -1 : entryOf(offset, id);
  };
  // The entries and what each shares with the one before go over the order and its counts: never past the place read.
  const sorted = new Uint32Array(order.buffer);
  let kept = 0;
  // What the next entry written shares with the last one: the least shared by the places between.
  let since = 0;
  // The current run of suffixes alike in all their first `prefix` code units (`run[0]` only once
  // there are two), put in order by entry when it ends. Keys alike only up to their texts' ends
  // are in order by entry already, so each such suffix is a run of its own.
  let run = new Int32Array(16) as Int32Array<ArrayBuffer>;
  let length = 0;
  let first = -1;
  let firstEntry = 0;
  // With `firstOfAlike`, each text's first suffix in a run: the one nearest its start. A text that
  // repeats itself ("aaaa…") has hundreds in one run, so they are dropped before the run is sorted.
  const firstIn = firstOfAlike ? new Int32Array(texts.length).fill(-1) : undefined;
  const write = (entry: number): void => {
    shared[kept] = since;
    sorted[kept++] = entry;
    since = prefix;
  };
  const endRun = (): void => {
    if (length <= 1) {
      if (length === 1) write(firstEntry);
      length = 0;
      return;
    }
    let members = run.subarray(0, length);
    if (firstIn) {
      for (const start of members) {
        const id = idOf[start] as number;
        if (firstIn[id] === -1 || start < (firstIn[id] as number)) firstIn[id] = start;
      }
      members = members.filter((start) => firstIn[idOf[start] as number] === start);
      for (const start of members) firstIn[idOf[start] as number] = -1;
    }
    for (const start of byEntry(members, entryAt)) write(entryAt(start));
    length = 0;
  };
  // The hot loop of the build, written out: one pass over every suffix.
  for (let at = 0; at < order.length; at++) {
    const sharedHere = shared[at] as number;
    if (sharedHere < prefix) {
      endRun();
      since = Math.min(since, sharedHere);
    }
    const start = order[at] as number;
    const id = idOf[start] as number;
    if (id === -1) continue;
    const offset = start - (starts[id] as number);
    if (offset >= offsets) continue;
    if (length === 0) {
      first = start;
      firstEntry = entryOf(offset, id);
    } else {
      if (length === 1) run[0] = first;
      if (length === run.length) run = grown(run);
      run[length] = start;
    }
    length++;
  }
  endRun();
  // The working arrays go back to the system now, not at whichever garbage collection an idle
  // service next runs: `transfer(0)` detaches a buffer and frees its bytes.
  idOf.buffer.transfer(0);
  return { entries: sorted.subarray(0, kept), shared: shared.subarray(0, kept) };
}

/**
 * For each place of `order`, how many of their first `prefix` units its suffix shares with the one
 * before (a symbol up to `lastEnd` ends a key). Found in text order, as Kasai and others find the
 * lengths shared by neighbours in a suffix array: the suffix after one that shared h units with its
 * neighbour shares at least h - 1 with its own, so each comparison starts there, and the pass is
 * linear even where every text is "aaaa…". `rank` is scratch space of the order's size.
 */
function sharedWhole(layout: Int32Array, lastEnd: number, order: Int32Array, prefix: number, rank: Int32Array): Uint8Array<ArrayBuffer> {
  for (let at = 0; at < order.length; at++) rank[order[at] as number] = at;
  const sharedAt = new Uint8Array(order.length);
  let shared = 0;
  for (let start = 0; start < layout.length; start++) {
    const at = rank[start] as number;
    if (at === 0 || (layout[start] as number) <= lastEnd) {
      shared = 0;
      continue;
    }
    const before = order[at - 1] as number;
    // An end symbol is its text's own, so two suffixes never match past one.
    while (shared < prefix && layout[start + shared] === layout[before + shared]) shared++;
    sharedAt[at] = shared;
    shared = Math.max(shared - 1, 0);
  }
  return sharedAt;
}

/** A run twice as long, with the same first items. */
function grown(run: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const longer = new Int32Array(run.length * 2);
  longer.set(run);
  return longer;
}

/**
 * The texts one after another, each followed by a symbol of its own that sorts below every code
 * unit, and a last 0. The ends are numbered from 1 by the text's length, then its id: suffixes alike
 * to their texts' ends then sort by offset and id, in order by entry with no sort of their own. The
 * code units follow, as `unitOf` turns them, numbered by rank so that the sort's buckets are as few
 * as the symbols in use. With where each text starts.
 */
function laidOut(texts: readonly (string | undefined)[], unitOf: (code: number) => number) {
  const inUse = new Uint8Array(65_536);
  let total = 1;
  const byLength: number[] = [];
  texts.forEach((text = '', id) => {
    if (text.length === 0) return;
    for (let offset = 0; offset < text.length; offset++) inUse[text.charCodeAt(offset)] = 1;
    total += text.length + 1;
    byLength.push(id);
  });
  const lengthOf = (id: number): number => (texts[id] as string).length;
  const endOf = new Int32Array(texts.length);
  byLength.sort((a, b) => lengthOf(a) - lengthOf(b) || a - b).forEach((id, rank) => (endOf[id] = 1 + rank));
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
  return { layout, alphabet: lastEnd + units.length + 1, lastEnd, starts };
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
