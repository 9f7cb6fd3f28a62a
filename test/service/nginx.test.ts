/**
 * The deployment of docs/deployment.md, for real: the service on 127.0.0.1:5000 with TRUST_PROXY,
 * behind a real nginx (the Debian package) that runs the nginx block of that file, read out of
 * it, so that the document and the test cannot drift. Only its listen line changes: a free
 * loopback port without TLS, so links read `http://books.example:<port>/api`.
 *
 *   client ──► nginx 127.0.0.1:<ephemeral>  /api/... ──► keepalive pool ──► service 127.0.0.1:5000
 *
 * Loopback only, and bounded: about 8 s, most of it the deliberate idle period. nginx's files
 * (configuration, pid, logs, temp paths) live in a temporary directory. The file skips only when
 * no nginx binary can be found; `.ci/run` installs one.
 */
import assert from 'node:assert/strict';
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process';
import { accessSync, chmodSync, constants, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request } from 'node:http';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { delimiter, join } from 'node:path';
import { after, before, it } from 'node:test';
import { expectedBook, ORWELL } from '../helpers/books.ts';
import { freePort } from '../helpers/http.ts';
import { describeWhen } from '../helpers/skip.ts';
import { setTimeout as sleep } from 'node:timers/promises';
import { spawnService, type SpawnedService } from '../helpers/server.ts';

/** The service's port in the container and behind the proxy (docs/deployment.md). */
const SERVICE_PORT = 5000;
/** The public name the proxy's clients use. */
const PUBLIC_HOST = 'books.example';
/** nginx's idle timeout for pooled upstream connections, as the block sets it (also nginx's default). */
const UPSTREAM_KEEPALIVE_TIMEOUT_S = 60;
/** Node's default keepAliveTimeout; a service with it would close pooled sockets after 5 s. */
const NODE_DEFAULT_KEEP_ALIVE_MS = 5_000;

function findNginx(): string | undefined {
  const dirs = [...(process.env.PATH ?? '').split(delimiter), '/usr/sbin', '/usr/local/sbin', '/usr/local/nginx/sbin'];
  for (const dir of dirs.filter((d) => d !== '')) {
    try {
      accessSync(join(dir, 'nginx'), constants.X_OK);
      return join(dir, 'nginx');
    } catch {
      // not in this directory
    }
  }
  return undefined;
}

/** Fails at once, with a message that says what to do, when something else holds port 5000. */
async function assertPortFree(port: number): Promise<void> {
  const probe = createServer();
  try {
    await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(port, '127.0.0.1', resolve));
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    throw new Error(
      `port ${port} on 127.0.0.1 is not available (${code}): the proxy test runs the service on ${port}, ` +
        'as the container does; stop whatever listens there (a running container?) and run the tests again',
    );
  }
  await new Promise((resolve) => probe.close(resolve));
}

/** The nginx block of docs/deployment.md, as it stands there but for its listen line. */
function documentedBlock(port: number): string {
  const doc = readFileSync(join(import.meta.dirname, '../../docs/deployment.md'), 'utf8');
  const block = /^```nginx\n([\s\S]*?)^```$/m.exec(doc)?.[1];
  assert.ok(block !== undefined, 'docs/deployment.md has no nginx block');
  assert.ok(block.includes(`server 127.0.0.1:${SERVICE_PORT};`), 'the block proxies to the service on port 5000');
  assert.ok(block.includes(`keepalive_timeout ${UPSTREAM_KEEPALIVE_TIMEOUT_S}s;`), 'the block pools for 60 s');
  // TLS needs a certificate this test does not have: plain HTTP on a free loopback port instead,
  // for the service's server and for the default one that refuses every other host.
  const listen = /^ {2}listen 443 ssl;.*$/m;
  const listenDefault = /^ {2}listen 443 ssl default_server;.*$/m;
  assert.match(block, listen, 'the block listens on 443 with TLS');
  assert.match(block, listenDefault, 'the block has a default server on 443');
  return block
    .replace(listen, `  listen 127.0.0.1:${port};`)
    .replace(listenDefault, `  listen 127.0.0.1:${port} default_server;`)
    .replace(/^ {2}ssl_reject_handshake on;\n/m, '');
}

