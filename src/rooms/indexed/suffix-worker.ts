/**
 * A worker thread's whole work (suffix-build.ts, `sortedInWorker`): the sorted entries of the
 * texts it is given, handed back moved rather than copied.
 */
import { parentPort, workerData } from 'node:worker_threads';
import { comparedTexts, sortedEntries } from './suffix-build.ts';

const sorted = sortedEntries(comparedTexts(workerData as (string | undefined)[]));
parentPort?.postMessage(sorted, [sorted.buffer]);
