/**
 * A worker thread's whole work (suffix-build.ts, `sortedInWorker`): the sorted entries of each list
 * of texts it is sent, handed back moved rather than copied.
 */
import { parentPort } from 'node:worker_threads';
import { comparedTexts, sortedEntries } from './suffix-build.ts';

parentPort?.on('message', (texts: (string | undefined)[]) => {
  const sorted = sortedEntries(comparedTexts(texts));
  parentPort?.postMessage(sorted, [sorted.buffer]);
});
