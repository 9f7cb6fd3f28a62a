/**
 * A graceful shutdown (api.md, Start-up): stop accepting, let what is in flight finish, close
 * idle connections, and give up after a grace period.
 */
import type { Server } from 'node:http';
import type { App } from './app.ts';

/**
 * Stops accepting, lets in-flight requests finish (their responses close their connections),
 * closes idle keep-alive sockets at once, and resolves true when all is closed; after
 * `timeoutMs` it cuts what is left and resolves false.
 */
export function shutdown(server: Server, app: App, timeoutMs: number): Promise<boolean> {
  app.beginShutdown();
  return new Promise((resolve) => {
    const timer = setTimeout(() => {
      server.closeAllConnections();
      resolve(false);
    }, timeoutMs);
    timer.unref();
    server.close(() => {
      clearTimeout(timer);
      resolve(true);
    });
    server.closeIdleConnections();
  });
}
