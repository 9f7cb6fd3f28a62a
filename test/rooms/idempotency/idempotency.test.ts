/**
 * api.md, Safe retries: Idempotency-Key on POST /books and on a batch, over HTTP, with whole
 * bodies, against both stores. No test waits for a time: a first request is known to be under way
 * when the service answers its `Expect: 100-continue`, which it does as it starts to read the body.
 */
import assert from 'node:assert/strict';
import { request as httpRequest, type IncomingMessage } from 'node:http';
import { after, before, beforeEach, describe, it } from 'node:test';
import { setImmediate as nextTurn } from 'node:timers/promises';
import type { Room } from '../../../src/core/rooms.ts';
import { batch } from '../../../src/rooms/batch/room.ts';
import { idempotency } from '../../../src/rooms/idempotency/room.ts';
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { token } from '../../../src/rooms/token/room.ts';
import { BOOK_EXISTS, expectedBook, expectedCollection, expectedProblem, VALIDATION_FAILED } from '../../helpers/books.ts';
import { open } from '../../helpers/raw.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const BOOK = { isbn: 'k-1', title: 'Kept', author: 'Kim Keeper' };
const SHOWN = { ...BOOK, authorFirstName: 'Kim', authorLastName: 'Keeper' };
const KEY_PROBLEM = 'urn:book-catalogue:problem:idempotency-key-';
const BAD_KEY = 'Idempotency-Key must be a quoted string of 1 to 255 visible ASCII characters, such as "4b1e3c2a-17"';

const STORES: readonly { name: string; rooms: readonly Room[] }[] = [
  { name: 'map', rooms: [idempotency, batch] },
  { name: 'indexed', rooms: [indexed, idempotency, batch] },
];

/** Turns of the event loop until `done` holds: the service's own log says when it has seen something. */
async function until(done: () => boolean): Promise<void> {
  while (!done()) await nextTurn();
}

const bodyOf = async (response: IncomingMessage): Promise<string> => {
  let text = '';
  for await (const chunk of response) text += chunk;
  return text;
};

