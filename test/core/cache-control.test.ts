/**
 * `Cache-Control: no-store` on every answer to a write (api.md, Headers): what a POST, PUT or
 * DELETE answers is about that one request, so no cache may keep it. Reads may be cached.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from '../helpers/http.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('Cache-Control on writes', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  const json = { 'content-type': 'application/json' };
  const book = JSON.stringify({ isbn: 'cc-1', title: 'Kept from caches', author: 'No Store' });

  it('no-store on the answers to writes, successes and problems alike', async () => {
    const writes: [string, string, Record<string, string>, string | undefined, number][] = [
      ['POST', '/books', json, book, 201],
      ['POST', '/books', json, book, 409],
      ['POST', '/books', {}, book, 415],
      ['PUT', '/books/cc-1', json, JSON.stringify({ isbn: 'cc-1', title: 'Kept again', author: 'No Store' }), 200],
      ['PUT', '/books/none', json, JSON.stringify({ isbn: 'none', title: 'T', author: 'A B' }), 404],
      ['DELETE', '/books/cc-1', {}, undefined, 204],
      ['DELETE', '/books/cc-1', { 'if-match': '*' }, undefined, 412],
      ['PATCH', '/books/4-5-6', json, '{}', 405],
    ];
    for (const [method, path, headers, body, status] of writes) {
      const response = await send({ port: server.port, method, path, headers, body });
      assert.deepEqual([response.status, response.headers['cache-control']], [status, 'no-store'], `${method} ${path}`);
      // Only a write whose body is the book as a GET shows it carries that GET's ETag; a problem or an empty answer, none.
      assert.equal(response.headers.etag !== undefined, status === 200 || status === 201, `the ETag of ${method} ${path} ${status}`);
    }
  });

  it('nothing on the answers to reads', async () => {
    for (const [method, path] of [
      ['GET', '/books/4-5-6'],
      ['HEAD', '/books'],
      ['GET', '/books/none'],
      ['OPTIONS', '/books'],
    ] as const) {
      const response = await send({ port: server.port, method, path });
      assert.equal(response.headers['cache-control'], undefined, `${method} ${path}`);
    }
  });
});
