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
