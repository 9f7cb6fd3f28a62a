/**
 * The attack suite of `make bench`: can one client stall the service, or make it grow without
 * bound? Each attack of attack-list.ts meets a service of its own, started here as production
 * runs it (access log on, TRUST_PROXY=true so forwarded headers are read, MAX_BOOKS with room
 * for the adds), so that none pays for what the one before left behind. While it runs, a probe
 * times `GET /health` every 20 ms on a connection of its own and RSS is read every 50 ms
 * (watch.ts). An attack lasts until its clients have closed and the service has gone quiet, so
 * work it left queued counts too.
 *
 *   BENCH_ONLY=attack make bench             the suite alone
 *   BENCH_ONLY='attack.*Host' make bench     the attacks whose name matches
 *   node bench/attacks.ts                    the same, without make (BENCH_ONLY applies)
 *
 * Targets: /health answers within 250 ms, RSS grows by at most 200 MB, an add's p99 is under 5 ms.
 */
import { rmSync } from 'node:fs';
import { type Tally, count, LIMIT_MS, sleep } from './attack-clients.ts';
import { type Attack, ATTACKS, type Catalogue } from './attack-list.ts';
import { writeLongTitleSeed, writeSharedTitleSeed } from './attack-seeds.ts';
import { freePort, killAll, type Server, startService } from './procs.ts';
import { type AttackRow, attackTable, percentile } from './report.ts';
import { writeSeedFile } from './seed.ts';
import { watch } from './watch.ts';

/** After start-up, before the attack: the seed's garbage collected, the first probe's code compiled. */
const SETTLE_MS = 1_500;

/** Each catalogue's SEED_FILE, written once, by its first attack; temporary files are removed at the end. */
const SEEDS: Record<Catalogue, () => { path: string; temporary: boolean }> = {
  // seed.ts's file, the one the other scenarios use; left in place as they leave it.
  '100,000 books': () => ({ path: writeSeedFile(100_000).path, temporary: false }),
  '30,000 books of one title': () => ({ path: writeSharedTitleSeed(30_000), temporary: true }),
  // 10,000, not 100,000: start-up takes about a millisecond a long title (33 s for 30,000 here),
  // and every attack on them starts a service.
  '10,000 titles of 512 characters': () => ({ path: writeLongTitleSeed(10_000), temporary: true }),
};

/**
 * The settings of every attacked service. Start-up may take minutes: how long a catalogue made
 * to be hard takes to load is one of the figures (the row's notes).
 */
async function startCatalogue(seedFile: string, attack: Attack): Promise<{ server: Server; metricsBase: string }> {
  const metricsPort = attack.metrics ? await freePort() : undefined;
  const env = {
    SEED_FILE: seedFile,
    TRUST_PROXY: 'true',
    MAX_BOOKS: '200000',
    LOG_LEVEL: 'info',
    ...(metricsPort === undefined ? {} : { METRICS_PORT: String(metricsPort) }),
    ...attack.env,
  };
  // Every catalogue here is large enough to be indexed in a worker thread: an attack waits for it, unless it is of the moments before.
  const server = await startService({ env, readyWithinMs: 300_000, indexed: attack.env?.STORE !== 'map' && !attack.beforeIndex });
  return { server, metricsBase: `http://127.0.0.1:${metricsPort ?? 0}` };
}

/** The row of an attack that could not run. */
const NOT_RUN: AttackRow = {
  name: '',
  slowestMs: NaN,
  probeFailures: 0,
  rssGrowthBytes: NaN,
  serverP99Ms: NaN,
  writes: false,
  statuses: '–',
  seconds: NaN,
  notes: [],
};

/** Whether the service still runs: /proc holds it until it exits. */
function alive(server: Server): boolean {
  try {
    server.cpuMs();
    return true;
  } catch {
    return false;
  }
}

/**
 * Waits until the service has used under a tenth of a core for a whole second (or has exited),
 * at most LIMIT_MS; resolves whether it went quiet. A second, not less: a busy service has
 * shorter lulls (a collection's pause, a turn of a shared machine's scheduler).
 */
async function quiet(server: Server): Promise<boolean> {
  const deadline = performance.now() + LIMIT_MS;
  let quietFor = 0;
  while (alive(server) && performance.now() < deadline) {
    const before = server.cpuMs();
    await sleep(250);
    if (!alive(server)) return true;
    quietFor = server.cpuMs() - before < 25 ? quietFor + 250 : 0;
    if (quietFor >= 1_000) return true;
  }
  return !alive(server);
}

interface Logged {
  readonly statuses: Tally;
  /** `durationMs` of the attack's requests, or of its adds when it writes. */
  readonly durations: number[];
  readonly unexpected: number;
}

/** The attack's requests in the service's log: every access line but the probe's, and the parser's refusals. */
function readLog(text: string, writes: boolean): Logged {
  const statuses: Tally = new Map();
  const durations: number[] = [];
  let unexpected = 0;
  for (const line of text.split('\n')) {
    if (!line.startsWith('{')) continue;
    const entry = JSON.parse(line) as { msg?: string; method?: string; path?: string; status?: number; code?: string; durationMs?: number };
    if (entry.msg === 'unexpected error') unexpected++;
    // With its code: ECONNRESET is a client that left first, logged as a 400 it never got.
    if (entry.msg === 'rejected by the HTTP parser') count(statuses, `${entry.status} ${entry.code}`);
    if (entry.msg !== 'request' || entry.path === '/health') continue;
    count(statuses, String(entry.status));
    if (!writes || entry.method === 'POST') durations.push(entry.durationMs ?? NaN);
  }
  return { statuses, durations, unexpected };
}

