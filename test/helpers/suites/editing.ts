/**
 * api.md, Editing: PUT /books/{isbn} and If-Match on PUT and DELETE, rule by rule, over HTTP,
 * each answer compared whole: status, the headers that matter, and the body. Then the race that
 * If-Match exists for: two clients holding the same tag, both bodies sent at once.
 */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import {
  BOOK_EXISTS,
  BOOK_NOT_FOUND,
  expectedBook,
  expectedCollection,
  expectedProblem,
  LEE,
  ORWELL,
  TOLKIEN,
  VALIDATION_FAILED,
  FELLOWSHIP,
  STALE_TAG,
} from '../books.ts';
import { send } from '../http.ts';
import { open, parseResponses } from '../raw.ts';
import type { Start, TestServer } from '../server.ts';

const PROBLEM = 'application/problem+json';
const HAL = 'application/hal+json';
const TAG = /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/;

function put(server: TestServer, isbn: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.base}/books/${isbn}`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}

/** A book's ETag and body as a GET reads them now. */
async function read(server: TestServer, isbn: string): Promise<{ etag: string; body: unknown }> {
  const response = await fetch(`${server.base}/books/${isbn}`);
  assert.equal(response.status, 200);
  return { etag: response.headers.get('etag') ?? assert.fail('no ETag'), body: await response.json() };
}

async function assertProblem(response: Response, expected: object, etag?: string): Promise<void> {
  assert.deepEqual(
    {
      status: response.status,
      type: response.headers.get('content-type'),
      etag: response.headers.get('etag') ?? undefined,
      body: await response.json(),
    },
    { status: (expected as { status: number }).status, type: PROBLEM, etag, body: expected },
  );
}

const invalid = (instance: string, errors: { pointer: string; detail: string }[]): object => ({
  ...expectedProblem(400, 'Validation failed', errors.map((error) => error.detail).join('; '), instance, VALIDATION_FAILED),
  errors,
});
const changed = (etag: string, instance: string): object =>
  expectedProblem(412, 'Precondition Failed', `The book has changed since it was read: its ETag is now ${etag}`, instance);
const notATag = (etag: string, instance: string): object =>
  expectedProblem(412, 'Precondition Failed', `If-Match names no ETag this service gives; the book's is ${etag}`, instance);

