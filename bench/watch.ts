/**
 * Watching a service while it is attacked: `GET /health` timed every 20 ms and RSS read every
 * 50 ms (watch-worker.ts). The watcher runs in a worker thread, with an event loop of its own,
 * because the attacks run in this thread and some keep it busy (reading ten listings of tens of
 * megabytes each): a probe timed here would count this process's delays as the service's.
 */
import { Worker } from 'node:worker_threads';
import type { Server } from './procs.ts';
import type { Watched, WatchTarget } from './watch-worker.ts';

export type { Watched } from './watch-worker.ts';

export interface Watch {
  /** Stops probing and sampling; resolves with what was seen, once the worker has closed. */
  stop(): Promise<Watched>;
}

/** Starts watching `server`; resolves once the first probe has answered, on an open connection. */
export function watch(server: Server): Promise<Watch> {
  const target: WatchTarget = { base: server.base, pid: server.pid };
  const worker = new Worker(new URL('./watch-worker.ts', import.meta.url), { workerData: target });
  const next = <T>(): Promise<T> =>
    new Promise((resolve, reject) => {
      worker.once('message', resolve);
      worker.once('error', reject);
    });
  return next<'ready'>().then(() => ({
    stop: async () => {
      const watched = next<Watched>();
      worker.postMessage('stop');
      const result = await watched;
      await worker.terminate();
      return result;
    },
  }));
}
