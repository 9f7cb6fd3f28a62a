/** api.md, Endpoints and the sections on each operation, endpoint by endpoint: status, headers and whole bodies. */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { expectedBook, expectedCollection, expectedRoot, FIXTURE_BOOKS, LEE, ORWELL, TOLKIEN } from '../books.ts';
import type { Start, TestServer } from '../server.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

function post(server: TestServer, body: unknown): Promise<Response> {
  return fetch(`${server.base}/books`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(body) });
}

// The contract over HTTP holds for both stores: the map store, the reference, and the indexed one.
/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function handlersSuite(label: string, start: Start): void {
  describe(label, () => {
    describe('GET /books', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('answers 200 HAL with the fixture in contract order, each book with self and books links', async () => {
        const response = await fetch(`${server.base}/books`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/hal+json');
        assert.deepEqual(await response.json(), expectedCollection(server.base, FIXTURE_BOOKS));
      });

      it('treats an empty or whitespace-only title as no filter (rule 2)', async () => {
        for (const query of ['?title=', '?title=%20%20', '?title=+', '?title=%09']) {
          const response = await fetch(`${server.base}/books${query}`);
          assert.equal(response.status, 200, query);
          assert.deepEqual(await response.json(), expectedCollection(server.base, FIXTURE_BOOKS), query);
        }
      });

      it('filters by a case-insensitive substring of the title (rule 1), keeping the self link of Listing, rule 4', async () => {
        const cases: [string, object[]][] = [
          ['the', [TOLKIEN]],
          ['THE LORD', [TOLKIEN]],
          ['R', FIXTURE_BOOKS],
          ['a', [ORWELL, LEE]],
          ['kill a', [LEE]],
          ['Farm', [ORWELL]],
        ];
        for (const [title, books] of cases) {
          const response = await fetch(`${server.base}/books?title=${encodeURIComponent(title)}`);
          assert.equal(response.status, 200, title);
          assert.deepEqual(await response.json(), expectedCollection(server.base, books as typeof FIXTURE_BOOKS), title);
        }
      });

      it('uses the filter as given, not trimmed, and the first of repeated title parameters', async () => {
        const padded = await fetch(`${server.base}/books?title=%20Farm%20`);
        assert.equal(padded.status, 404);
        const repeated = await fetch(`${server.base}/books?title=Farm&title=Lord`);
        assert.deepEqual(await repeated.json(), expectedCollection(server.base, [ORWELL]));
      });

      it('treats + in the query as a space, as HTML forms send it', async () => {
        const response = await fetch(`${server.base}/books?title=Lord+of`);
        assert.deepEqual(await response.json(), expectedCollection(server.base, [TOLKIEN]));
      });
    });

    describe('GET /books/{isbn}', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('answers 200 with the book and its links', async () => {
        const response = await fetch(`${server.base}/books/4-5-6`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/hal+json');
        assert.deepEqual(await response.json(), expectedBook(server.base, TOLKIEN));
      });

      it('never shows the stored id', async () => {
        const body = (await (await fetch(`${server.base}/books/1-2-3`)).json()) as Record<string, unknown>;
        assert.deepEqual(Object.keys(body), ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', '_links']);
      });
    });

    describe('POST /books', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('answers 201 with Location = self href, and a GET returns exactly the POST body', async () => {
        const response = await post(server, { isbn: '9-9-9', title: 'Nineteen Eighty-Four', author: 'George Orwell' });
        assert.equal(response.status, 201);
        assert.equal(response.headers.get('content-type'), 'application/hal+json');
        const expected = expectedBook(server.base, {
          isbn: '9-9-9',
          title: 'Nineteen Eighty-Four',
          author: 'George Orwell',
          authorFirstName: 'George',
          authorLastName: 'Orwell',
        });
        assert.equal(response.headers.get('location'), expected._links.self.href);
        assert.deepEqual(await response.json(), expected);
        assert.deepEqual(await (await fetch(expected._links.self.href)).json(), expected);
      });

      it('accepts the version 2 form: first and last name give author = first + space + last', async () => {
        const response = await post(server, {
          isbn: 'v2',
          title: 'Homage to Catalonia',
          authorFirstName: 'George',
          authorLastName: 'Blair',
        });
        assert.equal(response.status, 201);
        assert.deepEqual(
          await response.json(),
          expectedBook(server.base, {
            isbn: 'v2',
            title: 'Homage to Catalonia',
            author: 'George Blair',
            authorFirstName: 'George',
            authorLastName: 'Blair',
          }),
        );
      });

      it('keeps a submitted author whole while deriving only two tokens (api.md, Authors, rule 4)', async () => {
        const response = await post(server, { isbn: 'leguin', title: 'The Dispossessed', author: 'Ursula K. Le Guin' });
        const expected = expectedBook(server.base, {
          isbn: 'leguin',
          title: 'The Dispossessed',
          author: 'Ursula K. Le Guin',
          authorFirstName: 'Ursula',
          authorLastName: 'K.',
        });
        assert.deepEqual(await response.json(), expected);
        assert.deepEqual(await (await fetch(`${server.base}/books/leguin`)).json(), expected);
      });

      it('stores a single-token author as first name only, and reads it back whole', async () => {
        const response = await post(server, { isbn: 'plato', title: 'The Republic', author: 'Plato' });
        const expected = expectedBook(server.base, {
          isbn: 'plato',
          title: 'The Republic',
          author: 'Plato',
          authorFirstName: 'Plato',
          authorLastName: '',
        });
        assert.deepEqual(await response.json(), expected);
        assert.deepEqual(await (await fetch(`${server.base}/books/plato`)).json(), expected);
      });

      it('lets explicit names win over author tokens, keeping every field as sent', async () => {
        const response = await post(server, {
          isbn: 'pen-name',
          title: 'Down and Out',
          author: '  George   Orwell ',
          authorFirstName: 'Eric',
          authorLastName: 'Blair',
        });
        const expected = expectedBook(server.base, {
          isbn: 'pen-name',
          title: 'Down and Out',
          author: '  George   Orwell ',
          authorFirstName: 'Eric',
          authorLastName: 'Blair',
        });
        assert.deepEqual(await response.json(), expected);
        assert.deepEqual(await (await fetch(`${server.base}/books/pen-name`)).json(), expected);
      });

      it('ignores unknown fields, _links included', async () => {
        const response = await post(server, {
          isbn: 'extra',
          title: 'Extra',
          author: 'A B',
          id: 7,
          _links: { self: { href: 'http://evil.example/' } },
        });
        assert.deepEqual(
          await response.json(),
          expectedBook(server.base, { isbn: 'extra', title: 'Extra', author: 'A B', authorFirstName: 'A', authorLastName: 'B' }),
        );
      });

      it('adds books after the fixture, in insertion order', async () => {
        const fresh = await start();
        try {
          await post(fresh, { isbn: 'z', title: 'Zeta', author: 'Z Z' });
          const body = (await (await fetch(`${fresh.base}/books`)).json()) as { _embedded: { bookDTOList: { isbn: string }[] } };
          assert.deepEqual(
            body._embedded.bookDTOList.map((book) => book.isbn),
            ['1-2-3', '4-5-6', '7-8-9', 'z'],
          );
        } finally {
          await fresh.close();
        }
      });

      it('accepts any JSON media type and a charset parameter', async () => {
        for (const [index, type] of [
          'application/json; charset=utf-8',
          'application/vnd.books+json',
          'APPLICATION/JSON',
          'application/json;charset=ISO-8859-1',
        ].entries()) {
          const response = await fetch(`${server.base}/books`, {
            method: 'POST',
            headers: { 'content-type': type },
            body: JSON.stringify({ isbn: `type-${index}`, title: `Type ${index}`, author: 'Media Type' }),
          });
          assert.equal(response.status, 201, type);
        }
      });
    });

    describe('DELETE /books/{isbn}', () => {
      // Every test deletes from the fixture, so each gets a fresh service and can run alone.
      let server: TestServer;
      beforeEach(async () => (server = await start()));
      afterEach(() => server.close());

      it('answers 204 without a body and removes the book', async () => {
        const response = await fetch(`${server.base}/books/1-2-3`, { method: 'DELETE' });
        assert.equal(response.status, 204);
        assert.equal(await response.text(), '');
        assert.equal((await fetch(`${server.base}/books/1-2-3`)).status, 404);
        assert.deepEqual(await (await fetch(`${server.base}/books`)).json(), expectedCollection(server.base, [TOLKIEN, LEE]));
      });

      it('answers 204 for a missing isbn, removes nothing, and logs a warning naming the isbn', async () => {
        const response = await fetch(`${server.base}/books/no-such-book`, { method: 'DELETE' });
        assert.equal(response.status, 204);
        assert.equal(await response.text(), '');
        const requestId = response.headers.get('x-request-id');
        const warning = server.logs.find((line) => line.level === 'warn');
        assert.deepEqual(
          { msg: warning?.msg, isbn: warning?.isbn, requestId: warning?.requestId },
          { msg: 'delete of a book that does not exist', isbn: 'no-such-book', requestId },
        );
        assert.deepEqual(await (await fetch(`${server.base}/books`)).json(), expectedCollection(server.base, FIXTURE_BOOKS));
      });

      it('ignores a request body', async () => {
        const response = await fetch(`${server.base}/books/4-5-6`, { method: 'DELETE', headers: JSON_HEADERS, body: '{not json' });
        assert.equal(response.status, 204);
        assert.equal((await fetch(`${server.base}/books/4-5-6`)).status, 404);
      });

      it('frees the isbn and the title for a new book', async () => {
        assert.equal((await fetch(`${server.base}/books/7-8-9`, { method: 'DELETE' })).status, 204);
        const response = await post(server, {
          isbn: '7-8-9',
          title: 'To Kill a Mockingbird',
          authorFirstName: 'Harper',
          authorLastName: 'Lee',
        });
        assert.equal(response.status, 201);
      });
    });

    describe('GET / and GET /health', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('the API root links to itself and to the books', async () => {
        const response = await fetch(`${server.base}/`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/hal+json');
        assert.deepEqual(await response.json(), expectedRoot(server.base));
      });

      it('health answers UP', async () => {
        const response = await fetch(`${server.base}/health`);
        assert.equal(response.status, 200);
        assert.equal(response.headers.get('content-type'), 'application/json');
        assert.deepEqual(await response.json(), { status: 'UP' });
      });
    });
  });
}
