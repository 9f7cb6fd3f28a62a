/** api.md, Listing, on GET /books: paging, sorting, their links and errors; the original shape without them. */
import assert from 'node:assert/strict';
import { writeFileSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expectedCollection, FIXTURE_BOOKS } from '../books.ts';
import type { Start, TestServer } from '../server.ts';

interface Collection {
  _embedded: { bookDTOList: { isbn: string; title: string }[] };
  _links: Record<string, { href: string }>;
  page?: { size: number; totalElements: number; totalPages: number; number: number };
}

// Titles chosen to show the collation: case, accents and numbers, and ties kept in insertion order.
const SEED = [
  { isbn: 'b-10', title: 'Volume 10', author: 'Zed Adams' },
  { isbn: 'a-2', title: 'volume 2', author: 'Amy Baker' },
  { isbn: 'c-e', title: 'Écrits', author: 'Émile Zola' },
  { isbn: 'd-e', title: 'ecrits', author: 'Anne Zola' },
  { isbn: 'e-1', title: 'Alpha', author: 'Bob Baker' },
];

async function list(server: TestServer, query: string): Promise<{ status: number; body: Collection }> {
  const response = await fetch(`${server.base}/books?${query}`);
  return { status: response.status, body: (await response.json()) as Collection };
}

const isbns = (body: Collection): string[] => body._embedded.bookDTOList.map((book) => book.isbn);

