/** The rooms together, as src/rooms.ts lists them: where one room's rule meets another's. */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { connect, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { toFields } from '../../src/core/book.ts';
import { MapBookStore } from '../../src/core/store.ts';
import { ROOMS } from '../../src/rooms.ts';
import { expectedProblem } from '../helpers/books.ts';
import { scrape } from '../helpers/metrics.ts';
import { exchange } from '../helpers/raw.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const MERGE = { 'content-type': 'application/merge-patch+json' };

describe('PATCH with API_TOKEN and CORS_ORIGINS', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ API_TOKEN: 'sekrit', CORS_ORIGINS: 'https://app.example' }, { rooms: ROOMS });
  });
  after(() => server.close());

  it('the token comes first, before the type; a preflight allows PATCH', async () => {
    const refused = await fetch(`${server.base}/books/4-5-6`, { method: 'PATCH', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(refused.status, 401);
    const allowed = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PATCH',
      headers: { ...MERGE, authorization: 'Bearer sekrit' },
      body: '{"title":"Tokened"}',
    });
    assert.equal(allowed.status, 200);
    const preflight = await fetch(`${server.base}/books/4-5-6`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'PATCH',
        'access-control-request-headers': 'content-type, if-match',
      },
    });
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /If-Match/);
    const read = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PATCH',
      headers: { origin: 'https://app.example', 'content-type': 'text/plain' },
      body: 'x',
    });
    assert.match(read.headers.get('access-control-expose-headers') ?? '', /Accept-Patch/);
  });
});

describe('PATCH with HAL-FORMS in place', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: ROOMS })));
  after(() => server.close());

  const patch = (body: string, headers: Record<string, string>): Promise<Response> =>
    fetch(`${server.base}/books/4-5-6`, { method: 'PATCH', headers, body });

  it('If-Match: the tag of the book read, in HAL or in HAL-FORMS; a stale one is a 412 naming the current tag', async () => {
    const hal = (await fetch(`${server.base}/books/4-5-6`)).headers.get('etag') as string;
    const forms = (await fetch(`${server.base}/books/4-5-6`, { headers: { accept: 'application/prs.hal-forms+json' } })).headers.get(
      'etag',
    ) as string;
    assert.notEqual(hal, forms);
    const first = await patch('{"title":"One"}', { ...MERGE, 'if-match': forms });
    assert.equal(first.status, 200);
    const stale = await patch('{"title":"Two"}', { ...MERGE, 'if-match': hal });
    const now = first.headers.get('etag') as string;
    assert.deepEqual(await stale.json(), {
      ...expectedProblem(412, 'Precondition Failed', `The book has changed since it was read: its ETag is now ${now}`, '/books/4-5-6'),
    });
    assert.equal(stale.headers.get('etag'), now);
    // Asking for HAL-FORMS, the 412 names that representation's tag.
    const formsNow = (await fetch(`${server.base}/books/4-5-6`, { headers: { accept: 'application/prs.hal-forms+json' } })).headers.get(
      'etag',
    );
    const staleForms = await patch('{"title":"Two"}', { ...MERGE, 'if-match': hal, accept: 'application/prs.hal-forms+json' });
    assert.deepEqual([staleForms.status, staleForms.headers.get('etag')], [412, formsNow]);
  });
});