// The contract over HTTP holds for both stores: the map store, the reference, and the indexed one.
/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function editingSuite(label: string, start: Start): void {
  describe(label, () => {
    describe('PUT /books/{isbn}', () => {
      let server: TestServer;
      beforeEach(async () => {
        await server?.close();
        server = await start();
      });
      after(() => server.close());

      it('answers 200 with the new book, its links and the ETag a GET of it then gets (rules 1 and 5)', async () => {
        const response = await put(server, '4-5-6', FELLOWSHIP);
        const expected = expectedBook(server.base, FELLOWSHIP);
        assert.deepEqual(
          { status: response.status, type: response.headers.get('content-type'), body: await response.json() },
          { status: 200, type: HAL, body: expected },
        );
        assert.equal(response.headers.get('location'), null);
        const now = await read(server, '4-5-6');
        assert.deepEqual(now.body, expected);
        assert.equal(response.headers.get('etag'), now.etag);
        assert.match(now.etag, TAG);
      });

      it('keeps the book in its place in insertion order; searches, sorts and the duplicate rule see the new values at once (rule 5)', async () => {
        const book = { isbn: '1-2-3', title: 'Zoo Farm', author: 'Aaron Aardvark', authorFirstName: 'Aaron', authorLastName: 'Aardvark' };
        assert.equal((await put(server, '1-2-3', { isbn: '1-2-3', title: 'Zoo Farm', author: 'Aaron Aardvark' })).status, 200);
        const list = async (query: string): Promise<unknown> => (await fetch(`${server.base}/books${query}`)).json();
        assert.deepEqual(await list(''), expectedCollection(server.base, [book, TOLKIEN, LEE]));
        assert.deepEqual(await list('?title=zoo'), expectedCollection(server.base, [book]));
        assert.equal((await fetch(`${server.base}/books?title=animal`)).status, 404);
        const sorted = (await list('?sort=title&size=5')) as { _embedded: { bookDTOList: { isbn: string }[] } };
        assert.deepEqual(
          sorted._embedded.bookDTOList.map((entry) => entry.isbn),
          ['4-5-6', '7-8-9', '1-2-3'],
        );
        const byAuthor = (await list('?sort=author&size=5')) as { _embedded: { bookDTOList: { isbn: string }[] } };
        assert.deepEqual(
          byAuthor._embedded.bookDTOList.map((entry) => entry.isbn),
          ['1-2-3', '7-8-9', '4-5-6'],
        );
        // The old title and names are free; the new ones are taken.
        const post = (body: object): Promise<Response> =>
          fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        assert.equal((await post({ isbn: 'new', title: 'Animal Farm', author: 'George Orwell' })).status, 201);
        await assertProblem(
          await post({ isbn: 'other', title: 'Zoo Farm', authorFirstName: 'Aaron', authorLastName: 'Aardvark' }),
          expectedProblem(
            409,
            'Book already exists',
            'Book already exists with title: Zoo Farm and author: Aaron Aardvark',
            '/books',
            BOOK_EXISTS,
          ),
        );
      });

      it('takes either author form, keeps a submitted author whole, and ignores unknown fields, as POST does (rule 2)', async () => {
        const v2 = await put(server, '7-8-9', {
          isbn: '7-8-9',
          title: 'Go Set a Watchman',
          authorFirstName: 'Nelle',
          authorLastName: 'Lee',
          _links: { self: { href: 'http://evil.example/' } },
          id: 9,
        });
        assert.deepEqual(
          await v2.json(),
          expectedBook(server.base, {
            isbn: '7-8-9',
            title: 'Go Set a Watchman',
            author: 'Nelle Lee',
            authorFirstName: 'Nelle',
            authorLastName: 'Lee',
          }),
        );
        const v1 = await put(server, '7-8-9', { isbn: '7-8-9', title: 'Go Set a Watchman', author: 'Nelle Harper Lee' });
        const expected = expectedBook(server.base, {
          isbn: '7-8-9',
          title: 'Go Set a Watchman',
          author: 'Nelle Harper Lee',
          authorFirstName: 'Nelle',
          authorLastName: 'Harper',
        });
        assert.deepEqual(await v1.json(), expected);
        assert.deepEqual((await read(server, '7-8-9')).body, expected);
      });

      it('validates the body exactly as POST does, with the same messages, in the order isbn, title, author (rule 2)', async () => {
        const response = await put(server, '4-5-6', { isbn: '4-5-6', title: 7, authorFirstName: 'J' });
        await assertProblem(
          response,
          invalid('/books/4-5-6', [
            { pointer: '#/title', detail: 'title must be a string' },
            { pointer: '#/author', detail: 'author must be provided' },
          ]),
        );
        const long = await put(server, '4-5-6', { isbn: '4-5-6', title: 't'.repeat(513), author: 'A B' });
        await assertProblem(long, invalid('/books/4-5-6', [{ pointer: '#/title', detail: 'title must be at most 512 characters' }]));
        assert.deepEqual((await read(server, '4-5-6')).body, expectedBook(server.base, TOLKIEN));
      });

      it('a body whose isbn is not the path’s is one more #/isbn error, after the isbn’s own (rule 3)', async () => {
        await assertProblem(
          await put(server, '4-5-6', { ...FELLOWSHIP, isbn: '9-9-9' }),
          invalid('/books/4-5-6', [{ pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' }]),
        );
        await assertProblem(
          await put(server, '4-5-6', { ...FELLOWSHIP, isbn: '4-5-6 ' }),
          invalid('/books/4-5-6', [
            { pointer: '#/isbn', detail: 'isbn must not contain invisible characters' },
            { pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' },
          ]),
        );
        await assertProblem(
          await put(server, '4-5-6', { isbn: '  ', title: '' }),
          invalid('/books/4-5-6', [
            { pointer: '#/isbn', detail: 'isbn must be provided' },
            { pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' },
            { pointer: '#/title', detail: 'title must be provided' },
            { pointer: '#/author', detail: 'author must be provided' },
          ]),
        );
        await assertProblem(
          await put(server, '4-5-6', { title: 'No isbn', author: 'A B' }),
          invalid('/books/4-5-6', [
            { pointer: '#/isbn', detail: 'isbn must be provided' },
            { pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' },
          ]),
        );
      });

      it('names the decoded isbn of an escaped path, and replaces a book whose isbn holds ? and a space', async () => {
        const created = await fetch(`${server.base}/books`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isbn: 'a?b c', title: 'Asked', author: 'A B' }),
        });
        assert.equal(created.status, 201);
        const book = { isbn: 'a?b c', title: 'Asked again', author: 'A B', authorFirstName: 'A', authorLastName: 'B' };
        const response = await put(server, 'a%3Fb%20c', { isbn: 'a?b c', title: 'Asked again', author: 'A B' });
        assert.deepEqual([response.status, await response.json()], [200, expectedBook(server.base, book, 'a%3Fb%20c')]);
        await assertProblem(
          await put(server, 'a%3Fb%20c', { ...book, isbn: 'a?b' }),
          invalid('/books/a%3Fb%20c', [{ pointer: '#/isbn', detail: 'isbn must match the path: a?b c' }]),
        );
      });

      it('refuses an isbn holding / or \\ in the body, before the path is compared (api.md, Validation)', async () => {
        for (const isbn of ['a/b', 'a\\b']) {
          await assertProblem(
            await put(server, '4-5-6', { isbn, title: 'T', author: 'A B' }),
            invalid('/books/4-5-6', [
              { pointer: '#/isbn', detail: 'isbn must not contain / or \\' },
              { pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' },
            ]),
          );
        }
      });

      it('an unknown isbn is a 404, never a create, with If-Match and a bad book too (rules 1 and 6)', async () => {
        const expected = expectedProblem(404, 'Book not found', 'Book cannot be found for ISBN: 0-0-0', '/books/0-0-0', BOOK_NOT_FOUND);
        await assertProblem(await put(server, '0-0-0', { isbn: '0-0-0', title: 'New', author: 'A B' }), expected);
        await assertProblem(await put(server, '0-0-0', { isbn: '0-0-0', title: 'New', author: 'A B' }, { 'if-match': '*' }), expected);
        await assertProblem(await put(server, '0-0-0', { isbn: 7 }, { 'if-match': '"stale"' }), expected);
        assert.equal((await fetch(`${server.base}/books/0-0-0`)).status, 404);
      });

      it('another book’s title and names are a 409 with the POST message; a book may keep its own (rule 4)', async () => {
        await assertProblem(
          await put(server, '4-5-6', { isbn: '4-5-6', title: 'Animal Farm', authorFirstName: 'George', authorLastName: 'Orwell' }),
          expectedProblem(
            409,
            'Book already exists',
            'Book already exists with title: Animal Farm and author: George Orwell',
            '/books/4-5-6',
            BOOK_EXISTS,
          ),
        );
        const same = await put(server, '1-2-3', { isbn: '1-2-3', title: 'Animal Farm', author: 'George Orwell' });
        assert.deepEqual([same.status, await same.json()], [200, expectedBook(server.base, ORWELL)]);
      });

      it('counts the change in the text budget: a longer book that does not fit is a 507, and nothing changes', async () => {
        const tight = await start({ MAX_BOOKS: '3' }); // 384 code units; the fixture holds 99
        try {
          const response = await put(tight, '4-5-6', { isbn: '4-5-6', title: 't'.repeat(322), author: 'JRR Tolkien' });
          await assertProblem(
            response,
            expectedProblem(
              507,
              'Insufficient Storage',
              'The catalogue is full: its books hold at most 384 characters of text in all (128 a book of MAX_BOOKS)',
              '/books/4-5-6',
            ),
          );
          assert.deepEqual((await read(tight, '4-5-6')).body, expectedBook(tight.base, TOLKIEN));
          assert.equal((await put(tight, '4-5-6', { isbn: '4-5-6', title: 't'.repeat(250), author: 'JRR Tolkien' })).status, 200);
        } finally {
          await tight.close();
        }
      });

      it('checks the body before the isbn: content type 415, size 413 and JSON 400 come before the 404 (rule 6)', async () => {
        const plain = await fetch(`${server.base}/books/0-0-0`, { method: 'PUT', headers: { 'content-type': 'text/plain' }, body: '{}' });
        assert.equal(plain.status, 415);
        assert.equal((await put(server, '0-0-0', `{"title": "${'a'.repeat(20_000)}"}`)).status, 413);
        await assertProblem(
          await put(server, '0-0-0', '{"isbn":'),
          expectedProblem(400, 'Bad Request', 'Request body is not valid JSON', '/books/0-0-0'),
        );
        await assertProblem(
          await put(server, '0-0-0', '[]'),
          expectedProblem(400, 'Bad Request', 'Request body must be a JSON object', '/books/0-0-0'),
        );
      });

      it('ignores If-None-Match on a write: only GET and HEAD are ever a 304 (rule 10)', async () => {
        const { etag } = await read(server, '4-5-6');
        for (const ifNoneMatch of ['*', etag]) {
          const response = await put(server, '4-5-6', FELLOWSHIP, { 'if-none-match': ifNoneMatch });
          assert.deepEqual([response.status, ((await response.json()) as { title: string }).title], [200, FELLOWSHIP.title]);
        }
        const deleted = await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE', headers: { 'if-none-match': '*' } });
        assert.equal(deleted.status, 204);
      });

      it('a POST’s 201 carries the new book’s ETag too, so that an edit can follow it at once (rule 10)', async () => {
        const created = await fetch(`${server.base}/books`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isbn: '9-9-9', title: 'Dune', author: 'Frank Herbert' }),
        });
        const etag = created.headers.get('etag') ?? assert.fail('no ETag on the 201');
        assert.equal(etag, (await read(server, '9-9-9')).etag);
        assert.equal(
          (await put(server, '9-9-9', { isbn: '9-9-9', title: 'Dune Messiah', author: 'Frank Herbert' }, { 'if-match': etag })).status,
          200,
        );
      });
    });

    describe('If-Match on PUT and DELETE', () => {
      let server: TestServer;
      beforeEach(async () => {
        await server?.close();
        server = await start();
      });
      after(() => server.close());

      it('the current ETag, *, or a list that holds it lets the write through; each answer carries the new tag (rule 7)', async () => {
        let { etag } = await read(server, '4-5-6');
        for (const ifMatch of [(tag: string) => tag, () => '*', (tag: string) => `"other", ${tag}`, (tag: string) => `W/"x",${tag}`]) {
          const title = `Title ${ifMatch(etag).length}`;
          const response = await put(server, '4-5-6', { ...FELLOWSHIP, title }, { 'if-match': ifMatch(etag) });
          assert.deepEqual([response.status, ((await response.json()) as { title: string }).title], [200, title], ifMatch(etag));
          const now = await read(server, '4-5-6');
          assert.equal(response.headers.get('etag'), now.etag);
          assert.notEqual(now.etag, etag);
          etag = now.etag;
        }
      });

      it('any other tag is a 412 naming the current one, in its ETag header too, saying whether it was ever one, and nothing changes (rule 8)', async () => {
        const { etag, body } = await read(server, '4-5-6');
        // A tag shaped as the service makes them is one the book had; anything else, one it never gives (a placeholder, say).
        for (const ifMatch of [STALE_TAG, `${etag.slice(0, -2)}x"`, `"a", ${STALE_TAG}`]) {
          const response = await put(server, '4-5-6', FELLOWSHIP, { 'if-match': ifMatch });
          await assertProblem(response, changed(etag, '/books/4-5-6'), etag);
        }
        for (const ifMatch of ['"stale"', '"<ETag of a GET>"', `W/${etag}`, `${etag}x`, etag.slice(1, -1), '"a", "b"', '']) {
          const response = await put(server, '4-5-6', FELLOWSHIP, { 'if-match': ifMatch });
          await assertProblem(response, notATag(etag, '/books/4-5-6'), etag);
        }
        const deleted = await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE', headers: { 'if-match': STALE_TAG } });
        await assertProblem(deleted, changed(etag, '/books/4-5-6'), etag);
        assert.deepEqual(await read(server, '4-5-6'), { etag, body });
      });

      it('the 412 comes before validation and duplicates: a stale write learns first that it is stale (rule 6)', async () => {
        const { etag } = await read(server, '4-5-6');
        await assertProblem(await put(server, '4-5-6', { isbn: 'other' }, { 'if-match': STALE_TAG }), changed(etag, '/books/4-5-6'), etag);
        await assertProblem(
          await put(server, '4-5-6', { ...ORWELL, isbn: '4-5-6' }, { 'if-match': STALE_TAG }),
          changed(etag, '/books/4-5-6'),
          etag,
        );
      });

      it('the current ETag is the one a GET through the same base URL gets: the links in the body hold it (rule 7)', async () => {
        const viaHost = (host: string, method = 'GET', headers: Record<string, string> = {}, body?: string) =>
          send({ port: server.port, method, path: '/books/4-5-6', headers: { host, ...headers }, body });
        const other = (await viaHost('books.example')).headers.etag as string;
        const local = (await viaHost(`127.0.0.1:${server.port}`)).headers.etag as string;
        assert.notEqual(other, local);
        const stale = await put(server, '4-5-6', FELLOWSHIP, { 'if-match': other });
        await assertProblem(stale, changed(local, '/books/4-5-6'), local);
        const json = { 'content-type': 'application/json', 'if-match': other };
        const through = await viaHost('books.example', 'PUT', json, JSON.stringify(FELLOWSHIP));
        assert.deepEqual([through.status, JSON.parse(through.body)], [200, expectedBook('http://books.example', FELLOWSHIP)]);
      });

      it('DELETE with the current tag, or *, deletes; the next one, for a book now absent, is a 412 (rules 7 and 8)', async () => {
        const { etag } = await read(server, '4-5-6');
        const deleted = await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE', headers: { 'if-match': etag } });
        assert.deepEqual([deleted.status, await deleted.text()], [204, '']);
        assert.equal((await fetch(`${server.base}/books/1-2-3`, { method: 'DELETE', headers: { 'if-match': '*' } })).status, 204);
        for (const ifMatch of [etag, '*', '"anything"']) {
          const absent = await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE', headers: { 'if-match': ifMatch } });
          await assertProblem(absent, expectedProblem(412, 'Precondition Failed', 'The book does not exist', '/books/4-5-6'));
        }
        // Without If-Match, a DELETE of a missing book is still the 204 it always was.
        assert.equal((await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE' })).status, 204);
        assert.deepEqual(await (await fetch(`${server.base}/books`)).json(), expectedCollection(server.base, [LEE]));
      });
    });

    describe('two clients edit the same book at once (rule 9)', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('both read the same ETag and both PUT, both bodies sent before either is handled: one 200, one 412, and the winner’s book is stored', async () => {
        const { etag } = await read(server, '4-5-6');
        const bodies = ['Alice', 'Bob'].map((who) => JSON.stringify({ isbn: '4-5-6', title: `${who}'s edit`, author: 'JRR Tolkien' }));
        const sockets = await Promise.all(bodies.map(() => open(server.port, true)));
        const received = sockets.map(() => Buffer.alloc(0));
        const continued = sockets.map(
          (socket, i) =>
            new Promise<void>((resolve) => {
              socket.on('data', (chunk: Buffer) => {
                received[i] = Buffer.concat([received[i] as Buffer, chunk]);
                if ((received[i] as Buffer).includes('100 Continue')) resolve();
              });
            }),
        );
        const ended = sockets.map((socket) => new Promise<void>((resolve) => socket.on('end', resolve)));
        // The heads first, with Expect: 100-continue. node answers 100 as it hands a request to the
        // service, whose handler then waits for the body: once both have answered, both handlers wait.
        sockets.forEach((socket, i) => {
          const length = Buffer.byteLength(bodies[i] as string);
          socket.write(
            `PUT /books/4-5-6 HTTP/1.1\r\nHost: ${server.base.slice('http://'.length)}\r\nContent-Type: application/json\r\nIf-Match: ${etag}\r\nContent-Length: ${length}\r\nExpect: 100-continue\r\nConnection: close\r\n\r\n`,
          );
        });
        await Promise.all(continued);
        // Then both bodies, in one turn of this process's event loop, which the server shares: each
        // handler goes on only once both bodies are in the server's sockets.
        sockets.forEach((socket, i) => socket.end(bodies[i] as string));
        await Promise.all(ended);
        const responses = received.map((bytes) => parseResponses(bytes).responses[0] ?? assert.fail('no answer'));
        assert.deepEqual(responses.map((response) => response.status).sort(), [200, 412]);
        const winner = responses.find((response) => response.status === 200);
        const loser = responses.find((response) => response.status === 412);
        const stored = await read(server, '4-5-6');
        assert.deepEqual(stored.body, JSON.parse(String(winner?.body)));
        assert.equal(winner?.headers.get('etag'), stored.etag);
        assert.deepEqual(JSON.parse(String(loser?.body)), changed(stored.etag, '/books/4-5-6'));
        assert.equal(loser?.headers.get('etag'), stored.etag);
      });
    });
  });
}
