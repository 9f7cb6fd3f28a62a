/**
 * Large answers (api.md, Limits, rule 7): every listing is written in pieces as the client reads it. It
 * is byte for byte the body `JSON.stringify` makes of the plain rendering, keeps its ETag, 304
 * and HEAD, waits its turn behind pipelined requests, lets other requests in between its pieces,
 * and a client that reads nothing of it is let go after SEND_TIMEOUT_MS.
 */
import assert from 'node:assert/strict';
import { once } from 'node:events';
import type { Socket } from 'node:net';
import { setImmediate } from 'node:timers/promises';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { type BookFields, toBook } from '../../src/books/book.ts';
import { IndexedBookStore } from '../../src/books/indexed/store.ts';
import { type BookStore, MapBookStore } from '../../src/books/store.ts';
import { renderCollection } from '../../src/hal.ts';
import { parseQuery } from '../../src/http/request.ts';
import { parseListing } from '../../src/listing.ts';
import { exchange, open, parseResponses } from '../helpers/raw.ts';
import { listeningPort, spawnService, startServer, type TestServer } from '../helpers/server.ts';

const COUNT = 3_000;
const NAMES = ['Ann Lee', 'Émile Zola', 'Bo  Li', 'Zed Adams', 'ǅemal Ǆ', 'Plato', 'Ursula K. Le Guin'];

/** Titles that share words, so that filters match a few books, hundreds, or all; no two are duplicates. */
function catalogueBook(i: number): BookFields {
  const [first = '', last = ''] = (NAMES[i % NAMES.length] as string).split(/\s+/);
  return {
    isbn: `isbn ${i}/${i % 7}`,
    title: `Volume ${i % 500} of ${i % 3 === 0 ? 'Straße' : 'the <Sea>'}`,
    authorFirstName: first,
    authorLastName: last,
    author: undefined,
  };
}

function fill(store: BookStore, count: number): BookStore {
  for (let i = 0; i < count; i++) store.add(catalogueBook(i));
  return store;
}

const plain = fill(new MapBookStore(COUNT), COUNT);

/** What the plain store, rendered the plain way and serialised once, says the body is. */
async function expectedBody(base: string, query: string): Promise<string> {
  const parsed = parseListing(parseQuery(query));
  assert.ok('listing' in parsed);
  const { listing } = parsed;
  const page = listing.page;
  const found = await plain.find({
    ...listing.filter,
    sort: listing.sort,
    ...(page ? { offset: page.number * page.size, limit: page.size } : {}),
  });
  const paging = page && { ...page, totalElements: found.total, filters: listing.given, sort: listing.sortParam };
  return JSON.stringify(
    renderCollection(
      found.books.map((book) => toBook(book)),
      base,
      paging,
    ),
  );
}

describe('listings written in pieces', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ LOG_LEVEL: 'warn' }, fill(new IndexedBookStore(COUNT + 10), COUNT))));
  after(() => server.close());

  for (const query of [
    '',
    'title=',
    'title=volume%2049%20',
    'title=Volume%201%20of%20Stra',
    'title=%20',
    'title=volume',
    'title=THE%20%3CSEA',
    'title=straße',
    'title=1%20of',
    'title=volume 49',
    'sort=title,desc',
    'sort=author&title=sea',
    'page=2&size=1000&sort=isbn',
    'title=9&page=1&size=7',
  ]) {
    it(`GET /books?${query} is byte for byte the plain rendering`, async () => {
      const response = await fetch(`${server.base}/books?${query}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/hal+json');
      const expected = await expectedBody(server.base, query);
      // A body of one piece (some 16 KB) is sent whole, with its length; a larger one in chunks.
      const framing =
        expected.length > 16 * 1024
          ? { 'transfer-encoding': 'chunked', 'content-length': null }
          : { 'transfer-encoding': null, 'content-length': String(Buffer.byteLength(expected)) };
      assert.deepEqual(
        { 'transfer-encoding': response.headers.get('transfer-encoding'), 'content-length': response.headers.get('content-length') },
        framing,
      );
      assert.equal(await response.text(), expected);
    });
  }

  it('has an ETag that a 304 honours, and HEAD sends the same headers without a body', async () => {
    const get = await fetch(`${server.base}/books?sort=title`);
    const etag = get.headers.get('etag') ?? assert.fail('no ETag');
    assert.match(etag, /^"v-[A-Za-z0-9_-]{27}"$/);
    await get.arrayBuffer();
    const head = await fetch(`${server.base}/books?sort=title`, { method: 'HEAD' });
    assert.deepEqual(
      [head.status, head.headers.get('etag'), head.headers.get('content-type'), await head.text()],
      [200, etag, 'application/hal+json', ''],
    );
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`]) {
      const cached = await fetch(`${server.base}/books?sort=title`, { headers: { 'if-none-match': ifNoneMatch } });
      assert.deepEqual([cached.status, cached.headers.get('etag'), await cached.text()], [304, etag, '']);
    }
  });

  it('has a tag that changes whenever the bytes would: a write, another query, another base URL', async () => {
    const tagOf = async (path: string, host = `127.0.0.1:${server.port}`): Promise<string> => {
      const response = await exchange(server.port, `GET ${path} HTTP/1.1\r\nHost: ${host}\r\nConnection: close\r\n\r\n`, { end: false });
      return response.responses[0]?.headers.get('etag') ?? assert.fail(`no ETag for ${path}`);
    };
    const before = await tagOf('/books?title=volume%201');
    assert.equal(await tagOf('/books?title=volume%201'), before);
    assert.notEqual(await tagOf('/books?title=volume%202'), before);
    assert.notEqual(await tagOf('/books?title=volume%201', 'example.com'), before);
    const added = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'tag-1', title: 'Elsewhere', author: 'Ann Lee' }),
    });
    assert.equal(added.status, 201);
    // The new book is not among the matches, yet the catalogue changed: the tag moves on.
    assert.notEqual(await tagOf('/books?title=volume%201'), before);
    const cached = await fetch(`${server.base}/books?title=volume 1`, { headers: { 'if-none-match': before } });
    assert.equal(cached.status, 200);
    await cached.arrayBuffer();
    assert.equal((await fetch(`${server.base}/books/tag-1`, { method: 'DELETE' })).status, 204);
  });

  it('answers thirty pipelined listings on one connection, each whole and in order', async () => {
    const requests = Array.from(
      { length: 30 },
      (_, i) =>
        `GET /books?${i % 2 ? 'sort=isbn' : ''} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n${i === 29 ? 'Connection: close\r\n' : ''}\r\n`,
    );
    const { responses } = await exchange(server.port, requests.join(''), { end: false });
    assert.equal(responses.length, 30);
    const bodies = [await expectedBody(server.base, ''), await expectedBody(server.base, 'sort=isbn')];
    responses.forEach((response, i) => {
      assert.equal(response.status, 200);
      assert.equal(response.body.toString('utf8'), bodies[i % 2], `answer ${i}`);
    });
  });
});

