/**
 * api.md, Metrics: the second listener, the families and their labels, exact counts for a known
 * run of traffic, histograms that add up, a label set no client can grow, and Prometheus's own
 * checker on the text.
 */
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { after, before, describe, it } from 'node:test';
import { metricsRoom } from '../../../src/rooms/metrics/room.ts';
import { scrape } from '../../helpers/metrics.ts';
import { exchange } from '../../helpers/raw.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { describeWhen } from '../../helpers/skip.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';

const SEED = seedFromEnv();
const JSON_HEADERS = { 'content-type': 'application/json' };

describe('the metrics listener', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ METRICS_PORT: 'free' }, { rooms: [metricsRoom(0)] })));
  after(() => server.close());

  it('answers GET /metrics in the text format 0.0.4, HEAD too, and nothing else', async () => {
    const { response, text } = await scrape(server.metricsBase as string);
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'text/plain; version=0.0.4; charset=utf-8');
    for (const name of [
      'http_requests_total',
      'http_request_duration_seconds',
      'http_requests_in_flight',
      'http_connections_closed_total',
      'catalogue_books',
      'catalogue_capacity_books',
      'catalogue_text_units',
      'catalogue_text_capacity_units',
      'process_resident_memory_bytes',
      'process_cpu_seconds_total',
      'process_start_time_seconds',
      'nodejs_heap_used_bytes',
      'nodejs_eventloop_delay_seconds',
    ]) {
      assert.match(text, new RegExp(`^# HELP ${name} .+\\n# TYPE ${name} (counter|gauge|histogram|summary)$`, 'm'), name);
    }
    const head = await fetch(`${server.metricsBase}/metrics`, { method: 'HEAD' });
    assert.deepEqual([head.status, await head.text()], [200, '']);
    const other = await fetch(`${server.metricsBase}/books`);
    assert.deepEqual([other.status, await other.text()], [404, 'Not found: the metrics are at /metrics\n']);
    const post = await fetch(`${server.metricsBase}/metrics`, { method: 'POST' });
    assert.deepEqual(
      [post.status, post.headers.get('allow'), await post.text()],
      [405, 'GET, HEAD', 'Method not allowed: GET or HEAD /metrics\n'],
    );
  });

  it('is never served on the main port', async () => {
    const response = await fetch(`${server.base}/metrics`);
    assert.equal(response.status, 404);
    assert.equal(((await response.json()) as { detail: string }).detail, 'No resource at path: /metrics');
  });

  it('gives the catalogue and its limits', async () => {
    const { samples } = await scrape(server.metricsBase as string);
    const value = (name: string): number | undefined => samples.find((sample) => sample.name === name)?.value;
    assert.equal(value('catalogue_books'), server.store.size);
    assert.equal(value('catalogue_capacity_books'), 100_000);
    assert.equal(value('catalogue_text_units'), server.store.textUsed);
    assert.equal(value('catalogue_text_capacity_units'), 100_000 * 128);
  });
});

describe('the metrics listener under load (api.md, Metrics, rule 1)', () => {
  it('renders the text at most once an interval: scrapes within it get the same text', async (t) => {
    const server = await startServer({ METRICS_PORT: 'free', LOG_LEVEL: 'silent' }, { rooms: [metricsRoom(60_000)] });
    t.after(() => server.close());
    const first = await scrape(server.metricsBase as string);
    const added = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: JSON_HEADERS,
      body: '{"isbn":"1","title":"One","author":"A B"}',
    });
    assert.equal(added.status, 201);
    const second = await scrape(server.metricsBase as string);
    assert.equal(second.text, first.text);
  });
});

