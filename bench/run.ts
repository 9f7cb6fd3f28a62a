/**
 * `make bench`: the built service against a bare node:http floor, in one run (issue 5).
 *
 * 1. Writes a deterministic SEED_FILE of 100,000 books to the temporary directory.
 * 2. Records the service's answers to `GET /books/4-5-6` and to a POST, for the baseline.
 * 3. Cold start: spawn → first 200, service and baseline alternately, median of the runs.
 * 4. Fixture scenarios, A B A B (service, baseline, ...), each server warmed up first; RSS with
 *    the fixture is read before the POSTs, which go to a fresh service.
 * 5. 100,000-book scenarios (service only): server time from the access log's `durationMs`.
 * 6. RSS from /proc, and a markdown table for docs/performance.md.
 * 7. The attack suite (attacks.ts), on services of its own: what one client can make the
 *    service stall on or grow by. BENCH_ONLY that names `attack` runs it alone.
 *
 * Settings: BENCH_SECONDS (5), BENCH_ROUNDS (2), BENCH_CONNECTIONS (16), BENCH_COLD_RUNS (5),
 * BENCH_TOOL=node to use the node:http generator even where wrk is installed, BENCH_FLAGS to run
 * the service with other node flags than npm start's.
 *
 * Why `wrk -t1 -c16`: on 2 cores the service (one JavaScript thread) takes one core and the load
 * generator the other; one wrk thread drives well over 100k req/s, far above either server, so a
 * second thread would only compete for the service's core. 16 keep-alive connections keep the
 * server busy every turn of its event loop while the latency stays mostly service time.
 */
import { rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { runAttacks } from './attacks.ts';
import { type Load, chooseTool, describeTool, patchBody, postBody, putBody, runLoad } from './load.ts';
import {
  accessLines,
  durations,
  fetchOnce,
  freePort,
  killAll,
  PROBE_PATH,
  type Server,
  START_FLAGS,
  startBaseline,
  startService,
} from './procs.ts';
import { combine, markdown, median, type Run, type ScenarioRow } from './report.ts';
import { formTable, type Form, type FormRow, measureForm, measureMixed } from './scale.ts';
import { timeStoreWrites } from './store.ts';
import { commonPhrase, ONE_MATCH_WORD, RARE_COUNT, RARE_WORD, type SeedBook, writeSeedFile } from './seed.ts';
import { costlyForms, oneMatchQ, searchForms } from './search-forms.ts';

const setting = (name: string, fallback: number): number => {
  const value = Number(process.env[name] ?? fallback);
  if (!(value > 0)) throw new Error(`${name} must be a positive number`);
  return value;
};
const SECONDS = setting('BENCH_SECONDS', 5);
const ROUNDS = setting('BENCH_ROUNDS', 2);
const CONNECTIONS = setting('BENCH_CONNECTIONS', 16);
const COLD_RUNS = setting('BENCH_COLD_RUNS', 5);
/** BENCH_ONLY=<regex>: run only the scenarios whose name matches, e.g. BENCH_ONLY='one book|POST'. */
const ONLY = new RegExp(process.env.BENCH_ONLY ?? '', 'i');
/**
 * A BENCH_ONLY that names `attack` picks among the attacks (each named `attack: ...`) and runs
 * nothing else; any other BENCH_ONLY runs none of them, so that `POST` does not also pick the
 * attacks that POST.
 */
const ATTACKS_ONLY = /attack/i.test(process.env.BENCH_ONLY ?? '');
const ATTACKS_TOO = (process.env.BENCH_ONLY ?? '') === '' || ATTACKS_ONLY;
const WARMUP_SECONDS = 1;
const THREADS = 1;
const BOOKS = 100_000;
const SMALL_BOOKS = 1_000;
const SETTLE_MS = 5_000;
const PAGE_SIZE = 20;

interface Scenario {
  readonly name: string;
  readonly load: Load;
  readonly target?: string;
}

const GET_ONE: Scenario = { name: 'GET one book', load: { method: 'GET', path: PROBE_PATH }, target: '≥ 0.8× baseline' };
const FIXTURE_SCENARIOS: readonly Scenario[] = [
  GET_ONE,
  { name: 'GET the fixture list', load: { method: 'GET', path: '/books' } },
  { name: 'Title search, fixture (`?title=lord`)', load: { method: 'GET', path: '/books?title=lord' } },
  { name: 'POST a new book', load: { method: 'POST', path: '/books' }, target: '≥ 0.45× baseline' },
  // On the service the POSTs filled, so that a PUT meets a catalogue at least as large as theirs.
  { name: 'PUT a book, a new title each time', load: { method: 'PUT', path: PROBE_PATH }, target: 'server time ≤ 1.2× POST’s' },
  { name: 'PATCH a book, a new title each time', load: { method: 'PATCH', path: PROBE_PATH }, target: 'server time ≤ 1.2× PUT’s' },
];
const LARGE_SCENARIOS: readonly Scenario[] = [
  {
    name: `Page of ${PAGE_SIZE} sorted by title, ${BOOKS.toLocaleString('en-US')} books`,
    load: { method: 'GET', path: `/books?page={n}&size=${PAGE_SIZE}&sort=title`, range: BOOKS / PAGE_SIZE },
    target: '< 1 ms server time',
  },
  {
    name: `Title search, ${BOOKS.toLocaleString('en-US')} books (${RARE_COUNT(BOOKS)} hits)`,
    load: { method: 'GET', path: `/books?title=${RARE_WORD.toLowerCase()}` },
    target: '< 1 ms server time',
  },
];

/** The one-match search of api.md, Performance, rule 3, run with wrk at 1,000 books and at 100,000. */
const ONE_MATCH: Scenario = { name: 'One-match search', load: { method: 'GET', path: `/books?title=${ONE_MATCH_WORD.toLowerCase()}` } };
const FORM_REQUESTS = setting('BENCH_FORM_REQUESTS', 1000);

/** The hard searches of api.md, Performance, rule 2, each timed on its own; `phrase` matches at most 1,000 books. */
function scaleForms(books: readonly SeedBook[], phrase: { phrase: string; count: number }): Form[] {
  const pages = (matches: number): number => Math.ceil(matches / PAGE_SIZE);
  const count = (filter: string): number => books.filter((book) => book.title.toLowerCase().includes(filter)).length;
  const all = count('seeded'); // every seeded title; the fixture's three do not
  const common = `title=${phrase.phrase}`;
  return [
    { name: 'One match, common words around it', path: `/books?title=volume 99998`, status: 200 },
    {
      name: `${phrase.count} matches, every trigram common, any page`,
      path: `/books?${common}&page={n}&size=20`,
      pages: pages(phrase.count),
      status: 200,
    },
    {
      name: `${phrase.count} matches, sorted by author, descending, any page`,
      path: `/books?${common}&sort=author,desc&page={n}&size=20`,
      pages: pages(phrase.count),
      status: 200,
    },
    {
      name: `${phrase.count} matches, sorted by title, any page`,
      path: `/books?${common}&sort=title&page={n}&size=20`,
      pages: pages(phrase.count),
      status: 200,
    },
    { name: 'No match, every trigram common', path: '/books?title=volume there three', status: 404 },
    { name: 'One character, sorted, any page', path: '/books?title=e&sort=title&page={n}&size=20', pages: pages(count('e')), status: 200 },
    { name: 'Two characters, any page', path: '/books?title=he&page={n}&size=20', pages: pages(count('he')), status: 200 },
    {
      name: 'Three characters matching every book, sorted, any page',
      path: '/books?title=see&sort=isbn,desc&page={n}&size=20',
      pages: pages(count('see')),
      status: 200,
    },
    {
      name: 'Every book, sorted by title, any page',
      path: '/books?title=seeded&sort=title&page={n}&size=20',
      pages: pages(all),
      status: 200,
    },
    { name: 'No filter, sorted by author, any page', path: '/books?sort=author&page={n}&size=20', pages: pages(BOOKS), status: 200 },
  ];
}

const tool = chooseTool();
const setup = `${describeTool(tool, { connections: CONNECTIONS, threads: THREADS })}, ${ROUNDS} round${ROUNDS === 1 ? '' : 's'} × ${SECONDS} s per server and scenario after a ${WARMUP_SECONDS} s warm-up, LOG_LEVEL=info, node ${START_FLAGS.join(' ') || 'without flags'}`;
let runId = 0;
const log = (line: string): void => void process.stdout.write(`${line}\n`);

/** One run of the load generator, with the CPU time the server spent meanwhile. */
async function measure(server: Server, label: string, scenario: Scenario, seconds: number): Promise<Run> {
  const cpuBefore = server.cpuMs();
  const result = await runLoad(tool, scenario.load, {
    base: server.base,
    seconds,
    connections: CONNECTIONS,
    threads: THREADS,
    runId: ++runId,
  });
  const run = { ...result, cpuMs: server.cpuMs() - cpuBefore };
  const failed = result.errors + result.non2xx > 0 ? `, ${result.errors} errors, ${result.non2xx} status ≥ 400` : '';
  const cpu = ((run.cpuMs * 1000) / Math.max(1, run.requests)).toFixed(1);
  log(
    `  ${label.padEnd(8)} ${run.rps.toFixed(0).padStart(7)} req/s  p50 ${run.p50Ms.toFixed(2)} ms  p99 ${run.p99Ms.toFixed(2)} ms  CPU ${cpu} µs/req${failed}`,
  );
  return run;
}

const settle = (): Promise<void> => new Promise((resolve) => setTimeout(resolve, 100));

/** Warm-up, then A B A B ...; the service's access lines of the measured runs give server time. */
async function scenario(item: Scenario, service: Server, baseline?: Server): Promise<ScenarioRow | undefined> {
  if (!ONLY.test(item.name)) return undefined;
  log(`${item.name}: ${item.load.method} ${item.load.path}`);
  await measure(service, 'warm-up', item, WARMUP_SECONDS);
  if (baseline) await measure(baseline, 'warm-up', item, WARMUP_SECONDS);
  const serviceRuns: Run[] = [];
  const baselineRuns: Run[] = [];
  const serverMs: number[] = [];
  for (let round = 0; round < ROUNDS; round++) {
    await settle(); // access lines of earlier runs still in the pipe stay out
    service.capture();
    serviceRuns.push(await measure(service, 'service', item, SECONDS));
    await settle(); // the last access lines of this run come in
    for (const ms of durations(service.captured())) serverMs.push(ms);
    if (baseline) baselineRuns.push(await measure(baseline, 'baseline', item, SECONDS));
  }
  const row = { name: item.name, service: combine(serviceRuns), baseline: baseline ? combine(baselineRuns) : undefined, serverMs };
  return item.target === undefined ? row : { ...row, target: item.target };
}

async function recordReplies(): Promise<string> {
  const service = await startService();
  const get = await fetchOnce(service.base, 'GET', PROBE_PATH);
  const post = await fetchOnce(service.base, 'POST', '/books', postBody(0, 0, 0));
  const put = await fetchOnce(service.base, 'PUT', PROBE_PATH, putBody(0, 0, 0));
  const patch = await fetchOnce(service.base, 'PATCH', PROBE_PATH, patchBody(0, 0, 0));
  await service.stop();
  if (get.status !== 200 || post.status !== 201 || put.status !== 200 || patch.status !== 200)
    throw new Error(`recording failed: GET ${get.status}, POST ${post.status}, PUT ${put.status}, PATCH ${patch.status}`);
  const file = join(tmpdir(), `book-catalogue-bench-replies-${process.pid}.json`);
  writeFileSync(file, JSON.stringify({ get, post, put, patch }));
  return file;
}

async function coldStart(replies: string): Promise<{ service: number; baseline: number }> {
  const service: number[] = [];
  const baseline: number[] = [];
  for (let i = 0; i < COLD_RUNS; i++) {
    const a = await startService();
    service.push(a.startMs);
    await a.stop();
    const b = await startBaseline(replies);
    baseline.push(b.startMs);
    await b.stop();
  }
  log(
    `cold start, spawn → first 200: service ${service.map((v) => v.toFixed(1)).join(' ')} ms; baseline ${baseline.map((v) => v.toFixed(1)).join(' ')} ms`,
  );
  return { service: median(service), baseline: median(baseline) };
}

/**
 * RSS with the fixture, read after the GET loads and before any POST adds books. A sorted page
 * is asked for first, as the 100,000-book scenarios do, so that what every catalogue pays once
 * (the ICU collation data, about 3.5 MB) is on both sides and drops out of the bytes per book.
 */
async function fixtureRss(service: Server, baseline: Server): Promise<{ service: number; baseline: number }> {
  const sorted = await fetchOnce(service.base, 'GET', `/books?page=0&size=${PAGE_SIZE}&sort=title`);
  if (sorted.status !== 200) throw new Error(`sorted page: ${sorted.status}`);
  return { service: service.rss(), baseline: baseline.rss() };
}

async function main(): Promise<void> {
  if (!ATTACKS_ONLY) await scenarios();
  if (ATTACKS_TOO) await runAttacks(ONLY, log);
}

/** Every scenario but the attacks. */
async function scenarios(): Promise<void> {
  log(`load generator: ${tool === 'wrk' ? 'wrk' : 'node:http (BENCH_TOOL=node, or wrk not installed)'}; ${setup}`);
  const seedStarted = performance.now();
  const { path: seedFile, books } = writeSeedFile(BOOKS);
  const { path: smallSeedFile } = writeSeedFile(SMALL_BOOKS);
  log(`SEED_FILE: ${BOOKS} books in ${seedFile} (${(performance.now() - seedStarted).toFixed(0)} ms)`);
  const replies = await recordReplies();
  const coldStartMs = await coldStart(replies);

  const rows: ScenarioRow[] = [];
  // Room for every POSTed book, so that the POST scenario never meets the 507 of a full catalogue.
  const fixtureService = (): Promise<Server> => startService({ env: { MAX_BOOKS: '4000000' } });
  let service = await fixtureService();
  const baseline = await startBaseline(replies);
  let rssFixture = { service: NaN, baseline: NaN };
  for (const item of FIXTURE_SCENARIOS) {
    if (item.load.method === 'POST') {
      rssFixture = await fixtureRss(service, baseline);
      // That sorted page left a title order that every POST would then keep up to date; the POSTs
      // go to a fresh service, which keeps none, as in the runs before it.
      await service.stop();
      service = await fixtureService();
    }
    const row = await scenario(item, service, baseline);
    if (row) rows.push(row);
  }
  // The same floor writing one access line per request, at once, as the service does: how close
  // to the floor any service can come with its access log on, on this machine.
  const loggingBaseline = await startBaseline(replies, { env: { BASELINE_LOG: '1' } });
  const ceiling = await scenario({ ...GET_ONE, name: 'GET one book, bare node:http writing an access line' }, loggingBaseline, baseline);
  if (ceiling) rows.push({ ...ceiling, target: 'the ceiling with logs on' });
  await Promise.all([service.stop(), baseline.stop(), loggingBaseline.stop()]);
  // api.md, Metrics: GET of one book with METRICS_PORT set, against the same service without it.
  const [metricsOff, metricsOn] = await Promise.all([startService(), startService({ env: { METRICS_PORT: String(await freePort()) } })]);
  const metrics = await scenario(
    { ...GET_ONE, name: 'GET one book with METRICS_PORT set (baseline: the service without it)' },
    metricsOn,
    metricsOff,
  );
  if (metrics) rows.push({ ...metrics, target: '≥ 0.95× without' });
  await Promise.all([metricsOff.stop(), metricsOn.stop()]);

  const large = await startService({ env: { SEED_FILE: seedFile, MAX_BOOKS: String(2 * BOOKS) }, indexed: true });
  const small = await startService({ env: { SEED_FILE: smallSeedFile } });
  log(
    `service with ${BOOKS} books: first 200 after ${large.startMs.toFixed(0)} ms, text index built after ${large.indexedMs?.toFixed(0)} ms`,
  );
  // Measured once the text index is built, so that even the first search finds it ready.
  const searchStarted = performance.now();
  const firstSearch = await fetchOnce(large.base, 'GET', `/books?title=${RARE_WORD.toLowerCase()}`);
  const firstSearchMs = performance.now() - searchStarted;
  if (firstSearch.status !== 200) throw new Error(`first title search: ${firstSearch.status}`);
  log(`first title search: ${firstSearchMs.toFixed(1)} ms`);
  for (const item of LARGE_SCENARIOS) {
    const row = await scenario(item, large);
    if (row) rows.push(row);
  }
  // api.md, Performance, rule 3: the same one-match search, at 1,000 books and at 100,000, by title and by q.
  const oneMatchQuery: Scenario = {
    name: 'One-match q search',
    load: { method: 'GET', path: `/books?q=${encodeURIComponent(oneMatchQ(books))}` },
  };
  for (const item of [ONE_MATCH, oneMatchQuery]) {
    if (!ONLY.test(item.name)) continue;
    const atSmall = await scenario({ ...item, name: `${item.name}, ${SMALL_BOOKS.toLocaleString('en-US')} books` }, small);
    const atLarge = await scenario({ ...item, name: `${item.name}, ${BOOKS.toLocaleString('en-US')} books` }, large);
    if (atSmall && atLarge)
      rows.push(atSmall, {
        ...atLarge,
        target: `≥ 0.5× the rate at ${SMALL_BOOKS.toLocaleString('en-US')}: ${(atLarge.service.rps / atSmall.service.rps).toFixed(2)}×`,
      });
  }

  const phrase = commonPhrase(books, 1000);
  // The costliest search once more, answered 304: the tag it was given, sent back.
  const costly = costlyForms(books);
  const letters = costly.at(-1) as Form;
  const tagged = await fetchOnce(large.base, 'GET', encodeURI(letters.path));
  const notModified: Form = {
    name: `${letters.name}, answered 304`,
    path: letters.path,
    status: 304,
    headers: { 'if-none-match': tagged.headers.etag as string },
  };
  const forms = [...scaleForms(books, phrase), ...searchForms(books), ...costly, notModified].filter((form) => ONLY.test(form.name));
  const alone: (FormRow & Form)[] = [];
  for (const form of forms) {
    const row = await measureForm(large, form, FORM_REQUESTS, durations);
    log(`  ${row.name}: p50 ${row.p50Ms.toFixed(3)} ms, p99 ${row.p99Ms.toFixed(3)} ms`);
    alone.push({ ...form, ...row });
    // The 1,000-book service serves the same requests, so both processes have done the same work
    // when their memory is compared.
    await measureForm(small, { ...form, pages: 1, status: 0 }, FORM_REQUESTS, durations);
  }
  const found = alone.filter((row) => row.status === 200);
  const formRows: FormRow[] =
    ONLY.test('mixed') && found.length > 0
      ? [...(await measureMixed(large, found, FORM_REQUESTS * 10, accessLines)), ...alone.filter((row) => row.status !== 200)]
      : alone;

  // Memory after a settle: idle long enough for V8 to finish sweeping and give pages back.
  await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
  const rss100k = large.rss();
  const rss1k = small.rss();
  await Promise.all([large.stop(), small.stop()]);
  rmSync(replies, { force: true });

  log('');
  const rss = { books: rss100k, fewBooks: rss1k };
  log(
    markdown(
      rows,
      {
        coldStartMs,
        rssFixture,
        rss,
        books: BOOKS,
        fewBooks: SMALL_BOOKS,
        settleMs: SETTLE_MS,
        start100kMs: large.startMs,
        indexed100kMs: large.indexedMs ?? NaN,
        firstSearchMs,
      },
      setup,
    ),
  );
  log('');
  log(formTable(formRows));
  if (ONLY.test('store alone')) {
    // Last, in this process, once every server has stopped: the store's own share of a write.
    const store = timeStoreWrites(seedFile, BOOKS, 2000);
    const ms = (value: number): string => value.toFixed(3);
    log('');
    log(
      `The store alone at ${BOOKS.toLocaleString('en-US')} books, every index built, each write right after a search that sweeps the index (${store.writes} of each):`,
    );
    log(
      `add p50 ${ms(store.add.p50Ms)} ms, p99 ${ms(store.add.p99Ms)} ms; replace p50 ${ms(store.replace.p50Ms)} ms, p99 ${ms(store.replace.p99Ms)} ms; delete p50 ${ms(store.remove.p50Ms)} ms, p99 ${ms(store.remove.p99Ms)} ms.`,
    );
  }
}

main().catch((error: unknown) => {
  process.stderr.write(`bench failed: ${error instanceof Error ? error.stack : String(error)}\n`);
  killAll();
  process.exit(1);
});
