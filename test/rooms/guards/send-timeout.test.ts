/**
 * The send timeout's rule (api.md, Limits), on a clock the test moves: a connection is closed
 * once the bytes waiting for its client have not gone down for SEND_TIMEOUT_MS, never sooner.
 */
import assert from 'node:assert/strict';
import { EventEmitter } from 'node:events';
import type { Server } from 'node:http';
import type { Socket } from 'node:net';
import { describe, it } from 'node:test';
import { SendTimeout } from '../../../src/rooms/guards/send-timeout.ts';

/** A connection whose waiting bytes the test sets. */
class FakeSocket extends EventEmitter {
  writableLength = 0;
}

/** A SendTimeout watching `sockets`, first looked at at time 0; `stalled` lists the closed ones. */
function watching(timeoutMs: number, sockets: FakeSocket[]): { watch: SendTimeout; stalled: FakeSocket[] } {
  const stalled: FakeSocket[] = [];
  const watch = new SendTimeout(timeoutMs, (socket) => stalled.push(socket as unknown as FakeSocket));
  const server = new EventEmitter();
  watch.attach(server as unknown as Server);
  for (const socket of sockets) server.emit('connection', socket as unknown as Socket);
  server.emit('close'); // stops the timer: this test moves the clock itself
  watch.check(0);
  return { watch, stalled };
}

describe('SendTimeout', () => {
  it('closes a connection whose waiting bytes stay put for the timeout, once, and not a moment before', () => {
    const stuck = new FakeSocket();
    const { watch, stalled } = watching(1_000, [stuck]);
    stuck.writableLength = 5_000;
    watch.check(500); // something waits; the last progress was at 0, when nothing did
    watch.check(999);
    assert.deepEqual(stalled, []);
    watch.check(1_000);
    assert.deepEqual(stalled, [stuck]);
    watch.check(5_000);
    assert.deepEqual(stalled, [stuck]);
  });

  it('counts fewer bytes waiting, or none, as progress, and more as none', () => {
    const reader = new FakeSocket();
    const idle = new FakeSocket();
    const writer = new FakeSocket();
    const { watch, stalled } = watching(1_000, [reader, idle, writer]);
    for (let now = 500, waiting = 90_000; now <= 10_000; now += 500, waiting -= 4_000) {
      reader.writableLength = waiting; // a slow reader: less waits at every look
      writer.writableLength = now * 10; // an answer still growing that nobody reads
      watch.check(now);
    }
    assert.deepEqual(stalled, [writer]);
  });

  it('forgets a connection once it closes', () => {
    const gone = new FakeSocket();
    const { watch, stalled } = watching(1_000, [gone]);
    gone.writableLength = 100;
    gone.emit('close');
    watch.check(10_000);
    assert.deepEqual(stalled, []);
  });

  it('looks often enough to close a stalled connection within a second of the timeout', (t) => {
    t.mock.timers.enable({ apis: ['setInterval', 'Date'], now: 0 });
    for (const timeoutMs of [200, 1_000, 30_000]) {
      const stalled: FakeSocket[] = [];
      const watch = new SendTimeout(timeoutMs, (socket) => stalled.push(socket as unknown as FakeSocket));
      const server = new EventEmitter();
      watch.attach(server as unknown as Server);
      const socket = new FakeSocket();
      server.emit('connection', socket as unknown as Socket);
      socket.writableLength = 100; // from now on, the client takes nothing
      const stalledFrom = Date.now();
      let waited = 0;
      while (stalled.length === 0 && waited <= timeoutMs + 1_000) {
        t.mock.timers.tick(10);
        waited += 10;
      }
      assert.deepEqual(stalled, [socket], `SEND_TIMEOUT_MS=${timeoutMs}`);
      const after = Date.now() - stalledFrom;
      assert.ok(
        after >= timeoutMs && after <= timeoutMs + 1_000,
        `closed ${after} ms after the last progress, with SEND_TIMEOUT_MS=${timeoutMs}`,
      );
      server.emit('close');
    }
  });
});
