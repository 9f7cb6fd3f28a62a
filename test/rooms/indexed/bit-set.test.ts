/** The bit tricks of bit-set.ts against the plain reading of each bit, on random words and the edge ones. */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { countOf, idsOf } from '../../../src/rooms/indexed/bit-set.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

it(`counts and lists the set bits as reading them one by one does (ROBUSTNESS_SEED=${seedFromEnv()})`, () => {
  const random = new Random(seedFromEnv());
  const words = [0, 1, 0x80000000, 0xffffffff, 0x55555555, 0xaaaaaaaa, ...Array.from({ length: 200 }, () => random.int(2 ** 32))];
  const bits = Uint32Array.from(words);
  const plain: number[] = [];
  for (let id = 0; id < bits.length * 32; id++) if (((bits[id >>> 5] as number) >>> (id & 31)) & 1) plain.push(id);
  assert.deepEqual(idsOf(bits), plain);
  assert.equal(countOf(bits), plain.length);
  assert.deepEqual([countOf(new Uint32Array(3)), idsOf(new Uint32Array(3))], [0, []]);
});
