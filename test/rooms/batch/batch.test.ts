/** api.md, Batches: POST /books:batchCreate over HTTP, with whole bodies, against both stores. */
import assert from 'node:assert/strict';
import { after, before, beforeEach, describe, it } from 'node:test';
import type { BookFields } from '../../../src/core/book.ts';
import type { Room } from '../../../src/core/rooms.ts';
import { type AddOutcome, MapBookStore, type Refusal } from '../../../src/core/store.ts';
import { batch } from '../../../src/rooms/batch/room.ts';
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { token } from '../../../src/rooms/token/room.ts';
import {
  BOOK_EXISTS,
  expectedBook,
  expectedCollection,
  expectedProblem,
  expectedRoot,
  FIXTURE_BOOKS,
  ORWELL,
  VALIDATION_FAILED,
} from '../../helpers/books.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const PATH = '/books:batchCreate';
const JSON_BODY = { 'content-type': 'application/json' };
/** A book as a POST sends it, and as a GET shows it. */
const sent = (i: number, title = `Batch book ${i}`) => ({ isbn: `b-${i}`, title, author: `Ann Lee${i}` });
const shown = (i: number, title = `Batch book ${i}`) => ({ ...sent(i, title), authorFirstName: 'Ann', authorLastName: `Lee${i}` });
const range = (from: number, count: number): number[] => Array.from({ length: count }, (_, i) => from + i);

const STORES: readonly { name: string; rooms: readonly Room[] }[] = [
  { name: 'map', rooms: [batch] },
  { name: 'indexed', rooms: [indexed, batch] },
];

