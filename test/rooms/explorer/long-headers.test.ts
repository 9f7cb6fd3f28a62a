/** 16 KB Accept headers, with the explorer in place (api.md, Limits). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectedRoot } from '../../helpers/books.ts';
import { send } from '../../helpers/http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

describe('16 KB Accept headers, with the explorer in place (api.md, Limits)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: ROOMS })));
  after(() => server.close());

  it('Accept: a long list still tells a browser from another client', async () => {
    const api = await send({ port: server.port, path: '/', headers: { accept: 'text/html;q=0, '.repeat(1000) } });
    assert.deepEqual([api.status, api.headers['content-type'], api.headers.vary], [200, 'application/hal+json', 'Accept']);
    assert.deepEqual(JSON.parse(api.body), expectedRoot(server.base, true));

    const browser = await send({ port: server.port, path: '/', headers: { accept: `text/html,${'image/webp;q=0.5,'.repeat(900)}*/*` } });
    assert.deepEqual([browser.status, browser.headers.location, browser.body], [303, `${server.base}/explorer`, '']);
  });
});
