/**
 * Which files of src/ one warmed request runs, measured with V8's precise coverage (the
 * inspector's Profiler.takePreciseCoverage), and how many lines those files hold in all.
 * Run: node bench/path.ts [map|indexed]. The README's request flow is this list.
 */
import { readFileSync } from 'node:fs';
import { Session } from 'node:inspector/promises';
import type { AddressInfo } from 'node:net';
import { fileURLToPath } from 'node:url';
import { createService } from '../src/core/service.ts';
import { ROOMS } from '../src/rooms.ts';

const SRC = new URL('../src/', import.meta.url).href;

// The whole service, as src/main.ts composes it, with the store asked for (the default: indexed).
const { server } = createService({ rooms: ROOMS, env: { LOG_LEVEL: 'info', STORE: process.argv[2] ?? 'indexed' }, write: () => {} });
await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

const book = JSON.stringify({ isbn: '9-9-9', title: 'The Dispossessed', author: 'Ursula K. Le Guin' });
/** The requests the contract names, each a function that sends it once and reads the answer. */
const REQUESTS: Record<string, () => Promise<unknown>> = {
  'GET /books?title=rings&page=0&size=2': () => fetch(`${base}/books?title=rings&page=0&size=2`).then((r) => r.text()),
  'GET /books': () => fetch(`${base}/books`).then((r) => r.text()),
  'GET /books/4-5-6': () => fetch(`${base}/books/4-5-6`).then((r) => r.text()),
  'POST /books': () =>
    fetch(`${base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: book }).then((r) => r.text()),
  'DELETE /books/9-9-9': () => fetch(`${base}/books/9-9-9`, { method: 'DELETE' }).then((r) => r.text()),
};

const session = new Session();
session.connect();
await session.post('Profiler.enable');
await session.post('Profiler.startPreciseCoverage', { callCount: true, detailed: true });

/** The files of src/ whose functions ran during `run`, after a warm-up of the same requests. */
async function filesRunBy(run: () => Promise<void>): Promise<Set<string>> {
  for (let i = 0; i < 20; i++) await run();
  await session.post('Profiler.takePreciseCoverage'); // resets the counts
  await run();
  const { result } = await session.post('Profiler.takePreciseCoverage');
  const files = new Set<string>();
  for (const script of result) {
    if (!script.url.startsWith(SRC)) continue;
    if (script.functions.some((fn) => fn.ranges[0] !== undefined && fn.ranges[0].count > 0)) files.add(script.url);
  }
  return files;
}

function report(name: string, files: Set<string>): void {
  let lines = 0;
  const rows = [...files].sort().map((url) => {
    const count = readFileSync(fileURLToPath(url), 'utf8').split('\n').length - 1;
    lines += count;
    return `  ${url.slice(SRC.length - 'src/'.length).padEnd(40)} ${String(count).padStart(5)}`;
  });
  console.log(`${name}: ${files.size} files, ${lines} lines\n${rows.join('\n')}`);
}

report(
  'GET /books?title=rings&page=0&size=2',
  await filesRunBy(async () => void (await REQUESTS['GET /books?title=rings&page=0&size=2']!())),
);
report(
  'the five requests',
  await filesRunBy(async () => {
    for (const send of Object.values(REQUESTS)) await send();
  }),
);
session.disconnect();
server.close();
server.closeAllConnections();
