/**
 * The servers under test, each a child process on 127.0.0.1: the service
 * (`src/main.ts`, access logs on, stdout drained into a sink that keeps chunks only while
 * asked to) and the bare baseline. Start-up time is spawn → first 200 to `GET /books/4-5-6`.
 */
import { type ChildProcess, type ChildProcessByStdio, spawn, spawnSync } from 'node:child_process';
import { closeSync, openSync, readFileSync, rmSync, truncateSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { request } from 'node:http';
import { createServer } from 'node:net';
import { performance } from 'node:perf_hooks';
import type { Readable } from 'node:stream';
import { join } from 'node:path';

export const SERVICE = join(import.meta.dirname, '../src/main.ts'); // what `npm start` runs

/**
 * The node flags of `npm start`, so that the service is measured as it runs in production;
 * BENCH_FLAGS replaces them (BENCH_FLAGS= for none), to see what they change.
 */
const START = (JSON.parse(readFileSync(join(import.meta.dirname, '../package.json'), 'utf8')) as { scripts: { start: string } }).scripts
  .start;
export const START_FLAGS: readonly string[] = (process.env.BENCH_FLAGS ?? START).split(' ').filter((word) => word.startsWith('--'));
/** The settings `npm start` gives node's environment (the memory allocator's, docs/deployment.md), so that the bench runs with them too. */
const START_ENV: Readonly<Record<string, string>> = Object.fromEntries(
  START.split(' ')
    .filter((word) => /^[A-Z_]+=/.test(word))
    .map((word) => [word.slice(0, word.indexOf('=')), word.slice(word.indexOf('=') + 1)]),
);
/**
 * Node's compile cache, as the container's image holds it (Containerfile): a start after the first
 * reads each module as V8 compiled it, instead of stripping its types and compiling it again.
 * Every server here shares it, the floor too; BENCH_COMPILE_CACHE= measures without one.
 */
const COMPILE_CACHE = process.env.BENCH_COMPILE_CACHE ?? join(tmpdir(), 'book-catalogue-bench-compile-cache');
export const BASELINE = join(import.meta.dirname, 'baseline.ts');
export const PROBE_PATH = '/books/4-5-6';

export interface Reply {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

export interface Server {
  readonly pid: number;
  readonly base: string;
  /** Spawn → first 200, in milliseconds. */
  readonly startMs: number;
  /** Spawn → the line `text index built`, in milliseconds, when asked to wait for it (`indexed`). */
  readonly indexedMs: number | undefined;
  /** From now on, stdout is kept (the service's access log). */
  capture(): void;
  /** The whole lines written since `capture()`. */
  captured(): string;
  /** Resident set size now, in bytes (Linux /proc). */
  rss(): number;
  /** CPU time used so far, user + system, in milliseconds (Linux /proc). */
  cpuMs(): number;
  /** SIGTERM by default, a graceful shutdown; SIGKILL when what the server is still doing does not matter. */
  stop(signal?: NodeJS.Signals): Promise<void>;
}

/** A port that was free a moment ago. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });
}

/** One request on a fresh connection; node adds Date, Connection and Keep-Alive itself, so they are left out. */
export function fetchOnce(base: string, method: string, path: string, body?: string): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = request(`${base}${path}`, { method, headers, agent: false }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.once('end', () => {
        const kept: Record<string, string> = {};
        for (const [name, value] of Object.entries(res.headers)) {
          if (typeof value === 'string' && !['date', 'connection', 'keep-alive'].includes(name)) kept[name] = value;
        }
        resolve({ status: res.statusCode ?? 0, headers: kept, body: Buffer.concat(chunks).toString('utf8') });
      });
    });
    req.once('error', reject);
    req.end(body);
  });
}

/** Polls the log every few milliseconds until it holds the line `text index built`. */
async function indexBuilt(logFile: string, exited: () => string | undefined, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  while (!readFileSync(logFile, 'utf8').includes('"msg":"text index built"')) {
    const failure = exited() ?? (performance.now() > deadline ? `no "text index built" line within ${limitMs / 1000} s` : undefined);
    if (failure !== undefined) throw new Error(failure);
    await new Promise((resolve) => setTimeout(resolve, 5));
  }
}

/** Polls every millisecond or so until the server answers 200; any other answer is a failure. */
async function firstOk(base: string, exited: () => string | undefined, limitMs: number): Promise<void> {
  const deadline = performance.now() + limitMs;
  for (;;) {
    const failure = exited() ?? (performance.now() > deadline ? `${base} did not answer within ${limitMs / 1000} s` : undefined);
    if (failure !== undefined) throw new Error(failure);
    const status = await fetchOnce(base, 'GET', PROBE_PATH).then(
      (reply) => reply.status,
      () => 0, // not listening yet
    );
    if (status === 200) return;
    if (status !== 0) throw new Error(`GET ${base}${PROBE_PATH} answered ${status}`);
    await new Promise((resolve) => setTimeout(resolve, 1));
  }
}

export interface StartOptions {
  /** How long start-up may take before the start counts as failed (120 s). */
  readonly readyWithinMs?: number;
  readonly env?: Record<string, string>;
  readonly nodeArgs?: readonly string[];
  /**
   * Wait, after the first 200, for the line `text index built` (LOG_LEVEL info or lower): a seed of
   * more than 200,000 code units is indexed in a worker thread once the service listens, and a
   * search before that reads every book. Every search figure waits for it.
   */
  readonly indexed?: boolean;
}

