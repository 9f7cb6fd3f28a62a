/**
 * The fallback load generator, for machines without wrk: `connections` keep-alive sockets, each
 * sending its next request as soon as the previous response has been read, for `seconds`.
 * Prints one `BENCH {...}` line with the fields of the wrk script's summary.
 *
 *   node bench/loadgen.ts '{"base":"http://127.0.0.1:8080","load":{...},"seconds":5,...}'
 *
 * It is one node process, so it may saturate before a fast server does; wrk is preferred.
 */
import { Agent, request } from 'node:http';
import { performance } from 'node:perf_hooks';
import { bodyOf, type Load, type LoadOptions } from './load.ts';

const options = JSON.parse(process.argv[2] ?? '{}') as LoadOptions & { load: Load };
const { load, connections } = options;
const url = new URL(options.base);
const agent = new Agent({ keepAlive: true, maxSockets: connections });

let state = 42;
/** A small linear congruential generator: the page numbers are the same on every run. */
function nextInt(range: number): number {
  state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
  return state % range;
}

const latencies: number[] = [];
let errors = 0;
let non2xx = 0;
let sent = 0;

function once(worker: number): Promise<void> {
  const path = load.path.includes('{n}') ? load.path.replace('{n}', String(nextInt(load.range ?? 1))) : load.path;
  const body = bodyOf(load.method, options.runId, worker, ++sent);
  const headers: Record<string, string | number> = {};
  if (body !== undefined) {
    headers['content-type'] = 'application/json';
    headers['content-length'] = Buffer.byteLength(body);
  }
  return new Promise((resolve) => {
    const started = performance.now();
    const req = request({ host: url.hostname, port: url.port, method: load.method, path, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => {
        latencies.push(performance.now() - started);
        if ((res.statusCode ?? 500) >= 400) non2xx++;
        resolve();
      });
    });
    req.once('error', () => {
      errors++;
      resolve();
    });
    req.end(body);
  });
}

async function worker(index: number, deadline: number): Promise<void> {
  while (performance.now() < deadline) await once(index + 1);
}

async function main(): Promise<void> {
  const started = performance.now();
  const deadline = started + options.seconds * 1000;
  await Promise.all(Array.from({ length: connections }, (_, index) => worker(index, deadline)));
  const durationUs = (performance.now() - started) * 1000;
  const sorted = Float64Array.from(latencies).sort();
  const at = (fraction: number): number => (sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] ?? 0) * 1000;
  const summary = { requests: latencies.length, durationUs, p50Us: at(0.5), p99Us: at(0.99), errors, non2xx };
  process.stdout.write(`BENCH ${JSON.stringify(summary)}\n`);
  agent.destroy();
}

void main();