describe('a client that reads nothing', () => {
  it('is let go after SEND_TIMEOUT_MS, and the close is logged', async (t) => {
    const server = await startServer({ SEND_TIMEOUT_MS: '200' }, fill(new IndexedBookStore(COUNT), COUNT));
    t.after(() => server.close());
    const accepted = once(server.server, 'connection') as Promise<[Socket]>;
    const socket = await open(server.port);
    const [serverSide] = await accepted;
    // Not reading: the answers fill the socket's buffers (some megabytes on a loopback), and then
    // nothing moves. A paused socket sees no close either, so the server's side is watched.
    socket.pause();
    socket.write('GET /books HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(30));
    await once(serverSide, 'close');
    socket.destroy();
    // The requests still waiting learn of the close a few turns of the event loop later.
    const requests = (): number => server.logs.filter((line) => line.msg === 'request').length;
    for (let turn = 0; turn < 1_000 && requests() < 30; turn++) await setImmediate();
    const closed = server.logs.filter((line) => line.msg === 'closed a connection that made no progress');
    assert.deepEqual(
      closed.map(({ level, timeoutMs, method, path }) => ({ level, timeoutMs, method, path })),
      [{ level: 'warn', timeoutMs: 200, method: 'GET', path: '/books' }],
    );
    // Every request is in the access log with the status it was given, the ones whose turn never
    // came too: their answers waited in node's queue and went with the connection.
    const statuses = server.logs.filter((line) => line.msg === 'request').map((line) => line.status);
    assert.deepEqual(
      statuses,
      Array.from({ length: 30 }, () => 200),
    );
  });

  it('while a client that keeps reading gets its whole answer', async (t) => {
    // Far above any gap between two reads, even on a loaded machine; what is tested is that
    // progress keeps the connection, not how fast the reader is.
    const server = await startServer({ SEND_TIMEOUT_MS: '2000', LOG_LEVEL: 'warn' }, fill(new IndexedBookStore(COUNT), COUNT));
    t.after(() => server.close());
    const socket = await open(server.port);
    socket.write(`GET /books HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nConnection: close\r\n\r\n`);
    const chunks: Buffer[] = [];
    // One chunk at a time, each after the server has written the next: progress, never a stall.
    for await (const chunk of socket) chunks.push(chunk as Buffer);
    const [response] = parseResponses(Buffer.concat(chunks)).responses;
    assert.equal(response?.body.toString('utf8'), await expectedBody(server.base, ''));
    assert.deepEqual(
      server.logs.filter((line) => line.level === 'warn'),
      [],
    );
  });
});

describe('other requests, while a listing is written', () => {
  it('are answered between its pieces, even when its client reads at once', async (t) => {
    const directory = await mkdtemp(join(tmpdir(), 'pieces-'));
    t.after(() => rm(directory, { recursive: true, force: true }));
    const seedFile = join(directory, 'books.json');
    await writeFile(
      seedFile,
      JSON.stringify(Array.from({ length: 30_000 }, (_, i) => ({ isbn: `p-${i}`, title: `Title ${i}`, author: `First${i} Last${i}` }))),
    );
    // Its own process, so that this client's reading never waits on the service's event loop.
    const service = spawnService({ SEED_FILE: seedFile, PORT: '0' });
    t.after(() => service.child.kill('SIGKILL'));
    const base = `http://127.0.0.1:${await listeningPort(service)}`;
    const listing = await fetch(`${base}/books`);
    const reader = (listing.body ?? assert.fail('no body')).getReader();
    let done = false;
    const drained = (async () => {
      while (!(await reader.read()).done);
      done = true;
    })();
    const health = await fetch(`${base}/health`);
    assert.deepEqual([health.status, await health.json(), done], [200, { status: 'UP' }, false]);
    await drained;
  });
});
