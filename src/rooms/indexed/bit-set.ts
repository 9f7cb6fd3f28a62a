/**
 * Sets of ids as bits, one 32-bit word for 32 ids (bit `id & 31` of word `id >>> 5`), as the text
 * index intersects them: counted and listed a word at a time.
 */

/** How many bits are set: each word's bits counted in parallel (the "popcount" of Hacker's Delight). */
export function countOf(bits: Uint32Array): number {
  let count = 0;
  for (let i = 0; i < bits.length; i++) {
    let w = bits[i] as number;
    if (w === 0) continue;
    w -= (w >>> 1) & 0x55555555;
    w = (w & 0x33333333) + ((w >>> 2) & 0x33333333);
    count += Math.imul((w + (w >>> 4)) & 0x0f0f0f0f, 0x01010101) >>> 24;
  }
  return count;
}

/** The ids whose bits are set, lowest first: `w & -w` keeps a word's lowest set bit, and `w & (w - 1)` clears it. */
export function idsOf(bits: Uint32Array): number[] {
  const ids: number[] = [];
  for (let word = 0; word < bits.length; word++) {
    for (let w = bits[word] as number; w !== 0; w &= w - 1) ids.push(word * 32 + 31 - Math.clz32(w & -w));
  }
  return ids;
}

/** A copy of `bits` with room for `id`. */
export function growTo(bits: Uint32Array, id: number): Uint32Array {
  const grown = new Uint32Array((id >>> 5) + 1);
  grown.set(bits);
  return grown;
}
