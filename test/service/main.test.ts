/**
 * The entry point as a process (api.md, Settings and Start-up): fail-fast start-up with exit codes and one
 * stderr line, settings honoured end to end, log lines on stdout, and SIGTERM/SIGINT.
 */
import assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer } from 'node:net';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, describe, it } from 'node:test';
import { expectedBook, expectedCollection, expectedRoot, FIXTURE_BOOKS } from '../helpers/books.ts';
import { childEnv, listeningPort, spawnService, type SpawnedService } from '../helpers/server.ts';

type Line = Record<string, unknown>;

/** Runs node with `args` from the project's root, with only the child environment the other tests give and `env`; its JSON lines. */
async function runNode(
  args: readonly string[],
  env: Record<string, string>,
): Promise<{ code: number | null; stderr: string; lines: Line[] }> {
  const child = spawn(process.execPath, args, { cwd: join(import.meta.dirname, '../..'), env: childEnv(env), timeout: 30_000 });
  let [stdout, stderr] = ['', ''];
  child.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
  child.stderr.setEncoding('utf8').on('data', (chunk: string) => (stderr += chunk));
  const code = await new Promise<number | null>((resolve) => child.once('close', resolve));
  const lines = stdout
    .trim()
    .split('\n')
    .map((line) => JSON.parse(line) as Line);
  return { code, stderr, lines };
}

interface Running {
  readonly service: SpawnedService;
  /** Everything the service wrote to stdout so far. */
  stdout(): string;
}

/** Spawns the service and records its whole stdout, raw. */
function run(env: Record<string, string>, args: readonly string[] = []): Running {
  const service = spawnService(env, args);
  let stdout = '';
  service.child.stdout.on('data', (chunk: string) => (stdout += chunk));
  return { service, stdout: () => stdout };
}

/** Every stdout line parsed, each checked for an ISO `time` that is then left out. */
function linesWithoutTime(text: string): Line[] {
  if (text === '') return [];
  assert.ok(text.endsWith('\n'), 'stdout ends with a newline');
  return text
    .slice(0, -1)
    .split('\n')
    .map((raw) => {
      const { time, ...rest } = JSON.parse(raw) as Line;
      assert.equal(typeof time, 'string', raw);
      assert.match(time as string, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/, raw);
      return rest;
    });
}

async function stop(running: Running, signal: NodeJS.Signals = 'SIGTERM'): Promise<{ code: number | null; stderr: string }> {
  running.service.child.kill(signal);
  return running.service.exited;
}

/** A port that was free a moment ago (for services that log nothing when they start listening). */
async function freePort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/**
 * Waits for a quiet service (LOG_LEVEL warn or silent writes no `listening` line) by retrying a
 * health check while the connection is refused; it gives up as soon as the service exits.
 */
async function waitUntilServing(service: SpawnedService, port: number): Promise<void> {
  let exited = false;
  void service.exited.then(() => (exited = true));
  for (;;) {
    if (exited) throw new Error('the service exited before it served');
    try {
      const response = await fetch(`http://127.0.0.1:${port}/health`);
      assert.equal(response.status, 200);
      await response.arrayBuffer();
      return;
    } catch (error) {
      const code = (error as { cause?: { code?: string } }).cause?.code;
      if (code !== 'ECONNREFUSED') throw error;
    }
  }
}

/** A book as the service renders it, from the shared expectation helper. */
function bookBody(base: string, isbn: string, title: string, first: string, last: string, author = `${first} ${last}`): object {
  return expectedBook(base, { isbn, title, author, authorFirstName: first, authorLastName: last }, encodeURIComponent(isbn));
}

function fixtureBody(base: string): object {
  return expectedCollection(base, FIXTURE_BOOKS);
}

const dir = mkdtempSync(join(tmpdir(), 'book-catalogue-main-'));
after(() => rmSync(dir, { recursive: true, force: true }));

