/**
 * The hash table of ids against a Map from key to id, through seeded runs of adds, finds and
 * deletes: once with the real hash, and once with a hash that puts most keys in a few slots, so
 * that long runs of probing and every case of the backward shift on delete are exercised.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { hashStrings, IdHash } from '../../../src/rooms/indexed/id-hash.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();

/** Keys stand in records: ids index `keys`, as the store's ids index its books. */
function run(hash: (key: string) => number, seed: number, steps: number): void {
  const random = new Random(seed);
  const keys: (string | undefined)[] = [];
  const plain = new Map<string, number>();
  const table = new IdHash<string>(
    hash,
    (id) => hash(keys[id] as string),
    (id, key) => keys[id] === key,
  );
  for (let step = 0; step < steps; step++) {
    const key = `k${random.int(400)}`;
    const id = plain.get(key);
    if (id === undefined && random.chance(0.6)) {
      const free = keys.indexOf(undefined);
      const newId = free < 0 ? keys.length : free;
      keys[newId] = key;
      table.add(newId, key);
      plain.set(key, newId);
    } else if (id !== undefined && random.chance(0.5)) {
      table.delete(id, key);
      keys[id] = undefined;
      plain.delete(key);
    }
    assert.equal(table.find(key), plain.get(key), `step ${step}: ${key}`);
    assert.equal(table.size, plain.size);
  }
  for (let k = 0; k < 400; k++) assert.equal(table.find(`k${k}`), plain.get(`k${k}`), `k${k} at the end`);
}

describe(`IdHash (ROBUSTNESS_SEED=${SEED})`, () => {
  it('finds exactly what a Map finds, with the real hash', () => run((key) => hashStrings(key), SEED, 20_000));

  it('finds exactly what a Map finds when most keys share a few home slots', () => run((key) => key.length % 3, SEED + 1, 20_000));

  it('tells apart the same strings split differently, and hashes the empty parts too', () => {
    assert.notEqual(hashStrings('a b', 'c'), hashStrings('a', 'b c'));
    assert.notEqual(hashStrings('ab', ''), hashStrings('a', 'b'));
    assert.equal(hashStrings('x', 'y', 'z'), hashStrings('x', 'y', 'z'));
  });
});
