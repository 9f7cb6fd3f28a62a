/** The worker thread's sort (suffix-build.ts): the same entries as the sort here, list by list, and a failure said. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { MAX_IDS } from '../../../src/rooms/indexed/suffix-array.ts';
import { comparedTexts, sortedEntries, sortedInWorker } from '../../../src/rooms/indexed/suffix-build.ts';

const LISTS = [
  ['River', undefined, 'İstanbul nights', 'the river', ''],
  ['Ann Lee', 'Bo Ng', undefined, 'Ann Leeson'],
];

describe('sortedInWorker', () => {
  it('hands back each list’s entries, in order, as the sort in this thread makes them', async () => {
    const handed: [number, number[]][] = [];
    await sortedInWorker(LISTS, (entries, list) => handed.push([list, [...entries]]));
    assert.deepEqual(
      handed,
      LISTS.map((texts, list) => [list, [...sortedEntries(comparedTexts(texts))]]),
    );
  });

  it('fails with what its receiver threw, and sends no more lists', async () => {
    const lists: number[] = [];
    await assert.rejects(
      sortedInWorker(LISTS, (_, list) => {
        lists.push(list);
        throw new Error('a receiver that breaks');
      }),
      { message: 'a receiver that breaks' },
    );
    assert.deepEqual(lists, [0]);
  });

  it('fails with the worker’s own error: a text under an id beyond what an entry can hold', async () => {
    const sparse: (string | undefined)[] = [];
    sparse[MAX_IDS] = 'x';
    await assert.rejects(
      sortedInWorker([sparse], () => {}),
      { name: 'RangeError', message: `id ${MAX_IDS} is beyond the index` },
    );
  });
});