describe('fail-fast start-up', () => {
  async function assertRefused(env: Record<string, string>, args: readonly string[], line: string): Promise<void> {
    const running = run(env, args);
    const { code, stderr } = await running.service.exited;
    assert.deepEqual({ code, stderr, stdout: running.stdout() }, { code: 2, stderr: `${line}\n`, stdout: '' });
  }

  it('PORT=abc: exit 2 and one stderr line naming PORT', async () => {
    await assertRefused({ PORT: 'abc' }, [], 'invalid configuration: PORT must be an integer from 0 to 65535, got "abc"');
  });

  it('PORT=70000: exit 2 and one stderr line', async () => {
    await assertRefused({ PORT: '70000' }, [], 'invalid configuration: PORT must be an integer from 0 to 65535, got "70000"');
  });

  it('a bad flag value: exit 2 and one stderr line', async () => {
    await assertRefused(
      {},
      ['--log-level=loud'],
      'invalid configuration: LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud"',
    );
  });

  it('an unknown flag: exit 2 and one stderr line', async () => {
    await assertRefused(
      {},
      ['--nope'],
      'invalid configuration: --nope is not a known flag; the flags are --port, --host, --seed-file, --max-books, --log-level, ' +
        '--keep-alive-timeout-ms, --shutdown-timeout-ms, --store, --base-url, --trust-proxy, --api-token, --send-timeout-ms, --cors-origins, --idempotency-ttl-s, --metrics-port, --metrics-host',
    );
  });

  it('a flag without a value: exit 2 and one stderr line', async () => {
    await assertRefused({}, ['--port'], 'invalid configuration: PORT needs a value: --port <value>');
  });

  it('a blank API_TOKEN: exit 2 and one stderr line', async () => {
    await assertRefused({ API_TOKEN: '  ' }, [], 'invalid configuration: API_TOKEN must not be blank; leave it unset to disable the token');
  });

  it('an API_TOKEN a client could not send (a space in it): exit 2 and one stderr line that does not quote it', async () => {
    const line =
      'invalid configuration: API_TOKEN must be RFC 6750 token68 characters: letters, digits, - . _ ~ + /, then optional = padding';
    await assertRefused({ API_TOKEN: 'not a token' }, [], line);
  });

  it('an unreadable SEED_FILE: exit 2 and one stderr line naming SEED_FILE', async () => {
    const path = join(dir, 'missing.json');
    await assertRefused({ SEED_FILE: path }, [], `invalid configuration: SEED_FILE cannot be read: ENOENT (${path})`);
  });

  it('a SEED_FILE that is not JSON: exit 2 and one stderr line', async () => {
    const path = join(dir, 'broken.json');
    writeFileSync(path, '[{');
    await assertRefused(
      { SEED_FILE: path },
      [],
      `invalid configuration: SEED_FILE is not valid JSON: Expected property name or '}' in JSON at position 2 (line 1 column 3) (${path})`,
    );
  });

  it('a SEED_FILE with a bad entry: exit 2 and one stderr line naming the entry', async () => {
    const path = join(dir, 'bad-entry.json');
    writeFileSync(
      path,
      JSON.stringify([
        { isbn: 'a', title: 'A', author: 'X Y' },
        { isbn: 'b', author: 'X Y' },
      ]),
    );
    await assertRefused(
      { SEED_FILE: path },
      [],
      `invalid configuration: SEED_FILE entry 2 of 2 (isbn "b"): title must be provided (${path})`,
    );
  });

  it('MAX_BOOKS below the fixture: exit 2 and one stderr line naming MAX_BOOKS', async () => {
    await assertRefused({ MAX_BOOKS: '2' }, [], 'invalid configuration: MAX_BOOKS (2) is below the 3 books of the seed');
  });

  it('MAX_BOOKS below a SEED_FILE: exit 2 and one stderr line naming MAX_BOOKS', async () => {
    const path = join(dir, 'two.json');
    writeFileSync(
      path,
      JSON.stringify([
        { isbn: 'a', title: 'A', author: 'X Y' },
        { isbn: 'b', title: 'B', author: 'X Y' },
      ]),
    );
    await assertRefused({ SEED_FILE: path }, ['--max-books', '1'], 'invalid configuration: MAX_BOOKS (1) is below the 2 books of the seed');
  });

  it('a SEED_FILE duplicate whose title holds a line break: still exactly one stderr line', async () => {
    const path = join(dir, 'newline-title.json');
    const title = 'Two\nLines';
    writeFileSync(
      path,
      JSON.stringify([
        { isbn: 'a', title, author: 'X Y' },
        { isbn: 'b', title, author: 'X Y' },
      ]),
    );
    await assertRefused(
      { SEED_FILE: path },
      [],
      `invalid configuration: SEED_FILE entry 2 of 2 (isbn "b"): Book already exists with title: Two\\u000aLines and author: X Y (${path})`,
    );
  });

  it('a port already in use: exit 1 with an error log line that says how to pick another', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as AddressInfo;
    try {
      const running = run({ PORT: String(port), HOST: '127.0.0.1' });
      const { code, stderr } = await running.service.exited;
      assert.deepEqual({ code, stderr }, { code: 1, stderr: '' });
      assert.deepEqual(linesWithoutTime(running.stdout()), [
        {
          level: 'error',
          msg: 'cannot listen',
          port,
          host: '127.0.0.1',
          code: 'EADDRINUSE',
          error: `listen EADDRINUSE: address already in use 127.0.0.1:${port}`,
          hint: `port ${port} is taken: set PORT to another, or 0 for any free one`,
        },
      ]);
    } finally {
      await new Promise<void>((resolve) => blocker.close(() => resolve()));
    }
  });

  it('`npm start` and `npm test` on a Node that cannot run TypeScript stop at once, naming the Node they need', async () => {
    // A supported Node with type stripping turned off stands in for an older one.
    for (const script of ['start', 'test']) {
      const npm = spawn('npm', [script, '--silent'], {
        cwd: join(import.meta.dirname, '../..'),
        env: { ...process.env, NODE_OPTIONS: '--no-experimental-strip-types' },
      });
      let output = '';
      npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      npm.stderr.setEncoding('utf8').on('data', (chunk: string) => (output += chunk));
      const code = await new Promise<number | null>((resolve) => npm.once('close', resolve));
      assert.equal(code, 1, script);
      assert.equal(output, `Node >=22.18 is needed, not ${process.version}: make test and make run fetch it, or install it\n`, script);
    }
  });
});

