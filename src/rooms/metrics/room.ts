/**
 * Metrics, as a room (api.md, Metrics): with METRICS_PORT set, a listener of its own answers
 * `GET /metrics` with what it is told of each request. It has every room's hold on connections,
 * as the main port has, and renders its text at most once a second; unset, nothing of it runs.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { defineRoom } from '../../core/rooms.ts';
import { integer } from '../../core/settings.ts';
import { HttpMetrics } from './metrics.ts';
import { METRICS_TYPE } from './text-format.ts';

/** How long a rendered text is given again before a scrape renders it afresh. */
export const RENDER_EVERY_MS = 1000;

/** `renderEveryMs` is for tests, which read the counts of the requests they just made. */
export const metricsRoom = (renderEveryMs = RENDER_EVERY_MS) =>
  defineRoom({
    name: 'metrics',
    settings: {
      port: { name: 'METRICS_PORT', shown: 'unset', fallback: undefined as number | undefined, parse: integer(1, 65_535) },
      host: { name: 'METRICS_HOST', shown: '127.0.0.1', fallback: '127.0.0.1', parse: (text: string) => text },
    },
    plug({ port, host }, core) {
      if (port === undefined) return {};
      const metrics = new HttpMetrics(core.store);
      let rendered = { text: '', at: -Infinity };
      const text = (): string => {
        const now = performance.now();
        if (now - rendered.at >= renderEveryMs) rendered = { text: metrics.render(), at: now };
        return rendered.text;
      };
      const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
      const server = core.createServer((req: IncomingMessage, res: ServerResponse): void => {
        if ((req.url ?? '/').split('?')[0] !== '/metrics') res.writeHead(404, plain).end('Not found: the metrics are at /metrics\n');
        else if (req.method !== 'GET' && req.method !== 'HEAD') {
          res.writeHead(405, { ...plain, allow: 'GET, HEAD' }).end('Method not allowed: GET or HEAD /metrics\n');
        } else {
          const body = text();
          res.writeHead(200, {
            'content-type': METRICS_TYPE,
            'content-length': Buffer.byteLength(body),
            'x-content-type-options': 'nosniff',
          });
          res.end(body);
        }
      });
      return {
        observer: metrics,
        start: () =>
          new Promise<void>((resolve, reject) => {
            server.once('error', (error: NodeJS.ErrnoException) => {
              core.logger.error('cannot listen', { port, host, code: error.code, error: error.message });
              reject(error);
            });
            server.listen(port, host, () => {
              core.logger.info('metrics listening', { port: (server.address() as { port: number }).port, host });
              resolve();
            });
          }),
        stop: () => {
          metrics.stop();
          server.close();
          server.closeAllConnections();
        },
      };
    },
  });

export const metrics = metricsRoom();