describe('the metrics listener has the main port’s guards', () => {
  it('has the main port’s guards: a request its parser refuses gets a problem, and the connection closes', async (t) => {
    const server = await startServer({ METRICS_PORT: 'free', LOG_LEVEL: 'silent' }, { rooms: ROOMS });
    t.after(() => server.close());
    const port = Number(new URL(server.metricsBase as string).port);
    const { responses } = await exchange(
      port,
      'GET /metrics HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n',
    );
    assert.deepEqual(
      responses.map((response) => [response.status, response.headers.get('content-type'), response.headers.get('connection')]),
      [[400, 'application/problem+json', 'close']],
    );
    // Pipelined scrapes are answered in order, a batch a turn, each the same text.
    const { responses: scrapes } = await exchange(port, 'GET /metrics HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(100));
    assert.equal(scrapes.length, 100);
    assert.ok(scrapes.every((response) => response.status === 200));
  });
});

describe('connections the service closes', () => {
  it('counts a head too large, and a client that reads nothing until the send timeout', { timeout: 60_000 }, async (t) => {
    const store = new MapBookStore(3_000);
    for (let i = 0; i < 3_000; i++)
      store.add(toFields({ isbn: `c-${i}`, title: `A title long enough to fill a socket ${'x'.repeat(200)} ${i}`, author: 'Ann Lee' }));
    const server = await startServer({ METRICS_PORT: 'free', SEND_TIMEOUT_MS: '200', LOG_LEVEL: 'warn' }, { rooms: ROOMS, store });
    t.after(() => server.close());
    const big = await exchange(server.port, `GET /books HTTP/1.1\r\nHost: x\r\nX-Big: ${'b'.repeat(20_000)}\r\n\r\n`);
    assert.equal(big.responses[0]?.status, 431);
    // Not reading: the answers fill the socket's buffers, and then nothing moves. A paused socket
    // sees no close, so the server's side is watched.
    const accepted = once(server.server, 'connection') as Promise<[Socket]>;
    const socket = connect(server.port, '127.0.0.1');
    socket.pause();
    socket.write('GET /books HTTP/1.1\r\nHost: x\r\n\r\n'.repeat(30));
    const [serverSide] = await accepted;
    await once(serverSide, 'close');
    socket.destroy();
    const { samples } = await scrape(server.metricsBase as string);
    const closed = Object.fromEntries(
      samples.filter((sample) => sample.name === 'http_connections_closed_total').map((sample) => [sample.labels.reason, sample.value]),
    );
    assert.deepEqual(closed, { send_timeout: 1, request_timeout: 0, bad_request: 0, headers_too_large: 1 });
    const rejected = samples.find((sample) => sample.name === 'http_requests_total' && sample.labels.method === 'OTHER');
    assert.deepEqual(rejected?.labels, { method: 'OTHER', route: 'other', status: '431' });
  });
});

describe('metrics of what the guards answer', () => {
  it('counts a request node’s parser cannot read as OTHER, other, 400, and its connection as closed', async (t) => {
    const server = await startServer({ METRICS_PORT: 'free', LOG_LEVEL: 'silent' }, { rooms: ROOMS });
    t.after(() => server.close());
    await exchange(server.port, 'GET /books HTTP/1.1\r\nHost: x\r\nContent-Length: 1\r\nTransfer-Encoding: chunked\r\n\r\n');
    const { samples } = await scrape(server.metricsBase as string);
    const value = (name: string, labels: Record<string, string>): number | undefined =>
      samples.find((sample) => sample.name === name && Object.entries(labels).every(([key, it]) => sample.labels[key] === it))?.value;
    assert.deepEqual(
      [
        value('http_requests_total', { method: 'OTHER', route: 'other', status: '400' }),
        value('http_connections_closed_total', { reason: 'bad_request' }),
      ],
      [1, 1],
    );
  });
});

describe('retries and batches with CORS and metrics', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ CORS_ORIGINS: 'https://app.example', METRICS_PORT: 'free' }, { rooms: ROOMS });
  });
  after(() => server.close());

  it('a page may send Idempotency-Key and read Idempotent-Replayed; the batch is counted by its route', async () => {
    const preflight = await fetch(`${server.base}/books:batchCreate`, {
      method: 'OPTIONS',
      headers: {
        origin: 'https://app.example',
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'idempotency-key',
      },
    });
    assert.equal(preflight.status, 204);
    assert.equal(preflight.headers.get('access-control-allow-methods'), 'POST, OPTIONS');
    assert.match(preflight.headers.get('access-control-allow-headers') ?? '', /(^|, )Idempotency-Key(,|$)/);
    const send = (): Promise<Response> =>
      fetch(`${server.base}/books:batchCreate`, {
        method: 'POST',
        headers: { origin: 'https://app.example', 'content-type': 'application/json', 'idempotency-key': '"page-1"' },
        body: JSON.stringify({ books: [{ isbn: 'p-1', title: 'Paged in', author: 'Pat Page' }] }),
      });
    assert.equal((await send()).status, 200);
    const again = await send();
    assert.equal(again.headers.get('idempotent-replayed'), 'true');
    assert.match(again.headers.get('access-control-expose-headers') ?? '', /(^|, )Idempotent-Replayed(,|$)/);
    const { samples } = await scrape(server.metricsBase as string);
    const batches = samples.filter((sample) => sample.name === 'http_requests_total' && sample.labels.route === '/books:batchCreate');
    assert.deepEqual(batches.map(({ labels, value }) => `${labels.method} ${labels.status} ${value}`).sort(), [
      'OPTIONS 204 1',
      'POST 200 2',
    ]);
  });
});
