/** API_TOKEN over HTTP (api.md, Headers, rule 6). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { token } from '../../../src/rooms/token/room.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

describe('API_TOKEN', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 's3cret-token' }, { rooms: [token] })));
  after(() => server.close());

  const write = (method: string, path: string, headers: Record<string, string>): Promise<Response> =>
    fetch(`${server.base}${path}`, { method, headers, body: method === 'POST' ? '{' : undefined });

  it('answers 401 with WWW-Authenticate: Bearer to writes without the right token, before any other check', async () => {
    for (const authorization of [undefined, 'Bearer wrong', 'Basic czNjcmV0LXRva2Vu', 'Bearer', 'Bearer s3cret-token-longer']) {
      for (const [method, path] of [
        ['POST', '/books'],
        ['DELETE', '/books/1-2-3'],
      ] as const) {
        const headers: Record<string, string> = authorization === undefined ? {} : { authorization };
        const response = await write(method, path, headers);
        assert.equal(response.status, 401, `${method} ${authorization}`);
        assert.equal(response.headers.get('www-authenticate'), 'Bearer');
        assert.equal(response.headers.get('content-type'), 'application/problem+json');
        assert.equal(
          ((await response.json()) as { detail: string }).detail,
          'This request needs the header Authorization: Bearer <token>, with the right token',
        );
      }
    }
    assert.equal((await fetch(`${server.base}/books/1-2-3`)).status, 200);
  });

  it('lets writes with the token through, and leaves reads open', async () => {
    const authorization = 'bearer s3cret-token';
    assert.equal((await write('POST', '/books', { authorization, 'content-type': 'application/json' })).status, 400);
    assert.equal((await write('DELETE', '/books/1-2-3', { authorization: 'Bearer s3cret-token' })).status, 204);
    assert.equal((await fetch(`${server.base}/books`)).status, 200);
  });

  it('never writes the token to the log', () => {
    assert.ok(!JSON.stringify(server.logs).includes('s3cret'));
  });
});
