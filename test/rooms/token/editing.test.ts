/** A PUT with API_TOKEN set (api.md, Editing, rules 6 and 11): the token is asked for before anything else. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { token } from '../../../src/rooms/token/room.ts';
import { expectedBook, expectedProblem, FELLOWSHIP } from '../../helpers/books.ts';
import { startServer } from '../../helpers/server.ts';

describe('a PUT with API_TOKEN set', () => {
  it('needs the token, before anything else, even before the body’s type', async (t) => {
    const server = await startServer({ API_TOKEN: 'secret-token' }, { rooms: [token] });
    t.after(() => server.close());
    const denied = await fetch(`${server.base}/books/0-0-0`, {
      method: 'PUT',
      headers: { 'content-type': 'text/plain' },
      body: 'not json',
    });
    assert.deepEqual(
      [denied.status, denied.headers.get('www-authenticate'), denied.headers.get('content-type'), await denied.json()],
      [
        401,
        'Bearer',
        'application/problem+json',
        expectedProblem(
          401,
          'Unauthorized',
          'This request needs the header Authorization: Bearer <token>, with the right token',
          '/books/0-0-0',
        ),
      ],
    );
    const allowed = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: 'Bearer secret-token' },
      body: JSON.stringify(FELLOWSHIP),
    });
    assert.deepEqual([allowed.status, await allowed.json()], [200, expectedBook(server.base, FELLOWSHIP)]);
  });
});
