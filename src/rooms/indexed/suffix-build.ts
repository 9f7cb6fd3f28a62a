/**
 * What a suffix array (suffix-array.ts) is built from: each text as it is compared, and the
 * entries of every text sorted (suffix-sort.ts), here or in a worker thread (suffix-worker.ts).
 */
import { Worker } from 'node:worker_threads';
import { ASCII, entryOf, fold, MAX_IDS, MAX_TEXT_LENGTH, PREFIX } from './suffix-order.ts';
import { sortSuffixes } from './suffix-sort.ts';

/** Throws for an id beyond what an entry can hold. */
export function refuseBeyond(id: number): void {
  if (id >= MAX_IDS) throw new RangeError(`id ${id} is beyond the index`);
}

/** A text as compared: lower-cased; a text of plain ASCII as it is, folded A–Z while comparing. Throws for an id beyond the entries. */
export function textOf(id: number, text: string): string {
  refuseBeyond(id);
  return ASCII.test(text) ? text : text.toLowerCase();
}

/** Texts by id (undefined where an id is free), each as compared. */
export const comparedTexts = (texts: readonly (string | undefined)[]): (string | undefined)[] =>
  texts.map((text, id) => (text === undefined ? undefined : textOf(id, text)));

/** The entries of every suffix of texts as compared, sorted. */
export const sortedEntries = (compared: readonly (string | undefined)[]): Uint32Array<ArrayBuffer> =>
  sortSuffixes(compared, entryOf, fold, PREFIX, MAX_TEXT_LENGTH, true);

/**
 * `sortedEntries(comparedTexts(texts))` of each list of texts, worked out in a worker thread, so
 * that the thread that serves goes on meanwhile: for a large catalogue the sort takes long. Each
 * list's entries are handed to `each` as they come, and only then is the next list sent, in a turn
 * of its own: the worker never holds two lists at once. Fails if the worker cannot start, or stops
 * before its last answer.
 */
export function sortedInWorker(
  lists: readonly (readonly (string | undefined)[])[],
  each: (entries: Uint32Array<ArrayBuffer>, list: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(new URL('./suffix-worker.ts', import.meta.url));
    let count = 0;
    const stop = (error?: unknown): void => {
      if (error === undefined) resolve();
      else reject(error);
      void worker.terminate();
    };
    worker.on('message', (entries: Uint32Array<ArrayBuffer>) => {
      try {
        each(entries, count++);
      } catch (error) {
        return stop(error);
      }
      if (count < lists.length) setImmediate(() => worker.postMessage(lists[count]));
      else stop();
    });
    worker.once('error', reject);
    // Once the promise has settled, the worker's exit changes nothing: a promise settles once.
    worker.once('exit', (code) => reject(new Error(`the suffix sort's worker stopped with exit code ${code}`)));
    worker.postMessage(lists[0]);
  });
}
