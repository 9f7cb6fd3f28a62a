/**
 * api.md, Start-up, rule 4: a large seed's text index is sorted in a worker thread once the
 * service listens. Searches answer the same before and after, writes made meanwhile are found,
 * and the log says `text index built` when it is in.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, it } from 'node:test';
import { createService } from '../../../src/core/service.ts';
import { indexed } from '../../../src/rooms/indexed/room.ts';

/** 4,000 books of about 75 code units: 300,000 in all, past the 200,000 a seed is indexed in place up to. */
const BOOKS = Array.from({ length: 4000 }, (_, i) => ({
  isbn: `978-${i}`,
  title: `${['River', 'İstanbul', 'Straße', 'Winter'][i % 4]} volume ${i} of the long series of titles`,
  author: `Ann Lee${i % 50}`,
}));

/** The isbns of a title search, in isbn order (the sort orders have tests of their own). */
async function found(base: string, title: string): Promise<{ total: number; isbns: string[] }> {
  const response = await fetch(`${base}/books?title=${encodeURIComponent(title)}&size=1000`);
  assert.equal(response.status, 200);
  const body = (await response.json()) as { _embedded?: { bookDTOList: { isbn: string }[] }; page: { totalElements: number } };
  return { total: body.page.totalElements, isbns: (body._embedded?.bookDTOList ?? []).map((book) => book.isbn).sort() };
}

describe('a large seed, indexed in a worker thread as the service serves', () => {
  it('answers searches the same before and after, finds a book added meanwhile, and logs `text index built`', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
    writeFileSync(file, JSON.stringify(BOOKS));
    const logs: Record<string, unknown>[] = [];
    const { server, plugs } = createService({
      rooms: [indexed],
      env: { SEED_FILE: file, LOG_LEVEL: 'info' },
      write: (line) => logs.push(JSON.parse(line) as Record<string, unknown>),
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const started = Promise.all(plugs.map((plug) => plug.start?.()));
      const expected = (needle: string, books = BOOKS): string[] =>
        books
          .filter((book) => book.title.toLowerCase().includes(needle))
          .map((book) => book.isbn)
          .sort();
      // Asked at once: the worker has hardly begun.
      const before = await found(base, 'i̇stanbul volume 1');
      const late = { isbn: '979-1', title: 'İstanbul volume 1 again, late', author: 'Bo Ng' };
      const added = await fetch(`${base}/books`, {
        method: 'POST',
        body: JSON.stringify(late),
        headers: { 'content-type': 'application/json' },
      });
      assert.equal(added.status, 201);
      await started;
      const built = logs.filter((line) => line.msg === 'text index built');
      assert.equal(built.length, 1);
      assert.deepEqual(
        { ...built[0], time: undefined, ms: undefined },
        { time: undefined, level: 'info', msg: 'text index built', inWorker: true, ms: undefined },
      );
      assert.equal(typeof built[0]?.ms, 'number');
      assert.deepEqual(before, { total: expected('i̇stanbul volume 1').length, isbns: expected('i̇stanbul volume 1') });
      const after = expected('i̇stanbul volume 1', [...BOOKS, late]);
      assert.deepEqual(await found(base, 'i̇stanbul volume 1'), { total: after.length, isbns: after });
      assert.ok(after.includes('979-1') && after.length > 100);
    } finally {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
      for (const plug of plugs) plug.stop?.();
    }
  });
});