/** The log since `capture()`; empty once the service has exited, which takes its log file along. */
function capturedLog(server: Server): string {
  try {
    return server.captured();
  } catch {
    return '';
  }
}

const tallyText = (tally: Tally, suffix = ''): string[] => [...tally].map(([key, times]) => `${key}×${times}${suffix}`);

/** One attack, watched from just before it starts until the service is quiet again. */
async function measure(server: Server, metricsBase: string, attack: Attack): Promise<AttackRow> {
  const rssBefore = server.rss();
  const watcher = await watch(server);
  server.capture();
  const started = performance.now();
  const outcome = await attack.run(server.base, metricsBase);
  const wentQuiet = await quiet(server);
  const seconds = (performance.now() - started) / 1000;
  const seen = await watcher.stop();
  const died = !alive(server);
  const logged = readLog(capturedLog(server), attack.writes ?? false);
  const notes = [
    outcome.note,
    logged.unexpected > 0 ? `${logged.unexpected} unexpected error${logged.unexpected === 1 ? '' : 's'} logged` : undefined,
    died ? '**the service died**' : undefined,
    wentQuiet ? undefined : `still busy ${LIMIT_MS / 1000} s after the attack's clients were done`,
  ];
  return {
    name: attack.name,
    slowestMs: seen.slowestMs,
    probeFailures: seen.failures,
    rssGrowthBytes: seen.maxRss - rssBefore,
    serverP99Ms: percentile(logged.durations, 0.99),
    writes: attack.writes ?? false,
    addTargetMs: attack.addTargetMs,
    statuses: [...tallyText(logged.statuses), ...tallyText(outcome.failures, ' (client)')].join(', ') || '–',
    seconds,
    notes: notes.filter((note) => note !== undefined),
  };
}

/** Runs the attacks whose name, after `attack: `, matches `only`; prints a line each, then the table. */
export async function runAttacks(only: RegExp, log: (line: string) => void): Promise<void> {
  const chosen = ATTACKS.filter((attack) => only.test(`attack: ${attack.name}`));
  if (chosen.length === 0) return;
  const suiteStarted = performance.now();
  const rows: AttackRow[] = [];
  const seeds = new Map<Catalogue, { path: string; temporary: boolean }>();
  /** Why a catalogue's service could not be started, so that its other attacks do not try again. */
  const cannotStart = new Map<Catalogue, string>();
  const startupShown = new Set<Catalogue>();
  for (const attack of chosen) {
    let server: Server;
    let metricsBase: string;
    try {
      const why = cannotStart.get(attack.catalogue);
      if (why !== undefined) throw new Error(why);
      const seed = seeds.get(attack.catalogue) ?? SEEDS[attack.catalogue]();
      seeds.set(attack.catalogue, seed);
      ({ server, metricsBase } = await startCatalogue(seed.path, attack));
    } catch (error) {
      const why = error instanceof Error ? error.message : String(error);
      cannotStart.set(attack.catalogue, why);
      rows.push({ ...NOT_RUN, name: attack.name, writes: attack.writes ?? false, notes: [`not run: the service did not start (${why})`] });
      log(`  ${attack.name}: not run, the service did not start (${why})`);
      continue;
    }
    if (!attack.beforeIndex) await sleep(SETTLE_MS);
    const row = await measure(server, metricsBase, attack);
    // Killed, not stopped: a graceful shutdown would wait for whatever the attack left it doing.
    await server.stop('SIGKILL');
    // The start-up time of each catalogue is a figure too; the first row of the catalogue gives it.
    const indexed = server.indexedMs === undefined ? '' : `, text index built ${(server.indexedMs / 1000).toFixed(1)} s`;
    const ready = `service with ${attack.catalogue} ready ${(server.startMs / 1000).toFixed(1)} s after spawn${indexed}`;
    rows.push({ ...row, notes: startupShown.has(attack.catalogue) ? row.notes : [ready, ...row.notes] });
    startupShown.add(attack.catalogue);
    log(
      `  ${row.name}: /health ≤ ${row.slowestMs.toFixed(1)} ms, RSS growth ${(row.rssGrowthBytes / 1e6).toFixed(1)} MB, p99 ${row.serverP99Ms.toFixed(2)} ms, ${row.statuses}, ${row.seconds.toFixed(1)} s; ${ready}`,
    );
  }
  for (const seed of seeds.values()) if (seed.temporary) rmSync(seed.path, { force: true });
  log('');
  log(attackTable(rows));
  log('');
  log(`The attack suite took ${((performance.now() - suiteStarted) / 1000).toFixed(0)} s.`);
}

// `node bench/attacks.ts` runs the suite; imported (by run.ts), this module only defines it.
if (process.argv[1] === import.meta.filename) {
  runAttacks(new RegExp(process.env.BENCH_ONLY ?? '', 'i'), (line) => void process.stdout.write(`${line}\n`)).catch((error: unknown) => {
    process.stderr.write(`attacks failed: ${error instanceof Error ? error.stack : String(error)}\n`);
    killAll();
    process.exit(1);
  });
}
