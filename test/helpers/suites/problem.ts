/** The error table of api.md (Errors, rule 4), row by row: status, problem+json, exact detail, headers. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { Problem } from '../../../src/core/failures.ts';
import { BOOK_EXISTS, BOOK_NOT_FOUND, expectedProblem, VALIDATION_FAILED } from '../books.ts';
import type { Start, TestServer } from '../server.ts';

const PROBLEM = 'application/problem+json';

async function assertProblem(response: Response, expected: object): Promise<void> {
  assert.equal(response.headers.get('content-type'), PROBLEM);
  assert.deepEqual(await response.json(), expected);
  assert.equal(response.status, (expected as { status: number }).status);
}

function postRaw(server: TestServer, body: string | Uint8Array, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });
}

// The contract over HTTP holds for both stores: the map store, the reference, and the indexed one.
/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function problemSuite(label: string, start: Start): void {
  describe(label, () => {
    describe('not found', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('GET /books with a title that matches nothing names the title', async () => {
        const response = await fetch(`${server.base}/books?title=Dune`);
        await assertProblem(response, expectedProblem(404, 'Book not found', 'No books found for title: Dune', '/books', BOOK_NOT_FOUND));
      });

      it('GET /books on an empty catalogue says no books were found', async () => {
        const empty = await start();
        try {
          for (const isbn of ['1-2-3', '4-5-6', '7-8-9']) await fetch(`${empty.base}/books/${isbn}`, { method: 'DELETE' });
          const response = await fetch(`${empty.base}/books?title=%20`);
          await assertProblem(response, expectedProblem(404, 'Book not found', 'No books found', '/books', BOOK_NOT_FOUND));
        } finally {
          await empty.close();
        }
      });

      it('GET /books/{isbn} with an unknown isbn names the decoded isbn; instance is the raw path', async () => {
        const response = await fetch(`${server.base}/books/no%20such?x=1`);
        await assertProblem(
          response,
          expectedProblem(404, 'Book not found', 'Book cannot be found for ISBN: no such', '/books/no%20such', BOOK_NOT_FOUND),
        );
      });

      it('an unknown path names the path', async () => {
        for (const path of ['/nope', '/books/', '/books/1-2-3/extra', '//books', '/BOOKS']) {
          const response = await fetch(`${server.base}${path}?q=1`);
          await assertProblem(response, expectedProblem(404, 'Not Found', `No resource at path: ${path}`, path));
        }
      });
    });

    describe('POST errors', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('409 when the isbn is taken', async () => {
        const response = await postRaw(server, JSON.stringify({ isbn: '1-2-3', title: 'Another', author: 'Some One' }));
        await assertProblem(
          response,
          expectedProblem(409, 'Book already exists', 'Book already exists for ISBN: 1-2-3', '/books', BOOK_EXISTS),
        );
      });

      it('409 when title and derived names match, whichever author form was used', async () => {
        for (const body of [
          { isbn: 'new-1', title: 'Animal Farm', author: 'George Orwell' },
          { isbn: 'new-2', title: 'Animal Farm', author: 'George Orwell Jr' },
          { isbn: 'new-3', title: 'Animal Farm', authorFirstName: 'George', authorLastName: 'Orwell' },
        ]) {
          const response = await postRaw(server, JSON.stringify(body));
          await assertProblem(
            response,
            expectedProblem(
              409,
              'Book already exists',
              'Book already exists with title: Animal Farm and author: George Orwell',
              '/books',
              BOOK_EXISTS,
            ),
          );
        }
      });

      it('compares title and names exactly and case-sensitively', async () => {
        for (const [index, body] of [
          { title: 'animal farm', author: 'George Orwell' },
          { title: 'Animal Farm', author: 'george Orwell' },
          { title: 'Animal Farm ', author: 'George Orwell' },
        ].entries()) {
          const response = await postRaw(server, JSON.stringify({ isbn: `case-${index}`, ...body }));
          assert.equal(response.status, 201, JSON.stringify(body));
        }
      });

      it('the isbn check comes before the title check', async () => {
        const response = await postRaw(server, JSON.stringify({ isbn: '4-5-6', title: 'Animal Farm', author: 'George Orwell' }));
        assert.equal(((await response.json()) as { detail: string }).detail, 'Book already exists for ISBN: 4-5-6');
      });

      it('400 lists every validation failure, in the order isbn, title, author', async () => {
        const response = await postRaw(server, JSON.stringify({ isbn: '', title: '   ' }));
        await assertProblem(response, {
          ...expectedProblem(
            400,
            'Validation failed',
            'isbn must be provided; title must be provided; author must be provided',
            '/books',
            VALIDATION_FAILED,
          ),
          errors: [
            { pointer: '#/isbn', detail: 'isbn must be provided' },
            { pointer: '#/title', detail: 'title must be provided' },
            { pointer: '#/author', detail: 'author must be provided' },
          ],
        });
      });

      it('400 for each single rule, with its message', async () => {
        const cases: [Record<string, unknown>, string, string][] = [
          [{ title: 'T', author: 'A B' }, '#/isbn', 'isbn must be provided'],
          [{ isbn: null, title: 'T', author: 'A B' }, '#/isbn', 'isbn must be provided'],
          [{ isbn: ' \t', title: 'T', author: 'A B' }, '#/isbn', 'isbn must be provided'],
          [{ isbn: 5, title: 'T', author: 'A B' }, '#/isbn', 'isbn must be a string'],
          [{ isbn: 'x', title: 'T', author: 'A B', authorFirstName: 1 }, '#/authorFirstName', 'authorFirstName must be a string'],
          [{ isbn: 'x', title: ['T'], author: 'A B' }, '#/title', 'title must be a string'],
          [{ isbn: 'x', title: 'T', author: '' }, '#/author', 'author must be provided'],
          [{ isbn: 'x', title: 'T', authorFirstName: 'A' }, '#/author', 'author must be provided'],
          [{ isbn: 'x', title: 'T', authorFirstName: 'A', authorLastName: ' ' }, '#/author', 'author must be provided'],
          [{ isbn: 'x', title: 'T', author: { name: 'A' } }, '#/author', 'author must be a string'],
          [{ isbn: 'x'.repeat(65), title: 'T', author: 'A B' }, '#/isbn', 'isbn must be at most 64 characters'],
          [{ isbn: 'x', title: 'T'.repeat(513), author: 'A B' }, '#/title', 'title must be at most 512 characters'],
          [{ isbn: 'x', title: 'T', author: 'A'.repeat(257) }, '#/author', 'author must be at most 256 characters'],
          [
            { isbn: 'x', title: 'T', author: 'A B', authorLastName: 'L'.repeat(257) },
            '#/authorLastName',
            'authorLastName must be at most 256 characters',
          ],
          [{ isbn: 'x\ud800', title: 'T', author: 'A B' }, '#/isbn', 'isbn must be well-formed Unicode text'],
          [{ isbn: '.', title: 'T', author: 'A B' }, '#/isbn', 'isbn must not be "." or ".."'],
          [{ isbn: '..', title: 'T', author: 'A B' }, '#/isbn', 'isbn must not be "." or ".."'],
          [{ isbn: 'a/b', title: 'T', author: 'A B' }, '#/isbn', 'isbn must not contain / or \\'],
          [{ isbn: '..\\..\\x', title: 'T', author: 'A B' }, '#/isbn', 'isbn must not contain / or \\'],
          // api.md, Validation, rule 6: an isbn is what it looks like.
          ...[
            'a\u200bb',
            'x\ufeff',
            '\u2800x',
            'x\u3164',
            'x\u115f',
            'x\u1160',
            'x\uffa0',
            '1-2-3\u202e',
            'a\tb',
            'a\u0007b',
            ' 1-2-3',
            '1-2-3 ',
            '1-2-3\u00a0',
          ].map((isbn): [Record<string, unknown>, string, string] => [
            { isbn, title: 'T', author: 'A B' },
            '#/isbn',
            'isbn must not contain invisible characters',
          ]),
          // Invisible characters are not text (api.md, Books, rule 1).
          [{ isbn: '\u200b\u2800', title: 'T', author: 'A B' }, '#/isbn', 'isbn must be provided'],
          [{ isbn: 'x', title: '\u200b', author: 'A B' }, '#/title', 'title must be provided'],
          [{ isbn: 'x', title: '\u3164 \ufeff', author: 'A B' }, '#/title', 'title must be provided'],
          [{ isbn: 'x', title: 'T', author: '\u200b\u200b' }, '#/author', 'author must be provided'],
          [{ isbn: 'x', title: 'T', authorFirstName: 'A', authorLastName: '\u2800' }, '#/author', 'author must be provided'],
        ];
        for (const [body, pointer, detail] of cases) {
          const response = await postRaw(server, JSON.stringify(body));
          await assertProblem(response, {
            ...expectedProblem(400, 'Validation failed', detail, '/books', VALIDATION_FAILED),
            errors: [{ pointer, detail }],
          });
        }
      });

      it('keeps every other character of an isbn as sent: look-alike dashes and spaces inside are text (api.md, Validation, rule 6)', async () => {
        for (const isbn of ['1‐2‐3', '1 2 3', 'İ-ß-é']) {
          const response = await postRaw(server, JSON.stringify({ isbn, title: `Look-alike ${isbn}`, author: 'A B' }));
          assert.equal(response.status, 201, isbn);
          assert.equal(((await response.json()) as { isbn: string }).isbn, isbn);
        }
        // A title keeps its invisible characters as sent, beside text.
        const zwj = await postRaw(server, JSON.stringify({ isbn: 'zwj', title: 'A\u200bB', author: 'A B' }));
        assert.equal(((await zwj.json()) as { title: string }).title, 'A\u200bB');
      });

      it('counts lengths in code points, so 64 emoji make a valid isbn', async () => {
        const response = await postRaw(server, JSON.stringify({ isbn: '📚'.repeat(64), title: 'Emoji', author: 'A B' }));
        assert.equal(response.status, 201);
      });

      it('400 for a body that is not JSON, or not UTF-8', async () => {
        for (const body of ['{"isbn":', '', 'nope', new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x3a, 0x31, 0x7d])]) {
          const response = await postRaw(server, body);
          await assertProblem(response, expectedProblem(400, 'Bad Request', 'Request body is not valid JSON', '/books'));
        }
      });

      it('400 for JSON that is not an object', async () => {
        for (const body of ['[]', 'null', '"book"', '42', 'true']) {
          const response = await postRaw(server, body);
          await assertProblem(response, expectedProblem(400, 'Bad Request', 'Request body must be a JSON object', '/books'));
        }
      });

      it('415 without a JSON content type', async () => {
        const detail = 'Content-Type must be application/json or another JSON type (type/subtype+json)';
        for (const type of ['text/plain', 'application/x-www-form-urlencoded', 'application/jsonx', 'json']) {
          const response = await postRaw(server, '{}', { 'content-type': type });
          await assertProblem(response, expectedProblem(415, 'Unsupported Media Type', detail, '/books'));
        }
        const missing = await fetch(`${server.base}/books`, { method: 'POST', body: new Uint8Array([0x7b, 0x7d]) });
        await assertProblem(missing, expectedProblem(415, 'Unsupported Media Type', detail, '/books'));
      });

      it('415 with a Content-Encoding', async () => {
        const response = await postRaw(server, '{}', { 'content-encoding': 'gzip' });
        await assertProblem(
          response,
          expectedProblem(
            415,
            'Unsupported Media Type',
            'Content-Encoding is not supported: send an unencoded application/json body',
            '/books',
          ),
        );
      });

      it('413 for a body over 16 KiB, and accepts one of exactly 16 KiB', async () => {
        const detail = 'Request body must not exceed 16384 bytes (16 KiB)';
        const big = JSON.stringify({ isbn: 'big', title: 'Big', author: 'A B', padding: 'x'.repeat(16 * 1024) });
        const response = await postRaw(server, big);
        assert.equal(response.headers.get('connection'), 'close');
        await assertProblem(response, expectedProblem(413, 'Payload Too Large', detail, '/books'));

        const head = JSON.stringify({ isbn: 'exact', title: 'Exact', author: 'A B', padding: '' });
        const exact = head.replace('"padding":""', `"padding":"${'x'.repeat(16 * 1024 - head.length)}"`);
        assert.equal(Buffer.byteLength(exact), 16 * 1024);
        assert.equal((await postRaw(server, exact)).status, 201);
      });

      it('413 for a chunked body that grows over the limit', async () => {
        const chunks = new ReadableStream<Uint8Array>({
          start(controller) {
            for (let i = 0; i < 20; i++) controller.enqueue(new TextEncoder().encode('x'.repeat(1024)));
            controller.close();
          },
        });
        const response = await fetch(`${server.base}/books`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: chunks,
          duplex: 'half',
        } as RequestInit);
        await assertProblem(
          response,
          expectedProblem(413, 'Payload Too Large', 'Request body must not exceed 16384 bytes (16 KiB)', '/books'),
        );
      });

      it('checks in order: content type, size, JSON, validation, duplicates, capacity', async () => {
        const tooBig = 'x'.repeat(17 * 1024);
        assert.equal((await postRaw(server, tooBig, { 'content-type': 'text/plain' })).status, 415);
        assert.equal((await postRaw(server, tooBig)).status, 413);
        assert.equal((await postRaw(server, '[')).status, 400);
        const full = await start({ MAX_BOOKS: '3' });
        try {
          assert.equal((await postRaw(full, JSON.stringify({ isbn: '', title: 'T', author: 'A B' }))).status, 400);
          assert.equal((await postRaw(full, JSON.stringify({ isbn: '1-2-3', title: 'T', author: 'A B' }))).status, 409);
          const response = await postRaw(full, JSON.stringify({ isbn: 'one-more', title: 'T', author: 'A B' }));
          await assertProblem(
            response,
            expectedProblem(507, 'Insufficient Storage', 'The catalogue is full: it holds at most 3 books (MAX_BOOKS)', '/books'),
          );
          assert.equal((await fetch(`${full.base}/books/one-more`)).status, 404);
          await fetch(`${full.base}/books/1-2-3`, { method: 'DELETE' });
          assert.equal((await postRaw(full, JSON.stringify({ isbn: 'one-more', title: 'T', author: 'A B' }))).status, 201);
        } finally {
          await full.close();
        }
      });

      it('refuses a book whose text would pass the catalogue text budget, with 507 (api.md, Limits, rule 4)', async () => {
        // Four books of capacity hold 4 × 128 code units of text; the fixture uses 99 of them.
        const tight = await start({ MAX_BOOKS: '4' });
        try {
          // The book counts 6 + 406 + 1 + 1 code units (an emoji is two): one more than the 413 left.
          const long = { isbn: 'long-1', title: '📚'.repeat(203), author: 'A B' };
          const response = await postRaw(tight, JSON.stringify(long));
          await assertProblem(
            response,
            expectedProblem(
              507,
              'Insufficient Storage',
              'The catalogue is full: its books hold at most 512 characters of text in all (128 a book of MAX_BOOKS)',
              '/books',
            ),
          );
          assert.equal((await fetch(`${tight.base}/books/long-1`)).status, 404);
          // Exactly the 413 code units left: stored.
          assert.equal((await postRaw(tight, JSON.stringify({ ...long, title: 'x'.repeat(405) }))).status, 201);
        } finally {
          await tight.close();
        }
      });
    });

    describe('method and request errors', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('405 with Allow for another method on a known path', async () => {
        const cases: [string, string, string][] = [
          ['PUT', '/books', 'GET, HEAD, POST, OPTIONS'],
          ['PATCH', '/books', 'GET, HEAD, POST, OPTIONS'],
          ['POST', '/books/1-2-3', 'GET, HEAD, PUT, DELETE, OPTIONS'],
          ['DELETE', '/books', 'GET, HEAD, POST, OPTIONS'],
          ['POST', '/', 'GET, HEAD, OPTIONS'],
          ['DELETE', '/health', 'GET, HEAD, OPTIONS'],
        ];
        for (const [method, path, allow] of cases) {
          const response = await fetch(`${server.base}${path}`, { method });
          assert.equal(response.headers.get('allow'), allow, `${method} ${path}`);
          await assertProblem(
            response,
            expectedProblem(405, 'Method Not Allowed', `Method ${method} is not allowed here; allowed: ${allow}`, path),
          );
        }
      });

      it('400 for a malformed percent-encoding in the path or the query', async () => {
        for (const path of ['/books/%zz', '/books/%E0%A4%A', '/nope%', '/books/%C0%AF']) {
          const response = await fetch(`${server.base}${path}`);
          await assertProblem(response, expectedProblem(400, 'Bad Request', 'The path holds a malformed percent-encoding', path));
        }
        for (const query of ['title=%zz', 'title=ok&other=%', 'x%zz=1']) {
          const response = await fetch(`${server.base}/books?${query}`);
          await assertProblem(response, expectedProblem(400, 'Bad Request', 'The query holds a malformed percent-encoding', '/books'));
        }
      });

      it('a 500 never shows internals, and the error is logged with the request id', async () => {
        const broken = await start();
        try {
          broken.store.scan = () => {
            throw new Error('secret internals');
          };
          const response = await fetch(`${broken.base}/books`, { headers: { 'x-request-id': 'trace-500' } });
          await assertProblem(
            response,
            expectedProblem(
              500,
              'Internal Server Error',
              'The server could not complete the request; the error has been logged.',
              '/books',
            ),
          );
          const logged = broken.logs.find((line) => line.level === 'error');
          assert.equal(logged?.requestId, 'trace-500');
          assert.match(String(logged?.error), /secret internals/);
        } finally {
          await broken.close();
        }
      });
    });

    describe('Problem', () => {
      it('names itself in stack traces, and titles a status node has no name for plainly', () => {
        const problem = new Problem(599, 'Something odd');
        assert.equal(problem.name, 'Problem');
        assert.match(String(problem.stack), /^Problem: Something odd/);
        assert.deepEqual(problem.toJSON('/x'), {
          type: 'about:blank',
          title: 'Error',
          status: 599,
          detail: 'Something odd',
          instance: '/x',
          errors: undefined,
        });
      });
    });
  });
}
