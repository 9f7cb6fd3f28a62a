/**
 * A worker thread's whole work (suffix-build.ts, `sortedInWorker`): the sorted entries of each list
 * of texts it is given, one list after another, each handed back moved rather than copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { comparedTexts, sortedEntries } from './suffix-build.ts';

for (const texts of workerData as (string | undefined)[][]) {
  const sorted = sortedEntries(comparedTexts(texts));
  parentPort?.postMessage(sorted, [sorted.buffer]);
}
