/**
 * Requests pipelined on one connection are handed to the app a batch per turn of the event loop,
 * a batch ending at 32 requests or once they have taken a few milliseconds, and while some wait,
 * the connection is not read: a flood on one connection delays the others by one batch at most.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How many pipelined requests of one connection are handled in one turn of the event loop, at most. */
const BATCH = 32;
/** How long the requests of one connection may take in one turn before the next wait for a later one. */
const BATCH_MS = 10;

/** The app's handler; `arrived` is when a request that waited here came in. */
type Handle = (req: IncomingMessage, res: ServerResponse, arrived?: number) => void;

interface Waiting {
  readonly requests: [IncomingMessage, ServerResponse, number][];
  /** Pauses the connection again whenever node resumes it while requests wait here. */
  readonly keepPaused: () => void;
}

export class Pipelining {
  private readonly handle: Handle;
  /** The clock of the time budget; a test gives one that it moves itself. */
  private readonly now: () => number;
  /** By connection: how many of its requests were handled this turn, and when the first was. */
  private readonly handledThisTurn = new Map<Socket, { count: number; since: number }>();
  private readonly waiting = new Map<Socket, Waiting>();

  constructor(handle: Handle, now: () => number = () => performance.now()) {
    [this.handle, this.now] = [handle, now];
  }

  /** Takes a request that arrived behind an answer still being written on its connection. */
  accept(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const waiting = this.waiting.get(socket);
    if (waiting !== undefined) {
      waiting.requests.push([req, res, this.now()]);
      return;
    }
    let turn = this.handledThisTurn.get(socket);
    if (turn === undefined) {
      turn = { count: 0, since: this.now() };
      this.handledThisTurn.set(socket, turn);
      setImmediate(() => this.handledThisTurn.delete(socket));
    }
    if (++turn.count <= BATCH && this.now() - turn.since < BATCH_MS) {
      this.handle(req, res);
      return;
    }
    // node parses all it has read at once; past the batch, requests wait and nothing more is read.
    const keepPaused = (): void => void socket.pause();
    this.waiting.set(socket, { requests: [[req, res, this.now()]], keepPaused });
    socket.on('resume', keepPaused);
    socket.pause();
    setImmediate(() => this.next(socket));
  }

  private next(socket: Socket): void {
    const waiting = this.waiting.get(socket) as Waiting;
    // A request whose connection has closed is handed on all the same: its answer goes nowhere,
    // but it is logged like any other.
    const since = this.now();
    let handed = 0;
    while (handed < Math.min(BATCH, waiting.requests.length) && this.now() - since < BATCH_MS) {
      this.handle(...(waiting.requests[handed++] as Waiting['requests'][number]));
    }
    waiting.requests.splice(0, handed);
    if (waiting.requests.length > 0) {
      setImmediate(() => this.next(socket));
      return;
    }
    this.waiting.delete(socket);
    socket.off('resume', waiting.keepPaused);
    // node keeps the connection paused itself while answers pile up unread.
    if (!socket.destroyed) socket.resume();
  }
}
