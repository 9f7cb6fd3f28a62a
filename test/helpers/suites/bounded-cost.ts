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
import type { Start, TestServer } from '../server.ts';

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

/** The suite, run by a test file of the core, and again by one of each room that offers a store. */
export function boundedCostSuite(label: string, start: Start): void {
  describe(`bounded listings, ${label}`, () => {
    let server: TestServer;
    before(async () => (server = await start({ SEED_FILE: volumes(5000) })));
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
