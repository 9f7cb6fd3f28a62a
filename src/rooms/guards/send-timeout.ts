/**
 * The send timeout (api.md, Limits): a connection whose client has taken nothing of an answer
 * for SEND_TIMEOUT_MS is closed. node's own socket timer waits longer while a write is pending.
 */
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

interface Seen {
  /** The bytes node held for the connection at the last look. */
  pending: number;
  /** When the client last took something, or had nothing to take. */
  since: number;
}

export class SendTimeout {
  readonly timeoutMs: number;
  private readonly stalled: (socket: Socket) => void;
  private readonly watched = new Map<Socket, Seen>();

  /** `stalled` is told of each connection that made no progress for `timeoutMs`, once. */
  constructor(timeoutMs: number, stalled: (socket: Socket) => void) {
    this.timeoutMs = timeoutMs;
    this.stalled = stalled;
  }

  /**
   * Watches every connection of `server`. It looks every half second, or twice a timeout when
   * that is shorter, so a stalled connection is closed within a second of its timeout.
   */
  attach(server: Server): void {
    server.on('connection', (socket: Socket) => {
      // Not looked at yet: whatever waits at the first look counts as progress.
      this.watched.set(socket, { pending: Infinity, since: 0 });
      socket.once('close', () => this.watched.delete(socket));
    });
    const timer = setInterval(() => this.check(Date.now()), Math.min(500, this.timeoutMs / 2));
    timer.unref();
    server.once('close', () => clearInterval(timer));
  }

  /** Progress is the bytes waiting for the client going down, or none waiting at all. */
  check(now: number): void {
    for (const [socket, seen] of this.watched) {
      const pending = socket.writableLength;
      if (pending === 0 || pending < seen.pending) seen.since = now;
      seen.pending = pending;
      if (now - seen.since >= this.timeoutMs) {
        this.watched.delete(socket);
        this.stalled(socket);
      }
    }
  }
}
