/**
 * Load generation: wrk when it is installed (a Lua script per run varies the page number, makes
 * each POSTed book unique and prints the summary as JSON), else the node:http generator of
 * loadgen.ts. Both print one `BENCH {...}` line with the same fields.
 */
import { spawn, spawnSync } from 'node:child_process';
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

/** What a client sends in one scenario. */
export interface Load {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH';
  /** `{n}` is replaced, per request, by a pseudo-random integer from 0 to `range - 1`. */
  readonly path: string;
  readonly range?: number;
}

export interface LoadOptions {
  readonly base: string;
  readonly seconds: number;
  readonly connections: number;
  readonly threads: number;
  /** Makes the isbns of POSTed books unique across runs against one service. */
  readonly runId: number;
}

export interface LoadResult {
  readonly requests: number;
  readonly seconds: number;
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Connect, read, write and timeout errors. */
  readonly errors: number;
  /** Responses with a status of 400 or more. */
  readonly non2xx: number;
}

/** The book of a POST: unique per (runId, thread, counter), of typical length. */
export function postBody(runId: number, thread: number, n: number): string {
  const id = `${runId}-${thread}-${n}`;
  return `{"isbn":"979-${id}","title":"The Benchmark Book ${id}","author":"Ada Lovelace"}`;
}

/** The book a PUT sends to /books/4-5-6: a new title every time, so every index moves it. */
export function putBody(runId: number, thread: number, n: number): string {
  const id = `${runId}-${thread}-${n}`;
  return `{"isbn":"4-5-6","title":"The Edited Book ${id}","author":"Ada Lovelace"}`;
}

/** The merge patch a PATCH sends to /books/4-5-6 (as application/json, which it takes too): a new title every time. */
export function patchBody(runId: number, thread: number, n: number): string {
  return `{"title":"The Patched Book ${runId}-${thread}-${n}"}`;
}

/** The body a write sends, or undefined for a read. */
export function bodyOf(method: Load['method'], runId: number, thread: number, n: number): string | undefined {
  if (method === 'PATCH') return patchBody(runId, thread, n);
  return method === 'POST' ? postBody(runId, thread, n) : method === 'PUT' ? putBody(runId, thread, n) : undefined;
}

export type Tool = 'wrk' | 'node';

export function chooseTool(): Tool {
  if (process.env.BENCH_TOOL === 'node') return 'node';
  return spawnSync('sh', ['-c', 'command -v wrk'], { stdio: 'ignore' }).status === 0 ? 'wrk' : 'node';
}

export function describeTool(tool: Tool, options: Pick<LoadOptions, 'connections' | 'threads'>): string {
  return tool === 'wrk'
    ? `wrk -t${options.threads} -c${options.connections} (keep-alive)`
    : `node:http keep-alive generator (bench/loadgen.ts), ${options.connections} connections; one node process, so it may saturate before the servers do: compare CPU µs/req`;
}

export function runLoad(tool: Tool, load: Load, options: LoadOptions): Promise<LoadResult> {
  return tool === 'wrk' ? runWrk(load, options) : runNode(load, options);
}

function luaString(text: string): string {
  return JSON.stringify(text); // the paths and bodies here are ASCII, where JSON and Lua agree
}

/** The Lua script of one wrk run. */
export function wrkScript(load: Load, runId: number): string {
  const lines = ['local n = 0', 'local threads = 0', 'math.randomseed(42)'];
  lines.push('function setup(thread)', '  threads = threads + 1', '  thread:set("tid", threads)', 'end');
  const written = bodyOf(load.method, runId, 0, 0);
  if (written !== undefined) {
    // The body with each occurrence of the id replaced by the Lua variable `id`.
    const body = written.split(`${runId}-0-0`).map(luaString).join(' .. id .. ');
    lines.push(
      `wrk.method = "${load.method}"`,
      'wrk.headers["Content-Type"] = "application/json"',
      'request = function()',
      '  n = n + 1',
      `  local id = "${runId}-" .. tid .. "-" .. n`,
      `  return wrk.format(nil, ${luaString(load.path)}, nil, ${body})`,
      'end',
    );
  } else if (load.path.includes('{n}')) {
    const [before, after] = load.path.split('{n}');
    lines.push(
      'request = function()',
      `  return wrk.format("GET", ${luaString(before ?? '')} .. math.random(0, ${(load.range ?? 1) - 1}) .. ${luaString(after ?? '')})`,
      'end',
    );
  }
  lines.push(
    'done = function(summary, latency, requests)',
    '  local e = summary.errors',
    `  io.write(string.format('BENCH {"requests":%d,"durationUs":%d,"p50Us":%.0f,"p99Us":%.0f,"errors":%d,"non2xx":%d}\\n',`,
    '    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),',
    '    e.connect + e.read + e.write + e.timeout, e.status))',
    'end',
  );
  return lines.join('\n') + '\n';
}

interface Summary {
  requests: number;
  durationUs: number;
  p50Us: number;
  p99Us: number;
  errors: number;
  non2xx: number;
}

function toResult(summary: Summary): LoadResult {
  const seconds = summary.durationUs / 1e6;
  return {
    requests: summary.requests,
    seconds,
    rps: summary.requests / seconds,
    p50Ms: summary.p50Us / 1000,
    p99Ms: summary.p99Us / 1000,
    errors: summary.errors,
    non2xx: summary.non2xx,
  };
}

/** Runs a command and resolves with the summary from its `BENCH` line. */
function collect(command: string, args: readonly string[]): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'] });
    let out = '';
    let err = '';
    child.stdout.setEncoding('utf8').on('data', (chunk: string) => (out += chunk));
    child.stderr.setEncoding('utf8').on('data', (chunk: string) => (err += chunk));
    child.once('error', reject);
    child.once('close', (code) => {
      const line = out.split('\n').find((text) => text.startsWith('BENCH '));
      if (code !== 0 || line === undefined) reject(new Error(`${command} failed (${code}): ${err || out}`));
      else resolve(toResult(JSON.parse(line.slice('BENCH '.length)) as Summary));
    });
  });
}

function runWrk(load: Load, options: LoadOptions): Promise<LoadResult> {
  const script = join(tmpdir(), `book-catalogue-bench-${process.pid}-${options.runId}.lua`);
  writeFileSync(script, wrkScript(load, options.runId));
  const url = options.base + (load.path.includes('{n}') ? '/' : load.path);
  const args = [`-t${options.threads}`, `-c${options.connections}`, `-d${options.seconds}s`, '--timeout', '10s', '-s', script, url];
  return collect('wrk', args).finally(() => rmSync(script, { force: true }));
}

const LOADGEN = join(import.meta.dirname, 'loadgen.ts');

function runNode(load: Load, options: LoadOptions): Promise<LoadResult> {
  return collect(process.execPath, [LOADGEN, JSON.stringify({ load, ...options })]);
}
