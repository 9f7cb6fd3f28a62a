/**
 * Long work done in short stretches: a stretch runs until its time is up, then the work gives the
 * event loop back for a turn, so that other requests are answered in between (api.md, Limits).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';

/** How long a stretch may run before the work waits a turn. */
export const STRETCH_MS = 4;

export class Stretch {
  private started = performance.now();
  private readonly length: number;

  /** `length`: how long a stretch may run, in milliseconds; 0, in a test, waits a turn whenever the work can. */
  constructor(length = STRETCH_MS) {
    this.length = length;
  }

  /** Whether this stretch has run its time. */
  get late(): boolean {
    return performance.now() - this.started >= this.length;
  }

  /** Waits a turn of the event loop, then starts a new stretch. */
  async next(): Promise<void> {
    await nextTurn();
    this.started = performance.now();
  }
}

/** Long works run one after another, each once the one before it is done, in the order they came. */
export class OneAtATime {
  private last: Promise<unknown> = Promise.resolve();

  run<T>(work: () => Promise<T>): Promise<T> {
    const result = this.last.then(work);
    // A work that fails fails for its caller; the next one starts all the same.
    this.last = result.catch(() => undefined);
    return result;
  }
}
