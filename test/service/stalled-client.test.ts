/**
 * A client that reads nothing of a long listing (api.md, Limits, rule 7) is let go after
 * SEND_TIMEOUT_MS, and the close is logged; one that keeps reading, however slowly, is not. With
 * every room, and the default store, whose long listings are read a batch at a time.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { setImmediate } from 'node:timers/promises';
import { IndexedBookStore } from '../../src/rooms/indexed/store.ts';
import { ROOMS } from '../../src/rooms.ts';
import { COUNT, expectedBody, fill } from '../helpers/listing.ts';
import { open, parseResponses } from '../helpers/raw.ts';
import { startServer } from '../helpers/server.ts';

describe('a client that reads nothing', () => {
  it('is let go after SEND_TIMEOUT_MS, and the close is logged', { timeout: 60_000 }, async (t) => {
    const server = await startServer({ SEND_TIMEOUT_MS: '200' }, { rooms: ROOMS, store: fill(new IndexedBookStore(COUNT), COUNT) });
    t.after(() => server.close());
    const accepted = once(server.server, 'connection') as Promise<[Socket]>;
    const socket = await open(server.port);
    const [serverSide] = await accepted;
    // Not reading: the answers fill the socket's buffers (some megabytes on a loopback), and then
    // nothing moves. A paused socket sees no close either, so the server's side is watched.
    socket.pause();
    socket.write('GET /books HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(30));
    await once(serverSide, 'close');
    socket.destroy();
    // The requests still waiting learn of the close a few turns of the event loop later.
    const requests = (): number => server.logs.filter((line) => line.msg === 'request').length;
    while (requests() < 30) await setImmediate();
    const closed = server.logs.filter((line) => line.msg === 'closed a connection that made no progress');
    assert.deepEqual(
      closed.map(({ level, timeoutMs, method, path }) => ({ level, timeoutMs, method, path })),
      [{ level: 'warn', timeoutMs: 200, method: 'GET', path: '/books' }],
    );
    // Every request is in the access log with the status it was given, the ones whose turn never
    // came too: their answers waited in node's queue and went with the connection.
    const statuses = server.logs.filter((line) => line.msg === 'request').map((line) => line.status);
    assert.deepEqual(
      statuses,
      Array.from({ length: 30 }, () => 200),
    );
  });

  it('while a client that keeps reading gets its whole answer', async (t) => {
    // Far above any gap between two reads, even on a loaded machine; what is tested is that
    // progress keeps the connection, not how fast the reader is.
    const server = await startServer(
      { SEND_TIMEOUT_MS: '2000', LOG_LEVEL: 'warn' },
      { rooms: ROOMS, store: fill(new IndexedBookStore(COUNT), COUNT) },
    );
    t.after(() => server.close());
    const socket = await open(server.port);
    socket.write(`GET /books HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    const chunks: Buffer[] = [];
    // One chunk at a time, each after the server has written the next: progress, never a stall.
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const [response] = parseResponses(Buffer.concat(chunks)).responses;
    assert.equal(response?.body.toString('utf8'), await expectedBody(server.base, ''));
    assert.deepEqual(
      server.logs.filter((line) => line.level === 'warn'),
      [],
    );
  });
});