for (const { name, rooms } of STORES) {
  describe(`POST ${PATH} (${name} store)`, () => {
    let server: TestServer;
    before(async () => (server = await startServer({ MAX_BOOKS: '120' }, { rooms })));
    after(() => server.close());
    // Every test starts from the fixture alone.
    beforeEach(() => {
      for (const isbn of range(0, 200).map((i) => `b-${i}`)) server.store.remove(isbn);
    });

    const post = (body: unknown, headers: Record<string, string> = JSON_BODY): Promise<Response> =>
      fetch(`${server.base}${PATH}`, { method: 'POST', headers, body: typeof body === 'string' ? body : JSON.stringify(body) });
    const all = async (): Promise<unknown> => (await fetch(`${server.base}/books`)).json();
    const problem = (status: number, title: string, detail: string, type?: string, errors?: object[]): object => ({
      ...expectedProblem(status, title, detail, PATH, type),
      ...(errors && { errors }),
    });

    it('adds every book, in the order sent, and answers 200 with them as a collection, each as a GET shows it', async () => {
      const response = await post({
        books: [sent(2), sent(1), { isbn: 'b-3', title: 'Batch book 3', authorFirstName: 'Jo', authorLastName: 'Solo' }],
      });
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), 'application/hal+json');
      assert.equal(response.headers.get('cache-control'), 'no-store');
      const third = { isbn: 'b-3', title: 'Batch book 3', author: 'Jo Solo', authorFirstName: 'Jo', authorLastName: 'Solo' };
      assert.deepEqual(await response.json(), expectedCollection(server.base, [shown(2), shown(1), third]));
      assert.deepEqual(await (await fetch(`${server.base}/books/b-1`)).json(), expectedBook(server.base, shown(1)));
      assert.deepEqual(await all(), expectedCollection(server.base, [...FIXTURE_BOOKS, shown(2), shown(1), third]));
    });

    it('takes 100 books, and a body up to 1 MiB', async () => {
      const books = range(0, 100).map((i) => sent(i));
      const body = JSON.stringify({ books, padding: ' '.repeat(1024 * 1024 - 200 - JSON.stringify({ books }).length) });
      assert.ok(body.length > 1_000_000 && body.length <= 1024 * 1024);
      const response = await post(body);
      assert.equal(response.status, 200);
      assert.equal(((await response.json()) as { _embedded: { bookDTOList: unknown[] } })._embedded.bookDTOList.length, 100);
      assert.equal(server.store.size, 103);
    });

    it('links the batch from the root', async () => {
      const root = expectedRoot(server.base) as { _links: object };
      assert.deepEqual(await (await fetch(`${server.base}/`)).json(), {
        _links: { ...root._links, batchCreate: { href: `${server.base}${PATH}` } },
      });
    });

    it('answers only POST: OPTIONS names it, and any other method is a 405', async () => {
      const options = await fetch(`${server.base}${PATH}`, { method: 'OPTIONS' });
      assert.equal(options.status, 204);
      assert.equal(options.headers.get('allow'), 'POST, OPTIONS');
      const get = await fetch(`${server.base}${PATH}`);
      assert.equal(get.status, 405);
      assert.deepEqual(await get.json(), problem(405, 'Method Not Allowed', 'Method GET is not allowed here; allowed: POST, OPTIONS'));
    });

    it('checks the type, then the size, then the JSON and its shape, each a problem naming #/books', async () => {
      const type = await post({ books: [sent(1)] }, { 'content-type': 'text/plain' });
      assert.equal(type.status, 415);
      const big = await post(`{"books":[],"padding":"${' '.repeat(1024 * 1024)}"}`);
      assert.equal(big.status, 413);
      assert.deepEqual(await big.json(), problem(413, 'Payload Too Large', 'Request body must not exceed 1048576 bytes (1024 KiB)'));
      // The type comes first, even for a body too large.
      assert.equal((await post(`"${' '.repeat(1024 * 1024)}"`, { 'content-type': 'text/plain' })).status, 415);
      assert.deepEqual(await (await post('{"books":')).json(), problem(400, 'Bad Request', 'Request body is not valid JSON'));
      assert.deepEqual(await (await post('[]')).json(), problem(400, 'Bad Request', 'Request body must be a JSON object'));
      const shape = 'books must be an array of 1 to 100 books';
      for (const body of [
        {},
        { books: null },
        { books: {} },
        { books: 'b' },
        { books: [] },
        { books: range(0, 101).map((i) => sent(i)) },
      ]) {
        const response = await post(body);
        assert.equal(response.status, 400, JSON.stringify(body).slice(0, 40));
        assert.deepEqual(
          await response.json(),
          problem(400, 'Validation failed', shape, VALIDATION_FAILED, [{ pointer: '#/books', detail: shape }]),
        );
      }
      assert.equal(server.store.size, 3);
    });

    it('names every invalid field of every entry by its pointer, and adds none', async () => {
      const response = await post({ books: [sent(1), { isbn: 'b-2', author: 'A B' }, 7, { ...sent(4), isbn: 'a/b', title: '  ' }, null] });
      const errors = [
        { pointer: '#/books/1/title', detail: 'title must be provided' },
        { pointer: '#/books/2', detail: 'each book must be a JSON object' },
        { pointer: '#/books/3/isbn', detail: 'isbn must not contain / or \\' },
        { pointer: '#/books/3/title', detail: 'title must be provided' },
        { pointer: '#/books/4', detail: 'each book must be a JSON object' },
      ];
      assert.equal(response.status, 400);
      const detail = errors.map((error) => error.detail).join('; ');
      assert.deepEqual(await response.json(), problem(400, 'Validation failed', detail, VALIDATION_FAILED, errors));
      assert.equal(server.store.size, 3);
    });

    it('refuses a duplicate of the store or of an earlier entry with a 409 naming each, and adds none', async () => {
      const books = [
        sent(1),
        { ...sent(2), isbn: '1-2-3' },
        { ...sent(3), title: ORWELL.title, author: ORWELL.author },
        { ...sent(4), isbn: 'b-1' },
        { ...sent(5), title: 'Batch book 1', author: 'Ann Lee1' },
        sent(6),
      ];
      const response = await post({ books });
      assert.equal(response.status, 409);
      const errors = [
        { pointer: '#/books/1', detail: 'Book already exists for ISBN: 1-2-3' },
        { pointer: '#/books/2', detail: 'Book already exists with title: Animal Farm and author: George Orwell' },
        { pointer: '#/books/3', detail: 'Book already exists for ISBN: b-1' },
        { pointer: '#/books/4', detail: 'Book already exists with title: Batch book 1 and author: Ann Lee1' },
      ];
      const detail = errors.map((error) => error.detail).join('; ');
      assert.deepEqual(await response.json(), problem(409, 'Book already exists', detail, BOOK_EXISTS, errors));
      assert.deepEqual(await all(), expectedCollection(server.base, FIXTURE_BOOKS));
      // Refused before a book went in: the catalogue did not change even for a moment, and a listing's ETag says so.
      const before = (await fetch(`${server.base}/books`)).headers.get('etag');
      assert.equal((await post({ books: [sent(7), sent(8), { ...sent(9), isbn: '4-5-6' }] })).status, 409);
      assert.equal((await fetch(`${server.base}/books`)).headers.get('etag'), before);
      assert.equal((await fetch(`${server.base}/books/b-1`)).status, 404);
    });

    it('checks every field before any duplicate: a batch with both is a 400', async () => {
      const response = await post({ books: [{ ...sent(1), isbn: '1-2-3' }, { isbn: 'b-2' }] });
      assert.equal(response.status, 400);
      assert.equal(((await response.json()) as { type: string }).type, VALIDATION_FAILED);
    });

    it('is a 507 when the whole batch does not fit, and adds none; a batch that fits exactly is added', async () => {
      assert.equal((await post({ books: range(0, 100).map((i) => sent(i)) })).status, 200);
      const over = await post({ books: range(100, 18).map((i) => sent(i)) });
      assert.equal(over.status, 507);
      assert.deepEqual(
        await over.json(),
        problem(507, 'Insufficient Storage', 'The catalogue is full: it holds at most 120 books (MAX_BOOKS)'),
      );
      assert.equal(server.store.size, 103);
      assert.equal((await fetch(`${server.base}/books/b-100`)).status, 404);
      // A duplicate comes before the room.
      const both = await post({ books: [...range(100, 17).map((i) => sent(i)), sent(0)] });
      assert.equal(both.status, 409);
      assert.equal((await post({ books: range(100, 17).map((i) => sent(i)) })).status, 200);
      assert.equal(server.store.size, 120);
    });

    it('is a 507 when the text of the whole batch does not fit in the catalogue', async () => {
      // 120 books of capacity hold 15,360 code units of text; 60 titles of 256 do not fit beside the fixture.
      const long = (i: number): ReturnType<typeof sent> => sent(i, `${String(i).padStart(3, '0')}${'t'.repeat(253)}`);
      const response = await post({ books: range(0, 60).map(long) });
      assert.equal(response.status, 507);
      assert.deepEqual(
        await response.json(),
        problem(
          507,
          'Insufficient Storage',
          'The catalogue is full: its books hold at most 15360 characters of text in all (128 a book of MAX_BOOKS)',
        ),
      );
      assert.equal(server.store.size, 3);
    });
  });
}

