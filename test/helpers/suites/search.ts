/** api.md, Listing, rules 3, 7 and 11–14, on GET /books: the author and q filters, their links and errors, and the root's search link. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { BOOK_NOT_FOUND, expectedBook, expectedCollection, expectedProblem } from '../books.ts';
import type { Start, TestServer } from '../server.ts';

// Authors that share names and syllables, one kept as given (Le Guin), and a title naming an author.
const HOBBIT = { isbn: 'h-1', title: 'The Hobbit', author: 'JRR Tolkien', authorFirstName: 'JRR', authorLastName: 'Tolkien' };
const RINGS = { isbn: 'r-2', title: 'The Lord of the Rings', author: 'JRR Tolkien', authorFirstName: 'JRR', authorLastName: 'Tolkien' };
const EARTHSEA = {
  isbn: 'e-3',
  title: 'A Wizard of Earthsea',
  author: 'Ursula K. Le Guin',
  authorFirstName: 'Ursula',
  authorLastName: 'K.',
};
const LIFE = {
  isbn: 'l-4',
  title: 'Tolkien: A Biography',
  author: 'Humphrey Carpenter',
  authorFirstName: 'Humphrey',
  authorLastName: 'Carpenter',
};
const SATURN = { isbn: 's-5', title: 'The Rings of Saturn', author: 'W. G. Sebald', authorFirstName: 'W.', authorLastName: 'G.' };
const BOOKS = [HOBBIT, RINGS, EARTHSEA, LIFE, SATURN];

/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function searchSuite(label: string, start: Start): void {
  describe(`searching by author and q, ${label}`, () => {
    let server: TestServer;
    before(async () => {
      const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
      writeFileSync(file, JSON.stringify(BOOKS.map(({ isbn, title, author }) => ({ isbn, title, author }))));
      server = await start({ SEED_FILE: file });
    });
    after(() => server.close());

    const get = async (query: string): Promise<{ status: number; body: unknown; etag: string | null }> => {
      const response = await fetch(`${server.base}/books?${query}`);
      return { status: response.status, body: await response.json(), etag: response.headers.get('etag') };
    };
    const notFound = (detail: string): object => expectedProblem(404, 'Book not found', detail, '/books', BOOK_NOT_FOUND);

    it('author keeps the books whose shown author contains it, case-insensitively, used as given', async () => {
      assert.deepEqual(await get('author=TOLKIEN'), {
        status: 200,
        body: expectedCollection(server.base, [HOBBIT, RINGS]),
        etag: (await get('author=TOLKIEN')).etag,
      });
      assert.deepEqual((await get('author=k.%20le')).body, expectedCollection(server.base, [EARTHSEA]));
      // The names joined with a space are the shown author: "r t" spans them.
      assert.deepEqual((await get('author=r%20t')).body, expectedCollection(server.base, [HOBBIT, RINGS]));
      // Used as given: a leading space is part of the text.
      assert.deepEqual((await get('author=%20tolkien')).body, expectedCollection(server.base, [HOBBIT, RINGS]));
      assert.deepEqual((await get('author=%20jrr')).body, notFound('No books found for author:  jrr'));
    });

    it('q keeps the books holding every word, each in the title or the shown author, in any order', async () => {
      assert.deepEqual((await get('q=tolkien%20rings')).body, expectedCollection(server.base, [RINGS]));
      assert.deepEqual((await get('q=RINGS+tolkien')).body, expectedCollection(server.base, [RINGS]));
      assert.deepEqual((await get('q=tolkien')).body, expectedCollection(server.base, [HOBBIT, RINGS, LIFE]));
      assert.deepEqual((await get('q=%09rings%0A%20%20the%20')).body, expectedCollection(server.base, [RINGS, SATURN]));
      assert.deepEqual((await get('q=le%20guin%20earthsea')).body, expectedCollection(server.base, [EARTHSEA]));
      // Each word may be in either text, but whole in one: "hobbitjrr" would run from the title into the author.
      assert.deepEqual((await get('q=the%20hobbit%20jrr')).body, expectedCollection(server.base, [HOBBIT]));
      assert.deepEqual((await get('q=hobbitjrr')).body, notFound('No books found for q: hobbitjrr'));
      assert.deepEqual((await get('q=hobbit%20jrr')).body, expectedCollection(server.base, [HOBBIT]));
      assert.deepEqual((await get('q=lord%20rings%20sebald')).body, notFound('No books found for q: lord rings sebald'));
    });

    it('combines title, author and q with sort and paging, and every page link carries each filter given', async () => {
      const { status, body } = await get('title=the&author=e&q=rin&sort=title,desc&size=1&page=1');
      const href = (page: number): string => `${server.base}/books?title=the&author=e&q=rin&page=${page}&size=1&sort=title,desc`;
      assert.equal(status, 200);
      assert.deepEqual(body, {
        _embedded: { bookDTOList: [expectedBook(server.base, RINGS)] },
        _links: { first: { href: href(0) }, prev: { href: href(0) }, self: { href: href(1) }, last: { href: href(1) } },
        page: { size: 1, totalElements: 2, totalPages: 2, number: 1 },
      });
      assert.deepEqual((await get('title=the&author=e&q=rin&sort=title,desc&size=1&page=0')).body, {
        _embedded: { bookDTOList: [expectedBook(server.base, SATURN)] },
        _links: { first: { href: href(0) }, self: { href: href(0) }, next: { href: href(1) }, last: { href: href(1) } },
        page: { size: 1, totalElements: 2, totalPages: 2, number: 0 },
      });
      // Values travel encoded; a filter with no text is left out of the links.
      const encoded = await get('author=%C3%A9%20%26%3D&q=%20&page=0');
      assert.deepEqual(encoded.body, notFound('No books found for author: é &='));
      const spaced = (await get('author=K.%20&q=&size=5')).body as { _links: { self: { href: string } } };
      assert.equal(spaced._links.self.href, `${server.base}/books?title=&author=K.%20&page=0&size=5`);
    });

    it('the first of a repeated parameter counts', async () => {
      assert.deepEqual((await get('author=sebald&author=tolkien')).body, expectedCollection(server.base, [SATURN]));
      assert.deepEqual((await get('q=hobbit&q=rings')).body, expectedCollection(server.base, [HOBBIT]));
    });

    it('an author or q with no text is not given: every book, and messages leave it out', async () => {
      assert.deepEqual((await get('author=&q=%20%09')).body, expectedCollection(server.base, BOOKS));
      assert.deepEqual((await get('title=zzz&author=%20&q=')).body, notFound('No books found for title: zzz'));
      assert.deepEqual((await get('author=&page=9')).body, notFound('No books found'));
    });

    it('the not-found detail names every filter given, in the order title, author, q, each as sent', async () => {
      assert.deepEqual(
        (await get('q=Dune%20%20sand&author=Herbert&title=DUNE')).body,
        notFound('No books found for title: DUNE, author: Herbert, q: Dune  sand'),
      );
      assert.deepEqual((await get('author=Herbert')).body, notFound('No books found for author: Herbert'));
      assert.deepEqual((await get('title=Hobbit&q=sebald')).body, notFound('No books found for title: Hobbit, q: sebald'));
      assert.deepEqual((await get('author=tolkien&page=5')).body, notFound('No books found for author: tolkien'));
    });

    it(`q holds at most 16 words: more is a 400 naming q, reported beside any other bad parameter`, async () => {
      const sixteen = Array.from({ length: 16 }, () => 'the').join('%20');
      assert.equal((await get(`q=${sixteen}%20`)).status, 200);
      const seventeen = `${sixteen}%0Athe`;
      assert.deepEqual((await get(`q=${seventeen}&size=0`)).body, {
        type: 'about:blank',
        title: 'Bad Request',
        status: 400,
        detail: 'q must hold at most 16 words; size must be an integer from 1 to 1000',
        instance: '/books',
        errors: [
          { parameter: 'q', detail: 'q must hold at most 16 words' },
          { parameter: 'size', detail: 'size must be an integer from 1 to 1000' },
        ],
      });
    });

    it("a listing's ETag changes with its filters", async () => {
      const tags = await Promise.all(
        ['author=tolkien', 'q=tolkien', 'author=tolkien&q=the', 'title=the'].map(async (query) => (await get(query)).etag),
      );
      assert.equal(new Set(tags).size, 4, JSON.stringify(tags));
      const tag = (await get('author=tolkien')).etag as string;
      const again = await fetch(`${server.base}/books?author=tolkien`, { headers: { 'if-none-match': tag } });
      assert.equal(again.status, 304);
    });

    it('sees every write at once: add, replace and delete', async () => {
      const book = { isbn: 's-9', title: 'Vertigo', author: 'W. G. Sebald' };
      assert.equal(
        (
          await fetch(`${server.base}/books`, {
            method: 'POST',
            body: JSON.stringify(book),
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        201,
      );
      const added = { ...book, authorFirstName: 'W.', authorLastName: 'G.' };
      assert.deepEqual((await get('q=sebald%20vert')).body, expectedCollection(server.base, [added]));
      const renamed = { isbn: 's-9', title: 'Vertigo', authorFirstName: 'Winfried', authorLastName: 'Sebald' };
      assert.equal(
        (
          await fetch(`${server.base}/books/s-9`, {
            method: 'PUT',
            body: JSON.stringify(renamed),
            headers: { 'content-type': 'application/json' },
          })
        ).status,
        200,
      );
      assert.deepEqual((await get('author=w.%20g.')).body, expectedCollection(server.base, [SATURN]));
      assert.deepEqual((await get('author=winfried')).body, expectedCollection(server.base, [{ ...renamed, author: 'Winfried Sebald' }]));
      assert.equal((await fetch(`${server.base}/books/s-9`, { method: 'DELETE' })).status, 204);
      assert.deepEqual((await get('author=winfried')).body, notFound('No books found for author: winfried'));
    });

    it('the API root links to the search as an RFC 6570 template', async () => {
      const response = await fetch(`${server.base}/`);
      assert.deepEqual(await response.json(), {
        _links: {
          self: { href: `${server.base}/` },
          books: { href: `${server.base}/books?title=` },
          search: { href: `${server.base}/books{?title,author,q,page,size,sort}`, templated: true },
        },
      });
    });
  });
}