// The contract over HTTP holds for both stores: the map store, the reference, and the indexed one.
/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function listingSuite(label: string, start: Start): void {
  describe(label, () => {
    describe('sorting', () => {
      let server: TestServer;
      before(async () => {
        const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
        writeFileSync(file, JSON.stringify(SEED));
        server = await start({ SEED_FILE: file });
      });
      after(() => server.close());

      it('orders case- and accent-insensitively, numbers by value, ties in insertion order', async () => {
        const cases: [string, string[]][] = [
          ['sort=title', ['e-1', 'c-e', 'd-e', 'a-2', 'b-10']],
          ['sort=title,asc', ['e-1', 'c-e', 'd-e', 'a-2', 'b-10']],
          ['sort=title,desc', ['b-10', 'a-2', 'c-e', 'd-e', 'e-1']],
          ['sort=isbn', ['a-2', 'b-10', 'c-e', 'd-e', 'e-1']],
          ['sort=isbn,desc', ['e-1', 'd-e', 'c-e', 'b-10', 'a-2']],
          ['sort=author', ['b-10', 'a-2', 'e-1', 'd-e', 'c-e']],
          ['sort=author,desc', ['c-e', 'd-e', 'e-1', 'a-2', 'b-10']],
        ];
        for (const [query, expected] of cases) {
          const { status, body } = await list(server, query);
          assert.equal(status, 200, query);
          assert.deepEqual(isbns(body), expected, query);
        }
      });

      it('sort alone keeps the original shape: the whole collection, self = ?title=, no page', async () => {
        const { body } = await list(server, 'sort=isbn');
        assert.deepEqual(Object.keys(body), ['_embedded', '_links']);
        assert.deepEqual(body._links, { self: { href: `${server.base}/books?title=` } });
      });

      it('sorts a title search', async () => {
        assert.deepEqual(isbns((await list(server, 'title=CRITS&sort=author')).body), ['d-e', 'c-e']);
        assert.deepEqual(isbns((await list(server, 'title=VOLUME&sort=title,desc')).body), ['b-10', 'a-2']);
      });

      it('keeps each order up to date as books come and go', async () => {
        const post = await fetch(`${server.base}/books`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ isbn: 'f-3', title: 'Volume 3', author: 'Cy Adams' }),
        });
        assert.equal(post.status, 201);
        assert.equal((await fetch(`${server.base}/books/c-e`, { method: 'DELETE' })).status, 204);
        assert.deepEqual(isbns((await list(server, 'sort=title')).body), ['e-1', 'd-e', 'a-2', 'f-3', 'b-10']);
        assert.deepEqual(isbns((await list(server, 'sort=title,desc')).body), ['b-10', 'f-3', 'a-2', 'd-e', 'e-1']);
        assert.deepEqual(isbns((await list(server, 'sort=author')).body), ['f-3', 'b-10', 'a-2', 'e-1', 'd-e']);
        assert.deepEqual(isbns((await list(server, 'title=volume')).body), ['b-10', 'a-2', 'f-3']);
      });
    });

    describe('paging', () => {
      let server: TestServer;
      before(async () => (server = await start()));
      after(() => server.close());

      it('adds page metadata and first/next/last links carrying title, size and sort', async () => {
        const { status, body } = await list(server, 'page=0&size=2&sort=title');
        assert.equal(status, 200);
        const href = (page: number): { href: string } => ({ href: `${server.base}/books?title=&page=${page}&size=2&sort=title` });
        assert.deepEqual(body, {
          _embedded: (expectedCollection(server.base, [FIXTURE_BOOKS[0]!, FIXTURE_BOOKS[1]!]) as Collection)._embedded,
          _links: { first: href(0), self: href(0), next: href(1), last: href(1) },
          page: { size: 2, totalElements: 3, totalPages: 2, number: 0 },
        });
      });

      it('the last page has prev and no next', async () => {
        const { body } = await list(server, 'page=1&size=2');
        const href = (page: number): { href: string } => ({ href: `${server.base}/books?title=&page=${page}&size=2` });
        assert.deepEqual(body._links, { first: href(0), prev: href(0), self: href(1), last: href(1) });
        assert.deepEqual(body.page, { size: 2, totalElements: 3, totalPages: 2, number: 1 });
        assert.deepEqual(isbns(body), ['7-8-9']);
      });

      it('a middle page has both prev and next; the title travels encoded', async () => {
        const { body } = await list(server, 'title=%20&page=1&size=1&sort=isbn,desc');
        const href = (page: number): { href: string } => ({ href: `${server.base}/books?title=%20&page=${page}&size=1&sort=isbn,desc` });
        assert.deepEqual(body._links, { first: href(0), prev: href(0), self: href(1), next: href(2), last: href(2) });
        assert.deepEqual(isbns(body), ['4-5-6']);
      });

      it('size alone means page 0; page alone means size 20', async () => {
        assert.deepEqual((await list(server, 'size=1')).body.page, { size: 1, totalElements: 3, totalPages: 3, number: 0 });
        assert.deepEqual((await list(server, 'page=0')).body.page, { size: 20, totalElements: 3, totalPages: 1, number: 0 });
      });

      it('pages a title search, and the first of repeated parameters counts', async () => {
        const { body } = await list(server, 'title=r&size=1&page=1&size=50&page=0');
        assert.deepEqual(isbns(body), ['4-5-6']);
        assert.deepEqual(body.page, { size: 1, totalElements: 3, totalPages: 3, number: 1 });
        assert.equal(body._links.self?.href, `${server.base}/books?title=r&page=1&size=1`);
      });

      it('a page past the end is the not-found error', async () => {
        for (const page of ['2', '10', '0123456789']) {
          const response = await fetch(`${server.base}/books?page=${page}&size=2`);
          assert.equal(response.status, 404, page);
          assert.equal(((await response.json()) as { detail: string }).detail, 'No books found');
        }
        const filtered = await fetch(`${server.base}/books?title=Farm&page=1`);
        assert.equal(((await filtered.json()) as { detail: string }).detail, 'No books found for title: Farm');
      });

      it('a bad parameter is a 400 naming it; several are all named', async () => {
        const cases: [string, { parameter: string; detail: string }[]][] = [
          ['page=-1', [{ parameter: 'page', detail: 'page must be a non-negative integer' }]],
          ['page=one', [{ parameter: 'page', detail: 'page must be a non-negative integer' }]],
          ['page=', [{ parameter: 'page', detail: 'page must be a non-negative integer' }]],
          ['size=0', [{ parameter: 'size', detail: 'size must be an integer from 1 to 1000' }]],
          ['size=1001', [{ parameter: 'size', detail: 'size must be an integer from 1 to 1000' }]],
          ['size=1.5', [{ parameter: 'size', detail: 'size must be an integer from 1 to 1000' }]],
          ['sort=price', [{ parameter: 'sort', detail: 'sort must be one of title, isbn, author, optionally followed by ,asc or ,desc' }]],
          [
            'sort=title,up',
            [{ parameter: 'sort', detail: 'sort must be one of title, isbn, author, optionally followed by ,asc or ,desc' }],
          ],
          [
            'page=x&size=y&sort=z',
            [
              { parameter: 'page', detail: 'page must be a non-negative integer' },
              { parameter: 'size', detail: 'size must be an integer from 1 to 1000' },
              { parameter: 'sort', detail: 'sort must be one of title, isbn, author, optionally followed by ,asc or ,desc' },
            ],
          ],
        ];
        for (const [query, errors] of cases) {
          const response = await fetch(`${server.base}/books?${query}`);
          assert.equal(response.headers.get('content-type'), 'application/problem+json', query);
          assert.deepEqual(
            await response.json(),
            {
              type: 'about:blank',
              title: 'Bad Request',
              status: 400,
              detail: errors.map((error) => error.detail).join('; '),
              instance: '/books',
              errors,
            },
            query,
          );
        }
      });
    });
  });
}
