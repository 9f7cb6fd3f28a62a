/**
 * api.md, Batches: a batch is added in one step that no other request sees half of, against both
 * stores: a listing read half-way when it lands, and listings sent while it is handled.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookFields } from '../../../src/core/book.ts';
import { type BookStore, MapBookStore } from '../../../src/core/store.ts';
import { batch } from '../../../src/rooms/batch/room.ts';
import { IndexedBookStore } from '../../../src/rooms/indexed/store.ts';
import { COUNT, fill } from '../../helpers/listing.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const PATH = '/books:batchCreate';
/** A hundred books whose titles sort among the catalogue's (`Volume <n> of ...`) from its start to its end. */
const BATCH = Array.from({ length: 100 }, (_, i) => ({ isbn: `batch-${i}`, title: `Volume ${i * 5} of it`, author: 'Bea Batch' }));
const inBatch = (isbn: string): boolean => isbn.startsWith('batch-');
/** A store's books, one at a time, as a client's reading asks for them. */
async function* each<T>(items: Iterable<T> | AsyncIterable<T>): AsyncGenerator<T> {
  yield* items;
}

const ready = (store: BookStore): BookStore => (store.ready?.(), store);
const STORES: readonly { name: string; store: () => BookStore }[] = [
  { name: 'map', store: () => fill(new MapBookStore(COUNT + 200), COUNT) },
  { name: 'indexed', store: () => ready(fill(new IndexedBookStore(COUNT + 200), COUNT)) },
];

for (const { name, store } of STORES) {
  describe(`a batch, read by listings meanwhile (${name} store)`, () => {
    let server: TestServer;
    before(async () => (server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: [batch], store: store() })));
    after(() => server.close());

    const post = (books: readonly object[]): Promise<Response> =>
      fetch(`${server.base}${PATH}`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ books }) });

    for (const sort of [undefined, { key: 'title', descending: false }, { key: 'author', descending: true }] as const) {
      it(`a listing ${sort ? `by ${sort.key}` : 'in insertion order'} read half-way gives none of a batch that lands meanwhile`, async () => {
        for (const book of BATCH) server.store.remove(book.isbn);
        const scan = await server.store.scan({ sort });
        const books = each(scan.books);
        const read: BookFields[] = [];
        for (let next = await books.next(); !next.done; next = await books.next()) if (read.push(next.value) === COUNT / 2) break;
        assert.equal((await post(BATCH)).status, 200);
        for (let next = await books.next(); !next.done; next = await books.next()) read.push(next.value);
        assert.deepEqual(
          read.filter((book) => inBatch(book.isbn)),
          [],
        );
        assert.equal(read.length, COUNT);
        assert.equal(new Set(read.map((book) => book.isbn)).size, COUNT);
      });
    }

    it('listings and searches sent while a batch is handled each see all of it or none of it', async () => {
      for (const book of BATCH) server.store.remove(book.isbn);
      const queries = ['', 'sort=title', 'q=volume', 'title=of&sort=author,desc', 'author=bea', 'author=bea&page=0&size=1000&sort=title'];
      const listings = queries.flatMap((query) => [0, 1, 2].map(() => fetch(`${server.base}/books?${query}`)));
      const added = post(BATCH);
      listings.push(...queries.map((query) => fetch(`${server.base}/books?${query}`)));
      for (const response of await Promise.all(listings)) {
        if (response.status === 404) continue;
        const body = (await response.json()) as { _embedded: { bookDTOList: { isbn: string }[] } };
        const seen = body._embedded.bookDTOList.filter((book) => inBatch(book.isbn)).length;
        assert.ok(seen === 0 || seen === 100, `${response.url}: ${seen} of the batch`);
      }
      assert.equal((await added).status, 200);
    });
  });
}
