/**
 * The clients of the attacks: requests read to the end, and raw sockets (node:net) that send
 * bytes and never read what comes back. Each is cut after a time limit and none rejects: what a
 * client saw that was not an answer (an error, a cut) is counted in a Tally by its code, so a
 * service that dies mid-attack shows up in the table instead of stopping the bench.
 */
import { Agent, request } from 'node:http';
import { connect, type Socket } from 'node:net';

/** Outcomes counted by name: `ECONNRESET` → 3. */
export type Tally = Map<string, number>;

export function count(tally: Tally, key: string, by = 1): void {
  tally.set(key, (tally.get(key) ?? 0) + by);
}

/** No request and no attack loop runs longer than this. */
export const LIMIT_MS = 60_000;

export interface Call {
  readonly method?: string;
  readonly path: string;
  /** A list is sent as that many header lines, as a proxy that appends its own line would. */
  readonly headers?: Readonly<Record<string, string | readonly string[]>>;
  readonly body?: string;
  /** A keep-alive agent to reuse a connection; by default each call has a connection of its own. */
  readonly agent?: Agent;
}

/**
 * One request, its answer read to the end (and dropped); resolves with the status. A failure is
 * counted in `failures` under its error code, and resolves with 0.
 */
export function call(base: string, { method = 'GET', path, headers = {}, body, agent }: Call, failures: Tally): Promise<number> {
  const sent = {
    ...headers,
    ...(body === undefined ? {} : { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) }),
  };
  return new Promise((resolve) => {
    const failed = (error: NodeJS.ErrnoException): void => {
      count(failures, error.code ?? error.message);
      resolve(0);
    };
    const req = request(`${base}${path}`, { method, headers: sent, agent: agent ?? false, timeout: LIMIT_MS }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
      res.once('error', failed);
    });
    req.once('timeout', () => req.destroy(Object.assign(new Error('timed out'), { code: 'timeout' })));
    req.once('error', failed);
    req.end(body);
  });
}

/** `count` calls at once, each on a connection of its own; resolves when all have ended. */
export async function atOnce(base: string, times: number, item: Call): Promise<Tally> {
  const failures: Tally = new Map();
  await Promise.all(Array.from({ length: times }, () => call(base, item, failures)));
  return failures;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** A connection to the service that reads nothing: paused at once, so its buffers fill and stay full. */
function openSilent(base: string, failures: Tally): Promise<Socket> {
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    socket.pause();
    socket.on('error', (error: NodeJS.ErrnoException) => count(failures, error.code ?? error.message));
    socket.once('connect', () => resolve(socket));
    // A connection refused never connects; its error is counted, and the attack goes on without it.
    socket.once('close', () => resolve(socket));
  });
}

/**
 * `clients` connections each write `bytes` and never read; held for `holdMs`, then destroyed.
 * The service's answers pile up in the sockets' buffers, the kernel's and its own.
 */
export async function silent(base: string, clients: number, bytes: string, holdMs: number): Promise<Tally> {
  const failures: Tally = new Map();
  const sockets = await Promise.all(Array.from({ length: clients }, () => openSilent(base, failures)));
  for (const socket of sockets) if (!socket.destroyed) socket.write(bytes);
  await sleep(holdMs);
  for (const socket of sockets) socket.destroy();
  return failures;
}

/**
 * `clients` connections each send `head` one byte every `everyMs` and never finish it, for
 * `holdMs`: each holds a connection and a parser's buffer while costing the client nothing.
 */
export async function dribble(base: string, clients: number, head: string, everyMs: number, holdMs: number): Promise<Tally> {
  const failures: Tally = new Map();
  const sockets = await Promise.all(Array.from({ length: clients }, () => openSilent(base, failures)));
  let sent = 0;
  const timer = setInterval(() => {
    if (sent >= head.length) return; // the head is made longer than the hold lasts
    const byte = head[sent++] as string;
    for (const socket of sockets) if (!socket.destroyed) socket.write(byte);
  }, everyMs);
  await sleep(holdMs);
  clearInterval(timer);
  for (const socket of sockets) socket.destroy();
  return failures;
}

/**
 * One connection writes `bytes` and reads what comes back at `bytesPerSecond`, a tenth of a
 * second's worth at a time, for `holdMs`: the service sees a client that reads, only slowly.
 */
export async function slowReader(base: string, bytes: string, bytesPerSecond: number, holdMs: number): Promise<Tally> {
  const failures: Tally = new Map();
  const [socket] = await Promise.all([openSilent(base, failures)]);
  if (!socket.destroyed) socket.write(bytes);
  const timer = setInterval(() => socket.read(Math.max(1, Math.round(bytesPerSecond / 10))), 100);
  await sleep(holdMs);
  clearInterval(timer);
  socket.destroy();
  return failures;
}

/**
 * One connection writes `times` copies of a request head at once and reads every answer; the
 * last copy asks the service to close, so the attack ends when the service has answered them all.
 */
export function pipelined(base: string, times: number, head: (last: boolean) => string): Promise<Tally> {
  const failures: Tally = new Map();
  const { hostname, port } = new URL(base);
  return new Promise((resolve) => {
    const socket = connect({ host: hostname, port: Number(port) });
    const timer = setTimeout(() => socket.destroy(Object.assign(new Error('timed out'), { code: 'timeout' })), LIMIT_MS);
    socket.on('error', (error: NodeJS.ErrnoException) => count(failures, error.code ?? error.message));
    socket.once('connect', () => socket.end(Array.from({ length: times }, (_, i) => head(i === times - 1)).join('')));
    socket.resume();
    socket.once('close', () => {
      clearTimeout(timer);
      resolve(failures);
    });
  });
}

/** `clients` keep-alive connections, each sending `item` again as soon as its answer is read, for `ms`. */
export async function looping(base: string, clients: number, item: Call, ms: number): Promise<Tally> {
  const failures: Tally = new Map();
  const deadline = performance.now() + Math.min(ms, LIMIT_MS);
  await Promise.all(
    Array.from({ length: clients }, async () => {
      const agent = new Agent({ keepAlive: true, maxSockets: 1 });
      while (performance.now() < deadline) await call(base, { ...item, agent }, failures);
      agent.destroy();
    }),
  );
  return failures;
}
