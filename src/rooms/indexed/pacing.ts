/** How the indexed store (store.ts) splits its long work; tests change it to make every search long, every stretch short, and every build a worker's. */
import { sortedInWorker } from './suffix-build.ts';
import { STRETCH_MS } from './stretches.ts';

export interface Pacing {
  /** The most entries a search reads at once rather than in stretches, taking its turn after the searches before it. */
  readonly quickSearch?: number;
  /** How long a stretch may run, in milliseconds. */
  readonly stretchMs?: number;
  /** The seed's text, in code units, from which `ready` sorts the suffix arrays in a worker thread: in place, the sort would hold the event loop long. */
  readonly inWorkerFrom?: number;
  /** What sorts them there. */
  readonly sortInWorker?: typeof sortedInWorker;
}

/** How long a stretch of folding runs, in milliseconds: shorter than a search's, since a write that comes in meanwhile waits for it. */
export const FOLD_MS = 1;

export const PACING: Required<Pacing> = { quickSearch: 50_000, stretchMs: STRETCH_MS, inWorkerFrom: 200_000, sortInWorker: sortedInWorker };
