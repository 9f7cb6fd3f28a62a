/**
 * The metrics listener, on METRICS_PORT: `GET /metrics` answers the text of every family, and
 * any other path a 404. Its own requests are not counted; the main port never serves /metrics.
 */
import { createServer, type Server } from 'node:http';
import type { HttpMetrics } from './metrics.ts';
import { METRICS_TYPE } from './text-format.ts';

export function createMetricsServer(metrics: HttpMetrics): Server {
  return createServer((req, res) => {
    const path = (req.url ?? '/').split('?')[0];
    const plain = { 'content-type': 'text/plain; charset=utf-8', 'x-content-type-options': 'nosniff' };
    if (path !== '/metrics') {
      res.writeHead(404, plain).end('Not found: the metrics are at /metrics\n');
    } else if (req.method !== 'GET' && req.method !== 'HEAD') {
      res.writeHead(405, { ...plain, allow: 'GET, HEAD' }).end('Method not allowed: GET or HEAD /metrics\n');
    } else {
      const body = metrics.render();
      res
        .writeHead(200, { 'content-type': METRICS_TYPE, 'content-length': Buffer.byteLength(body), 'x-content-type-options': 'nosniff' })
        .end(body);
    }
  });
}