describe('counting requests', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ METRICS_PORT: 'free', LOG_LEVEL: 'warn' }, { rooms: [metricsRoom(0)] })));
  after(() => server.close());

  it('counts a known run of traffic exactly: by method, route and status, 304s and unknown paths included', async () => {
    const base = server.base;
    const etag = (await fetch(`${base}/books/4-5-6`)).headers.get('etag') ?? '';
    await (await fetch(`${base}/books/4-5-6`, { headers: { 'if-none-match': etag } })).text();
    await (await fetch(`${base}/books/none`)).text();
    await (await fetch(`${base}/books?title=rings&page=0&size=2`)).text();
    await (await fetch(`${base}/books`, { method: 'HEAD' })).text();
    await (await fetch(`${base}/books`, { method: 'OPTIONS' })).text();
    await (
      await fetch(`${base}/books`, {
        method: 'POST',
        headers: JSON_HEADERS,
        body: JSON.stringify({ isbn: 'm-1', title: 'Counted', author: 'Co Unt' }),
      })
    ).text();
    await (await fetch(`${base}/books/m-1`, { method: 'DELETE' })).text();
    await (await fetch(`${base}/books`, { method: 'PATCH', headers: JSON_HEADERS, body: '{}' })).text();
    await (await fetch(`${base}/no/such/path`)).text();
    await (await fetch(`${base}/no%2Fsuch`)).text();
    // A method node reads but no route answers is a 405 on its route, labelled OTHER.
    await exchange(server.port, 'PURGE /books HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n');

    const { samples } = await scrape(server.metricsBase as string);
    const requests = samples
      .filter((sample) => sample.name === 'http_requests_total')
      .map(({ labels, value }) => `${labels.method} ${labels.route} ${labels.status} ${value}`)
      .sort();
    assert.deepEqual(requests, [
      'DELETE /books/{isbn} 204 1',
      'GET /books 200 1',
      'GET /books/{isbn} 200 1',
      'GET /books/{isbn} 304 1',
      'GET /books/{isbn} 404 1',
      'GET other 404 2',
      'HEAD /books 200 1',
      'OPTIONS /books 204 1',
      'OTHER /books 405 1',
      'PATCH /books 405 1',
      'POST /books 201 1',
    ]);
    const closed = samples.filter((sample) => sample.name === 'http_connections_closed_total');
    assert.deepEqual(
      closed.map(({ labels, value }) => [labels.reason, value]),
      [
        ['send_timeout', 0],
        ['request_timeout', 0],
        ['bad_request', 0],
        ['headers_too_large', 0],
      ],
    );
    assert.equal(samples.find((sample) => sample.name === 'http_requests_in_flight')?.value, 0);
  });

  it('keeps every histogram consistent: cumulative buckets, +Inf equal to the count, one sum', async () => {
    const { samples } = await scrape(server.metricsBase as string);
    const sets = new Map<string, { buckets: [number, number][]; count?: number; sum?: number }>();
    for (const sample of samples.filter((entry) => entry.name.startsWith('http_request_duration_seconds'))) {
      const { le, ...labels } = sample.labels;
      const key = JSON.stringify(labels);
      const set = sets.get(key) ?? { buckets: [] };
      sets.set(key, set);
      if (sample.name.endsWith('_bucket')) set.buckets.push([le === '+Inf' ? Infinity : Number(le), sample.value]);
      else if (sample.name.endsWith('_count')) set.count = sample.value;
      else set.sum = sample.value;
    }
    assert.ok(sets.size >= 5, `${sets.size} label sets`);
    const requests = samples.filter((sample) => sample.name === 'http_requests_total');
    for (const [key, { buckets, count, sum }] of sets) {
      assert.equal(buckets.length, 13, key);
      assert.deepEqual(
        buckets.map(([le]) => le),
        [0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, Infinity],
        key,
      );
      for (let i = 1; i < buckets.length; i++) assert.ok((buckets[i]?.[1] as number) >= (buckets[i - 1]?.[1] as number), key);
      assert.equal(buckets.at(-1)?.[1], count, key);
      assert.ok(sum !== undefined && sum >= 0, key);
      const { method, route } = JSON.parse(key) as { method: string; route: string };
      const answered = requests
        .filter((sample) => sample.labels.method === method && sample.labels.route === route)
        .reduce((total, sample) => total + sample.value, 0);
      assert.equal(count, answered, `${key}: the histogram counts every answer of its label set`);
    }
  });

  it(`keeps the label set bounded whatever paths and methods clients send (ROBUSTNESS_SEED=${SEED})`, async () => {
    const random = new Random(SEED);
    const methods = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'PURGE', 'LOCK', 'M-SEARCH', 'SEARCH'];
    const pieces = ['books', 'health', 'x', '%7B', '{isbn}', 'other', 'explorer', '..', '', 'a b', 'openapi.json'];
    for (let i = 0; i < 150; i++) {
      const path = `/${Array.from({ length: random.between(0, 4) }, () => random.pick(pieces)).join('/')}`;
      await exchange(
        server.port,
        `${random.pick(methods)} ${path.replaceAll(' ', '%20')} HTTP/1.1\r\nHost: x\r\nConnection: close\r\n\r\n`,
      );
    }
    const routes = new Set(['other', ...server.app.routes.map((route) => route.path)]);
    const methodLabels = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS', 'OTHER']);
    const { samples } = await scrape(server.metricsBase as string);
    for (const sample of samples.filter((entry) => entry.name.startsWith('http_request'))) {
      if (sample.labels.route !== undefined) assert.ok(routes.has(sample.labels.route), sample.labels.route);
      if (sample.labels.method !== undefined) assert.ok(methodLabels.has(sample.labels.method), sample.labels.method);
    }
  });
});

const promtool = spawnSync('promtool', ['--version']).status === 0;

describeWhen(promtool, 'promtool', 'promtool not found: install the Debian package prometheus, as .ci/run does', () => {
  it('finds nothing wrong with the text, after traffic of every kind', async () => {
    const server = await startServer({ METRICS_PORT: 'free', LOG_LEVEL: 'warn' }, { rooms: [metricsRoom(0)] });
    try {
      for (const path of ['/', '/books', '/books/4-5-6', '/books/none', '/nope', '/explorer'])
        await (await fetch(`${server.base}${path}`)).text();
      const { text } = await scrape(server.metricsBase as string);
      const checked = spawnSync('promtool', ['check', 'metrics'], { input: text, encoding: 'utf8' });
      assert.equal(checked.status, 0, `${checked.stdout}${checked.stderr}`);
    } finally {
      await server.close();
    }
  });
});