/** A store that says it would take any book, and refuses the third it is given: what the batch must not leave half in. */
class FickleStore extends MapBookStore {
  private adds = 0;
  override refusal(): Refusal | undefined {
    return undefined;
  }
  override add(fields: BookFields): AddOutcome {
    return ++this.adds === 3 ? { refused: 'duplicate' } : super.add(fields);
  }
}

describe(`POST ${PATH} against a store that refuses what it said it would take`, () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: [batch], store: new FickleStore(10) })));
  after(() => server.close());

  it('takes out the books already in, and answers the refusal', async () => {
    const response = await fetch(`${server.base}${PATH}`, {
      method: 'POST',
      headers: JSON_BODY,
      body: JSON.stringify({ books: [sent(1), sent(2), sent(3)] }),
    });
    assert.equal(response.status, 409);
    assert.deepEqual(
      await response.json(),
      expectedProblem(409, 'Book already exists', 'Book already exists with title: Batch book 3 and author: Ann Lee3', PATH, BOOK_EXISTS),
    );
    assert.equal(server.store.size, 0);
  });
});

describe(`POST ${PATH} with API_TOKEN`, () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'secret' }, { rooms: [token, batch] })));
  after(() => server.close());

  it('needs the token before anything else is checked', async () => {
    const response = await fetch(`${server.base}${PATH}`, { method: 'POST', headers: { 'content-type': 'text/plain' }, body: 'x' });
    assert.equal(response.status, 401);
    const authorized = await fetch(`${server.base}${PATH}`, {
      method: 'POST',
      headers: { ...JSON_BODY, authorization: 'Bearer secret' },
      body: JSON.stringify({ books: [sent(1)] }),
    });
    assert.equal(authorized.status, 200);
  });
});
