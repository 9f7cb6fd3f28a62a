/**
 * api.md, Start-up, rule 4: a large seed's text index is sorted in a worker thread once the
 * service listens. Searches answer the same before and after, a write made meanwhile is found,
 * and the log says `text index built` when it is in, or why it could not be.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { FIELDS } from '../../../src/core/fields.ts';
import { createService, seedStore } from '../../../src/core/service.ts';
import type { BookStore } from '../../../src/core/store.ts';
import { indexed } from '../../../src/rooms/indexed/room.ts';
import { IndexedBookStore } from '../../../src/rooms/indexed/store.ts';
import { sortedInWorker } from '../../../src/rooms/indexed/suffix-build.ts';

/** 4,000 books of about 75 code units: 300,000 in all, past the 200,000 a seed is indexed in place up to. */
const BOOKS = Array.from({ length: 4000 }, (_, i) => ({
  isbn: `978-${i}`,
  title: `${['River', 'İstanbul', 'Straße', 'Winter'][i % 4]} volume ${i} of the long series of titles`,
  author: `Ann Lee${i % 50}`,
}));
const LATE = { isbn: '979-1', title: 'İstanbul volume 1 again, late', author: 'Bo Ng' };
const NEEDLE = 'i̇stanbul volume 1';

function seedFile(): string {
  const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
  writeFileSync(file, JSON.stringify(BOOKS));
  return file;
}

/** The isbns the plain rule finds for NEEDLE among `books`, as `found` gives them. */
const expected = (books: readonly { isbn: string; title: string }[]): { total: number; isbns: string[] } => {
  const isbns = books.filter((book) => book.title.toLowerCase().includes(NEEDLE)).map((book) => book.isbn);
  return { total: isbns.length, isbns: isbns.sort() };
};

/** The isbns of a title search for NEEDLE, in isbn order (the sort orders have tests of their own). */
async function found(base: string): Promise<{ total: number; isbns: string[] }> {
  const response = await fetch(`${base}/books?title=${encodeURIComponent(NEEDLE)}&size=1000`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { _embedded?: { bookDTOList: { isbn: string }[] }; page: { totalElements: number } };
  return { total: body.page.totalElements, isbns: (body._embedded?.bookDTOList ?? []).map((book) => book.isbn).sort() };
}

/** A service with the indexed room, listening; its rooms' `start`, begun but not awaited; its log lines. */
async function serve(env: Record<string, string>, store?: BookStore) {
  const logs: Record<string, unknown>[] = [];
  const service = createService({
    rooms: [indexed],
    env: { LOG_LEVEL: 'info', ...env },
    store,
    write: (line) => logs.push(JSON.parse(line)),
  });
  await new Promise<void>((resolve) => service.server.listen(0, '127.0.0.1', resolve));
  const started = Promise.all(service.plugs.map((plug) => plug.start?.()));
  const close = async (): Promise<void> => {
    service.server.closeAllConnections();
    await new Promise((resolve) => service.server.close(resolve));
  };
  return { base: `http://127.0.0.1:${(service.server.address() as AddressInfo).port}`, logs, started, close };
}

const post = (base: string, book: object): Promise<Response> =>
  fetch(`${base}/books`, { method: 'POST', body: JSON.stringify(book), headers: { 'content-type': 'application/json' } });

describe('a large seed, indexed in a worker thread as the service serves', () => {
  it('answers a search and takes a write while the worker sorts, then logs `text index built` and finds both', async () => {
    // The worker's answer is held back until the test lets it go, so that "meanwhile" is certain.
    let release = (): void => {};
    const held = new Promise<void>((resolve) => (release = resolve));
    const store = new IndexedBookStore(5000, FIELDS, {
      sortInWorker: async (lists, each) => {
        await held;
        return sortedInWorker(lists, each);
      },
    });
    seedStore(store, seedFile());
    const service = await serve({}, store);
    try {
      assert.deepEqual(await found(service.base), expected(BOOKS));
      assert.equal((await post(service.base, LATE)).status, 201);
      assert.deepEqual(await found(service.base), expected([...BOOKS, LATE]));
      assert.equal(service.logs.filter((line) => line.msg === 'text index built').length, 0);
      release();
      await service.started;
      const built = service.logs.filter((line) => line.msg === 'text index built');
      assert.deepEqual(
        built.map(({ level, msg, inWorker, ms }) => ({ level, msg, inWorker, ms: typeof ms })),
        [{ level: 'info', msg: 'text index built', inWorker: true, ms: 'number' }],
      );
      assert.deepEqual(await found(service.base), expected([...BOOKS, LATE]));
    } finally {
      await service.close();
    }
  });

  it('from SEED_FILE: the same answers once the index is in, sorted in a worker thread', async () => {
    const service = await serve({ SEED_FILE: seedFile() });
    try {
      await service.started;
      assert.deepEqual(
        service.logs.filter((line) => line.msg === 'text index built').map((line) => line.inWorker),
        [true],
      );
      assert.deepEqual(await found(service.base), expected(BOOKS));
    } finally {
      await service.close();
    }
  });

  it('when the worker thread fails, logs an error and goes on answering by the plain rule', async () => {
    const store = new IndexedBookStore(5000, FIELDS, { sortInWorker: () => Promise.reject(new Error('no thread')) });
    seedStore(store, seedFile());
    const service = await serve({}, store);
    try {
      await service.started;
      const failed = service.logs.filter((line) => line.level === 'error');
      assert.deepEqual(
        failed.map(({ msg, inWorker, error }) => ({ msg, inWorker, error })),
        [{ msg: 'text index not built: every search reads every book', inWorker: false, error: 'Error: no thread' }],
      );
      assert.equal((await post(service.base, LATE)).status, 201);
      assert.deepEqual(await found(service.base), expected([...BOOKS, LATE]));
    } finally {
      await service.close();
    }
  });
});
