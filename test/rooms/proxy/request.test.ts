/** BASE_URL and TRUST_PROXY over HTTP (api.md, Links and Settings). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from '../../helpers/http.ts';
import { proxy } from '../../../src/rooms/proxy/room.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

async function selfHref(server: TestServer, headers: Record<string, string | null>): Promise<{ status: number; href?: string }> {
  const response = await send({ port: server.port, path: '/books/4-5-6', headers });
  const body = JSON.parse(response.body) as { _links?: { self: { href: string } }; detail?: string };
  return response.status === 200 ? { status: 200, href: body._links?.self.href } : { status: response.status };
}

describe('BASE_URL', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ BASE_URL: 'https://api.example.com/catalogue/' }, { rooms: [proxy] })));
  after(() => server.close());

  it('fixes the origin and prefix of every link, Location included, and allows a missing Host', async () => {
    assert.deepEqual(await selfHref(server, { host: null }), { status: 200, href: 'https://api.example.com/catalogue/books/4-5-6' });
    assert.deepEqual(await selfHref(server, { host: 'other:1', 'x-forwarded-host': 'x' }), {
      status: 200,
      href: 'https://api.example.com/catalogue/books/4-5-6',
    });
    const post = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'a b', title: 'T', author: 'A B' }),
    });
    assert.equal(post.headers.get('location'), 'https://api.example.com/catalogue/books/a%20b');
  });

  it('still rejects a malformed Host', async () => {
    assert.deepEqual(await selfHref(server, { host: 'bad host' }), { status: 400 });
  });
});

describe('TRUST_PROXY', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' }, { rooms: [proxy] })));
  after(() => server.close());

  it('builds links from X-Forwarded-Proto, -Host, -Port and -Prefix', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ host: 'internal:5000' }, 'http://internal:5000/books/4-5-6'],
      [{ host: 'internal:5000', 'x-forwarded-proto': 'https', 'x-forwarded-host': 'books.example' }, 'https://books.example/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'HTTPS' }, 'https://internal/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'http' }, 'http://internal/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'https', 'x-forwarded-port': '443' }, 'https://internal/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'http', 'x-forwarded-port': '80' }, 'http://internal/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'http', 'x-forwarded-port': '443' }, 'http://internal:443/books/4-5-6'],
      [{ host: 'internal:80', 'x-forwarded-proto': 'https', 'x-forwarded-port': '8443' }, 'https://internal:8443/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-port': '1' }, 'http://internal:1/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-port': '65535' }, 'http://internal:65535/books/4-5-6'],
      [{ host: '[::1]:5000', 'x-forwarded-port': '8080' }, 'http://[::1]:8080/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-prefix': '/api/' }, 'http://internal/api/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-prefix': '/api//' }, 'http://internal/api/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-prefix': '/a%20b' }, 'http://internal/a%20b/books/4-5-6'],
      // Of a comma list only the last item counts: the nearest proxy wrote it (api.md, The base URL, rule 3).
      [
        { host: 'internal', 'x-forwarded-proto': 'http, HTTPS', 'x-forwarded-host': 'far.example , near.example' },
        'https://near.example/books/4-5-6',
      ],
      [{ host: 'internal', 'x-forwarded-proto': ', https', 'x-forwarded-host': ',near.example' }, 'https://near.example/books/4-5-6'],
      [{ host: 'internal', 'x-forwarded-proto': 'ftp, https' }, 'https://internal/books/4-5-6'],
      [
        { host: 'internal', forwarded: 'for=5.6.7.8, for=1.2.3.4;proto=https;host="shop.example:8443"' },
        'https://shop.example:8443/books/4-5-6',
      ],
      [{ host: 'internal', forwarded: 'proto=https;host=far.example, for=1.2.3.4' }, 'http://internal/books/4-5-6'],
      [{ host: 'internal', forwarded: 'proto=https', 'x-forwarded-proto': 'http' }, 'https://internal/books/4-5-6'],
      [{ host: 'internal', forwarded: 'proto=https;;host=shop.example' }, 'https://shop.example/books/4-5-6'],
      [{ host: 'internal', forwarded: 'for="x\\"y,z";host="sh\\op.example"' }, 'http://shop.example/books/4-5-6'],
      [{ host: 'internal', forwarded: 'host="[2001:db8::1]:8443";proto=https' }, 'https://[2001:db8::1]:8443/books/4-5-6'],
      [
        { host: 'internal', forwarded: 'host=shop.example', 'x-forwarded-port': '9000', 'x-forwarded-prefix': '/p' },
        'http://shop.example:9000/p/books/4-5-6',
      ],
    ];
    for (const [headers, href] of cases) {
      assert.deepEqual(await selfHref(server, headers), { status: 200, href }, JSON.stringify(headers));
    }
  });

  it('answers 400 for a malformed or empty last forwarded value', async () => {
    const port = 'X-Forwarded-Port must be a port number from 1 to 65535';
    const prefix = 'X-Forwarded-Prefix must be a path such as /api';
    const cases: [Record<string, string>, string][] = [
      [{ 'x-forwarded-proto': 'ftp' }, 'The forwarded protocol must be http or https'],
      [{ 'x-forwarded-proto': 'https, ftp' }, 'The forwarded protocol must be http or https'],
      [{ 'x-forwarded-proto': 'https,' }, 'X-Forwarded-Proto has an empty last value'],
      [{ 'x-forwarded-host': 'a.example, ' }, 'X-Forwarded-Host has an empty last value'],
      [{ 'x-forwarded-host': 'evil.example/x' }, 'The forwarded host is not a valid host[:port]'],
      [{ 'x-forwarded-host': 'x:65536' }, 'The forwarded host is not a valid host[:port]'],
      [{ 'x-forwarded-port': '0' }, port],
      [{ 'x-forwarded-port': '65536' }, port],
      [{ 'x-forwarded-port': 'a80' }, port],
      [{ 'x-forwarded-port': 'http' }, port],
      [{ 'x-forwarded-port': '' }, 'X-Forwarded-Port has an empty last value'],
      [{ 'x-forwarded-prefix': 'api' }, prefix],
      [{ 'x-forwarded-prefix': '/a"><b' }, prefix],
      [{ 'x-forwarded-prefix': '/a%zz' }, prefix],
      [{ 'x-forwarded-prefix': '/a%2' }, prefix],
      [{ forwarded: 'proto=https;garbage' }, 'The Forwarded header is malformed'],
      [{ forwarded: 'host="open' }, 'The Forwarded header is malformed'],
      [{ forwarded: 'proto=https,' }, 'The Forwarded header has an empty last element'],
      [{ forwarded: 'proto=gopher' }, 'The forwarded protocol must be http or https'],
      [{ forwarded: 'host="a b"' }, 'The forwarded host is not a valid host[:port]'],
    ];
    for (const [headers, detail] of cases) {
      const response = await send({ port: server.port, path: '/', headers: { host: 'internal', ...headers } });
      assert.equal(response.status, 400, JSON.stringify(headers));
      assert.equal((JSON.parse(response.body) as { detail: string }).detail, detail, JSON.stringify(headers));
    }
  });
});
