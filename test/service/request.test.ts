/** CONNECT, and Expect: 100-continue with API_TOKEN set, with every room in place (api.md, Endpoints and Headers). */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { exchange } from '../helpers/raw.ts';
import { ROOMS } from '../../src/rooms.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('CONNECT and Expect: 100-continue (api.md, Endpoints and Headers)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'secret-token' }, { rooms: ROOMS })));
  after(() => server.close());

  it('answers CONNECT with a 405 problem naming every method, and logs it like any request', async () => {
    const allow = 'GET, HEAD, POST, PUT, PATCH, DELETE, OPTIONS';
    // With a Host, or without one: the method is refused before the Host is read.
    for (const [target, host] of [
      ['books.example:443', 'Host: books.example:443\r\n'],
      ['/books', 'Host: books.example:443\r\n'],
      ['other.example:443', ''],
    ]) {
      const { responses } = await exchange(server.port, `CONNECT ${target} HTTP/1.1\r\n${host}\r\n`);
      assert.equal(responses.length, 1, target);
      const [answer] = responses;
      assert.equal(answer?.status, 405);
      assert.equal(answer?.headers.get('allow'), allow);
      assert.equal(answer?.headers.get('content-type'), 'application/problem+json');
      assert.deepEqual(JSON.parse(String(answer?.body)), {
        type: 'about:blank',
        title: 'Method Not Allowed',
        status: 405,
        detail: `Method CONNECT is not allowed here; allowed: ${allow}`,
        instance: target,
      });
      const line = server.logs.find((entry) => entry.msg === 'request' && entry.method === 'CONNECT' && entry.path === target);
      assert.equal(line?.status, 405);
    }
  });

  it('refuses a write without the token at once, without inviting its body with 100 Continue', async () => {
    const socket = connect(server.port, '127.0.0.1');
    const head = 'POST /books HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 40\r\nExpect: 100-continue\r\n\r\n';
    socket.write(head);
    let received = '';
    for await (const chunk of socket) received += String(chunk);
    assert.match(received, /^HTTP\/1\.1 401 Unauthorized\r\n/);
    assert.doesNotMatch(received, /100 Continue/);
  });

  it('invites the body of a write with the token, and stores it', async () => {
    const body = JSON.stringify({ isbn: 'c-1', title: 'Continued', author: 'Con Tinue' });
    const req = request({
      host: '127.0.0.1',
      port: server.port,
      method: 'POST',
      path: '/books',
      headers: {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(body),
        expect: '100-continue',
        authorization: 'Bearer secret-token',
      },
    });
    const answered = new Promise<number | undefined>((resolve, reject) => {
      req.once('response', (response) => resolve(response.resume().statusCode));
      req.once('error', reject);
    });
    await new Promise((resolve) => req.once('continue', resolve));
    req.end(body);
    assert.equal(await answered, 201);
  });
});
