/**
 * Requests pipelined on one connection are handed to the app a batch per turn of the event loop,
 * and while some wait, the connection is not read: a flood on one connection delays the others
 * by one batch at most.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

/** How many pipelined requests of one connection are handled in one turn of the event loop. */
const BATCH = 32;

/** The app's handler; `arrived` is when a request that waited here came in. */
type Handle = (req: IncomingMessage, res: ServerResponse, arrived?: number) => void;

interface Waiting {
  readonly requests: [IncomingMessage, ServerResponse, number][];
  /** Pauses the connection again whenever node resumes it while requests wait here. */
  readonly keepPaused: () => void;
}

export class Pipelining {
  private readonly handle: Handle;
  private readonly handledThisTurn = new Map<Socket, number>();
  private readonly waiting = new Map<Socket, Waiting>();

  constructor(handle: Handle) {
    this.handle = handle;
  }

  /** Takes a request that arrived behind an answer still being written on its connection. */
  accept(req: IncomingMessage, res: ServerResponse): void {
    const socket = req.socket;
    const waiting = this.waiting.get(socket);
    if (waiting !== undefined) {
      waiting.requests.push([req, res, performance.now()]);
      return;
    }
    const handled = (this.handledThisTurn.get(socket) ?? 0) + 1;
    if (handled === 1) setImmediate(() => this.handledThisTurn.delete(socket));
    this.handledThisTurn.set(socket, handled);
    if (handled <= BATCH) {
      this.handle(req, res);
      return;
    }
    // node parses all it has read at once; past the batch, requests wait and nothing more is read.
    const keepPaused = (): void => void socket.pause();
    this.waiting.set(socket, { requests: [[req, res, performance.now()]], keepPaused });
    socket.on('resume', keepPaused);
    socket.pause();
    setImmediate(() => this.next(socket));
  }

  private next(socket: Socket): void {
    const waiting = this.waiting.get(socket) as Waiting;
    // A request whose connection has closed is handed on all the same: its answer goes nowhere,
    // but it is logged like any other.
    for (const [req, res, arrived] of waiting.requests.splice(0, BATCH)) this.handle(req, res, arrived);
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
