/** api.md, Patching a book: PATCH /books/{isbn} as a merge patch, over HTTP, with whole bodies. */
import assert from 'node:assert/strict';
import { after, afterEach, before, beforeEach, describe, it } from 'node:test';
import { patch as patchRoom } from '../../../src/rooms/patch/room.ts';
import { BOOK_EXISTS, BOOK_NOT_FOUND, expectedBook, expectedProblem, ORWELL, TOLKIEN, VALIDATION_FAILED } from '../../helpers/books.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const MERGE = { 'content-type': 'application/merge-patch+json' };
const ACCEPT_PATCH = 'application/merge-patch+json, application/json';

describe(`PATCH /books/{isbn}`, () => {
  let server: TestServer;
  beforeEach(async () => {
    server = await startServer({}, { rooms: [patchRoom] });
  });
  afterEach(() => server.close());

  const patch = async (body: string, headers: Record<string, string> = MERGE, isbn = '4-5-6'): Promise<Response> =>
    fetch(`${server.base}/books/${isbn}`, { method: 'PATCH', headers, body });
  const validation = (detail: string, errors: { pointer: string; detail: string }[]): object => ({
    ...expectedProblem(400, 'Validation failed', detail, '/books/4-5-6', VALIDATION_FAILED),
    errors,
  });

  it('a title alone keeps every author field; the answer is the book with the ETag a GET gets', async () => {
    const response = await patch('{"title":"The Hobbit"}');
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('content-type'), 'application/hal+json');
    assert.equal(response.headers.get('cache-control'), 'no-store');
    assert.deepEqual(await response.json(), expectedBook(server.base, { ...TOLKIEN, title: 'The Hobbit' }));
    const read = await fetch(`${server.base}/books/4-5-6`);
    assert.equal(response.headers.get('etag'), read.headers.get('etag'));
    assert.deepEqual(await read.json(), expectedBook(server.base, { ...TOLKIEN, title: 'The Hobbit' }));
  });

  it('the author is one value in two forms: a name alone drops the author, an author alone drops the names', async () => {
    assert.deepEqual(
      await (await patch('{"authorFirstName":"John"}', { 'content-type': 'application/json' })).json(),
      expectedBook(server.base, { ...TOLKIEN, author: 'John Tolkien', authorFirstName: 'John' }),
    );
    assert.deepEqual(
      await (await patch('{"author":"Ursula K. Le Guin"}')).json(),
      expectedBook(server.base, { ...TOLKIEN, author: 'Ursula K. Le Guin', authorFirstName: 'Ursula', authorLastName: 'K.' }),
    );
    // Both forms named: both applied as given, the other name kept from the book.
    assert.deepEqual(
      await (await patch('{"author":"Le Guin","authorLastName":"Guin"}')).json(),
      expectedBook(server.base, { ...TOLKIEN, author: 'Le Guin', authorFirstName: 'Ursula', authorLastName: 'Guin' }),
    );
  });

  it('a null removes a member: no author at all is the missing-author error, a null title the missing title', async () => {
    assert.deepEqual(
      await (await patch('{"author":null}')).json(),
      validation('author must be provided', [{ pointer: '#/author', detail: 'author must be provided' }]),
    );
    assert.deepEqual(
      await (await patch('{"title":null,"authorLastName":null}')).json(),
      validation('title must be provided; author must be provided', [
        { pointer: '#/title', detail: 'title must be provided' },
        { pointer: '#/author', detail: 'author must be provided' },
      ]),
    );
    // Nothing changed.
    assert.deepEqual(await (await fetch(`${server.base}/books/4-5-6`)).json(), expectedBook(server.base, TOLKIEN));
  });

  it('is checked as a PUT body: the same messages, isbn must match the path, an object replaces a text', async () => {
    assert.deepEqual(
      await (await patch('{"isbn":"9-9-9"}')).json(),
      validation('isbn must match the path: 4-5-6', [{ pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' }]),
    );
    assert.deepEqual(
      await (await patch('{"title":{"text":"x"}}')).json(),
      validation('title must be a string', [{ pointer: '#/title', detail: 'title must be a string' }]),
    );
    // A member named __proto__ is a member like any other, which a book does not have.
    const proto = await patch('{"__proto__":{"title":"x"},"title":"Kept"}');
    assert.deepEqual([proto.status, ((await proto.json()) as { title: string }).title], [200, 'Kept']);
  });

  it('the duplicate rule against other books is a 409', async () => {
    const response = await patch('{"title":"Animal Farm","author":"George Orwell"}');
    assert.deepEqual(
      await response.json(),
      expectedProblem(
        409,
        'Book already exists',
        'Book already exists with title: Animal Farm and author: George Orwell',
        '/books/4-5-6',
        BOOK_EXISTS,
      ),
    );
  });

  it('takes application/merge-patch+json and application/json only; any other type or an encoding is a 415 with Accept-Patch', async () => {
    for (const type of ['application/merge-patch+json; charset=utf-8', 'Application/JSON']) {
      assert.equal((await patch('{"title":"T"}', { 'content-type': type })).status, 200, type);
    }
    const refused = expectedProblem(
      415,
      'Unsupported Media Type',
      `Content-Type must be application/merge-patch+json or application/json`,
      '/books/4-5-6',
    );
    for (const headers of [{ 'content-type': 'text/plain' }, { 'content-type': 'application/vnd.book+json' }, {}] as Record<
      string,
      string
    >[]) {
      const response = await patch('{"title":"T"}', headers);
      assert.equal(response.headers.get('accept-patch'), ACCEPT_PATCH, JSON.stringify(headers));
      assert.deepEqual(await response.json(), refused, JSON.stringify(headers));
    }
    const encoded = await patch('{"title":"T"}', { ...MERGE, 'content-encoding': 'gzip' });
    assert.deepEqual([encoded.status, encoded.headers.get('accept-patch')], [415, ACCEPT_PATCH]);
  });

  it('checks in order: 415, 413, JSON, object, unknown isbn, If-Match, validation, duplicate', async () => {
    const big = JSON.stringify({ title: 'x'.repeat(17 * 1024) });
    const status = async (body: string, headers: Record<string, string>, isbn = '4-5-6'): Promise<number> =>
      (await patch(body, headers, isbn)).status;
    assert.equal(await status(big, { 'content-type': 'text/plain' }, 'nope'), 415);
    assert.equal(await status(big, MERGE, 'nope'), 413);
    assert.equal(await status('{"title":', MERGE, 'nope'), 400);
    assert.equal(await status('[]', MERGE, 'nope'), 400);
    const unknown = await patch('{"title":null}', { ...MERGE, 'if-match': '"nope"' }, 'nope');
    assert.deepEqual(
      await unknown.json(),
      expectedProblem(404, 'Book not found', 'Book cannot be found for ISBN: nope', '/books/nope', BOOK_NOT_FOUND),
    );
    assert.equal(await status('{"title":null}', { ...MERGE, 'if-match': '"nope"' }), 412);
    const etag = (await fetch(`${server.base}/books/4-5-6`)).headers.get('etag') as string;
    assert.equal(await status('{"title":null,"author":"George Orwell"}', { ...MERGE, 'if-match': etag }), 400);
    assert.equal(await status('{"title":"Animal Farm","author":"George Orwell"}', { ...MERGE, 'if-match': etag }), 409);
  });

  it('a PATCH and a PUT holding one tag race: exactly one wins, the other gets a 412', async () => {
    const etag = (await fetch(`${server.base}/books/4-5-6`)).headers.get('etag') as string;
    const put = fetch(`${server.base}/books/4-5-6`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': etag },
      body: JSON.stringify({ isbn: '4-5-6', title: 'By PUT', author: 'JRR Tolkien' }),
    });
    const patched = patch('{"title":"By PATCH"}', { ...MERGE, 'if-match': etag });
    const statuses = (await Promise.all([put, patched])).map((response) => response.status).sort();
    assert.deepEqual(statuses, [200, 412]);
  });

  it('keeps the book in its place in insertion order, and moves it in a sort order', async () => {
    await patch('{"title":"Zzz"}', MERGE, '1-2-3');
    const order = async (query: string): Promise<string[]> =>
      (
        (await (await fetch(`${server.base}/books?${query}`)).json()) as { _embedded: { bookDTOList: { isbn: string }[] } }
      )._embedded.bookDTOList.map((book) => book.isbn);
    assert.deepEqual(await order(''), ['1-2-3', '4-5-6', '7-8-9']);
    assert.deepEqual(await order('sort=title'), ['4-5-6', '7-8-9', '1-2-3']);
    assert.deepEqual(await order('title=zzz&page=0'), ['1-2-3']);
    assert.deepEqual(await order('author=orwell&page=0'), ['1-2-3']);
  });

  it('OPTIONS on a book names PATCH in Allow and the accepted types in Accept-Patch', async () => {
    const response = await fetch(`${server.base}/books/${ORWELL.isbn}`, { method: 'OPTIONS' });
    assert.deepEqual(
      [response.status, response.headers.get('allow'), response.headers.get('accept-patch')],
      [204, 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS', ACCEPT_PATCH],
    );
    const collection = await fetch(`${server.base}/books`, { method: 'OPTIONS' });
    assert.equal(collection.headers.get('accept-patch'), null);
  });
});

describe('PATCH and the text budget', () => {
  let server: TestServer;
  before(async () => {
    server = await startServer({ MAX_BOOKS: '3' }, { rooms: [patchRoom] });
  });
  after(() => server.close());

  it('a patch that would pass the text the catalogue may hold is a 507, and nothing changes', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PATCH',
      headers: MERGE,
      body: JSON.stringify({ title: 'x'.repeat(400) }),
    });
    assert.deepEqual(
      await response.json(),
      expectedProblem(
        507,
        'Insufficient Storage',
        'The catalogue is full: its books hold at most 384 characters of text in all (128 a book of MAX_BOOKS)',
        '/books/4-5-6',
      ),
    );
    assert.deepEqual(await (await fetch(`${server.base}/books/4-5-6`)).json(), expectedBook(server.base, TOLKIEN));
  });
});
