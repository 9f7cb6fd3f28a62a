/**
 * CORS in a real browser (api.md, CORS): a page served from one origin uses the API on another.
 * The browser, not this test, decides what the page may read: an allowed origin lists, adds
 * with a bearer token (a preflighted request), follows Location, reads ETag and X-Request-Id,
 * deletes, and reads a 401 problem; a page from an origin not on the list is blocked.
 */
import assert from 'node:assert/strict';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { after, before, it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { findChromium, openPage } from '../../../helpers/chromium.ts';
import { startServer, type TestServer } from '../../../helpers/server.ts';
import { ROOMS } from '../../../../src/rooms.ts';

const chromium = findChromium();

/** A server on 127.0.0.1 that answers every request with one HTML page holding `script`. */
async function pageServer(script: string): Promise<{ server: Server; origin: string }> {
  const html = `<!doctype html><meta charset="utf-8"><title>client</title><script type="module">${script}</script>`;
  const server = createServer((_req, res) => res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(html));
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, origin: `http://127.0.0.1:${(server.address() as AddressInfo).port}` };
}

const CLIENT = `
window.result = (async () => {
  const api = new URLSearchParams(location.search).get('api');
  const out = {};
  const list = await fetch(api + '/books');
  out.list = { status: list.status, isbns: (await list.json())._embedded.bookDTOList.map((book) => book.isbn) };
  const created = await fetch(api + '/books', {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: 'Bearer secret' },
    body: JSON.stringify({ isbn: 'b-1', title: 'Browser Book', author: 'Ada Lovelace' }),
  });
  out.created = { status: created.status, location: created.headers.get('Location') };
  const read = await fetch(out.created.location);
  out.read = { status: read.status, etag: read.headers.get('ETag'), requestId: read.headers.get('X-Request-Id'), title: (await read.json()).title };
  out.removed = (await fetch(out.created.location, { method: 'DELETE', headers: { Authorization: 'Bearer secret' } })).status;
  const denied = await fetch(api + '/books', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' });
  out.denied = { status: denied.status, type: denied.headers.get('Content-Type'), problem: await denied.json() };
  return out;
})().catch((error) => ({ error: String(error) }));
`;

const BLOCKED = `
const api = new URLSearchParams(location.search).get('api');
window.result = fetch(api + '/books').then((response) => ({ status: response.status }), (error) => ({ blocked: error.name }));
`;

describeWhen(chromium !== undefined, 'CORS in headless Chromium', 'Chromium is not installed (apt-get install chromium)', () => {
  let api: TestServer;
  let allowed: { server: Server; origin: string };
  let other: { server: Server; origin: string };

  before(async () => {
    allowed = await pageServer(CLIENT);
    other = await pageServer(BLOCKED);
    api = await startServer({ CORS_ORIGINS: allowed.origin, API_TOKEN: 'secret' }, { rooms: ROOMS });
  });
  after(async () => {
    await api.close();
    allowed.server.close();
    other.server.close();
  });
  // Each test closes its own page in a finally block, so a failure leaves no browser behind.

  it('lets a page on an allowed origin list, add with a token, follow Location, read headers, delete and read a 401', async () => {
    const page = await openPage(chromium as string, `${allowed.origin}/?api=${encodeURIComponent(api.base)}`);
    try {
      await page.waitFor('window.result', 'the page script');
      const result = await page.evaluate<Record<string, unknown>>('window.result');
      // The exposed headers reached the page: an entity tag and a request id.
      const read = result.read as { etag: string | null; requestId: string | null };
      assert.match(String(read.etag), /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
      assert.match(String(read.requestId), /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
      assert.deepEqual(result, {
        list: { status: 200, isbns: ['1-2-3', '4-5-6', '7-8-9'] },
        created: { status: 201, location: `${api.base}/books/b-1` },
        read: { status: 200, etag: read.etag, requestId: read.requestId, title: 'Browser Book' },
        removed: 204,
        denied: {
          status: 401,
          type: 'application/problem+json',
          problem: {
            type: 'about:blank',
            title: 'Unauthorized',
            status: 401,
            detail: 'This request needs the header Authorization: Bearer <token>, with the right token',
            instance: '/books',
          },
        },
      });
      // The POST and the DELETE were preflighted: the browser asked OPTIONS first. The second
      // POST reused the first one's answer, which Access-Control-Max-Age lets it keep.
      const preflights = api.logs.filter((line) => line.msg === 'request' && line.method === 'OPTIONS').map((line) => line.path);
      assert.deepEqual(preflights, ['/books', '/books/b-1']);
    } finally {
      await page.close();
    }
  });

  it('blocks a page on an origin that is not on the list, while the service still answers it', async () => {
    const before = api.logs.length;
    const page = await openPage(chromium as string, `${other.origin}/?api=${encodeURIComponent(api.base)}`);
    try {
      await page.waitFor('window.result', 'the page script');
      assert.deepEqual(await page.evaluate('window.result'), { blocked: 'TypeError' });
      const answered = api.logs
        .slice(before)
        .filter((line) => line.msg === 'request')
        .map((line) => [line.method, line.path, line.status]);
      assert.deepEqual(answered, [['GET', '/books', 200]]);
    } finally {
      await page.close();
    }
  });
});
