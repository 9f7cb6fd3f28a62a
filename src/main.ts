/**
 * The entry point, and the one module that touches the process: it puts the core and the rooms
 * (src/rooms.ts) together, listens, and turns SIGTERM and SIGINT into a graceful shutdown.
 */
import { createService, type Service } from './core/service.ts';
import { SettingError } from './core/settings.ts';
import { ROOMS } from './rooms.ts';

function create(): Service {
  try {
    // node's own write, bound to stdout: a request's log line runs no code of this file.
    return createService({ rooms: ROOMS, env: process.env, argv: process.argv.slice(2), write: process.stdout.write.bind(process.stdout) });
  } catch (error) {
    if (!(error instanceof SettingError)) throw error;
    // A bad setting or seed: one line on stderr naming the setting, and exit code 2.
    process.stderr.write(`invalid configuration: ${error.message}\n`);
    process.exit(2);
  }
}

const { settings, store, logger, app, server, plugs } = create();
server.once('error', (error: NodeJS.ErrnoException) => {
  // A port another program holds is the usual case on a developer's machine: say how to pick another.
  const hint = error.code === 'EADDRINUSE' ? `port ${settings.port} is taken: set PORT to another, or 0 for any free one` : undefined;
  logger.error('cannot listen', { port: settings.port, host: settings.host, code: error.code, error: error.message, hint });
  process.exit(1);
});
server.listen(settings.port, settings.host, () => {
  const { port } = server.address() as { port: number };
  // The address a browser on this machine opens: a host of all interfaces is reached as localhost.
  const host = settings.host === undefined || settings.host === '0.0.0.0' || settings.host === '::' ? 'localhost' : settings.host;
  const url = `http://${host.includes(':') ? `[${host}]` : host}:${port}/`;
  logger.info('listening', { port, host: settings.host ?? 'all interfaces', url, store: settings.store, books: store.size });
  // What the rooms run beside the service starts once it listens; one that cannot start stops the process.
  Promise.all(plugs.map((plug) => plug.start?.())).catch(() => process.exit(1));
});

/**
 * A graceful shutdown (api.md, Start-up, rule 5): stop accepting, let in-flight requests finish
 * (each answer closing its connection), close idle connections at once, and after
 * SHUTDOWN_TIMEOUT_MS cut what is left and exit 1.
 */
let stopping = false;
function stop(signal: NodeJS.Signals): void {
  // Ctrl-C under `make run` reaches node twice (from the terminal and from npm): one shutdown is enough.
  if (stopping) return;
  stopping = true;
  app.beginShutdown();
  for (const plug of plugs) plug.stop?.();
  const timer = setTimeout(() => {
    server.closeAllConnections();
    logger.error('shutdown timed out; open connections were cut', { timeoutMs: settings.shutdownTimeoutMs });
    process.exit(1);
  }, settings.shutdownTimeoutMs);
  server.close(() => {
    clearTimeout(timer);
    logger.info('stopped');
    process.exit(0);
  });
  server.closeIdleConnections();
  // Logged once the listening socket is closed, so that whoever reads it may rely on that.
  logger.info('shutting down', { signal, timeoutMs: settings.shutdownTimeoutMs });
}
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
