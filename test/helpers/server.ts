/**
 * Test servers: the real app on an ephemeral port with a fresh store (`startServer`), or the
 * entry point as a child process (`spawnService`), for settings, signals and exit codes.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import { type AddressInfo, createServer as createNetServer } from 'node:net';
import { join } from 'node:path';
import type { App } from '../../src/core/app.ts';
import type { Room } from '../../src/core/rooms.ts';
import { createService } from '../../src/core/service.ts';
import type { BookStore } from '../../src/core/store.ts';

export interface TestServer {
  /** `http://127.0.0.1:<port>`, the base of every link the service renders here. */
  readonly base: string;
  readonly port: number;
  readonly app: App;
  readonly server: Server;
  readonly store: BookStore;
  /** Every log line written so far, parsed. */
  readonly logs: Record<string, unknown>[];
  /** `http://127.0.0.1:<METRICS_PORT>`, when it was given. */
  readonly metricsBase?: string;
  close(): Promise<void>;
}

/** The rooms the service runs with (none: the core alone), and a store to use as it is, in place of the seeded one. */
export interface StartOptions {
  readonly rooms?: readonly Room[];
  readonly store?: BookStore;
}

/** A port no listener holds at the moment it is asked for. */
async function freePort(): Promise<number> {
  const probe = createNetServer();
  await new Promise<void>((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}

/**
 * Starts the service, as src/main.ts puts it together, on an ephemeral port; settings as
 * environment variables, where `METRICS_PORT: 'free'` stands for a port free at the time.
 */
export async function startServer(env: Record<string, string> = {}, options: StartOptions = {}): Promise<TestServer> {
  // A port free a moment ago may be taken by another test file before the metrics listener binds it: then try another.
  for (let attempt = 1; ; attempt++) {
    try {
      return await startOnce(env, options);
    } catch (error) {
      if (env.METRICS_PORT !== 'free' || (error as NodeJS.ErrnoException).code !== 'EADDRINUSE' || attempt === 5) throw error;
    }
  }
}

async function startOnce(env: Record<string, string>, { rooms = [], store }: StartOptions): Promise<TestServer> {
  const logs: Record<string, unknown>[] = [];
  const settings: Record<string, string> = { LOG_LEVEL: 'debug', ...env };
  if (settings.METRICS_PORT === 'free') settings.METRICS_PORT = String(await freePort());
  const service = createService({ rooms, env: settings, write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>), store });
  const { server, app, plugs } = service;
  const close = (): Promise<void> =>
    new Promise<void>((resolve) => {
      for (const plug of plugs) plug.stop?.();
      server.close(() => resolve());
      server.closeAllConnections();
    });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  try {
    for (const plug of plugs) await plug.start?.();
  } catch (error) {
    // Whatever did start is stopped, so that a failed start leaves nothing that keeps the test process alive.
    await close();
    throw error;
  }
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    app,
    server,
    store: service.store,
    logs,
    ...(settings.METRICS_PORT ? { metricsBase: `http://127.0.0.1:${settings.METRICS_PORT}` } : {}),
    close,
  };
}

/** What `npm start` and the container run. */
export const MAIN = join(import.meta.dirname, '../../src/main.ts');

export interface SpawnedService {
  readonly child: ChildProcessWithoutNullStreams;
  /** Resolves with the first stdout log line for which `test` holds. */
  waitForLine(test: (line: Record<string, unknown>) => boolean): Promise<Record<string, unknown>>;
  /** Resolves with the exit code and everything written to stderr. */
  readonly exited: Promise<{ code: number | null; stderr: string }>;
}

/** A child node's environment: `env` on top of PATH only, and what lets coverage and a mutation run reach into the child (c8's output folder, Stryker's active mutant). */
export const childEnv = (env: Record<string, string>): Record<string, string> => ({
  PATH: process.env.PATH ?? '',
  NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE ?? '',
  __STRYKER_ACTIVE_MUTANT__: process.env.__STRYKER_ACTIVE_MUTANT__ ?? '',
  ...env,
});

/** Runs the service, as `npm start` does, with `env` (on top of PATH only) and `args`. */
export function spawnService(env: Record<string, string>, args: readonly string[] = []): SpawnedService {
  const child = spawn(process.execPath, [MAIN, ...args], { env: childEnv(env) });
  const lines: Record<string, unknown>[] = [];
  const waiters: { test: (line: Record<string, unknown>) => boolean; resolve: (line: Record<string, unknown>) => void }[] = [];
  let buffered = '';
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => {
    buffered += chunk;
    let newline;
    while ((newline = buffered.indexOf('\n')) >= 0) {
      const line = JSON.parse(buffered.slice(0, newline)) as Record<string, unknown>;
      buffered = buffered.slice(newline + 1);
      lines.push(line);
      for (const waiter of waiters.filter((w) => w.test(line))) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(line);
      }
    }
  });
  let stderr = '';
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  // A test that ends early (a failure, a timeout) must not leave its service running.
  const orphanGuard = (): void => void child.kill('SIGKILL');
  process.once('exit', orphanGuard);
  child.once('close', () => process.off('exit', orphanGuard));
  const exited = new Promise<{ code: number | null; stderr: string }>((resolve) =>
    child.once('close', (code) => resolve({ code, stderr })),
  );
  return {
    child,
    exited,
    waitForLine: (test) =>
      new Promise((resolve, reject) => {
        const seen = lines.find(test);
        if (seen) return resolve(seen);
        waiters.push({ test, resolve });
        void exited.then(({ code, stderr: errors }) => reject(new Error(`service exited (${code}) first: ${errors}`)));
      }),
  };
}

/** The port the spawned service reports in its `listening` line. */
export async function listeningPort(service: SpawnedService): Promise<number> {
  const line = await service.waitForLine((entry) => entry.msg === 'listening');
  return line.port as number;
}

/** How a suite starts the service it tests: its settings, on the core alone or with some rooms. */
export type Start = (env?: Record<string, string>) => Promise<TestServer>;