describe('a running service', () => {
  it('PORT=0: logs `listening` with the port, the URL and the store, serves GET /books, and stops on SIGTERM with exit 0', async () => {
    const running = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await listeningPort(running.service);
    assert.ok(Number.isInteger(port) && port > 0);
    const base = `http://127.0.0.1:${port}`;
    const response = await fetch(`${base}/books`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), fixtureBody(base));
    const requestId = response.headers.get('x-request-id');
    const { code, stderr } = await stop(running);
    assert.deepEqual({ code, stderr }, { code: 0, stderr: '' });
    const lines = linesWithoutTime(running.stdout());
    const durationMs = lines[1]?.durationMs;
    assert.equal(typeof durationMs, 'number');
    assert.deepEqual(lines, [
      { level: 'info', msg: 'listening', port, host: '127.0.0.1', url: `http://127.0.0.1:${port}/`, store: 'indexed', books: 3 },
      { level: 'info', msg: 'request', method: 'GET', path: '/books', status: 200, durationMs, requestId },
      { level: 'info', msg: 'shutting down', signal: 'SIGTERM', timeoutMs: 10_000 },
      { level: 'info', msg: 'stopped' },
    ]);
  });

  for (const signal of ['SIGTERM', 'SIGINT'] as const) {
    it(`${signal}: exit 0 with \`shutting down\` and \`stopped\` lines`, async () => {
      const running = run({ PORT: '0', HOST: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '5000' });
      const port = await listeningPort(running.service);
      const { code, stderr } = await stop(running, signal);
      assert.deepEqual({ code, stderr }, { code: 0, stderr: '' });
      assert.deepEqual(linesWithoutTime(running.stdout()), [
        { level: 'info', msg: 'listening', port, host: '127.0.0.1', url: `http://127.0.0.1:${port}/`, store: 'indexed', books: 3 },
        { level: 'info', msg: 'shutting down', signal, timeoutMs: 5000 },
        { level: 'info', msg: 'stopped' },
      ]);
    });
  }

  it('a second SIGINT while stopping (Ctrl-C reaches node from the terminal and from npm) changes nothing', async () => {
    const running = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await listeningPort(running.service);
    running.service.child.kill('SIGINT');
    running.service.child.kill('SIGINT');
    const { code, stderr } = await running.service.exited;
    assert.deepEqual({ code, stderr }, { code: 0, stderr: '' });
    assert.deepEqual(linesWithoutTime(running.stdout()), [
      { level: 'info', msg: 'listening', port, host: '127.0.0.1', url: `http://127.0.0.1:${port}/`, store: 'indexed', books: 3 },
      { level: 'info', msg: 'shutting down', signal: 'SIGINT', timeoutMs: 10_000 },
      { level: 'info', msg: 'stopped' },
    ]);
  });

  it('`npm start` passes a SIGTERM on to node, which stops cleanly instead of running on without a parent', async () => {
    const npm = spawn('npm', ['start', '--silent', '--', '--port', '0', '--host', '127.0.0.1'], {
      cwd: join(import.meta.dirname, '../..'),
      env: { ...process.env, LOG_LEVEL: 'info' },
    });
    let stdout = '';
    npm.stdout.setEncoding('utf8').on('data', (chunk: string) => (stdout += chunk));
    const exited = new Promise<number | null>((resolve) => npm.once('close', resolve));
    // Polled on each chunk of output, not on a timer: the line arrives when node has started.
    await new Promise<void>((resolve, reject) => {
      npm.stdout.on('data', () => stdout.includes('"msg":"listening"') && resolve());
      npm.once('close', () => reject(new Error(`npm exited first: ${stdout}`)));
    });
    npm.kill('SIGTERM');
    await exited;
    const messages = stdout
      .trim()
      .split('\n')
      .map((line) => (JSON.parse(line) as { msg: string }).msg);
    assert.deepEqual(messages, ['listening', 'shutting down', 'stopped']);
  });

  it('`npm start`, `make run` and the container start node with the same flags and allocator setting, and the image fills its compile cache with them', () => {
    const root = join(import.meta.dirname, '../..');
    const start = (JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')) as { scripts: { start: string } }).scripts.start;
    const flags = start.split(' ').filter((word) => word.startsWith('--'));
    assert.deepEqual(flags, ['--optimize-for-size']);
    assert.equal(start, `MALLOC_MMAP_THRESHOLD_=131072 exec node ${flags.join(' ')} src/main.ts`);
    const containerfile = readFileSync(join(root, 'Containerfile'), 'utf8');
    // The allocator's setting is the process's from its start, in the image as with npm start.
    assert.match(containerfile, /^ENV MALLOC_MMAP_THRESHOLD_=131072$/m);
    assert.deepEqual(JSON.parse(/^CMD (\[.*\])$/m.exec(containerfile)?.[1] ?? 'null'), [...flags, 'src/main.ts']);
    // V8 keeps code for the flags it compiled it with: a cache filled with others would be passed over at every start.
    assert.match(containerfile, /^ENV NODE_COMPILE_CACHE=\S+$/m);
    const fill = JSON.parse(/^RUN (\[.*\])$/m.exec(containerfile)?.[1] ?? 'null') as string[];
    assert.deepEqual(fill.slice(0, 1 + flags.length), ['/nodejs/bin/node', ...flags]);
    // It loads every module of src, those only a worker thread loads among them, then starts the service itself.
    assert.match(fill.at(-1) ?? '', /for \(const file of readdirSync\('src', \{ recursive: true \}\)\) if \(file\.endsWith\('\.ts'\) /);
    assert.match(fill.at(-1) ?? '', /await import\('\.\/src\/main\.ts'\); process\.kill\(process\.pid, 'SIGTERM'\);$/);
    assert.match(readFileSync(join(root, 'Makefile'), 'utf8'), /^run: .*\n\t\$\(WITH_NODE\) 'exec npm start /m);
  });

  it("the image's fill of the compile cache runs as written: every module of src imports, the service starts, and it stops", async () => {
    const root = join(import.meta.dirname, '../..');
    const fill = JSON.parse(/^RUN (\[.*\])$/m.exec(readFileSync(join(root, 'Containerfile'), 'utf8'))?.[1] ?? 'null') as string[];
    const cache = mkdtempSync(join(tmpdir(), 'book-catalogue-fill-'));
    try {
      // The image's node is /nodejs/bin/node; this one runs the same arguments, from the same working directory, with nothing else set.
      const { code, stderr, lines } = await runNode(fill.slice(1), { NODE_COMPILE_CACHE: cache });
      const messages = lines.map((line) => line.msg);
      assert.deepEqual({ code, stderr, messages }, { code: 0, stderr: '', messages: ['listening', 'shutting down', 'stopped'] });
    } finally {
      rmSync(cache, { recursive: true, force: true });
    }
  });

  it("the service, every module of src loaded and started, has not loaded Node's fetch and WebSocket, which an import of node:http loads", async () => {
    // process.moduleLoadList names each of Node's own modules a process has loaded: fetch and WebSocket are undici's. The import of
    // node:http at the end shows that the list would name it.
    const script = [
      "process.env.PORT = '0'; const { readdirSync } = await import('node:fs');",
      "for (const file of readdirSync('src', { recursive: true })) if (file.endsWith('.ts') && file !== 'main.ts') await import(`./src/${file}`);",
      "await import('./src/main.ts'); const undici = () => process.moduleLoadList.filter((name) => name.includes('undici')).length;",
      "const started = undici(); await import('node:http');",
      "console.log(JSON.stringify({ started, imported: undici() > 0 })); process.kill(process.pid, 'SIGTERM');",
    ].join(' ');
    const { code, stderr, lines } = await runNode(['--input-type=module', '--eval', script], {});
    assert.deepEqual({ code, stderr }, { code: 0, stderr: '' });
    assert.deepEqual(
      lines.find((line) => 'started' in line),
      { started: 0, imported: true },
    );
    assert.deepEqual(
      lines.filter((line) => 'msg' in line).map((line) => line.msg),
      ['listening', 'shutting down', 'stopped'],
    );
  });

  it('the container serves metrics on 9464 of every interface it has, and exposes that port beside 5000 (api.md, Metrics)', () => {
    const containerfile = readFileSync(join(import.meta.dirname, '../../Containerfile'), 'utf8');
    assert.match(containerfile, /^ENV .*\bPORT=5000 METRICS_PORT=9464 METRICS_HOST=0\.0\.0\.0$/m);
    assert.match(containerfile, /^EXPOSE 5000 9464$/m);
  });

  it('binds all interfaces without HOST, and says so, with the address a browser here opens', async () => {
    const running = run({ PORT: '0' });
    const line = await running.service.waitForLine((entry) => entry.msg === 'listening');
    const { time, ...rest } = line;
    assert.equal(typeof time, 'string');
    assert.deepEqual(rest, {
      level: 'info',
      msg: 'listening',
      port: rest.port,
      host: 'all interfaces',
      url: `http://localhost:${String(rest.port)}/`,
      store: 'indexed',
      books: 3,
    });
    const response = await fetch(`http://127.0.0.1:${String(rest.port)}/health`);
    assert.deepEqual({ status: response.status, body: await response.json() }, { status: 200, body: { status: 'UP' } });
    assert.equal((await stop(running)).code, 0);
  });

  it('binds the metrics listener to this machine alone unless METRICS_HOST says otherwise (api.md, Metrics, rule 1)', async () => {
    for (const [env, host] of [
      [{}, '127.0.0.1'],
      [{ METRICS_HOST: '::1' }, '::1'],
    ] as const) {
      const running = run({ PORT: '0', METRICS_PORT: String(await freePort()), ...env });
      const line = await running.service.waitForLine((entry) => entry.msg === 'metrics listening');
      assert.equal(line.host, host);
      const url = host === '::1' ? `http://[::1]:${String(line.port)}/metrics` : `http://127.0.0.1:${String(line.port)}/metrics`;
      assert.equal((await fetch(url)).status, 200);
      assert.equal((await stop(running)).code, 0);
    }
  });

  it('takes flags (`--port 0 --host 127.0.0.1`), and a flag overrides a bad environment value', async () => {
    const running = run({ PORT: 'abc', LOG_LEVEL: 'silent' }, ['--port', '0', '--host', '127.0.0.1', '--log-level=info']);
    const port = await listeningPort(running.service);
    const response = await fetch(`http://127.0.0.1:${port}/books`);
    assert.equal(response.status, 200);
    assert.deepEqual(await response.json(), fixtureBody(`http://127.0.0.1:${port}`));
    assert.deepEqual(await stop(running), { code: 0, stderr: '' });
  });

  it('loads SEED_FILE', async () => {
    const path = join(dir, 'seed.json');
    writeFileSync(path, JSON.stringify([{ isbn: 'lg', title: 'The Dispossessed', author: 'Ursula K. Le Guin' }]));
    const running = run({ PORT: '0', HOST: '127.0.0.1', SEED_FILE: path });
    const line = await running.service.waitForLine((entry) => entry.msg === 'listening');
    assert.equal(line.books, 1);
    const base = `http://127.0.0.1:${String(line.port)}`;
    const response = await fetch(`${base}/books`);
    assert.deepEqual(await response.json(), {
      _embedded: { bookDTOList: [bookBody(base, 'lg', 'The Dispossessed', 'Ursula', 'K.', 'Ursula K. Le Guin')] },
      _links: { self: { href: `${base}/books?title=` } },
    });
    assert.equal((await stop(running)).code, 0);
  });
});

describe('settings honoured end to end', () => {
  it('BASE_URL: every link uses it, whatever the Host', async () => {
    const running = run({ PORT: '0', HOST: '127.0.0.1', BASE_URL: 'https://books.example.com/api/' });
    const port = await listeningPort(running.service);
    const base = 'https://books.example.com/api';
    const list = await fetch(`http://127.0.0.1:${port}/books`);
    assert.deepEqual(await list.json(), fixtureBody(base));
    const root = await fetch(`http://127.0.0.1:${port}/`);
    assert.deepEqual(await root.json(), expectedRoot(base, true));
    const created = await fetch(`http://127.0.0.1:${port}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'n-1', title: 'New', author: 'Ann Author' }),
    });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('location'), `${base}/books/n-1`);
    assert.deepEqual(await created.json(), bookBody(base, 'n-1', 'New', 'Ann', 'Author'));
    assert.equal((await stop(running)).code, 0);
  });

  it('API_TOKEN: writes need `Authorization: Bearer <token>`; reads do not; the token is never logged', async () => {
    const token = 'tok-3f9a61c2-never-log-me';
    const running = run({ PORT: '0', HOST: '127.0.0.1', API_TOKEN: token, LOG_LEVEL: 'debug' });
    const port = await listeningPort(running.service);
    const base = `http://127.0.0.1:${port}`;
    const book = JSON.stringify({ isbn: 'n-1', title: 'New', author: 'Ann Author' });
    const unauthorized = (instance: string): object => ({
      type: 'about:blank',
      title: 'Unauthorized',
      status: 401,
      detail: 'This request needs the header Authorization: Bearer <token>, with the right token',
      instance,
    });

    const attempts: [string, RequestInit, string][] = [
      ['no token', { method: 'POST', headers: { 'content-type': 'application/json' }, body: book }, '/books'],
      [
        'wrong token',
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Bearer ${token}x` }, body: book },
        '/books',
      ],
      [
        'other scheme',
        { method: 'POST', headers: { 'content-type': 'application/json', authorization: `Basic ${token}` }, body: book },
        '/books',
      ],
      ['delete without token', { method: 'DELETE' }, '/books/1-2-3'],
    ];
    for (const [name, init, path] of attempts) {
      const response = await fetch(`${base}${path}`, init);
      assert.equal(response.status, 401, name);
      assert.equal(response.headers.get('www-authenticate'), 'Bearer', name);
      assert.deepEqual(await response.json(), unauthorized(path), name);
    }

    const read = await fetch(`${base}/books/1-2-3`);
    assert.equal(read.status, 200);
    assert.deepEqual(await read.json(), bookBody(base, '1-2-3', 'Animal Farm', 'George', 'Orwell'));

    const created = await fetch(`${base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${token}` },
      body: book,
    });
    assert.equal(created.status, 201);
    assert.equal(created.headers.get('location'), `${base}/books/n-1`);
    assert.deepEqual(await created.json(), bookBody(base, 'n-1', 'New', 'Ann', 'Author'));

    const deleted = await fetch(`${base}/books/n-1`, { method: 'DELETE', headers: { authorization: `Bearer ${token}` } });
    assert.equal(deleted.status, 204);

    const { code, stderr } = await stop(running);
    assert.equal(code, 0);
    const stdout = running.stdout();
    assert.ok(stdout.includes('"status":401'), 'the refused requests were logged');
    assert.equal(stdout.includes(token), false, 'token in stdout');
    assert.equal(stderr.includes(token), false, 'token in stderr');
  });

  it('LOG_LEVEL=warn: no access lines, but the warning for a delete of a missing isbn, with the isbn', async () => {
    const port = await freePort();
    const running = run({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn' });
    await waitUntilServing(running.service, port);
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/books`)).status, 200);
    const missing = await fetch(`${base}/books/no-such-isbn`, { method: 'DELETE' });
    assert.equal(missing.status, 204);
    const requestId = missing.headers.get('x-request-id');
    const present = await fetch(`${base}/books/1-2-3`, { method: 'DELETE' });
    assert.equal(present.status, 204);
    const { code, stderr } = await stop(running);
    assert.deepEqual({ code, stderr }, { code: 0, stderr: '' });
    assert.deepEqual(linesWithoutTime(running.stdout()), [
      { level: 'warn', msg: 'delete of a book that does not exist', isbn: 'no-such-isbn', requestId },
    ]);
  });

  it('LOG_LEVEL=silent: nothing at all on stdout or stderr', async () => {
    const port = await freePort();
    const running = run({ PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'silent' });
    await waitUntilServing(running.service, port);
    const base = `http://127.0.0.1:${port}`;
    assert.equal((await fetch(`${base}/books`)).status, 200);
    assert.equal((await fetch(`${base}/books/no-such-isbn`, { method: 'DELETE' })).status, 204);
    assert.equal((await fetch(`${base}/nowhere`)).status, 404);
    const { code, stderr } = await stop(running);
    assert.deepEqual({ code, stderr, stdout: running.stdout() }, { code: 0, stderr: '', stdout: '' });
  });

  it("access lines: method, path without query, status, durationMs, and the response's X-Request-Id", async () => {
    const running = run({ PORT: '0', HOST: '127.0.0.1' });
    const port = await listeningPort(running.service);
    const base = `http://127.0.0.1:${port}`;
    const requests: [string, RequestInit, string, number][] = [
      ['/books?title=farm', {}, '/books', 200],
      ['/books/1-2-3', { headers: { 'x-request-id': 'client-id-42' } }, '/books/1-2-3', 200],
      ['/nowhere?x=1', {}, '/nowhere', 404],
      [
        '/books',
        { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ isbn: 'n', title: 'T', author: 'A B' }) },
        '/books',
        201,
      ],
      ['/books/7-8-9', { method: 'DELETE', headers: { 'x-request-id': 'not sane!' } }, '/books/7-8-9', 204],
    ];
    for (const [target, init, path, status] of requests) {
      const response = await fetch(`${base}${target}`, init);
      await response.arrayBuffer();
      assert.equal(response.status, status, target);
      const requestId = response.headers.get('x-request-id');
      assert.ok(requestId, target);
      const line = await running.service.waitForLine((entry) => entry.msg === 'request' && entry.requestId === requestId);
      const { time, durationMs, ...rest } = line;
      assert.equal(typeof time, 'string', target);
      assert.equal(typeof durationMs, 'number', target);
      assert.ok((durationMs as number) >= 0, target);
      assert.deepEqual(rest, { level: 'info', msg: 'request', method: init.method ?? 'GET', path, status, requestId }, target);
    }
    assert.ok(running.stdout().includes('"requestId":"client-id-42"'), 'a sane client id is kept');
    assert.equal(running.stdout().includes('not sane!'), false, 'an unsafe client id is replaced');
    assert.equal((await stop(running)).code, 0);
  });
});
