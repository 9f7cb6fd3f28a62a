/**
 * What a suffix array (suffix-array.ts) is built from: each text as it is compared, and the
 * entries of every text sorted (suffix-sort.ts), here or in a worker thread (suffix-worker.ts).
 */
import { Worker } from 'node:worker_threads';
import { lcpMerged, type Run } from './lcp-merge.ts';
import { ASCII, entryOf, entryOrder, fold, MAX_IDS, MAX_TEXT_LENGTH, PREFIX } from './suffix-order.ts';
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

/**
 * The most code units sorted at once. The sort's memory is about 13 bytes a code unit
 * (suffix-sort.ts): sorted whole, a catalogue that spends its text budget in long titles would
 * need more than twice what it serves with, since a title that repeats itself keeps few entries.
 * Where a list keeps few entries (titles of one letter), the part being sorted is most of the
 * worker's memory, so a part is half a million code units rather than more (docs/performance.md, Start-up).
 */
export const PART_UNITS = 2 ** 19;

/**
 * The entries of every suffix of texts as compared, sorted: the texts a part of at most `partUnits`
 * code units at a time (a text is never cut), and the sorted parts merged two at a time. Each part
 * is sorted as texts of its own, so that its arrays are its size, not the catalogue's.
 */
export function sortedEntries(compared: readonly (string | undefined)[], partUnits = PART_UNITS): Uint32Array<ArrayBuffer> {
  const runs: Run[] = [];
  for (let from = 0, to = 0; from < compared.length; from = to) {
    to = partEnd(compared, from, partUnits);
    const part = from === 0 && to === compared.length ? compared : compared.slice(from, to);
    const { entries, shared } = sortSuffixes(part, (offset, id) => entryOf(offset, from + id), fold, PREFIX, MAX_TEXT_LENGTH, true);
    if (part === compared) {
      shared.buffer.transfer(0);
      return entries;
    }
    // Copied to their size, so that the sort's larger arrays are given back at once.
    runs.push({ items: entries.slice(), shared: shared.slice() });
    for (const array of [entries, shared]) array.buffer.transfer(0);
  }
  const order = entryOrder(compared);
  while (runs.length > 1) {
    let [a, b] = runs.splice(0, 2) as [Run, Run];
    // The merge gives back b's items itself, as it moves them into the merged list: b is the larger.
    if (a.items.length > b.items.length) [a, b] = [b, a];
    // The last merge, with no run left beside it, needs no counts.
    runs.push(lcpMerged(a, b, order, runs.length > 0));
    for (const array of [a.items, a.shared, b.shared]) array.buffer.transfer(0);
  }
  return runs[0]?.items ?? new Uint32Array(0);
}

/** Where the part that starts at `from` ends: as many whole texts as `partUnits` code units hold, and one at least. */
function partEnd(compared: readonly (string | undefined)[], from: number, partUnits: number): number {
  let to = from + 1;
  let units = compared[from]?.length ?? 0;
  while (to < compared.length && units + (compared[to]?.length ?? 0) <= partUnits) units += compared[to++]?.length ?? 0;
  return to;
}

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
