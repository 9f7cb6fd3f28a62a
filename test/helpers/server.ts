/**
 * Test servers: the real app on an ephemeral port with a fresh store (`startServer`), or the
 * entry point as a child process (`spawnService`), for settings, signals and exit codes.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import type { Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp, type App } from '../../src/app.ts';
import { openStore } from '../../src/seed.ts';
import type { BookStore } from '../../src/books/store.ts';
import { type Config, loadConfig } from '../../src/config.ts';
import { createLogger } from '../../src/log.ts';
import { createMetricsServer } from '../../src/metrics/listener.ts';
import { HttpMetrics } from '../../src/metrics/metrics.ts';
import { createHttpServer } from '../../src/server.ts';

export interface TestServer {
  /** `http://127.0.0.1:<port>`, the base of every link the service renders here. */
  readonly base: string;
  readonly port: number;
  readonly app: App;
  readonly server: Server;
  readonly store: BookStore;
  /** Every log line written so far, parsed. */
  readonly logs: Record<string, unknown>[];
  /** `http://127.0.0.1:<port>` of the metrics listener, when METRICS_PORT was given (any value). */
  readonly metricsBase?: string;
  close(): Promise<void>;
}

/**
 * Starts the app with the built-in fixture (or `seedFile`); settings as environment variables.
 * `store` replaces the seeded store, for a test that needs one that fails.
 */
export async function startServer(env: Record<string, string> = {}, store?: BookStore): Promise<TestServer> {
  const config: Config = loadConfig({ LOG_LEVEL: 'debug', ...env });
  store ??= openStore(config.store, config.maxBooks, config.seedFile);
  const logs: Record<string, unknown>[] = [];
  const logger = createLogger(config.logLevel, (line) => logs.push(JSON.parse(line) as Record<string, unknown>));
  // As main.ts wires them, the metrics listener on a port of its own (here a free one).
  const metrics = config.metricsPort === undefined ? undefined : new HttpMetrics(store);
  const app = createApp({ config, store, logger, observer: metrics });
  const server = createHttpServer(app, logger, config, metrics);
  // Rendered afresh on every scrape, so that a test reads the counts of the requests just made.
  const metricsServer = metrics && createMetricsServer(metrics, logger, config, 0);
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  if (metricsServer) await new Promise<void>((resolve) => metricsServer.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    base: `http://127.0.0.1:${port}`,
    port,
    app,
    server,
    store,
    logs,
    ...(metricsServer ? { metricsBase: `http://127.0.0.1:${(metricsServer.address() as AddressInfo).port}` } : {}),
    close: () =>
      new Promise<void>((resolve) => {
        metrics?.stop();
        metricsServer?.close();
        metricsServer?.closeAllConnections();
        server.close(() => resolve());
        server.closeAllConnections();
      }),
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

/** Runs the service, as `npm start` does, with `env` (on top of PATH only) and `args`. */
export function spawnService(env: Record<string, string>, args: readonly string[] = []): SpawnedService {
  const child = spawn(process.execPath, [MAIN, ...args], {
    // Coverage and a mutation run reach into the child: c8's output folder, Stryker's active mutant.
    env: {
      PATH: process.env.PATH ?? '',
      NODE_V8_COVERAGE: process.env.NODE_V8_COVERAGE ?? '',
      __STRYKER_ACTIVE_MUTANT__: process.env.__STRYKER_ACTIVE_MUTANT__ ?? '',
      ...env,
    },
  });
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
