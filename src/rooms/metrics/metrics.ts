/**
 * The service's metrics (api.md, Metrics): requests by method, route and status, their durations,
 * what is in flight, connections closed, the catalogue and the process. Counting a request adds
 * to numbers that exist already; the text is made only when Prometheus asks for it.
 */
import { monitorEventLoopDelay } from 'node:perf_hooks';
import type { Observer } from '../../core/rooms.ts';
import type { BookStore } from '../../core/store.ts';
import { family, histogramSamples, sample } from './text-format.ts';

/** The methods counted by name; any other is OTHER, so no client can add a label value. */
const METHODS = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER'] as const;
const METHOD_INDEX: ReadonlyMap<string, number> = new Map(METHODS.map((method, index) => [method, index]));
/** The route of a path that no route of the table fits. */
const OTHER_ROUTE = 'other';
/** The upper bounds of the duration buckets, in seconds. */
const BUCKETS = [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];
/** How often the event loop's timer runs; node records each whole interval, so this part is taken off. */
const LOOP_TIMER_MS = 10;
const REASONS = ['send_timeout', 'request_timeout', 'bad_request', 'headers_too_large'] as const;

/** What is counted for one method on one route. */
interface Counts {
  /** How many answers had each status. */
  readonly statuses: Map<number, number>;
  /** The answers in each bucket, then past every bound, then the sum of their seconds. */
  readonly durations: Float64Array;
}

export class HttpMetrics implements Observer {
  /**
   * By route, then by method. The routes come from the route table's templates (and `other`),
   * so this holds one entry a route at most, made the first time the route answers.
   */
  private readonly byRoute = new Map<string, Counts[]>();
  private inFlight = 0;
  private readonly closedBy = new Map<string, number>(REASONS.map((reason) => [reason, 0]));
  private readonly store: BookStore;
  private readonly loopDelay = monitorEventLoopDelay({ resolution: LOOP_TIMER_MS });
  private readonly startTime = Date.now() / 1000 - process.uptime();

  constructor(store: BookStore) {
    this.store = store;
    this.loopDelay.enable();
  }

  started(): void {
    this.inFlight++;
  }

  answered(method: string, route: string, status: number, seconds: number): void {
    this.inFlight--;
    this.count(method, route, status, seconds);
  }

  /** Counted as an answer that took no time, so that each histogram counts what its counter does. */
  rejected(status: number): void {
    this.count('OTHER', OTHER_ROUTE, status, 0);
  }

  private count(method: string, route: string, status: number, seconds: number): void {
    const { statuses, durations } = this.countsOf(method, route);
    statuses.set(status, (statuses.get(status) ?? 0) + 1);
    let bucket = 0;
    while (bucket < BUCKETS.length && seconds > (BUCKETS[bucket] as number)) bucket++;
    (durations[bucket] as number)++;
    (durations[BUCKETS.length + 1] as number) += seconds;
  }

  /** A reason not in REASONS would grow the label set, so it is not counted. */
  closed(reason: string): void {
    if (this.closedBy.has(reason)) this.closedBy.set(reason, (this.closedBy.get(reason) as number) + 1);
  }

  /** Stops watching the event loop, once the service stops. */
  stop(): void {
    this.loopDelay.disable();
  }

  /** The text a scrape gets, every family with its help and type. */
  render(): string {
    const requests: string[] = [];
    const durations: string[] = [];
    for (const [route, byMethod] of this.byRoute) {
      byMethod.forEach(({ statuses, durations: counts }, m) => {
        const method = METHODS[m] as string;
        for (const [status, count] of [...statuses].sort(([a], [b]) => a - b)) {
          requests.push(sample('http_requests_total', { method, route, status: String(status) }, count));
        }
        if (counts.subarray(0, BUCKETS.length + 1).some((count) => count > 0)) {
          durations.push(
            ...histogramSamples('http_request_duration_seconds', { method, route }, BUCKETS, counts, counts[BUCKETS.length + 1] as number),
          );
        }
      });
    }
    const delay = this.loopDelay;
    const memory = process.memoryUsage();
    const cpu = process.cpuUsage();
    return [
      family('http_requests_total', 'counter', 'Requests answered, by method, route and status.', requests),
      family(
        'http_request_duration_seconds',
        'histogram',
        'Time from a request to the last byte of its answer, by method and route.',
        durations,
      ),
      family('http_requests_in_flight', 'gauge', 'Requests being answered now.', [sample('http_requests_in_flight', {}, this.inFlight)]),
      family(
        'http_connections_closed_total',
        'counter',
        'Connections the service closed itself, by reason.',
        [...this.closedBy].map(([reason, count]) => sample('http_connections_closed_total', { reason }, count)),
      ),
      family('catalogue_books', 'gauge', 'Books in the catalogue.', [sample('catalogue_books', {}, this.store.size)]),
      family('catalogue_capacity_books', 'gauge', 'Books the catalogue may hold (MAX_BOOKS).', [
        sample('catalogue_capacity_books', {}, this.store.capacity),
      ]),
      family('catalogue_text_units', 'gauge', 'UTF-16 code units of text the books hold, as the text budget counts them.', [
        sample('catalogue_text_units', {}, this.store.textUsed),
      ]),
      family('catalogue_text_capacity_units', 'gauge', 'UTF-16 code units of text the catalogue may hold.', [
        sample('catalogue_text_capacity_units', {}, this.store.textCapacity),
      ]),
      family('process_resident_memory_bytes', 'gauge', 'Resident memory size in bytes.', [
        sample('process_resident_memory_bytes', {}, memory.rss),
      ]),
      family('process_cpu_seconds_total', 'counter', 'User and system CPU time spent, in seconds.', [
        sample('process_cpu_seconds_total', {}, (cpu.user + cpu.system) / 1e6),
      ]),
      family('process_start_time_seconds', 'gauge', 'When the process started, in seconds since the Unix epoch.', [
        sample('process_start_time_seconds', {}, Math.round(this.startTime)),
      ]),
      family('nodejs_heap_used_bytes', 'gauge', "V8's heap in use, in bytes.", [sample('nodejs_heap_used_bytes', {}, memory.heapUsed)]),
      family('nodejs_eventloop_delay_seconds', 'summary', 'How late the event loop ran its timers, in seconds.', [
        ...[0.5, 0.9, 0.99].map((quantile) =>
          sample(
            'nodejs_eventloop_delay_seconds',
            { quantile: String(quantile) },
            delay.count === 0 ? 0 : lateness(delay.percentile(quantile * 100)),
          ),
        ),
        sample('nodejs_eventloop_delay_seconds_sum', {}, delay.count === 0 ? 0 : lateness(delay.mean) * delay.count),
        sample('nodejs_eventloop_delay_seconds_count', {}, delay.count),
      ]),
    ].join('');
  }

  private countsOf(method: string, route: string): Counts {
    let byMethod = this.byRoute.get(route);
    if (byMethod === undefined) {
      byMethod = METHODS.map(() => ({ statuses: new Map<number, number>(), durations: new Float64Array(BUCKETS.length + 2) }));
      this.byRoute.set(route, byMethod);
    }
    return byMethod[METHOD_INDEX.get(method) ?? METHODS.length - 1] as Counts;
  }
}

/** How late a timer ran, in seconds, from the interval node recorded for it, in nanoseconds. */
function lateness(intervalNs: number): number {
  return Math.max(0, intervalNs - LOOP_TIMER_MS * 1e6) / 1e9;
}
