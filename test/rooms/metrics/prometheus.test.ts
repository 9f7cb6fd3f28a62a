/**
 * api.md, Metrics, for real: a Prometheus server (the Debian package) scrapes the service's
 * metrics listener every second, and a query through its HTTP API sees the requests made. Loopback
 * only, bounded in time; skips where no prometheus binary is found (`.ci/run` installs one).
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, it } from 'node:test';
import { setTimeout as sleep } from 'node:timers/promises';
import { freePort } from '../../helpers/http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { describeWhen } from '../../helpers/skip.ts';
import { metrics } from '../../../src/rooms/metrics/room.ts';

const installed = spawnSync('prometheus', ['--version']).status === 0;

/** Asks `ask` every 100 ms until it gives a value, for at most `seconds`; far above what it takes. */
async function eventually<T>(seconds: number, ask: () => Promise<T | undefined>): Promise<T> {
  for (let attempt = 0; attempt < seconds * 10; attempt++) {
    const answer = await ask().catch(() => undefined);
    if (answer !== undefined) return answer;
    await sleep(100);
  }
  throw new Error(`no answer within ${seconds} s`);
}

describeWhen(installed, 'a real Prometheus server', 'prometheus not found: install the Debian package prometheus, as .ci/run does', () => {
  let server: TestServer;
  let prometheus: ChildProcessWithoutNullStreams | undefined;
  let dir = '';
  let api = '';
  let output = '';

  before(async () => {
    server = await startServer({ METRICS_PORT: '1', LOG_LEVEL: 'warn' }, { rooms: [metrics] });
    dir = mkdtempSync(join(tmpdir(), 'books-prometheus-'));
    const target = (server.metricsBase as string).slice('http://'.length);
    writeFileSync(
      join(dir, 'prometheus.yml'),
      `global:\n  scrape_interval: 1s\nscrape_configs:\n  - job_name: books\n    static_configs:\n      - targets: ['${target}']\n`,
    );
    const port = await freePort();
    api = `http://127.0.0.1:${port}`;
    prometheus = spawn('prometheus', [
      `--config.file=${join(dir, 'prometheus.yml')}`,
      `--storage.tsdb.path=${join(dir, 'data')}`,
      `--web.listen-address=127.0.0.1:${port}`,
    ]);
    prometheus.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
    await eventually(60, async () => ((await fetch(`${api}/-/ready`)).ok ? true : undefined));
  });

  after(async () => {
    prometheus?.kill('SIGTERM');
    if (prometheus && prometheus.exitCode === null) await new Promise((resolve) => prometheus?.once('close', resolve));
    await server.close();
    rmSync(dir, { recursive: true, force: true });
  });

  it('scrapes the service, and a query counts the requests made', async () => {
    for (let i = 0; i < 7; i++) await (await fetch(`${server.base}/books/4-5-6`)).text();
    await (await fetch(`${server.base}/no/such/path`)).text();
    const query = async (expression: string): Promise<number | undefined> => {
      const response = await fetch(`${api}/api/v1/query?query=${encodeURIComponent(expression)}`);
      const body = (await response.json()) as { data: { result: { value: [number, string] }[] } };
      const value = body.data.result[0]?.value[1];
      return value === undefined ? undefined : Number(value);
    };
    const ok = 'http_requests_total{job="books",method="GET",route="/books/{isbn}",status="200"}';
    assert.equal(await eventually(60, async () => ((await query(ok)) === 7 ? 7 : undefined)), 7, output);
    assert.equal(await eventually(60, () => query('http_requests_total{route="other",status="404"}')), 1);
    assert.equal(await eventually(60, () => query('up{job="books"}')), 1);
    const books = await eventually(60, () => query('catalogue_books'));
    assert.equal(books, 3);
  });
});
