/**
 * The entry point, and the only module that touches the process: it reads the settings, fills
 * the store, listens, and turns SIGTERM/SIGINT into a graceful shutdown.
 */
import { createApp } from './app.ts';
import { openStore, SeedError } from './seed.ts';
import type { BookStore } from './books/store.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger, oneLine } from './log.ts';
import type { Server } from 'node:http';
import { createMetricsServer } from './metrics/listener.ts';
import { HttpMetrics } from './metrics/metrics.ts';
import { createHttpServer } from './server.ts';
import { shutdown } from './shutdown.ts';

/** A bad setting or seed: one line on stderr naming the setting, and exit code 2. */
function refuse(message: string): never {
  process.stderr.write(`invalid configuration: ${oneLine(message)}\n`);
  process.exit(2);
}

function load(): { config: Config; store: BookStore } {
  try {
    const config = loadConfig(process.env, process.argv.slice(2));
    return { config, store: openStore(config.store, config.maxBooks, config.seedFile) };
  } catch (error) {
    if (error instanceof ConfigError || error instanceof SeedError) refuse(error.message);
    throw error;
  }
}

const { config, store } = load();

// node's own write, bound to stdout: a request's log line runs no code of this file.
const logger = createLogger(config.logLevel, process.stdout.write.bind(process.stdout));
// Metrics, only when asked for: otherwise no code of theirs runs at all.
const metrics = config.metricsPort === undefined ? undefined : new HttpMetrics(store);
const app = createApp({ config, store, logger, observer: metrics });
const server = createHttpServer(app, logger, config, metrics);
const metricsServer = metrics && createMetricsServer(metrics, logger, config);

/** Listens on `port` and `host`, logs where, and stops the process when it cannot. */
function listen(listener: Server, port: number, host: string | undefined, msg: string, fields: Record<string, unknown> = {}): void {
  listener.on('error', (error: NodeJS.ErrnoException) => {
    logger.error('cannot listen', { port, host, code: error.code, error: error.message });
    process.exit(1);
  });
  listener.listen(port, host, () => {
    const address = listener.address();
    logger.info(msg, {
      port: typeof address === 'object' && address ? address.port : port,
      host: host ?? 'all interfaces',
      ...fields,
    });
  });
}

listen(server, config.port, config.host, 'listening', { books: store.size });
if (metricsServer) listen(metricsServer, config.metricsPort as number, config.metricsHost, 'metrics listening');

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  // Ctrl-C under `make run` reaches node twice (from the terminal and from npm): one shutdown is enough.
  if (stopping) return;
  stopping = true;
  const stopped = shutdown(server, app, config.shutdownTimeoutMs);
  metricsServer?.close();
  metricsServer?.closeAllConnections();
  metrics?.stop();
  // Logged once the listening socket is closed, so that whoever reads it may rely on that.
  logger.info('shutting down', { signal, timeoutMs: config.shutdownTimeoutMs });
  void stopped.then((clean) => {
    if (clean) logger.info('stopped');
    else logger.error('shutdown timed out; open connections were cut', { timeoutMs: config.shutdownTimeoutMs });
    process.exit(clean ? 0 : 1);
  });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
