/**
 * Figures to text: percentiles, the machine, and the markdown tables printed at the end of a run
 * (made to be pasted into docs/performance.md as they are).
 */
import { readFileSync } from 'node:fs';
import { availableParallelism, totalmem } from 'node:os';
import type { LoadResult } from './load.ts';

export function percentile(values: readonly number[], fraction: number): number {
  if (values.length === 0) return NaN;
  const sorted = Float64Array.from(values).sort();
  return sorted[Math.min(sorted.length - 1, Math.floor(fraction * sorted.length))] as number;
}

export function median(values: readonly number[]): number {
  return percentile(values, 0.5);
}

/** A load run, and the server's CPU time (user + system) meanwhile. */
export interface Run extends LoadResult {
  readonly cpuMs: number;
}

/** Several runs of one scenario as one: requests over time, and the mean of each percentile. */
export interface Combined {
  readonly rps: number;
  readonly p50Ms: number;
  readonly p99Ms: number;
  /** Server CPU per request; steadier than throughput on a shared machine. */
  readonly cpuUs: number;
  readonly failed: number;
}

export function combine(runs: readonly Run[]): Combined {
  const sum = (pick: (run: Run) => number): number => runs.reduce((total, run) => total + pick(run), 0);
  return {
    rps: sum((run) => run.requests) / sum((run) => run.seconds),
    p50Ms: sum((run) => run.p50Ms) / runs.length,
    p99Ms: sum((run) => run.p99Ms) / runs.length,
    cpuUs: (sum((run) => run.cpuMs) * 1000) / sum((run) => run.requests),
    failed: sum((run) => run.errors + run.non2xx),
  };
}

export function machine(): string {
  let cpu = 'unknown CPU';
  try {
    cpu = /^model name\s*:\s*(.+)$/m.exec(readFileSync('/proc/cpuinfo', 'utf8'))?.[1]?.trim() ?? cpu;
  } catch {
    // not Linux: the model stays unknown
  }
  const memory = `${(totalmem() / 2 ** 30).toFixed(1)} GiB RAM`;
  return `${availableParallelism()} × ${cpu}, ${memory}, Linux, Node ${process.version}`;
}

export interface ScenarioRow {
  readonly name: string;
  readonly service: Combined;
  readonly baseline?: Combined | undefined;
  /** `durationMs` of the service's access lines during the measured runs. */
  readonly serverMs: readonly number[];
  readonly target?: string;
}

export interface Extras {
  readonly coldStartMs: { readonly service: number; readonly baseline: number };
  readonly rssFixture: { readonly service: number; readonly baseline: number };
  /** RSS after a settle of the services with `books` and with `fewBooks`, which served the same searches. */
  readonly rss: { readonly books: number; readonly fewBooks: number };
  readonly books: number;
  readonly fewBooks: number;
  readonly settleMs: number;
  readonly start100kMs: number;
  readonly indexed100kMs: number;
  /** The first title search at `books`, right after start-up. */
  readonly firstSearchMs: number;
}

const n = (value: number, digits = 0): string =>
  Number.isFinite(value) ? value.toLocaleString('en-US', { minimumFractionDigits: digits, maximumFractionDigits: digits }) : '–';
const ms = (value: number): string => n(value, value < 1 ? 3 : value < 10 ? 2 : 1);
const mib = (bytes: number): string => `${n(bytes / 2 ** 20, 1)} MiB`;

