/** The suite of test/helpers/suites/bounded-cost.ts, on the core alone (its map store). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { essentialWords } from '../../src/core/listing.ts';
import { type BookStore, MapBookStore } from '../../src/core/store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { boundedCostSuite } from '../helpers/suites/bounded-cost.ts';

boundedCostSuite('the core alone', (env) => startServer(env));

describe('the words of q (api.md, Listing, rule 12)', () => {
  it('are looked for once each: a repeated word once, and none that another word holds', () => {
    assert.deepEqual(essentialWords(['e', 'e', 'E']), ['e']);
    assert.deepEqual(essentialWords(['the', 'there', 'he', 'her', 'here', 'ether', 'three', 'then']), ['there', 'ether', 'three', 'then']);
    assert.deepEqual(essentialWords(['İ', 'i̇'.toUpperCase(), 'ß', 'SS']), ['i̇', 'ß', 'ss']);
    assert.deepEqual(essentialWords(['rings', 'tolkien']), ['rings', 'tolkien']);
  });
});

describe('a listing answered 304 runs no search (api.md, Headers, rule 2)', () => {
  let server: TestServer;
  const searches: string[] = [];
  before(async () => {
    const store = new MapBookStore(100);
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
    server = await startServer({}, { store: watched });
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
