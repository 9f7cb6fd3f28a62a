/**
 * api.md, Safe retries, as clients meet it: a client that retries a POST whose answer was lost on
 * the way ends with exactly one book; and the oldest kept answer goes once 10,000 keys are kept.
 */
import assert from 'node:assert/strict';
import { type IncomingMessage, request } from 'node:http';
import { connect, createServer, type Server, type Socket } from 'node:net';
import { after, before, describe, it } from 'node:test';
import type { Room } from '../../../src/core/rooms.ts';
import { BOUNDS, idempotency } from '../../../src/rooms/idempotency/room.ts';
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const BOOK = { isbn: 'r-1', title: 'Retried', author: 'Rae Retry' };

/**
 * A TCP relay to `port` that loses the first answer: it passes the request on, and once the service
 * answers it cuts the client's connection instead of passing the answer back, as a network may.
 */
async function lossyRelay(port: number): Promise<{ server: Server; port: number }> {
  let lost = false;
  const sockets = new Set<Socket>();
  const server = createServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    for (const socket of [client, upstream]) {
      sockets.add(socket);
      socket.on('error', () => {});
      socket.on('close', () => sockets.delete(socket));
    }
    client.pipe(upstream);
    upstream.on('data', (chunk: Buffer) => {
      if (lost) return void client.write(chunk);
      lost = true;
      client.destroy();
      upstream.destroy();
    });
    upstream.on('end', () => client.end());
  });
  server.on('close', () => sockets.forEach((socket) => socket.destroy()));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, port: (server.address() as { port: number }).port };
}

/** What a careful client does: one key for the request, and the same request again, up to three times, when no answer came. */
async function postWithRetries(url: string, body: string, key: string | undefined): Promise<Response> {
  for (let attempt = 1; ; attempt++) {
    try {
      const headers = { 'content-type': 'application/json', ...(key && { 'idempotency-key': `"${key}"` }) };
      return await fetch(url, { method: 'POST', headers, body, signal: AbortSignal.timeout(10_000) });
    } catch (error) {
      if (attempt === 3) throw error;
    }
  }
}

const STORES: readonly { name: string; rooms: readonly Room[] }[] = [
  { name: 'map', rooms: [idempotency] },
  { name: 'indexed', rooms: [indexed, idempotency] },
];

for (const { name, rooms } of STORES) {
  describe(`a client that retries a POST whose answer was lost (${name} store)`, () => {
    let server: TestServer;
    before(async () => (server = await startServer({}, { rooms })));
    after(() => server.close());

    it('with a key, ends with exactly one book and its 201, replayed', async () => {
      const relay = await lossyRelay(server.port);
      try {
        const response = await postWithRetries(`http://127.0.0.1:${relay.port}/books`, JSON.stringify(BOOK), `retry-${name}`);
        assert.equal(response.status, 201);
        assert.equal(response.headers.get('idempotent-replayed'), 'true');
        assert.equal(((await response.json()) as { isbn: string }).isbn, 'r-1');
        assert.equal(
          ((await (await fetch(`${server.base}/books?title=Retried`)).json()) as { _embedded: { bookDTOList: unknown[] } })._embedded
            .bookDTOList.length,
          1,
        );
      } finally {
        relay.server.close();
        server.store.remove('r-1');
      }
    });

    it('without one, is told its own book already exists', async () => {
      const relay = await lossyRelay(server.port);
      try {
        const response = await postWithRetries(`http://127.0.0.1:${relay.port}/books`, JSON.stringify(BOOK), undefined);
        assert.equal(response.status, 409);
        assert.equal(server.store.get('r-1')?.title, 'Retried');
      } finally {
        relay.server.close();
        server.store.remove('r-1');
      }
    });
  });
}

describe('the kept answers, full', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: [idempotency] })));
  after(() => server.close());

  it(`drops the oldest kept answer once ${BOUNDS.keys} keys are held: its key is a new key again; a request under way keeps its own`, async () => {
    const post = (key: number, body: string): Promise<Response> =>
      fetch(`${server.base}/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'idempotency-key': `"e-${key}"` },
        body,
      });
    // A request under way through all of it: its key is never dropped, so a copy sent meanwhile is still told to wait.
    const text = JSON.stringify({ isbn: 'held-1', title: 'Held back', author: 'Hal Held' });
    const held = request(`${server.base}/books`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(text),
        expect: '100-continue',
        'idempotency-key': '"held"',
      },
    });
    const heldAnswer = new Promise<IncomingMessage>((resolve, reject) => held.once('response', resolve).once('error', reject));
    await new Promise((resolve) => held.once('continue', resolve));
    held.write(text.slice(0, 10));
    // Cheap answers to keep: a body that is not JSON is a 400, kept as any 4xx.
    for (let from = 0; from <= BOUNDS.keys; from += 100) {
      const keys = Array.from({ length: Math.min(100, BOUNDS.keys + 1 - from) }, (_, i) => from + i);
      for (const response of await Promise.all(keys.map((key) => post(key, '{')))) assert.equal(response.status, 400);
    }
    const evicted = await post(0, JSON.stringify(BOOK));
    assert.equal(evicted.status, 201);
    assert.equal(evicted.headers.get('idempotent-replayed'), null);
    // The request under way took a place too: keys 0 and 1 went, and key 0's new answer pushed out key 2.
    assert.equal((await post(3, JSON.stringify(BOOK))).status, 422);
    assert.equal((await post(4, '{')).headers.get('idempotent-replayed'), 'true');
    const copy = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'idempotency-key': '"held"' },
      body: text,
    });
    assert.equal(copy.status, 409);
    held.end(text.slice(10));
    assert.equal((await heldAnswer).statusCode, 201);
  });
});