export function markdown(rows: readonly ScenarioRow[], extras: Extras, setup: string): string {
  const out: string[] = [];
  out.push(`Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}.`, `Load: ${setup}.`, '');
  out.push(
    '| Scenario | Service req/s | p50 ms | p99 ms | Baseline req/s | p50 ms | p99 ms | Service / baseline | CPU µs/req service / baseline | Server time p50 / p99 ms | Target |',
    '|---|--:|--:|--:|--:|--:|--:|--:|--:|--:|---|',
  );
  for (const row of rows) {
    const { service, baseline } = row;
    const server = `${ms(percentile(row.serverMs, 0.5))} / ${ms(percentile(row.serverMs, 0.99))}`;
    const floor = baseline ? [n(baseline.rps), ms(baseline.p50Ms), ms(baseline.p99Ms)] : ['–', '–', '–'];
    const ratio = baseline ? `${n(service.rps / baseline.rps, 2)}×` : '–';
    const cpu = `${n(service.cpuUs, 1)} / ${baseline ? n(baseline.cpuUs, 1) : '–'}`;
    const cells = [row.name, n(service.rps), ms(service.p50Ms), ms(service.p99Ms), ...floor, ratio, cpu, server, row.target ?? ''];
    out.push(`| ${cells.join(' | ')} |`);
  }
  const { coldStartMs, rssFixture, rss } = extras;
  // api.md, Performance, rule 5: the growth of RSS from the small catalogue to the large one, per book.
  const perBook = (rss.books - rss.fewBooks) / (extras.books - extras.fewBooks);
  out.push(
    '',
    '| Measure | Service | Baseline | Service / baseline | Target |',
    '|---|--:|--:|--:|---|',
    `| Cold start to first 200 (median of runs) | ${ms(coldStartMs.service)} ms | ${ms(coldStartMs.baseline)} ms | ${n(coldStartMs.service / coldStartMs.baseline, 2)}× | |`,
    `| RSS with the fixture, after load | ${mib(rssFixture.service)} | ${mib(rssFixture.baseline)} | | |`,
    `| RSS after the scale scenarios and a ${n(extras.settleMs / 1000)} s settle: ${n(extras.fewBooks)} books, ${n(extras.books)} books | ${mib(rss.fewBooks)}, ${mib(rss.books)} | | | |`,
    `| Bytes of RSS per book: (RSS at ${n(extras.books)} − RSS at ${n(extras.fewBooks)}) / ${n(extras.books - extras.fewBooks)} | ${n(perBook)} | | | ≤ 650, with the title and author indexes |`,
    `| Start to first 200 with ${n(extras.books)} books (SEED_FILE) | ${ms(extras.start100kMs)} ms | | | |`,
    `| Start to the text index built with ${n(extras.books)} books (in a worker thread, as the service serves) | ${ms(extras.indexed100kMs)} ms | | | |`,
    `| First title search with ${n(extras.books)} books, from the client | ${ms(extras.firstSearchMs)} ms | | | |`,
  );
  const failed = rows.filter((row) => row.service.failed > 0 || (row.baseline?.failed ?? 0) > 0);
  if (failed.length > 0) out.push('', `Failed requests (errors or status ≥ 400) in: ${failed.map((row) => row.name).join(', ')}.`);
  return out.join('\n');
}

/** One attack of the attack suite (attacks.ts), as the table shows it. */
export interface AttackRow {
  readonly name: string;
  /** The slowest answer to the `/health` probe, in ms, and how many probes got none. */
  readonly slowestMs: number;
  readonly probeFailures: number;
  /** The highest RSS during the attack minus RSS just before it. */
  readonly rssGrowthBytes: number;
  /** p99 of the attack's own requests (its adds, when it writes), from the access log. */
  readonly serverP99Ms: number;
  readonly writes: boolean;
  /** The p99 an add must stay under, when the attack writes; ATTACK_TARGETS.addP99Ms unless the attack says. */
  readonly addTargetMs?: number;
  /** What the service answered, from its log, then what clients saw that was no answer. */
  readonly statuses: string;
  readonly seconds: number;
  readonly notes: readonly string[];
}

/** What every attack must leave true: the service answers others, and its memory stays put. */
export const ATTACK_TARGETS = { healthMs: 250, rssGrowthBytes: 200e6, addP99Ms: 5 } as const;

export function attackTable(rows: readonly AttackRow[]): string {
  const met = (yes: boolean): string => (yes ? 'yes' : '**no**');
  const out = [
    `Measured ${new Date().toISOString().slice(0, 10)} on ${machine()}. MB = 10⁶ bytes.`,
    '',
    '| Attack | /health slowest ms | RSS growth MB | p99 ms (server) | Statuses | Took s | /health ≤ 250 ms | RSS growth ≤ 200 MB | Add p99 under its target (5 ms unless named) | Notes |',
    '|---|--:|--:|--:|---|--:|---|---|---|---|',
  ];
  for (const row of rows) {
    const ran = !Number.isNaN(row.slowestMs);
    const health = row.probeFailures > 0 ? `${ms(row.slowestMs)} (${row.probeFailures} failed)` : ms(row.slowestMs);
    const cells = [
      row.name,
      health,
      n(row.rssGrowthBytes / 1e6, 1),
      ms(row.serverP99Ms),
      row.statuses,
      n(row.seconds, 1),
      ran ? met(row.slowestMs <= ATTACK_TARGETS.healthMs && row.probeFailures === 0) : '–',
      ran ? met(row.rssGrowthBytes <= ATTACK_TARGETS.rssGrowthBytes) : '–',
      row.writes && ran
        ? `${met(row.serverP99Ms < (row.addTargetMs ?? ATTACK_TARGETS.addP99Ms))}${row.addTargetMs === undefined ? '' : ` (< ${row.addTargetMs} ms)`}`
        : '',
      row.notes.join('; '),
    ];
    out.push(`| ${cells.join(' | ')} |`);
  }
  return out.join('\n');
}
