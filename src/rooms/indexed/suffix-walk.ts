/**
 * Walks of the suffix array (suffix-array.ts): the texts of a range of entries marked a few
 * thousand at a time, with the key to go on from after a pause; how many entries a range holds;
 * and which end of a long needle to seek it by.
 */
import { chunkAt, indexAt, type Position, type SortedList } from './sorted-list.ts';
import { ABOVE_ALL, BELOW_ALL, ID_MASK, lowerCased, MAX_IDS, PREFIX, seek } from './suffix-order.ts';

/** How many entries a walk in stretches reads between two pauses. */
const PAUSE_EVERY = 4096;

/**
 * Marks in `bits` the texts of the entries whose suffixes start with `needle` (sought from its
 * code unit `from`), pausing (a `yield`) after every `PAUSE_EVERY` entries. The array may change
 * while the walk waits, and a place in it with it, so the walk goes on after the last entry it
 * read, found afresh by its key: a keyset read.
 */
export function* markInStretches(
  suffixes: SortedList,
  texts: readonly (string | undefined)[],
  needle: string,
  from: number,
  bits: Uint32Array,
  checked: Uint32Array | undefined,
): Generator<void, void, void> {
  let first = seek(suffixes, texts, needle, from, BELOW_ALL, true);
  for (;;) {
    const end = seek(suffixes, texts, needle, from, ABOVE_ALL, true);
    const last = markBetween(suffixes, texts, needle, first, end, bits, checked);
    if (last === undefined) return;
    yield;
    first = seek(suffixes, texts, last.key, 0, last.entry + 1);
  }
}

/**
 * Marks the texts of the entries from `first` up to `end`, stopping after `PAUSE_EVERY` of them;
 * then gives the last entry read and its key (its suffix, cut as the order cuts it), else
 * undefined. With `checked`, the needle is longer than the order looks, and each text is checked whole, once.
 */
function markBetween(
  suffixes: SortedList,
  texts: readonly (string | undefined)[],
  needle: string,
  first: Position,
  end: Position,
  bits: Uint32Array,
  checked: Uint32Array | undefined,
): { entry: number; key: string } | undefined {
  let visited = 0;
  for (let chunk = chunkAt(first); chunk <= chunkAt(end) && chunk < suffixes.chunkCount; chunk++) {
    const entries = suffixes.itemsOf(chunk);
    const to = chunk === chunkAt(end) ? indexAt(end) : suffixes.sizeOf(chunk);
    for (let i = chunk === chunkAt(first) ? indexAt(first) : 0; i < to; i++) {
      const entry = entries[i] as number;
      const id = entry & ID_MASK;
      const word = id >>> 5;
      const bit = 1 << (id & 31);
      if (((bits[word] as number) & bit) === 0 && !(checked && (checked[word] as number) & bit)) {
        if (checked) checked[word] = (checked[word] as number) | bit;
        if (!checked || lowerCased(texts[id] as string).includes(needle)) bits[word] = (bits[word] as number) | bit;
      }
      if (++visited === PAUSE_EVERY) return { entry, key: keyOf(texts, entry) };
    }
  }
  return undefined;
}

/** The key of an entry in the order: its suffix, cut to the code units the order looks at. */
function keyOf(texts: readonly (string | undefined)[], entry: number): string {
  const offset = Math.floor(entry / MAX_IDS);
  return (texts[entry & ID_MASK] as string).slice(offset, offset + PREFIX);
}

/** How many entries lie from `first` up to `end`. */
export function entriesBetween(suffixes: SortedList, first: Position, end: Position): number {
  let count = indexAt(end) - indexAt(first);
  for (let chunk = chunkAt(first); chunk < chunkAt(end); chunk++) count += suffixes.sizeOf(chunk);
  return count;
}

/**
 * Where in the needle its sought part starts: 0, or for a needle past PREFIX its last PREFIX code
 * units if fewer suffixes start with those (titles of a series share a long beginning, and differ at the end).
 */
export function soughtFrom(suffixes: SortedList, texts: readonly (string | undefined)[], needle: string): number {
  if (needle.length <= PREFIX) return 0;
  const last = needle.length - PREFIX;
  const count = (from: number): number =>
    entriesBetween(suffixes, seek(suffixes, texts, needle, from, BELOW_ALL, true), seek(suffixes, texts, needle, from, ABOVE_ALL, true));
  return count(last) < count(0) ? last : 0;
}