/** The whole configuration: nginx's own files in `dir`, around the documented block. */
function nginxConf(dir: string, port: number): string {
  return `
daemon off;
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  access_log off;
  client_body_temp_path ${dir}/client_body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;

${documentedBlock(port)}
}
`;
}

interface Answer {
  readonly status: number;
  readonly headers: Record<string, string | string[] | undefined>;
  readonly body: string;
}

/** One request with `Host: books.example` (fetch cannot set Host), on a keep-alive agent. */
function call(
  agent: Agent,
  port: number,
  method: string,
  path: string,
  body?: string,
  extra: Record<string, string> = {},
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = { host: PUBLIC_HOST, ...extra };
    if (body !== undefined) Object.assign(headers, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    const req = request({ host: '127.0.0.1', port, method, path, agent, headers }, (res) => {
      let text = '';
      res.setEncoding('utf8').on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
      res.on('error', reject);
    });
    req.once('error', reject);
    req.end(body);
  });
}

type Links = Record<string, { href: string }>;

/**
 * The local ports of the established connections to the service, that is nginx's upstream
 * connections, from Linux's /proc/net/tcp; undefined where there is no such file.
 */
function upstreamConnections(): Set<string> | undefined {
  let table: string;
  try {
    table = readFileSync('/proc/net/tcp', 'utf8');
  } catch {
    return undefined;
  }
  const service = `0100007F:${SERVICE_PORT.toString(16).toUpperCase().padStart(4, '0')}`;
  const ports = new Set<string>();
  for (const row of table.split('\n').slice(1)) {
    const [, local, remote, state] = row.trim().split(/\s+/);
    if (remote === service && state === '01') ports.add(local?.split(':')[1] ?? '');
  }
  return ports;
}

const nginx = findNginx();

