/**
 * The entry point, and the only module that touches the process: it reads the settings, fills
 * the store, listens, and turns SIGTERM/SIGINT into a graceful shutdown.
 */
import { createApp } from './app.js';
import { seedStore } from './books/seed.js';
import { MemoryBookStore } from './books/store.js';
import { ConfigError, loadConfig, type Config } from './config.js';
import { createLogger } from './log.js';
import { createHttpServer, shutdown } from './server.js';

function start(): void {
  let config: Config;
  let store: MemoryBookStore;
  try {
    config = loadConfig(process.env, process.argv.slice(2));
    store = new MemoryBookStore(config.maxBooks);
    seedStore(store, config.seedFile);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    process.stderr.write(`invalid configuration: ${error.message}\n`);
    process.exit(2);
  }

  const logger = createLogger(config.logLevel, (chunk) => process.stdout.write(chunk), { flushAfterMs: 100 });
  // Whatever ends the process (a signal, an uncaught error), the buffered lines still get out.
  process.on('exit', () => logger.flush());
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

  const stop = (signal: NodeJS.Signals): void => {
    logger.info('shutting down', { signal, timeoutMs: config.shutdownTimeoutMs });
    void shutdown(server, app, config.shutdownTimeoutMs).then((clean) => {
      if (!clean) logger.error('shutdown timed out; open connections were cut', { timeoutMs: config.shutdownTimeoutMs });
      else logger.info('stopped');
      process.exit(clean ? 0 : 1);
    });
  };
  process.once('SIGTERM', stop);
  process.once('SIGINT', stop);
}

start();
