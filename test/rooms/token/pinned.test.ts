/** Bearer tokens at their edges, with API_TOKEN set (api.md, Headers, rule 6). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from '../../helpers/http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

import { token } from '../../../src/rooms/token/room.ts';

describe('bearer tokens (RFC 6750 section 2.1, api.md, Headers, rule 6)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'tok' }, { rooms: [token] })));
  after(() => server.close());

  it('passes the scheme in any case, one or more spaces, the token, and trailing spaces; refuses anything else', async () => {
    const cases: [string, number][] = [
      ['Bearer tok', 204],
      ['bearer tok', 204],
      ['BEARER tok', 204],
      ['Bearer    tok', 204],
      ['Bearer tok  ', 204],
      ['Bearer tok junk', 401],
      ['Bearer  tok junk', 401],
      ['Bearertok', 401],
      ['Bearer', 401],
      ['Bearer ', 401],
      ['Basic tok', 401],
      // White space around a header value is HTTP's own padding, stripped before anyone reads it.
      [' Bearer tok', 204],
      ['Bearer to', 401],
      ['Bearer tokk', 401],
      ['Bearer TOK', 401],
      ['Bearer\ttok', 401],
      ['NotBearer tok', 401],
      ['xBearer tok', 401],
    ];
    for (const [authorization, status] of cases) {
      const response = await send({ port: server.port, method: 'DELETE', path: '/books/none', headers: { authorization } });
      assert.equal(response.status, status, JSON.stringify(authorization));
      if (status === 401) assert.equal(response.headers['www-authenticate'], 'Bearer');
    }
  });
});
