/**
 * Building a suffix array in one pass, by Bentley and Sedgewick's multikey quicksort (three-way
 * radix quicksort, "Fast algorithms for sorting and searching strings", 1997): the suffix arrays
 * of titles and authors (suffix-array.ts) are built this way. Only a suffix's first `prefix` code
 * units are compared, so a suffix is looked at no further than that, however much texts share:
 * the work is about n·log(n) code units for n suffixes, and at most `prefix` more for each. Its
 * memory is 13 bytes a code unit of the texts, and nothing of it is kept once the entries are out.
 */

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
  let total = 0;
  let count = 0;
  for (const text of texts) {
    if ((text?.length ?? 0) > 0xffff) throw new RangeError('a text may hold at most 65,535 code units');
    total += text?.length ?? 0;
    count += Math.min(text?.length ?? 0, offsets);
  }
  // The texts laid out one after another, folded; each code unit's text, and how many are left in it from there.
  const units = new Uint16Array(total);
  const idOf = new Uint32Array(total);
  const left = new Uint16Array(total);
  // The suffixes to sort, by where they start in that layout; `alike[i]` says the key of suffixes[i] is the one before it.
  const suffixes = new Uint32Array(count);
  const alike = new Uint8Array(count);
  let [at, i] = [0, 0];
  texts.forEach((text = '', id) => {
    for (let offset = 0; offset < text.length; offset++, at++) {
      units[at] = unitOf(text.charCodeAt(offset));
      idOf[at] = id;
      left[at] = text.length - offset;
      if (offset < offsets) suffixes[i++] = at;
    }
  });
  /** The code unit at `depth` of the suffix from `start`, plus one; 0 past its end or past the prefix, where every key has ended. */
  const unit = (start: number, depth: number): number =>
    depth < prefix && depth < (left[start] as number) ? (units[start + depth] as number) + 1 : 0;
  // A pseudo-random pivot, so that no order of titles makes the partitions lopsided every time.
  let seed = 0x2545f491;
  // Ranges still to sort, as (lo, hi, depth): all their suffixes share their first `depth` code units.
  const pending: number[] = [0, count, 0];
  while (pending.length > 0) {
    const depth = pending.pop() as number;
    const hi = pending.pop() as number;
    const lo = pending.pop() as number;
    if (hi - lo < 2) continue;
    if (hi - lo <= 12) {
      insertionSort(suffixes.subarray(lo, hi), alike.subarray(lo, hi), depth, unit);
      continue;
    }
    // Dijkstra's three-way partition by the code unit at `depth`: below, equal, above the pivot's.
    seed = (Math.imul(seed, 1_103_515_245) + 12_345) >>> 0;
    const pivot = unit(suffixes[lo + (seed % (hi - lo))] as number, depth);
    let [lt, gt, next] = [lo, hi, lo];
    while (next < gt) {
      const suffix = suffixes[next] as number;
      const code = unit(suffix, depth);
      if (code < pivot) {
        suffixes[next++] = suffixes[lt] as number;
        suffixes[lt++] = suffix;
      } else if (code > pivot) {
        suffixes[next] = suffixes[--gt] as number;
        suffixes[gt] = suffix;
      } else next++;
    }
    pending.push(lo, lt, depth, gt, hi, depth);
    // Keys that have ended are alike whole; the others go on to the next code unit.
    if (pivot === 0) alike.fill(1, lt + 1, gt);
    else pending.push(lt, gt, depth + 1);
  }
  // Alike keys go by entry; with `firstOfAlike`, a text's first among them stands for the rest.
  const entryAt = (start: number): number => {
    const id = idOf[start] as number;
    return entryOf((texts[id] as string).length - (left[start] as number), id);
  };
  const sorted = new Uint32Array(count);
  const seenIn = firstOfAlike ? new Int32Array(texts.length).fill(-1) : undefined;
  let kept = 0;
  for (let start = 0; start < count;) {
    let end = start + 1;
    while (end < count && alike[end] === 1) end++;
    for (const suffix of byEntry(suffixes.subarray(start, end), entryAt)) {
      const id = idOf[suffix] as number;
      if (seenIn?.[id] === start) continue;
      if (seenIn) seenIn[id] = start;
      sorted[kept++] = entryAt(suffix);
    }
    start = end;
  }
  // The working arrays go back to the system now, not at whichever garbage collection an idle
  // service next runs: `transfer(0)` detaches a buffer and frees its bytes.
  for (const array of [units, idOf, left, suffixes, alike]) array.buffer.transfer(0);
  return new Uint32Array(sorted.buffer.transfer(kept * 4));
}

/** Sorts a short range of suffixes that share their first `depth` code units, by their keys, and marks which keys are alike. */
function insertionSort(suffixes: Uint32Array, alike: Uint8Array, depth: number, unit: (start: number, depth: number) => number): void {
  /** How a's key compares with b's from `depth` on: below 0, 0 alike, above 0. */
  const compare = (a: number, b: number): number => {
    for (let d = depth; ; d++) {
      const x = unit(a, d);
      const y = unit(b, d);
      if (x !== y || x === 0) return x - y;
    }
  };
  for (let i = 1; i < suffixes.length; i++) {
    const suffix = suffixes[i] as number;
    let j = i;
    for (; j > 0 && compare(suffixes[j - 1] as number, suffix) > 0; j--) suffixes[j] = suffixes[j - 1] as number;
    suffixes[j] = suffix;
  }
  for (let i = 1; i < suffixes.length; i++) alike[i] = compare(suffixes[i - 1] as number, suffixes[i] as number) === 0 ? 1 : 0;
}

/** How many suffixes a group may hold for `byEntry` to pack each with its place in one number. */
const PACKED = 2 ** 20;

/**
 * The suffixes of a group alike in their keys, by entry. Each entry (below 2³²) is packed with
 * its place in the group (below 2²⁰) into one float, exact below 2⁵³, so that the typed array's
 * own numeric sort does the work: a group of thousands (one author's name, over and over) sorts
 * in a fraction of what a comparison function called for every pair takes.
 */
function byEntry(group: Uint32Array, entryAt: (suffix: number) => number): Iterable<number> {
  if (group.length === 1) return group;
  if (group.length > PACKED) return [...group].sort((a, b) => entryAt(a) - entryAt(b));
  const packed = new Float64Array(group.length);
  for (let k = 0; k < group.length; k++) packed[k] = entryAt(group[k] as number) * PACKED + k;
  return Array.from(packed.sort(), (key) => group[key % PACKED] as number);
}
