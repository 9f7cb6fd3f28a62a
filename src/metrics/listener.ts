/**
 * The metrics listener, on METRICS_PORT: `GET /metrics` answers the text of every family, and
 * any other path a 404. It has the main port's guards (server.ts) and renders the text at most
 * once a second, so a flood of scrapes costs what one scrape a second costs. Its own requests are
 * not counted; the main port never serves /metrics.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import type { Logger } from '../log.ts';
import { createHttpServer, type ServerOptions } from '../server.ts';
import type { HttpMetrics } from './metrics.ts';
import { METRICS_TYPE } from './text-format.ts';

/** How long a rendered text is given again before the next scrape renders it afresh. */
export const RENDER_EVERY_MS = 1000;

export function createMetricsServer(metrics: HttpMetrics, logger: Logger, options: ServerOptions, renderEveryMs = RENDER_EVERY_MS): Server {
  let rendered = { text: '', at: -Infinity };
  const text = (): string => {
    const now = performance.now();
    if (now - rendered.at >= renderEveryMs) rendered = { text: metrics.render(), at: now };
    return rendered.text;
  };
  const handle = (req: IncomingMessage, res: ServerResponse): void => {
    const path = (req.url ?? '/').split('?')[0];
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
    if (path !== '/metrics') {
      res.writeHead(404, plain).end('Not found: the metrics are at /metrics\n');
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...plain, allow: 'GET, HEAD' }).end('Method not allowed: GET or HEAD /metrics\n');
    } else {
      const body = text();
      res
        .writeHead(200, { 'content-type': METRICS_TYPE, 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff' })
        .end(body);
    }
  };
  return createHttpServer({ handle }, logger, options);
}
