/**
 * The floor: a bare node:http server that answers every GET with the bytes and headers the
 * service sent for `GET /books/4-5-6`, and every POST, PUT and PATCH (after reading its body, as any
 * server must) with the bytes and headers of the service's 201 and 200s. No routing, no logging,
 * no work.
 *
 * With BASELINE_LOG=1 it also writes one JSON access line per request to stdout, at once, as the
 * service does: the ceiling that any service logging each request at once can reach.
 *
 *   node bench/baseline.ts <port> <replies.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

interface Recorded {
  readonly status: number;
  readonly headers: Record<string, string>;
  readonly body: string;
}

const [port, file] = process.argv.slice(2);
const recorded = JSON.parse(readFileSync(file as string, 'utf8')) as { get: Recorded; post: Recorded; put: Recorded; patch: Recorded };
const get = { ...recorded.get, body: Buffer.from(recorded.get.body) };
const post = { ...recorded.post, body: Buffer.from(recorded.post.body) };
const put = { ...recorded.put, body: Buffer.from(recorded.put.body) };
const patch = { ...recorded.patch, body: Buffer.from(recorded.patch.body) };

const logEach = process.env.BASELINE_LOG === '1';
const logLine = (method: string | undefined, path: string | undefined, status: number): void => {
  if (!logEach) return;
  process.stdout.write(`${JSON.stringify({ time: new Date().toISOString(), level: 'info', msg: 'request', method, path, status })}\n`);
};

const server = createServer((req, res) => {
  if (req.method === 'POST' || req.method === 'PUT' || req.method === 'PATCH') {
    const reply = req.method === 'POST' ? post : req.method === 'PUT' ? put : patch;
    req.on('data', () => {});
    req.on('end', () => {
      res.writeHead(reply.status, reply.headers);
      res.end(reply.body);
      logLine(req.method, req.url, reply.status);
    });
    return;
  }
  res.writeHead(get.status, get.headers);
  res.end(get.body);
  logLine(req.method, req.url, get.status);
});
server.keepAliveTimeout = 65_000; // the service's default, so even `Keep-Alive: timeout=65` is the same
server.listen(Number(port), '127.0.0.1');
