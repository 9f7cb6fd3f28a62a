/**
 * The watcher of one attack, run in a worker thread (see watch.ts): it times `GET /health` every
 * 20 ms on one keep-alive connection of its own and reads the service's RSS every 50 ms, until
 * the main thread posts 'stop'; then it posts what it saw and closes everything it opened.
 * Imported on the main thread it does nothing.
 */
import { Agent, request } from 'node:http';
import { isMainThread, type MessagePort, parentPort, workerData } from 'node:worker_threads';
import { LIMIT_MS } from './attack-clients.ts';
import { rssOf } from './procs.ts';

export interface WatchTarget {
  readonly base: string;
  readonly pid: number;
}

export interface Watched {
  /** The slowest answer to `GET /health`, in ms, or the slowest failure (a probe gives up after 60 s). */
  readonly slowestMs: number;
  readonly probes: number;
  /** Probes with no 200 within `PROBE_LIMIT_MS`: an error, another status, or no answer. */
  readonly failures: number;
  /** The highest RSS read, in bytes; 0 when none could be read (the service was gone). */
  readonly maxRss: number;
}

const PROBE_EVERY_MS = 20;
const RSS_EVERY_MS = 50;
/** A probe waits as long as any request of the attacks at most, so that 'stop' is answered even if the service hangs. */
const PROBE_LIMIT_MS = LIMIT_MS;

/** One `GET /health` on the keep-alive connection: whether it was answered 200. */
function probe(base: string, agent: Agent): Promise<boolean> {
  return new Promise((resolve) => {
    const req = request(`${base}/health`, { agent, timeout: PROBE_LIMIT_MS }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode === 200));
      res.once('error', () => resolve(false));
    });
    req.once('timeout', () => req.destroy());
    req.once('error', () => resolve(false));
    req.end();
  });
}

async function watch(port: MessagePort, { base, pid }: WatchTarget): Promise<void> {
  let stopping = false;
  port.once('message', () => (stopping = true));
  let maxRss = 0;
  const sampler = setInterval(() => {
    try {
      maxRss = Math.max(maxRss, rssOf(pid));
    } catch {
      // the service has exited; the suite notices and says so
    }
  }, RSS_EVERY_MS);
  // One socket, kept open: the probe measures the service's answer, not a TCP handshake.
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  let slowestMs = 0;
  let probes = 0;
  let failures = 0;
  while (!stopping) {
    const started = performance.now();
    const answered = await probe(base, agent);
    if (probes === 0) port.postMessage('ready'); // the connection is open: the attack may begin
    probes++;
    if (!answered) failures++;
    slowestMs = Math.max(slowestMs, performance.now() - started);
    // The next probe 20 ms after this one began; at once when this one took longer.
    const wait = started + PROBE_EVERY_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
  }
  clearInterval(sampler);
  agent.destroy();
  const watched: Watched = { slowestMs, probes, failures, maxRss };
  port.postMessage(watched);
  port.close();
}

if (!isMainThread && parentPort) void watch(parentPort, workerData as WatchTarget);