for (const { name, rooms } of STORES) {
  describe(`Idempotency-Key (${name} store)`, () => {
    let server: TestServer;
    before(async () => (server = await startServer({ MAX_BOOKS: '5' }, { rooms })));
    after(() => server.close());
    let key = 0;
    /** A key no test used before. */
    const fresh = (): string => `"key-${name}-${++key}"`;
    beforeEach(() => {
      for (const isbn of ['k-1', 'k-2', 'k-3', 'b-1', 'b-2']) server.store.remove(isbn);
    });

    const post = (body: unknown, headers: Record<string, string>, path = '/books'): Promise<Response> =>
      fetch(`${server.base}${path}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', ...headers },
        body: typeof body === 'string' ? body : JSON.stringify(body),
      });
    const heads = (response: Response): Record<string, string | null> =>
      Object.fromEntries(['location', 'etag', 'content-type', 'idempotent-replayed'].map((name) => [name, response.headers.get(name)]));

    it('a retry with the same key and body gets the first answer again, marked as replayed; the book is added once', async () => {
      const key = fresh();
      const first = await post(BOOK, { 'idempotency-key': key });
      assert.equal(first.status, 201);
      const body = await first.json();
      assert.deepEqual(body, expectedBook(server.base, SHOWN));
      assert.deepEqual(heads(first), {
        location: `${server.base}/books/k-1`,
        etag: first.headers.get('etag'),
        'content-type': 'application/hal+json',
        'idempotent-replayed': null,
      });
      for (let retry = 0; retry < 2; retry++) {
        const again = await post(BOOK, { 'idempotency-key': key });
        assert.equal(again.status, 201);
        assert.deepEqual(heads(again), { ...heads(first), 'idempotent-replayed': 'true' });
        assert.equal(again.headers.get('cache-control'), 'no-store');
        assert.deepEqual(await again.json(), body);
      }
      assert.equal(server.store.size, 4);
      // The same book again without a key is what it always was: a 409.
      assert.equal((await post(BOOK, {})).status, 409);
    });

    it('keeps a 4xx answer too: the retry gets it again, whatever the catalogue holds by then', async () => {
      const key = fresh();
      const taken = { ...BOOK, isbn: '1-2-3' };
      const first = await post(taken, { 'idempotency-key': key });
      assert.equal(first.status, 409);
      const problem = expectedProblem(409, 'Book already exists', 'Book already exists for ISBN: 1-2-3', '/books', BOOK_EXISTS);
      assert.deepEqual(await first.json(), problem);
      server.store.remove('1-2-3');
      const again = await post(taken, { 'idempotency-key': key });
      assert.equal(again.status, 409);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.equal(again.headers.get('content-type'), 'application/problem+json');
      assert.deepEqual(await again.json(), problem);
      assert.equal(server.store.get('1-2-3'), undefined);
      server.store.add({ isbn: '1-2-3', title: 'Animal Farm', authorFirstName: 'George', authorLastName: 'Orwell', author: undefined });

      const invalid = fresh();
      const detail = 'title must be provided';
      const expected = {
        ...expectedProblem(400, 'Validation failed', detail, '/books', VALIDATION_FAILED),
        errors: [{ pointer: '#/title', detail }],
      };
      assert.deepEqual(await (await post({ isbn: 'k-2', author: 'A B' }, { 'idempotency-key': invalid })).json(), expected);
      const replayed = await post({ isbn: 'k-2', author: 'A B' }, { 'idempotency-key': invalid });
      assert.equal(replayed.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(await replayed.json(), expected);
    });

    it('the key sent with another body, or to another path, is a 422, and nothing changes', async () => {
      const key = fresh();
      assert.equal((await post(BOOK, { 'idempotency-key': key })).status, 201);
      const reused = expectedProblem(
        422,
        'Idempotency key reused',
        'This Idempotency-Key was sent with another request: a new request needs a new key',
        '/books',
        `${KEY_PROBLEM}reused`,
      );
      // One byte more is another body: the fingerprint is of the bytes.
      for (const body of [{ ...BOOK, isbn: 'k-2' }, `${JSON.stringify(BOOK)} `]) {
        const response = await post(body, { 'idempotency-key': key });
        assert.equal(response.status, 422);
        assert.equal(response.headers.get('idempotent-replayed'), null);
        assert.deepEqual(await response.json(), reused);
      }
      const elsewhere = await post({ books: [BOOK] }, { 'idempotency-key': key }, '/books:batchCreate');
      assert.equal(elsewhere.status, 422);
      assert.deepEqual(await elsewhere.json(), { ...reused, instance: '/books:batchCreate' });
      assert.equal(server.store.get('k-2'), undefined);
    });

    it('a batch is kept and replayed the same way', async () => {
      const key = fresh();
      const books = [
        { isbn: 'b-1', title: 'One', author: 'Ann Lee' },
        { isbn: 'b-2', title: 'Two', author: 'Ann Lee' },
      ];
      const first = await post({ books }, { 'idempotency-key': key }, '/books:batchCreate');
      assert.equal(first.status, 200);
      const body = await first.json();
      const shown = books.map((book) => ({ ...book, authorFirstName: 'Ann', authorLastName: 'Lee' }));
      assert.deepEqual(body, expectedCollection(server.base, shown));
      const again = await post({ books }, { 'idempotency-key': key }, '/books:batchCreate');
      assert.equal(again.status, 200);
      assert.equal(again.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(await again.json(), body);
      assert.equal(server.store.size, 5);
    });

    it('a retry while the first is still being handled is a 409; once it is answered, the retry gets its answer', async () => {
      const key = fresh();
      const text = JSON.stringify(BOOK);
      const req = httpRequest({
        host: '127.0.0.1',
        port: server.port,
        method: 'POST',
        path: '/books',
        headers: {
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
          expect: '100-continue',
          'idempotency-key': key,
        },
      });
      const answered = new Promise<IncomingMessage>((resolve) => req.once('response', resolve));
      await new Promise((resolve) => req.once('continue', resolve));
      req.write(text.slice(0, 10));
      const racing = await post(BOOK, { 'idempotency-key': key });
      assert.equal(racing.status, 409);
      assert.deepEqual(
        await racing.json(),
        expectedProblem(
          409,
          'Idempotency key in flight',
          'A request with this Idempotency-Key is still being handled; retry once it is answered',
          '/books',
          `${KEY_PROBLEM}in-flight`,
        ),
      );
      req.end(text.slice(10));
      const response = await answered;
      assert.equal(response.statusCode, 201);
      const body = JSON.parse(await bodyOf(response));
      const retry = await post(BOOK, { 'idempotency-key': key });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), 'true');
      assert.deepEqual(await retry.json(), body);
    });

    it('many copies of one request at once: one adds the book, each other is replayed or told the first is under way', async () => {
      const key = fresh();
      const answers = await Promise.all(Array.from({ length: 24 }, () => post(BOOK, { 'idempotency-key': key })));
      const kinds = answers.map((response) => `${response.status}${response.headers.get('idempotent-replayed') ? ' replayed' : ''}`);
      assert.equal(kinds.filter((kind) => kind === '201').length, 1, kinds.join());
      assert.deepEqual(
        kinds.filter((kind) => kind !== '201' && kind !== '201 replayed' && kind !== '409'),
        [],
      );
      assert.equal(server.store.size, 4);
    });

    it('a body that never arrived whole keeps nothing: the key is free for the retry', async () => {
      const key = fresh();
      const text = JSON.stringify(BOOK);
      const socket = await open(server.port);
      socket.write(
        `POST /books HTTP/1.1\r\nHost: t\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\n` +
          `Idempotency-Key: ${key}\r\nX-Request-Id: cut-${name}\r\n\r\n${text.slice(0, 10)}`,
      );
      socket.destroy();
      // The service logs the request once the client is gone and its 400 went nowhere.
      await until(() => server.logs.some((line) => line.msg === 'request' && line.requestId === `cut-${name}`));
      assert.equal(server.logs.find((line) => line.msg === 'request' && line.requestId === `cut-${name}`)?.status, 400);
      const retry = await post(BOOK, { 'idempotency-key': key });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), null);
    });

    it('keeps no answer to a body it never had whole, and invites none to refuse it: a 415 held back, a 413, then the book', async () => {
      const key = fresh();
      const socket = await open(server.port);
      socket.write(
        `POST /books HTTP/1.1\r\nHost: t\r\nContent-Type: text/plain\r\nContent-Length: 40\r\nExpect: 100-continue\r\n` +
          `Idempotency-Key: ${key}\r\n\r\n`,
      );
      // The first head the service sends is its answer: a 100 Continue there would invite a body it refuses.
      let received = '';
      for await (const chunk of socket) if ((received += String(chunk)).includes('\r\n\r\n')) break;
      socket.destroy();
      assert.match(received, /^HTTP\/1\.1 415 /);
      const large = await post(`{"title":"${'x'.repeat(20_000)}"}`, { 'idempotency-key': key });
      assert.equal(large.status, 413);
      const added = await post(BOOK, { 'idempotency-key': key });
      assert.deepEqual([added.status, added.headers.get('idempotent-replayed')], [201, null]);
    });

    it('keeps a 415 whose body came with it, read to fingerprint it: the same request gets it again, another a 422', async () => {
      const key = fresh();
      const text = JSON.stringify(BOOK);
      const refused = await post(text, { 'idempotency-key': key, 'content-type': 'text/plain' });
      assert.equal(refused.status, 415);
      const body = await refused.json();
      const again = await post(text, { 'idempotency-key': key, 'content-type': 'text/plain' });
      assert.deepEqual([again.status, again.headers.get('idempotent-replayed'), await again.json()], [415, 'true', body]);
      assert.equal((await post(`${text} `, { 'idempotency-key': key })).status, 422);
      assert.equal(server.store.get('k-1'), undefined);
    });

    it('keeps no 5xx: a 507 retried once there is room adds the book', async () => {
      const key = fresh();
      server.store.add({ isbn: 'k-2', title: 'Filler', authorFirstName: 'F', authorLastName: 'G', author: undefined });
      server.store.add({ isbn: 'k-3', title: 'Filler 2', authorFirstName: 'F', authorLastName: 'G', author: undefined });
      const full = await post(BOOK, { 'idempotency-key': key });
      assert.equal(full.status, 507);
      server.store.remove('k-3');
      const retry = await post(BOOK, { 'idempotency-key': key });
      assert.equal(retry.status, 201);
      assert.equal(retry.headers.get('idempotent-replayed'), null);
    });

    it('a key that is not a quoted string of 1 to 255 visible ASCII characters, or sent twice, is a 400 naming it', async () => {
      for (const bad of [
        'plain',
        '""',
        `"${'k'.repeat(256)}"`,
        '"with space"',
        '"tab\there"',
        '"café"',
        '"a"b"',
        '"a\\b"',
        '"open',
        ':Ynl0ZXM=:',
        '1',
      ]) {
        const response = await post(BOOK, { 'idempotency-key': bad });
        assert.equal(response.status, 400, bad);
        assert.deepEqual(await response.json(), expectedProblem(400, 'Bad Request', BAD_KEY, '/books'));
      }
      const socket = await open(server.port);
      const text = JSON.stringify(BOOK);
      socket.end(
        `POST /books HTTP/1.1\r\nHost: t\r\nConnection: close\r\nContent-Type: application/json\r\nContent-Length: ${text.length}\r\n` +
          `Idempotency-Key: "a"\r\nIdempotency-Key: "a"\r\n\r\n${text}`,
      );
      let raw = '';
      for await (const chunk of socket) raw += chunk;
      assert.match(raw, /^HTTP\/1\.1 400 /);
      assert.ok(raw.endsWith(JSON.stringify(expectedProblem(400, 'Bad Request', 'Idempotency-Key must be sent once', '/books'))), raw);
      assert.equal(server.store.size, 3);
    });

    it('takes the longest key, and quotes and backslashes escaped inside one', async () => {
      for (const [given, other] of [
        [`"${'k'.repeat(254)}${name[0]}"`, undefined],
        ['"q\\"u\\\\ote"', '"q\\"u\\\\otE"'],
      ] as const) {
        assert.equal((await post(BOOK, { 'idempotency-key': given })).status, 201);
        assert.equal((await post(BOOK, { 'idempotency-key': given })).headers.get('idempotent-replayed'), 'true');
        if (other) assert.equal((await post(BOOK, { 'idempotency-key': other })).status, 409);
        server.store.remove('k-1');
      }
    });
  });
}

describe('Idempotency-Key with API_TOKEN', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'secret' }, { rooms: [token, idempotency] })));
  after(() => server.close());

  it('a request without the token is a 401 that takes no key: the same key with the token adds the book', async () => {
    const headers = { 'content-type': 'application/json', 'idempotency-key': '"t-1"' };
    const refused = await fetch(`${server.base}/books`, { method: 'POST', headers, body: JSON.stringify(BOOK) });
    assert.equal(refused.status, 401);
    const added = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { ...headers, authorization: 'Bearer secret' },
      body: JSON.stringify(BOOK),
    });
    assert.equal(added.status, 201);
    assert.equal(added.headers.get('idempotent-replayed'), null);
  });
});
