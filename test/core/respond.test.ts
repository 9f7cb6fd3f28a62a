/**
 * Large answers (api.md, Limits, rule 7): every listing is written in pieces as the client reads it. It
 * is byte for byte the body `JSON.stringify` makes of the plain rendering, keeps its ETag, 304
 * and HEAD, waits its turn behind pipelined requests, lets other requests in between its pieces,
 * and a client that reads nothing of it is let go after SEND_TIMEOUT_MS.
 */
import assert from 'node:assert/strict';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { MapBookStore } from '../../src/core/store.ts';
import { COUNT, expectedBody, fill } from '../helpers/listing.ts';
import { exchange } from '../helpers/raw.ts';
import { listeningPort, spawnService, startServer, type TestServer } from '../helpers/server.ts';

describe('listings written in pieces', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ LOG_LEVEL: 'warn' }, { store: fill(new MapBookStore(COUNT + 10), COUNT) })));
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
