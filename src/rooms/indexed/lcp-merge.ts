/**
 * Two sorted runs merged into one by their longest common prefixes (Ng and Kakehi, "Merging string
 * sequences by longest common prefixes", 2008): suffix-build.ts merges the suffixes of texts sorted
 * a part at a time with it. Each run says, for each item, how many leading units it shares with the
 * one before. Of the two items at the front, the one that shares more with the item last written
 * comes first, with no unit read; only when both share as many are they compared, and from there.
 * A merge of ordinary titles' suffixes then reads two or three units an item, where comparing each
 * pair from its first unit read as many as neighbours share (some 40 in titles of a few words), and
 * never more than the units the order looks at.
 */

import { CUT_BACK_ITEMS, takeFromEnd } from './take-from-end.ts';

/** Items in order, and for each how many leading units it shares with the one before (0 for the first). */
export type Run = { readonly items: Uint32Array<ArrayBuffer>; readonly shared: Uint8Array<ArrayBuffer> };

/** The order of the items, told from the units they share. */
export interface SharedOrder {
  /** How many leading units `a` and `b` share, read on from the `known` they are known to share; at most as many as the order looks at. */
  shared(a: number, b: number, known: number): number;
  /** Whether `a` comes before `b`, which share `shared` leading units. */
  before(a: number, b: number, shared: number): boolean;
}

/**
 * `a` and `b` merged, each item once: their items in order, with what each shares with the one
 * before, unless `counted` is false (a last merge needs no counts, and they cost a byte an item).
 * `b`'s items move into the result, their array cut back as they go and then given back: a merge
 * holds the result and `a`, not both runs and the result, so `b` is best the larger. The result's
 * array is resizable, so that whoever copies it out may cut it back in turn (take-from-end.ts).
 */
export function lcpMerged(a: Run, b: Run, order: SharedOrder, counted = true): Run {
  const bytes = (a.items.length + b.items.length) * Uint32Array.BYTES_PER_ELEMENT;
  const items = new Uint32Array(new ArrayBuffer(bytes, { maxByteLength: bytes }));
  // b's items wait at the end of the result: an item is written at i + j, never past b's next one,
  // at a's length + j, and once a is used up, what is left of b is already in place.
  const [aLength, total] = [a.items.length, items.length];
  let at = total;
  takeFromEnd(b.items, CUT_BACK_ITEMS, (part) => items.set(part, (at -= part.length)), true);
  b.items.buffer.transfer(0);
  const shared = new Uint8Array(counted ? items.length : 0);
  let i = 0;
  let j = 0;
  let n = 0;
  // What the item at the front of each run shares with the item last written (none yet: 0).
  let sharedA = 0;
  let sharedB = 0;
  // The hot loop of a merge, written out: one turn an item.
  while (i < aLength && aLength + j < total) {
    const x = a.items[i] as number;
    const y = items[aLength + j] as number;
    let takeA = sharedA > sharedB;
    if (sharedA === sharedB) {
      // Both share as many with the last written: they part, if at all, past that.
      const between = order.shared(x, y, sharedA);
      takeA = order.before(x, y, between);
      if (takeA) sharedB = between;
      else sharedA = between;
    }
    // What the other front item shares with the one written: as much as it shared with the last
    // one written, or, after a comparison, what the comparison found.
    if (counted) shared[n] = takeA ? sharedA : sharedB;
    if (takeA) {
      items[n++] = x;
      sharedA = a.shared[++i] ?? 0;
    } else {
      items[n++] = y;
      sharedB = b.shared[++j] ?? 0;
    }
  }
  // What is left of one run follows as it is, its first item sharing with the last written what was found.
  const [rest, from, first] = i < aLength ? [a, i, sharedA] : [b, j, sharedB];
  if (i < aLength) items.set(a.items.subarray(from), n);
  if (counted && n < items.length) {
    shared.set(rest.shared.subarray(from), n);
    shared[n] = first;
  }
  return { items, shared };
}
