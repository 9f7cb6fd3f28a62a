/**
 * The entry point, and the only module that touches the process: it reads the settings, fills
 * the store, listens, and turns SIGTERM/SIGINT into a graceful shutdown.
 */
import { createApp } from './app.ts';
import { openStore, SeedError } from './seed.ts';
import type { BookStore } from './books/store.ts';
import { ConfigError, loadConfig, type Config } from './config.ts';
import { createLogger, oneLine } from './log.ts';
import { createHttpServer, shutdown } from './server.ts';

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
const app = createApp({ config, store, logger });
const server = createHttpServer(app, logger, config);

server.on('error', (error: NodeJS.ErrnoException) => {
  logger.error('cannot listen', { port: config.port, host: config.host, code: error.code, error: error.message });
  process.exit(1);
});
server.listen(config.port, config.host, () => {
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  logger.info('listening', { port, host: config.host ?? 'all interfaces', books: store.size });
});

let stopping = false;
function stop(signal: NodeJS.Signals): void {
  // Ctrl-C under `make run` reaches node twice (from the terminal and from npm): one shutdown is enough.
  if (stopping) return;
  stopping = true;
  const stopped = shutdown(server, app, config.shutdownTimeoutMs);
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
