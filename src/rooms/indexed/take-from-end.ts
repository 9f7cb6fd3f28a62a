/**
 * A long list copied out of one typed array into others without being held twice: the array is
 * read a piece at a time from its end, and the resizable buffer it fills is cut back behind the
 * read (suffix-build.ts merges into such buffers; lcp-merge.ts and sorted-list.ts copy out of them).
 */

/** How many items are read past before the buffer is cut back: a megabyte of them. */
export const CUT_BACK_ITEMS = 2 ** 18;

/**
 * Calls `take` with each piece of `items`, `piece` items from its start on, the last piece first.
 * With `cutBack`, a resizable buffer that `items` fills whole is cut back behind each megabyte read
 * and left empty; any other array is only read.
 */
export function takeFromEnd(items: Uint32Array, piece: number, take: (part: Uint32Array) => void, cutBack: boolean): void {
  const { buffer } = items;
  const giveBack = cutBack && buffer instanceof ArrayBuffer && buffer.resizable && items.byteLength === buffer.byteLength;
  // A view without a length of its own follows the buffer as it is cut back.
  const view = giveBack ? new Uint32Array(buffer) : items;
  let kept = view.length;
  for (let start = Math.floor((view.length - 1) / piece) * piece; start >= 0; start -= piece) {
    take(view.subarray(start, start + piece));
    if (giveBack && kept - start >= CUT_BACK_ITEMS) buffer.resize((kept = start) * Uint32Array.BYTES_PER_ELEMENT);
  }
  if (giveBack) buffer.resize(0);
}