describeWhen(
  nginx !== undefined,
  'behind nginx',
  'nginx not found on PATH or in /usr/sbin: install the Debian package (apt-get install nginx), as .ci/run does',
  () => {
    let dir = '';
    let proxy: ChildProcessWithoutNullStreams | undefined;
    let proxyExited: Promise<unknown> = Promise.resolve();
    let proxyErrors = '';
    let service: SpawnedService | undefined;
    let port = 0;
    /** What the proxy's clients see: the public name and nginx's port, then the prefix. */
    let publicBase = '';
    const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

    before(async () => {
      await assertPortFree(SERVICE_PORT);
      service = spawnService({ PORT: String(SERVICE_PORT), HOST: '127.0.0.1', TRUST_PROXY: 'true' });
      await service.waitForLine((line) => line.msg === 'listening');

      dir = mkdtempSync(join(tmpdir(), 'books-nginx-'));
      // Started by root, nginx runs its worker as nobody, which must reach the temp paths inside.
      chmodSync(dir, 0o755);
      port = await freePort();
      publicBase = `http://${PUBLIC_HOST}:${port}/api`;
      writeFileSync(join(dir, 'nginx.conf'), nginxConf(dir, port));
      // `-e stderr`: errors met before the configuration's error_log applies (a bad configuration,
      // a port in use) come to this test, not to the system's /var/log/nginx.
      proxy = spawn(nginx as string, ['-p', dir, '-c', join(dir, 'nginx.conf'), '-e', 'stderr']);
      proxy.stderr.setEncoding('utf8').on('data', (chunk: string) => (proxyErrors += chunk));
      let exited = false;
      proxyExited = new Promise((resolve) => {
        proxy?.once('close', resolve);
        proxy?.once('error', (error) => resolve((proxyErrors += error.message)));
      }).then(() => (exited = true));

      // nginx tells nothing when it is ready: ask until it answers, for at most 30 s, far above
      // the few milliseconds it takes, so that a loaded machine does not fail a slow start.
      for (let attempt = 0; ; attempt++) {
        const answer = await call(agent, port, 'GET', '/api/health').catch((error: Error) => error);
        if (!(answer instanceof Error) && answer.status === 200) break;
        if (exited || attempt === 600) {
          const log = readFileSync(join(dir, 'error.log'), { encoding: 'utf8', flag: 'a+' });
          const last = answer instanceof Error ? answer.message : `status ${answer.status}`;
          throw new Error(`nginx did not start on 127.0.0.1:${port} (${last}): ${proxyErrors}${log}`);
        }
        await sleep(50);
      }
    });

    after(async () => {
      agent.destroy();
      proxy?.kill('SIGTERM');
      service?.child.kill('SIGTERM');
      await Promise.all([proxyExited, service?.exited]);
      if (dir !== '') rmSync(dir, { recursive: true, force: true });
    });

    it('renders links with the forwarded scheme, host, port and prefix', async () => {
      const answer = await call(agent, port, 'GET', '/api/books');
      assert.equal(answer.status, 200);
      assert.equal(answer.headers['content-type'], 'application/hal+json');
      const body = JSON.parse(answer.body) as { _links: Links; _embedded: { bookDTOList: { isbn: string; _links: Links }[] } };
      assert.deepEqual(body._links, { self: { href: `${publicBase}/books?title=` } });
      assert.deepEqual(
        body._embedded.bookDTOList.map((book) => book._links),
        ['1-2-3', '4-5-6', '7-8-9'].map((isbn) => ({
          self: { href: `${publicBase}/books/${isbn}` },
          books: { href: `${publicBase}/books?title=` },
        })),
      );
    });

    it('overwrites the forwarded headers a client sends, so they never reach the links', async () => {
      const own = {
        forwarded: 'host=evil.example;proto=https',
        'x-forwarded-proto': 'https',
        'x-forwarded-host': 'evil.example',
        'x-forwarded-port': '1',
        'x-forwarded-prefix': '/evil',
      };
      const answer = await call(agent, port, 'GET', '/api/books/1-2-3', undefined, own);
      assert.equal(answer.status, 200, answer.body);
      assert.equal(answer.headers['content-type'], 'application/hal+json');
      assert.deepEqual(JSON.parse(answer.body), expectedBook(publicBase, ORWELL));
    });

    it('refuses a request for another host name, so no link can name it', async () => {
      for (const host of ['evil.example', `evil.example:${port}`, '127.0.0.1']) {
        const answer = await call(agent, port, 'GET', '/api/books/1-2-3', undefined, { host });
        assert.equal(answer.status, 421, host);
        assert.doesNotMatch(answer.body, /evil/);
      }
    });

    it('reads and deletes books whose isbns hold ?, #, %2F, .. and spaces, each through its own link', async () => {
      const isbns = ['q?uestion', 'hash#tag', 'per%2Fcent', 'dot..dot', '..leading', 'two  spaces', 'all ?#%2F.. of them'];
      for (const [i, isbn] of isbns.entries()) {
        const book = { isbn, title: `Odd isbn ${i}`, author: 'Odd Isbn' };
        const created = await call(agent, port, 'POST', '/api/books', JSON.stringify(book));
        assert.equal(created.status, 201, `${isbn}: ${created.body}`);
        const self = (JSON.parse(created.body) as { _links: Links })._links.self?.href ?? '';
        assert.equal(self, `${publicBase}/books/${encodeURIComponent(isbn)}`);
        assert.equal(created.headers.location, self);
        // The link's path as it stands, sent as it is: the proxy must pass it on the same.
        const path = self.slice(`http://${PUBLIC_HOST}:${port}`.length);
        const read = await call(agent, port, 'GET', path);
        assert.equal(read.status, 200, `GET ${path}: ${read.body}`);
        assert.deepEqual(JSON.parse(read.body), JSON.parse(created.body));
        assert.equal((await call(agent, port, 'DELETE', path)).status, 204, `DELETE ${path}`);
        assert.equal((await call(agent, port, 'GET', path)).status, 404, `GET ${path} after the delete`);
      }
      // The fixture is untouched: no link above named another book.
      for (const isbn of ['1-2-3', '4-5-6', '7-8-9']) assert.equal((await call(agent, port, 'GET', `/api/books/${isbn}`)).status, 200);
    });

    it('passes a path with encoded slashes and dots on as sent, so it never names another book or path', async () => {
      // nginx would resolve these once decoded: to /health, and to the fixture's 4-5-6.
      const health = await call(agent, port, 'GET', '/api/books/..%2Fhealth');
      assert.equal(health.status, 404, health.body);
      assert.equal((JSON.parse(health.body) as { detail: string }).detail, 'Book cannot be found for ISBN: ../health');
      assert.equal((await call(agent, port, 'DELETE', '/api/books/x%2F..%2F4-5-6')).status, 204);
      assert.equal((await call(agent, port, 'GET', '/api/books/4-5-6')).status, 200, 'the delete reached another book');
    });

    it('answers a POST with a Location that leads back through the proxy', async () => {
      const book = { isbn: '978-0-14', title: 'Behind the Proxy', author: 'Nginx Upstream' };
      const created = await call(agent, port, 'POST', '/api/books', JSON.stringify(book));
      assert.equal(created.status, 201, created.body);
      assert.equal(created.headers.location, `${publicBase}/books/978-0-14`);
      const body = JSON.parse(created.body) as { _links: Links };
      assert.equal(body._links.self?.href, `${publicBase}/books/978-0-14`);

      const location = new URL(created.headers.location as string);
      const read = await call(agent, port, 'GET', location.pathname);
      assert.equal(read.status, 200);
      assert.deepEqual(JSON.parse(read.body), body);
    });

    it('sends a keep-alive timeout above the proxy’s upstream idle timeout', async () => {
      // nginx drops hop-by-hop headers, so this asks the service directly, on its own connection.
      const own = new Agent({ keepAlive: true });
      const direct = await call(own, SERVICE_PORT, 'GET', '/health').finally(() => own.destroy());
      assert.equal(direct.status, 200);
      const timeout = /(?:^|,)\s*timeout=(\d+)/.exec(String(direct.headers['keep-alive']))?.[1];
      assert.ok(timeout !== undefined, `Keep-Alive: ${String(direct.headers['keep-alive'])}`);
      assert.equal(Number(timeout), 65);
      assert.ok(Number(timeout) > UPSTREAM_KEEPALIVE_TIMEOUT_S);
    });

    it('serves 200 concurrent requests through the pooled upstream connections', async () => {
      const paths = Array.from({ length: 200 }, (_, i) =>
        i % 2 === 0 ? '/api/books' : `/api/books/${['1-2-3', '4-5-6', '7-8-9'][i % 3]}`,
      );
      const answers = await Promise.all(paths.map((path) => call(agent, port, 'GET', path)));
      const failed = answers.map((answer, i) => `${paths[i]} ${answer.status}`).filter((_, i) => answers[i]?.status !== 200);
      assert.deepEqual(failed, []);
      // Up to 200 upstream connections were open at once; the pool keeps at most 16 of them.
      const pooled = upstreamConnections();
      if (pooled) assert.ok(pooled.size >= 1 && pooled.size <= 16, `${pooled.size} idle upstream connections`);
    });

    it('accepts POSTs on pooled connections after an idle period longer than node’s default keep-alive', async () => {
      // The pool now holds idle upstream connections. A service with node's default 5 s keep-alive
      // would close them; when that close crosses a request that nginx is sending on the same
      // connection, nginx does not retry a POST elsewhere: a 502. The race is rare on loopback,
      // so the test also checks, where Linux shows it, that the pooled connections stay open.
      const pooledBefore = upstreamConnections();
      await sleep(NODE_DEFAULT_KEEP_ALIVE_MS + 1_000);
      const pooledAfter = upstreamConnections();
      if (pooledBefore && pooledAfter) {
        assert.ok(pooledBefore.size > 0, 'no pooled upstream connection to wait on');
        assert.deepEqual(
          [...pooledBefore].filter((port) => !pooledAfter.has(port)),
          [],
          'pooled connections closed while idle',
        );
      }
      // At most 16 at once, so that every POST can go out on a connection that has been idle.
      const books = Array.from({ length: 16 }, (_, i) => ({ isbn: `idle-${i}`, title: `After the Pause ${i}`, author: `Idle Writer${i}` }));
      const answers = await Promise.all(books.map((book) => call(agent, port, 'POST', '/api/books', JSON.stringify(book))));
      assert.deepEqual(
        answers.map((answer) => [answer.status, answer.headers.location]),
        books.map((book) => [201, `${publicBase}/books/${book.isbn}`]),
      );
    });
  },
);
