/**
 * Robustness at the HTTP layer (issue 6): malformed HTTP on bare sockets, pipelined junk, clients
 * that keep half a connection open, and slow clients that dribble their headers.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { AddressInfo, Socket } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it, type TestContext } from 'node:test';
import { createService } from '../../../src/core/service.ts';
import { ROOMS } from '../../../src/rooms.ts';
import { exchange, open, parseResponses, rawViolations, type RawExchange } from '../../helpers/raw.ts';
import { listeningPort, spawnService, startServer } from '../../helpers/server.ts';

/** A request head with the usual Host, then `rest` (more header lines, the blank line, a body). */
function head(requestLine: string, rest = '\r\n'): string {
  return `${requestLine}\r\nHost: localhost\r\n${rest}`;
}

const JSON_POST = 'POST /books HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\n';
const BOOK = '{"isbn":"pipelined-1","title":"Pipelined","author":"Pipe Line"}';

interface MalformedCase {
  readonly name: string;
  readonly bytes: string;
  /** The status, when the answer is ours for certain; otherwise any 4xx. */
  readonly status?: number;
  /** Node may close some connections without a word; that is allowed. */
  readonly mayClose?: boolean;
}

const MALFORMED: readonly MalformedCase[] = [
  // Request lines
  { name: 'garbage instead of a request line', bytes: 'GARBAGE\r\n\r\n', status: 400 },
  { name: 'unknown method', bytes: head('FOO /books HTTP/1.1'), status: 400 },
  { name: 'lower-case method', bytes: head('get /books HTTP/1.1'), status: 400 },
  { name: 'empty method', bytes: head(' /books HTTP/1.1'), status: 400 },
  { name: 'no request target', bytes: head('GET  HTTP/1.1'), status: 400 },
  { name: 'space inside the request target', bytes: head('GET /bo oks HTTP/1.1'), status: 400 },
  { name: 'tabs as separators', bytes: head('GET\t/books\tHTTP/1.1'), status: 400 },
  { name: 'space after the version', bytes: head('GET /books HTTP/1.1 '), status: 400 },
  { name: 'unknown HTTP version 9.9', bytes: head('GET /books HTTP/9.9'), status: 400 },
  { name: 'malformed version HTTP/1.x', bytes: head('GET /books HTTP/1.x'), status: 400 },
  { name: 'lower-case http/1.1', bytes: head('GET /books http/1.1'), status: 400 },
  { name: 'HTTP/2 connection preface', bytes: 'PRI * HTTP/2.0\r\n\r\nSM\r\n\r\n', status: 400 },
  { name: 'request line without an HTTP version (HTTP/0.9 style), with a Host', bytes: head('GET /books') },
  { name: 'control character in the request target', bytes: head('GET /books/\u0001 HTTP/1.1'), status: 400 },
  { name: 'byte 0xFF in the request target', bytes: head('GET /books/\u00ff HTTP/1.1'), status: 400 },
  { name: 'NUL in the request line', bytes: head('GET /bo\u0000oks HTTP/1.1'), status: 400 },
  { name: 'request line cut by the end of the stream', bytes: 'GET /books HTT', status: 400 },
  { name: 'CONNECT to a host', bytes: 'CONNECT example.com:443 HTTP/1.1\r\nHost: example.com:443\r\n\r\n', status: 405 },
  { name: 'CONNECT to a path', bytes: head('CONNECT /books HTTP/1.1'), status: 405 },

  // Framing
  {
    name: 'Content-Length with Transfer-Encoding: chunked',
    bytes: `${JSON_POST}Content-Length: 5\r\nTransfer-Encoding: chunked\r\n\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    name: 'Transfer-Encoding: chunked, then Content-Length',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\nContent-Length: 3\r\n\r\n0\r\n\r\n`,
    status: 400,
  },
  { name: 'two different Content-Length headers', bytes: `${JSON_POST}Content-Length: 2\r\nContent-Length: 3\r\n\r\n{}x`, status: 400 },
  { name: 'two equal Content-Length headers', bytes: `${JSON_POST}Content-Length: 2\r\nContent-Length: 2\r\n\r\n{}` },
  { name: 'a Content-Length list "2, 2"', bytes: `${JSON_POST}Content-Length: 2, 2\r\n\r\n{}` },
  { name: 'negative Content-Length', bytes: `${JSON_POST}Content-Length: -1\r\n\r\n`, status: 400 },
  { name: 'Content-Length with a plus sign', bytes: `${JSON_POST}Content-Length: +2\r\n\r\n{}`, status: 400 },
  { name: 'hexadecimal Content-Length', bytes: `${JSON_POST}Content-Length: 0x2\r\n\r\n{}`, status: 400 },
  { name: 'Content-Length beyond 2^64', bytes: `${JSON_POST}Content-Length: 99999999999999999999999\r\n\r\n{}`, status: 400 },
  { name: 'Content-Length with a space inside', bytes: `${JSON_POST}Content-Length: 1 0\r\n\r\n{}`, status: 400 },
  { name: 'Transfer-Encoding: gzip alone', bytes: `${JSON_POST}Transfer-Encoding: gzip\r\n\r\n{}`, status: 400 },
  {
    name: 'Transfer-Encoding: chunked, identity',
    bytes: `${JSON_POST}Transfer-Encoding: chunked, identity\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
  {
    name: 'two Transfer-Encoding: chunked headers',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\nTransfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
  { name: 'chunk size that is not hexadecimal', bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\nzz\r\n{}\r\n0\r\n\r\n`, status: 400 },
  {
    name: 'chunk size that overflows',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\nFFFFFFFFFFFFFFFFFFFF\r\n{}\r\n0\r\n\r\n`,
    status: 400,
  },
  { name: 'negative chunk size', bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n-2\r\n{}\r\n0\r\n\r\n`, status: 400 },
  { name: 'chunk data longer than its size', bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n1\r\n{}\r\n0\r\n\r\n`, status: 400 },
  { name: 'chunk data without its CRLF', bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n2\r\n{}XX0\r\n\r\n`, status: 400 },
  {
    name: 'chunk extension over 16 KiB',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n2;${'x'.repeat(17_000)}\r\n{}\r\n0\r\n\r\n`,
  },
  {
    name: 'trailers over 16 KiB',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n0\r\nX-T: ${'y'.repeat(17_000)}\r\n\r\n`,
    status: 431,
  },
  {
    name: 'chunked body over 16 KiB',
    bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n${`1000\r\n${'a'.repeat(4096)}\r\n`.repeat(5)}0\r\n\r\n`,
    status: 413,
  },
  {
    name: 'body over 16 KiB with its Content-Length',
    bytes: `${JSON_POST}Content-Length: 20000\r\n\r\n${'a'.repeat(20_000)}`,
    status: 413,
  },
  { name: 'declared 2 MB body, sent in full', bytes: `${JSON_POST}Content-Length: 2000000\r\n\r\n${'a'.repeat(2_000_000)}`, status: 413 },
  {
    name: 'body shorter than its Content-Length, then the end of the stream',
    bytes: `${JSON_POST}Content-Length: 100\r\n\r\n{"isbn":"x"}`,
    status: 400,
  },
  { name: 'chunked body cut before its last chunk', bytes: `${JSON_POST}Transfer-Encoding: chunked\r\n\r\n2\r\n{}\r\n`, status: 400 },

  // Header section
  { name: 'one header over 16 KiB', bytes: head('GET /books HTTP/1.1', `X-Big: ${'a'.repeat(17_000)}\r\n\r\n`), status: 431 },
  {
    name: 'many headers, over 16 KiB in all',
    bytes: head('GET /books HTTP/1.1', `${'X-Many: aaaaaaaaaaaaaaaa\r\n'.repeat(800)}\r\n`),
    status: 431,
  },
  { name: 'request target over 16 KiB', bytes: head(`GET /books/${'a'.repeat(17_000)} HTTP/1.1`), status: 431 },
  { name: 'header line without a colon', bytes: head('GET /books HTTP/1.1', 'NoColonHere\r\n\r\n'), status: 400 },
  { name: 'space before the colon', bytes: 'GET /books HTTP/1.1\r\nHost : localhost\r\n\r\n', status: 400 },
  { name: 'empty header name', bytes: head('GET /books HTTP/1.1', ': value\r\n\r\n'), status: 400 },
  { name: 'space inside a header name', bytes: head('GET /books HTTP/1.1', 'X A: b\r\n\r\n'), status: 400 },
  { name: 'obsolete line folding', bytes: head('GET /books HTTP/1.1', 'X-A: b\r\n c\r\n\r\n'), status: 400 },
  { name: 'bare LF line endings', bytes: 'GET /books HTTP/1.1\nHost: localhost\n\n', status: 400 },
  { name: 'bare CR line endings', bytes: 'GET /books HTTP/1.1\rHost: localhost\r\r', status: 400 },
  { name: 'NUL in a header value', bytes: head('GET /books HTTP/1.1', 'X-A: b\u0000c\r\n\r\n'), status: 400 },
  { name: 'NUL in a header name', bytes: head('GET /books HTTP/1.1', 'X\u0000A: b\r\n\r\n'), status: 400 },
  { name: 'control character in a header value', bytes: head('GET /books HTTP/1.1', 'X-A: a\u0001b\r\n\r\n'), status: 400 },
  { name: 'DEL in a header value', bytes: head('GET /books HTTP/1.1', 'X-A: a\u007fb\r\n\r\n'), status: 400 },
  { name: 'header section cut by the end of the stream', bytes: 'GET /books HTTP/1.1\r\nHost: local', status: 400 },
  { name: 'Host with a space', bytes: 'GET /books HTTP/1.1\r\nHost: a b\r\n\r\n', status: 400 },
  { name: 'Host with a port over 65535', bytes: 'GET /books HTTP/1.1\r\nHost: a:70000\r\n\r\n', status: 400 },
  { name: 'Host with bytes that are not ASCII', bytes: 'GET /books HTTP/1.1\r\nHost: \u00e9vil\r\n\r\n', status: 400 },
  // RFC 9112 section 3.2: a request with more than one Host line gets a 400.
  { name: 'two Host headers', bytes: 'GET /books HTTP/1.1\r\nHost: localhost\r\nHost: evil.example\r\n\r\n', status: 400 },
  { name: 'Expect with something other than 100-continue', bytes: head('GET /books HTTP/1.1', 'Expect: teapot\r\n\r\n'), status: 417 },
];

describe('malformed HTTP on a bare socket: a 4xx problem (or a closed socket), never a 5xx', () => {
  for (const entry of MALFORMED) {
    it(entry.name, async (t) => {
      const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
      t.after(() => server.close());
      const { responses } = await exchange(server.port, entry.bytes);
      if (!entry.mayClose) assert.ok(responses.length > 0, 'the server closed the connection without an answer');
      for (const response of responses) {
        assert.ok(response.status >= 400 && response.status < 500, `answered ${response.status} ${response.body.toString('utf8')}`);
        assert.deepEqual(rawViolations(response), [], `answer: ${response.status} ${response.body.toString('utf8')}`);
      }
      if (entry.status !== undefined) assert.equal(responses[0]?.status, entry.status);
      // Whatever came in, the service answers the next client as before.
      const next = await exchange(server.port, head('GET /books/4-5-6 HTTP/1.1'));
      assert.equal(next.responses[0]?.status, 200);
      assert.deepEqual(
        server.logs.filter((line) => line.level === 'error'),
        [],
      );
    });
  }
});

describe('pipelined requests', () => {
  it('garbage after a complete GET: the GET is answered in full, then a 400 problem or a close', async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    const { responses, rest } = await exchange(server.port, `${head('GET /books/4-5-6 HTTP/1.1')}GARBAGE\r\n\r\n`);
    assert.equal(responses[0]?.status, 200);
    assert.equal(rest.length, 0);
    for (const response of responses.slice(1)) assert.deepEqual(rawViolations(response), []);
  });

  // The first answer is already out when the garbage comes: nothing is left to wait for, so the
  // garbage is answered at once with its own 400, and the connection closes.
  it('garbage on a kept-alive connection after an answer went out: a 400 problem, then a close', async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    const socket = await open(server.port);
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.write(head('GET /books/4-5-6 HTTP/1.1'));
    while (parseResponses(Buffer.concat(chunks)).responses.length === 0) await once(socket, 'data');
    socket.write('GARBAGE\r\n\r\n');
    await once(socket, 'close');
    const { responses, rest } = parseResponses(Buffer.concat(chunks));
    assert.deepEqual(
      responses.map((response) => response.status),
      [200, 400],
    );
    assert.deepEqual(rawViolations(responses[1] ?? assert.fail('no answer to the garbage')), []);
    assert.equal(rest.length, 0);
  });

  // The parser meets the garbage while the first answer is still being written; the answer must
  // still arrive whole. Node's socket buffers hide this for small answers, so the catalogue is big.
  // The client keeps its side open, as browsers and proxies do: node drops what is still being
  // answered on a connection whose client shuts down its sending side (api.md, Limits, rule 7).
  it('garbage after a complete GET with a large answer (30 000 books): the answer still arrives whole', async (t) => {
    const directory = await mkdtemp(join(tmpdir(), 'robustness-'));
    t.after(() => rm(directory, { recursive: true, force: true }));
    const seedFile = join(directory, 'books.json');
    const books = Array.from({ length: 30_000 }, (_, i) => ({ isbn: `big-${i}`, title: `Title ${i}`, author: `First${i} Last${i}` }));
    await writeFile(seedFile, JSON.stringify(books));
    const server = await startServer({ LOG_LEVEL: 'warn', SEED_FILE: seedFile }, { rooms: ROOMS });
    t.after(() => server.close());
    const whole = await exchange(server.port, head('GET /books HTTP/1.1', 'Connection: close\r\n\r\n'), { end: false });
    const expectedLength = whole.responses[0]?.body.length ?? assert.fail('no answer to the plain GET');

    const { responses, rest } = await exchange(server.port, `${head('GET /books HTTP/1.1')}GARBAGE\r\n\r\n`, { end: false });
    assert.equal(
      responses[0]?.status,
      200,
      `the close cut the answer: ${rest.length} bytes of it arrived, for a body of ${expectedLength}`,
    );
    assert.equal(responses[0]?.body.length, expectedLength);
    for (const response of responses.slice(1)) assert.deepEqual(rawViolations(response), []);
  });

  // The POST is complete and valid when the garbage behind it breaks the parser; the book is then
  // stored, so its 201 must reach the client, not a 400 that says the request was not valid HTTP.
  it('garbage after a complete POST: the client hears 201 exactly when the book was stored', async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    const post = `${JSON_POST}Content-Length: ${Buffer.byteLength(BOOK)}\r\n\r\n${BOOK}`;
    const { responses } = await exchange(server.port, `${post}GARBAGE\r\n\r\n`);
    const stored = (await fetch(`${server.base}/books/pipelined-1`)).status === 200;
    const statuses = responses.map((response) => response.status);
    assert.equal(statuses[0] === 201, stored, `answers ${JSON.stringify(statuses)}, yet the book ${stored ? 'was' : 'was not'} stored`);
    assert.equal(statuses[0], 201);
    for (const response of responses.slice(1)) assert.deepEqual(rawViolations(response), []);
  });
});

// ---------------------------------------------------------------------------------------------

interface ObservedServer {
  readonly port: number;
  /** The server's side of every connection, in the order they came. */
  readonly connections: Socket[];
  /** Resolves once `count` connections have arrived. */
  connectionsReaching(count: number): Promise<void>;
  close(): Promise<void>;
}

/** The real app and server, like startServer, but with the server's sockets in view. */
async function observedServer(env: Record<string, string>): Promise<ObservedServer> {
  const { server } = createService({ rooms: ROOMS, env: { LOG_LEVEL: 'silent', ...env }, write: () => {} });
  const connections: Socket[] = [];
  const waiters: { count: number; resolve: () => void }[] = [];
  server.on('connection', (socket: Socket) => {
    connections.push(socket);
    for (const waiter of waiters.filter((w) => connections.length >= w.count)) {
      waiters.splice(waiters.indexOf(waiter), 1);
      waiter.resolve();
    }
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    port: (server.address() as AddressInfo).port,
    connections,
    connectionsReaching: (count) => new Promise((resolve) => (connections.length >= count ? resolve() : waiters.push({ count, resolve }))),
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
        for (const socket of connections) socket.destroy();
      }),
  };
}

/**
 * Resolves once the socket has closed, however it closed. Not `events.once`, which rejects on an
 * 'error' first: a write that meets the server's reset (EPIPE) is one way for it to let go.
 */
function closed(socket: Socket): Promise<void> {
  return socket.closed ? Promise.resolve() : new Promise((resolve) => socket.once('close', () => resolve()));
}

/** A client that has sent part of a request head and will send the rest one byte at a time. */
interface Dribbler {
  readonly socket: Socket;
  /** Everything the server sent, once the connection has closed. */
  readonly answer: Promise<Buffer>;
}

async function dribbler(port: number, index: number, allowHalfOpen = false): Promise<Dribbler> {
  const socket = await open(port, allowHalfOpen);
  const chunks: Buffer[] = [];
  socket.on('data', (chunk: Buffer) => chunks.push(chunk));
  socket.on('error', () => {}); // a reset is one way for the server to let go
  const answer = closed(socket).then(() => Buffer.concat(chunks));
  await new Promise<void>((resolve, reject) =>
    socket.write(`GET /books HTTP/1.1\r\nHost: localhost\r\nX-Slow-${index}: `, (error) => (error ? reject(error) : resolve())),
  );
  return { socket, answer };
}

function writeByte(socket: Socket): Promise<void> {
  return new Promise((resolve) => {
    if (!socket.writable) return resolve();
    socket.write('a', () => resolve());
  });
}

/** What a slow client may hear when it is cut off: nothing, or one 408 problem. */
function assertCutOff(answer: Buffer, who: string): 'closed' | 'answered' {
  if (answer.length === 0) return 'closed';
  const { responses, rest } = parseResponses(answer);
  assert.equal(rest.length, 0, `${who}: unparsable bytes ${JSON.stringify(rest.toString('latin1'))}`);
  assert.equal(responses.length, 1, `${who}: ${responses.length} answers`);
  const response = responses[0] ?? assert.fail(`${who}: no answer`);
  assert.equal(response.status, 408, `${who}: ${response.status} ${response.body.toString('utf8')}`);
  assert.deepEqual(rawViolations(response), [], who);
  return 'answered';
}

const SLOW_CLIENTS = 200;

describe('slow clients', () => {
  it(`${SLOW_CLIENTS} clients dribbling header bytes do not stall normal requests`, async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    const slow: Dribbler[] = [];
    for (let i = 0; i < SLOW_CLIENTS; i++) slow.push(await dribbler(server.port, i));
    t.after(() => slow.forEach(({ socket }) => socket.destroy()));
    const expected = await (await fetch(`${server.base}/books`)).text();

    // Each round, every slow client sends one more byte, then a normal client is served in full.
    for (let round = 0; round < 40; round++) {
      await Promise.all(slow.map(({ socket }) => writeByte(socket)));
      const response = await fetch(`${server.base}/books`);
      assert.equal(response.status, 200);
      assert.equal(await response.text(), expected);
      if (round % 10 === 0) {
        const body = JSON.stringify({ isbn: `while-slow-${round}`, title: `Slow ${round}`, author: 'Slow Client' });
        const created = await fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body });
        assert.equal(created.status, 201);
        await created.text();
        const removed = await fetch(`${server.base}/books/while-slow-${round}`, { method: 'DELETE' });
        assert.equal(removed.status, 204);
      }
    }
    // All of them were still mid-request, unanswered, the whole time.
    assert.equal(slow.filter(({ socket }) => socket.closed || socket.bytesRead > 0).length, 0);
  });

  // headersTimeout is 1.5 s here and node checks every second; the timeout only guards against a hang.
  it(
    `headersTimeout cuts off ${SLOW_CLIENTS} dribbling clients (KEEP_ALIVE_TIMEOUT_MS=500), while others are served`,
    { timeout: 30_000 },
    async (t) => {
      const service = spawnService({ PORT: '0', HOST: '127.0.0.1', KEEP_ALIVE_TIMEOUT_MS: '500', LOG_LEVEL: 'info' });
      t.after(() => service.child.kill('SIGKILL'));
      const port = await listeningPort(service);
      const slow: Dribbler[] = [];
      for (let i = 0; i < SLOW_CLIENTS; i++) slow.push(await dribbler(port, i));
      // The dribble is the attack, not a way to wait: one byte from each slow client every 100 ms,
      // and a normal request alongside, until the server has cut every slow client off.
      const normal: Promise<RawExchange>[] = [exchange(port, head('GET /books HTTP/1.1'))];
      const drip = setInterval(() => {
        slow.forEach(({ socket }) => void writeByte(socket));
        normal.push(exchange(port, head('GET /books HTTP/1.1')));
      }, 100);
      t.after(() => clearInterval(drip));
      const outcomes = (await Promise.all(slow.map(({ answer }) => answer))).map((answer, i) => assertCutOff(answer, `slow client ${i}`));
      clearInterval(drip);

      const served = await Promise.all(normal);
      for (const { responses } of served) assert.equal(responses[0]?.status, 200);
      t.diagnostic(
        `${outcomes.filter((o) => o === 'answered').length} slow clients got a 408 problem, ` +
          `${outcomes.filter((o) => o === 'closed').length} a bare close; ${served.length} normal requests served meanwhile`,
      );
      const after = await exchange(port, head('GET /books HTTP/1.1'));
      assert.equal(after.responses[0]?.status, 200);
      service.child.kill('SIGTERM');
      assert.equal((await service.exited).code, 0);
    },
  );

  // A hostile client ignores the server's FIN after the 408 and keeps its half of the connection.
  // The server must still let go of the socket, or such clients pile up until it runs out of them.
  // "Never lets go" can only fail by the test's timeout: the cut comes within 2.5 s, the close
  // right after it. The timeout is far above that, so that a loaded machine, whose timers run
  // late, does not turn a slow pass into a cancelled test.
  it('slow clients that ignore the 408 and keep their half open are still disconnected', { timeout: 30_000 }, async (t) => {
    const server = await observedServer({ KEEP_ALIVE_TIMEOUT_MS: '500' });
    t.after(() => server.close());
    const count = 20;
    const slow: Dribbler[] = [];
    for (let i = 0; i < count; i++) slow.push(await dribbler(server.port, i, true));
    t.after(() => slow.forEach(({ socket }) => socket.destroy()));
    await server.connectionsReaching(count);
    const drip = setInterval(() => slow.forEach(({ socket }) => void writeByte(socket)), 100);
    t.after(() => clearInterval(drip));
    await Promise.all(server.connections.map(closed));
    clearInterval(drip);
  });
});

describe('half-open connections after a parser error', () => {
  async function halfOpenAfterGarbage(t: TestContext, port: number): Promise<{ socket: Socket; answer: Buffer }> {
    const socket = await open(port, true);
    t.after(() => socket.destroy());
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', () => {});
    socket.write('GARBAGE\r\n\r\n');
    await once(socket, 'end'); // the server has answered and sent its FIN; this client never sends one
    return { socket, answer: Buffer.concat(chunks) };
  }

  // As above, a socket that is never closed fails by the (generous) timeout; a closed one closes at once.
  it('the server closes its socket although the client never closes its half', { timeout: 30_000 }, async (t) => {
    const server = await observedServer({});
    t.after(() => server.close());
    const { answer } = await halfOpenAfterGarbage(t, server.port);
    const { responses } = parseResponses(answer);
    assert.equal(responses[0]?.status, 400);
    await server.connectionsReaching(1);
    await closed(server.connections[0] as Socket);
  });

  it('such a client does not keep SIGTERM from a clean exit 0', async (t) => {
    const service = spawnService({ PORT: '0', HOST: '127.0.0.1', SHUTDOWN_TIMEOUT_MS: '2000', LOG_LEVEL: 'info' });
    t.after(() => service.child.kill('SIGKILL'));
    const port = await listeningPort(service);
    await halfOpenAfterGarbage(t, port);
    service.child.kill('SIGTERM');
    const { code } = await service.exited;
    assert.equal(code, 0, 'the service waited out SHUTDOWN_TIMEOUT_MS for a connection it had already answered');
  });
});
