/** 16 KB Authorization headers, with API_TOKEN set (api.md, Limits). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectedProblem } from '../../helpers/books.ts';
import { send } from '../../helpers/http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { token } from '../../../src/rooms/token/room.ts';

describe('16 KB Authorization headers, with API_TOKEN set (api.md, Limits)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'tok' }, { rooms: [token] })));
  after(() => server.close());

  it('Authorization: long runs of spaces around the token pass or fail as the short forms do', async () => {
    const unauthorized = expectedProblem(
      401,
      'Unauthorized',
      'This request needs the header Authorization: Bearer <token>, with the right token',
      '/books/none',
    );
    const cases: [string, number][] = [
      [`Bearer${' '.repeat(15_000)}tok`, 204],
      [`Bearer ${' '.repeat(8000)}tok${' '.repeat(7000)}x`, 401],
      [`Bearer ${'t'.repeat(16_000)}`, 401],
    ];
    for (const [authorization, status] of cases) {
      const response = await send({ port: server.port, method: 'DELETE', path: '/books/none', headers: { authorization } });
      assert.equal(response.status, status, authorization.slice(0, 20));
      assert.deepEqual(response.body === '' ? '' : JSON.parse(response.body), status === 204 ? '' : unauthorized);
    }
  });
});
