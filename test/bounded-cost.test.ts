/**
 * The bounds of api.md, Limits, on what a listing costs, over HTTP and with each store: `q`'s words
 * searched once each, a 304 that runs no search, a listing read slowly that answers for one moment,
 * and `Accept` read in bounded time.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { request } from 'node:http';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { IndexedBookStore } from '../src/books/indexed/store.ts';
import { type BookStore, STORE_KINDS } from '../src/books/store.ts';
import { essentialWords } from '../src/listing.ts';
import { startServer, type TestServer } from './helpers/server.ts';

const JSON_HEADERS = { 'content-type': 'application/json' };

/** A seed of `count` books titled `Volume 0000` onwards, in that order. */
function volumes(count: number): string {
  const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
  const books = Array.from({ length: count }, (_, i) => ({
    isbn: `v-${i}`,
    title: `Volume ${String(i).padStart(4, '0')}`,
    author: 'Ann Lee',
  }));
  writeFileSync(file, JSON.stringify(books));
  return file;
}

describe('the words of q (api.md, Listing, rule 12)', () => {
  it('are looked for once each: a repeated word once, and none that another word holds', () => {
    assert.deepEqual(essentialWords(['e', 'e', 'E']), ['e']);
    assert.deepEqual(essentialWords(['the', 'there', 'he', 'her', 'here', 'ether', 'three', 'then']), ['there', 'ether', 'three', 'then']);
    assert.deepEqual(essentialWords(['İ', 'i̇'.toUpperCase(), 'ß', 'SS']), ['i̇', 'ß', 'ss']);
    assert.deepEqual(essentialWords(['rings', 'tolkien']), ['rings', 'tolkien']);
  });
});

for (const STORE of STORE_KINDS) {
  describe(`bounded listings, with STORE=${STORE}`, () => {
    let server: TestServer;
    before(async () => (server = await startServer({ STORE, SEED_FILE: volumes(5000) })));
    after(() => server.close());

    it('answers a q of repeated and contained words as the q of the words that remain', async () => {
      const body = async (q: string): Promise<string> => (await fetch(`${server.base}/books?q=${q}&page=3&size=7`)).text();
      const words = await body('volume+00');
      assert.equal(JSON.parse(words).page.totalElements, 185);
      // The links carry q as it was sent; all else is the same.
      assert.equal(
        await body('00+volume+vol+00+ume+0+VOLUME'),
        words.replaceAll('q=volume%2000', 'q=00%20volume%20vol%2000%20ume%200%20VOLUME'),
      );
    });

    it('reads slowly: a sorted unpaged listing gives each book once, as it stood when the listing began, while two move (Listing, rule 10)', async () => {
      const before = (await (await fetch(`${server.base}/books?sort=title`)).json()) as {
        _embedded: { bookDTOList: { isbn: string; title: string }[] };
      };
      const listed = await new Promise<string>((resolve, reject) => {
        const chunks: Buffer[] = [];
        request(`${server.base}/books?sort=title`, (res) => {
          res.once('data', (first: Buffer) => {
            chunks.push(first);
            res.pause();
            // The first books have reached the client; one of them moves to the end, and one of the
            // last moves to the front, behind the place the listing has reached.
            void (async () => {
              const moves = [
                ['v-3', 'Zzz, was Volume 0003'],
                ['v-4990', 'Aaa, was Volume 4990'],
              ];
              for (const [isbn, title] of moves) {
                const put = await fetch(`${server.base}/books/${isbn}`, {
                  method: 'PUT',
                  headers: JSON_HEADERS,
                  body: JSON.stringify({ isbn, title, author: 'Ann Lee' }),
                });
                assert.equal(put.status, 200);
              }
              res.on('data', (chunk: Buffer) => chunks.push(chunk));
              res.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
              res.resume();
            })().catch(reject);
          });
        })
          .on('error', reject)
          .end();
      });
      const books = (JSON.parse(listed) as typeof before)._embedded.bookDTOList;
      assert.deepEqual(
        books.map(({ isbn, title }) => ({ isbn, title })),
        before._embedded.bookDTOList.map(({ isbn, title }) => ({ isbn, title })),
      );
      // Put back, for the tests after this one.
      for (const isbn of ['v-3', 'v-4990']) {
        const title = `Volume ${isbn.slice(2).padStart(4, '0')}`;
        await fetch(`${server.base}/books/${isbn}`, {
          method: 'PUT',
          headers: JSON_HEADERS,
          body: JSON.stringify({ isbn, title, author: 'Ann Lee' }),
        });
      }
    });
  });
}

describe('a listing answered 304 runs no search (api.md, Headers, rule 2)', () => {
  let server: TestServer;
  const searches: string[] = [];
  before(async () => {
    const store = new IndexedBookStore(100);
    for (let i = 0; i < 80; i++)
      store.add({ isbn: `${i}`, title: `Volume ${i} the end`, authorFirstName: 'Ann', authorLastName: 'Lee', author: undefined });
    // The store as the service sees it, with every read written down.
    const watched = new Proxy(store, {
      get(target, name, receiver) {
        const value = Reflect.get(target, name, receiver) as unknown;
        if ((name !== 'find' && name !== 'scan') || typeof value !== 'function')
          return typeof value === 'function' ? value.bind(target) : value;
        return (...args: unknown[]) => {
          searches.push(String(name));
          return (value as (...rest: unknown[]) => unknown).apply(target, args);
        };
      },
    }) as BookStore;
    server = await startServer({}, watched);
  });
  after(() => server.close());

  it('answers the tag it gave with a 304 and no read of the store, paged or not, GET or HEAD', async () => {
    for (const query of ['q=e+e+e+e+e+e+e+e+e+e+e+e+e+e+e+e&page=0&size=1', 'q=the+end', 'title=volume&sort=title']) {
      const first = await fetch(`${server.base}/books?${query}`);
      assert.equal(first.status, 200, query);
      await first.arrayBuffer();
      const etag = first.headers.get('etag') as string;
      searches.length = 0;
      for (const method of ['GET', 'HEAD']) {
        const again = await fetch(`${server.base}/books?${query}`, { method, headers: { 'if-none-match': etag } });
        assert.deepEqual([again.status, again.headers.get('etag'), await again.text()], [304, etag, ''], `${method} ${query}`);
      }
      assert.deepEqual(searches, [], query);
      // A tag that no longer names the listing is answered in full, which reads the store.
      const other = await fetch(`${server.base}/books?${query}`, { headers: { 'if-none-match': '"v-other"' } });
      assert.equal(other.status, 200);
      await other.arrayBuffer();
      assert.equal(searches.length, 1, query);
    }
  });
});
