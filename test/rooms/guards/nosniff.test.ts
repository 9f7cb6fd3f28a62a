/** X-Content-Type-Options: nosniff on the answers the guards write for node’s parser (api.md, Headers). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exchange } from '../../helpers/raw.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { guards } from '../../../src/rooms/guards/room.ts';

const PROBLEM = 'application/problem+json';

describe('X-Content-Type-Options: nosniff on the answers the guards write for node’s parser (api.md, Headers)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: [guards] })));
  after(() => server.close());

  it('on the 400 and 431 that node’s parser triggers, written on the bare socket', async () => {
    const cases: [string, number, string][] = [
      ['GET / HTTP/1.1\r\nHost: h.example\r\nBad Header\r\n\r\n', 400, 'The request is not valid HTTP'],
      [`GET / HTTP/1.1\r\nHost: h.example\r\nX-Big: ${'x'.repeat(17_000)}\r\n\r\n`, 431, 'Request headers are too large'],
    ];
    for (const [request, status, detail] of cases) {
      const [response] = (await exchange(server.port, request)).responses;
      const title = status === 400 ? 'Bad Request' : 'Request Header Fields Too Large';
      assert.deepEqual(
        [response?.status, response?.headers.get('x-content-type-options'), response?.headers.get('content-type')],
        [status, 'nosniff', PROBLEM],
      );
      assert.deepEqual(JSON.parse(response?.body.toString('utf8') ?? ''), { type: 'about:blank', title, status, detail });
    }
  });
});
