/**
 * `X-Content-Type-Options: nosniff` on every answer (api.md, Headers), so that a browser
 * takes each body as the type it is sent with: answers with and without a body, HEAD and
 * OPTIONS, and problems.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectedBook, expectedCollection, expectedProblem, FIXTURE_BOOKS, TOLKIEN } from '../helpers/books.ts';
import { send } from '../helpers/http.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const PROBLEM = 'application/problem+json';

describe('X-Content-Type-Options: nosniff', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  /** Status, nosniff, content type and body of one answer, to compare whole. */
  async function answer(method: string, path: string, headers: Record<string, string> = {}, body?: string): Promise<unknown[]> {
    const response = await send({ port: server.port, method, path, headers, body });
    const parsed = response.body === '' ? '' : JSON.parse(response.body);
    return [response.status, response.headers['x-content-type-options'], response.headers['content-type'], parsed];
  }

  it('on a 200 and a 201', async () => {
    assert.deepEqual(await answer('GET', '/books/4-5-6'), [200, 'nosniff', 'application/hal+json', expectedBook(server.base, TOLKIEN)]);
    // The unpaged listing too, the answer most likely to be written another way (in pieces).
    assert.deepEqual(await answer('GET', '/books'), [
      200,
      'nosniff',
      'application/hal+json',
      expectedCollection(server.base, FIXTURE_BOOKS),
    ]);
    const book = { isbn: 'n-1', title: 'New', author: 'Ann Author' };
    const created = expectedBook(server.base, { ...book, authorFirstName: 'Ann', authorLastName: 'Author' });
    const json = { 'content-type': 'application/json' };
    assert.deepEqual(await answer('POST', '/books', json, JSON.stringify(book)), [201, 'nosniff', 'application/hal+json', created]);
  });

  it('on a 204 and a 304, which have no body', async () => {
    assert.deepEqual(await answer('DELETE', '/books/none'), [204, 'nosniff', undefined, '']);
    const etag = (await send({ port: server.port, path: '/books/4-5-6' })).headers.etag as string;
    assert.deepEqual(await answer('GET', '/books/4-5-6', { 'if-none-match': etag }), [304, 'nosniff', undefined, '']);
  });

  it('on a 404 and a 405 problem', async () => {
    assert.deepEqual(await answer('GET', '/nowhere'), [
      404,
      'nosniff',
      PROBLEM,
      expectedProblem(404, 'Not Found', 'No resource at path: /nowhere', '/nowhere'),
    ]);
    const allow = 'GET, HEAD, POST, OPTIONS';
    const detail = `Method PUT is not allowed here; allowed: ${allow}`;
    assert.deepEqual(await answer('PUT', '/books'), [
      405,
      'nosniff',
      PROBLEM,
      expectedProblem(405, 'Method Not Allowed', detail, '/books'),
    ]);
  });

  it('on a HEAD and an OPTIONS', async () => {
    assert.deepEqual(await answer('HEAD', '/books/4-5-6'), [200, 'nosniff', 'application/hal+json', '']);
    const options = await send({ port: server.port, method: 'OPTIONS', path: '/books' });
    assert.deepEqual(
      [options.status, options.headers['x-content-type-options'], options.headers.allow, options.body],
      [204, 'nosniff', 'GET, HEAD, POST, OPTIONS', ''],
    );
  });
});
