/**
 * Pipelined requests (api.md, Limits): a connection's requests are handled a batch per turn of
 * the event loop, the connection is not read while some wait, and every one is still answered,
 * whole and in order.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { IncomingMessage, ServerResponse } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Pipelining } from '../../../src/rooms/guards/pipelining.ts';
import { expectedBook, TOLKIEN } from '../../helpers/books.ts';
import { exchange } from '../../helpers/raw.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { guards } from '../../../src/rooms/guards/room.ts';

/** A connection as Pipelining sees it: it can be paused and resumed, and it may close. */
class FakeSocket extends EventEmitter {
  paused = false;
  destroyed = false;
  pauses = 0;
  pause(): this {
    this.paused = true;
    this.pauses++;
    return this;
  }
  resume(): this {
    this.paused = false;
    this.emit('resume');
    return this;
  }
}

function requests(socket: FakeSocket, count: number): [IncomingMessage, ServerResponse][] {
  return Array.from({ length: count }, (_, i) => [{ socket, i } as unknown as IncomingMessage, { i } as unknown as ServerResponse]);
}

describe('Pipelining', () => {
  it('handles a batch of a connection’s requests a turn, pausing it while the rest wait, and resumes it after', async () => {
    const socket = new FakeSocket();
    const handled: number[] = [];
    // A clock that stands still: each turn is cut by the count alone, however slow the machine.
    const pipelining = new Pipelining(
      (_, res) => handled.push((res as unknown as { i: number }).i),
      () => 0,
    );
    for (const [req, res] of requests(socket, 100)) pipelining.accept(req, res);
    assert.equal(handled.length, 32);
    assert.equal(socket.paused, true);
    // node resumes a connection when an answer is done; while requests wait, it is paused again.
    socket.resume();
    assert.equal(socket.paused, true);
    const turns = [handled.length];
    while (handled.length < 100) {
      await nextTurn();
      turns.push(handled.length);
    }
    assert.deepEqual(turns, [32, 64, 96, 100]);
    assert.deepEqual(
      handled,
      Array.from({ length: 100 }, (_, i) => i),
    );
    assert.equal(socket.paused, false);
    // A new turn starts a new batch.
    await nextTurn();
    for (const [req, res] of requests(socket, 3)) pipelining.accept(req, res);
    assert.equal(handled.length, 103);
  });

  it('still hands on what waits on a connection that closed, so that each request is logged, and leaves it closed', async () => {
    const socket = new FakeSocket();
    let handled = 0;
    const pipelining = new Pipelining(
      () => handled++,
      () => 0,
    );
    for (const [req, res] of requests(socket, 50)) pipelining.accept(req, res);
    socket.destroyed = true;
    await nextTurn();
    assert.equal(handled, 50);
    assert.equal(socket.paused, true, 'a closed connection is not resumed');
  });

  it('ends a turn once its time budget is spent, however few requests it handled', async () => {
    const socket = new FakeSocket();
    let [handled, clock] = [0, 0];
    // Each request takes 4 ms of this clock: three fit in a turn's budget, the next waits.
    const pipelining = new Pipelining(
      () => {
        handled++;
        clock += 4;
      },
      () => clock,
    );
    for (const [req, res] of requests(socket, 7)) pipelining.accept(req, res);
    assert.deepEqual([handled, socket.paused], [3, true]);
    const turns = [handled];
    while (handled < 7) {
      await nextTurn();
      turns.push(handled);
    }
    assert.deepEqual(turns, [3, 6, 7]);
  });
});

describe('pipelined requests over HTTP', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: [guards] })));
  after(() => server.close());

  it('answers two hundred pipelined requests on one connection, each whole and in order', async () => {
    const isbns = ['4-5-6', 'none', '1-2-3'];
    const lines = Array.from(
      { length: 200 },
      (_, i) => `GET /books/${isbns[i % 3]} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nX-Request-Id: r-${i}\r\n`,
    );
    const { responses } = await exchange(server.port, `${lines.join('\r\n')}Connection: close\r\n\r\n`, { end: false });
    assert.equal(responses.length, 200);
    responses.forEach((response, i) => {
      assert.equal(response.headers.get('x-request-id'), `r-${i}`);
      assert.equal(response.status, [200, 404, 200][i % 3]);
    });
    assert.deepEqual(JSON.parse(String(responses[0]?.body)), expectedBook(server.base, TOLKIEN));
  });
});