const CLOCK_TICKS = Number(spawnSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).stdout) || 100;

/** Every server still running, so that a failed run leaves none behind. */
const live = new Set<ChildProcess>();

export function killAll(): void {
  for (const child of live) child.kill('SIGKILL');
}

function startProcess(script: string, args: readonly string[], port: number, options: StartOptions): Promise<Server> {
  const env: Record<string, string> = { PATH: process.env.PATH ?? '' };
  if (COMPILE_CACHE) env.NODE_COMPILE_CACHE = COMPILE_CACHE;
  Object.assign(env, options.env);
  const started = performance.now();
  // stdout goes to a file opened for appending, as a log file or a collector that reads in bulk
  // would take it: draining a pipe line by line here would take CPU from the server under test.
  const logFile = join(tmpdir(), `book-catalogue-bench-${process.pid}-${port}.log`);
  const logFd = openSync(logFile, 'a');
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), script, ...args], {
    env,
    stdio: ['ignore', logFd, 'pipe'],
  }) as ChildProcessByStdio<null, null, Readable>;
  closeSync(logFd);
  let stderr = '';
  let exit: string | undefined;
  let stopping = false;
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  live.add(child);
  const exited = new Promise<void>((resolve) =>
    child.once('exit', (code, signal) => {
      exit = `${script} exited (${code ?? signal}): ${stderr}`;
      if (!stopping) process.stderr.write(`unexpected: pid ${child.pid} ${exit}\n`);
      live.delete(child);
      rmSync(logFile, { force: true });
      resolve();
    }),
  );
  const base = `http://127.0.0.1:${port}`;
  let startMs = 0;
  const ready = firstOk(base, () => exit, options.readyWithinMs ?? 120_000)
    .then(async () => {
      startMs = performance.now() - started;
      if (options.indexed) await indexBuilt(logFile, () => exit, options.readyWithinMs ?? 120_000);
    })
    .catch((error: unknown) => {
      stopping = true;
      child.kill('SIGKILL');
      throw error;
    });
  return ready.then(() => ({
    pid: child.pid ?? 0,
    base,
    startMs,
    indexedMs: options.indexed ? performance.now() - started : undefined,
    // Appends land at the end of the file, so emptying it starts a fresh capture.
    capture: () => truncateSync(logFile, 0),
    captured: () => {
      const text = readFileSync(logFile, 'utf8');
      truncateSync(logFile, 0);
      return text.slice(0, text.lastIndexOf('\n') + 1);
    },
    cpuMs: () => {
      // Fields 14 and 15 of /proc/<pid>/stat, after the parenthesised command name, in clock ticks.
      const fields = readFileSync(`/proc/${child.pid}/stat`, 'utf8').split(') ')[1]?.split(' ') ?? [];
      return ((Number(fields[11]) + Number(fields[12])) * 1000) / CLOCK_TICKS;
    },
    rss: () => rssOf(child.pid ?? 0),
    stop: (signal = 'SIGTERM') => {
      stopping = true;
      if (exit === undefined) child.kill(signal);
      return exited;
    },
  }));
}

/** Resident set size of a process now, in bytes (Linux /proc); throws once the process is gone. */
export function rssOf(pid: number): number {
  const match = /VmRSS:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The service as `npm start` runs it, with access logs on (LOG_LEVEL=info), as in production. */
export async function startService(options: StartOptions = {}): Promise<Server> {
  const port = await freePort();
  const env = { ...START_ENV, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'info', ...options.env };
  return startProcess(SERVICE, [], port, { ...options, env, nodeArgs: [...START_FLAGS, ...(options.nodeArgs ?? [])] });
}

/** The bare node:http floor, replaying `replies.json` (see baseline.ts). */
export async function startBaseline(repliesFile: string, options: StartOptions = {}): Promise<Server> {
  const port = await freePort();
  return startProcess(BASELINE, [String(port), repliesFile], port, options);
}

/** The floor of start-up: read, parse and keep a seed in a Map, nothing else (startup-floor.ts). */
export async function startFloor(seedFile: string, options: StartOptions = {}): Promise<Server> {
  const port = await freePort();
  return startProcess(join(import.meta.dirname, 'startup-floor.ts'), [String(port), seedFile], port, options);
}

/** The highest resident set size a process has had, in bytes (Linux /proc: VmHWM). */
export function peakRssOf(pid: number): number {
  const match = /VmHWM:\s+(\d+)\s+kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return match ? Number(match[1]) * 1024 : NaN;
}

/** The method and `durationMs` of every access line in a captured log. */
export function accessLines(log: string): { method: string; durationMs: number }[] {
  const found: { method: string; durationMs: number }[] = [];
  for (const line of log.split('\n')) {
    if (!line.includes('"msg":"request"')) continue;
    const { method, durationMs } = JSON.parse(line) as { method?: unknown; durationMs?: unknown };
    if (typeof method === 'string' && typeof durationMs === 'number') found.push({ method, durationMs });
  }
  return found;
}

/** `durationMs` of every access line in a captured log. */
export function durations(log: string): number[] {
  return accessLines(log).map((line) => line.durationMs);
}
