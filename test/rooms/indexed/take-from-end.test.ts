/**
 * Reading a long list from its end a piece at a time, cutting its resizable buffer back behind the
 * read: each piece handed over while the buffer still holds it, and only an array that fills its
 * buffer whole, when asked, cut back at all.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { CUT_BACK_ITEMS, takeFromEnd } from '../../../src/rooms/indexed/take-from-end.ts';

/** A resizable buffer of `length` items, each its own index, so that a piece says where it starts. */
function numbered(length: number, spare = 0): ArrayBuffer {
  const buffer = new ArrayBuffer((length + spare) * 4, { maxByteLength: (length + spare) * 4 });
  new Uint32Array(buffer).forEach((_, at, all) => (all[at] = at));
  return buffer;
}

describe('takeFromEnd', () => {
  it('hands over every piece, the last first, each while the buffer holds it, cutting it back within a megabyte behind', () => {
    for (const [length, piece] of [
      [0, 10],
      [1, 10],
      [10, 10],
      [11, 10],
      [CUT_BACK_ITEMS * 4 + 5, 1000],
    ] as const) {
      const buffer = numbered(length);
      const starts: number[] = [];
      takeFromEnd(
        new Uint32Array(buffer),
        piece,
        (part) => {
          const start = part[0] as number;
          assert.deepEqual(
            [...part],
            Array.from({ length: Math.min(piece, length - start) }, (_, at) => start + at),
          );
          const held = buffer.byteLength / 4;
          assert.ok(held >= start + part.length && held < start + piece + CUT_BACK_ITEMS, `at ${start} of ${length}`);
          starts.push(start);
        },
        true,
      );
      const count = Math.ceil(length / piece);
      assert.deepEqual(
        starts,
        Array.from({ length: count }, (_, at) => (count - 1 - at) * piece),
      );
      assert.equal(buffer.byteLength, 0);
    }
  });

  it('only reads an array that does not fill its buffer whole, or when not asked to cut back', () => {
    const length = CUT_BACK_ITEMS + 7;
    const cases = [
      { buffer: numbered(length), view: (buffer: ArrayBuffer) => new Uint32Array(buffer), cutBack: false },
      { buffer: numbered(length, 3), view: (buffer: ArrayBuffer) => new Uint32Array(buffer, 0, length), cutBack: true },
      { buffer: numbered(length, 3), view: (buffer: ArrayBuffer) => new Uint32Array(buffer, 12), cutBack: true },
    ];
    for (const { buffer, view, cutBack } of cases) {
      const before = buffer.byteLength;
      const items = view(buffer);
      const read: number[] = [];
      takeFromEnd(items, 1000, (part) => read.unshift(...part), cutBack);
      assert.deepEqual(read, [...items]);
      assert.equal(buffer.byteLength, before);
    }
  });
});
