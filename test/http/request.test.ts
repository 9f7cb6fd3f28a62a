/** api.md on the HTTP edges (The base URL, Endpoints, Headers): base URL and Host, request ids, token, HEAD, OPTIONS, ETag. */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expectedBook, TOLKIEN } from '../helpers/books.ts';
import { send } from '../helpers/http.ts';
import { exchange } from '../helpers/raw.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

async function selfHref(server: TestServer, headers: Record<string, string | null>): Promise<{ status: number; href?: string }> {
  const response = await send({ port: server.port, path: '/books/4-5-6', headers });
  const body = JSON.parse(response.body) as { _links?: { self: { href: string } }; detail?: string };
  return response.status === 200 ? { status: 200, href: body._links?.self.href } : { status: response.status };
}

describe('base URL from Host', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('uses http:// and the Host header, ignoring forwarded headers by default', async () => {
    assert.deepEqual(await selfHref(server, { host: 'books.example:8443', 'x-forwarded-proto': 'https' }), {
      status: 200,
      href: 'http://books.example:8443/books/4-5-6',
    });
    assert.deepEqual(await selfHref(server, { host: '[::1]:80' }), { status: 200, href: 'http://[::1]:80/books/4-5-6' });
  });

  it('answers 400 problem+json for a missing or malformed Host', async () => {
    const cases: [string | null, string][] = [
      [null, 'The request has no Host header'],
      ['', 'The request has no Host header'],
      ['evil.example/path', 'Host is not a valid host[:port]'],
      ['a b', 'Host is not a valid host[:port]'],
      ['host:99999', 'Host is not a valid host[:port]'],
      ['host:port', 'Host is not a valid host[:port]'],
      ['a..b', 'Host is not a valid host[:port]'],
      ['.example', 'Host is not a valid host[:port]'],
      ['"><script>', 'Host is not a valid host[:port]'],
      // What the pattern lets through but a URL cannot hold, or would write otherwise.
      ['999.999.999.999', 'Host is not a valid host[:port]'],
      ['[:::::.]', 'Host is not a valid host[:port]'],
      ['x:00080', 'Host is not a valid host[:port]'],
      ['x:0', 'Host is not a valid host[:port]'],
    ];
    for (const [host, detail] of cases) {
      const response = await send({ port: server.port, path: '/books', headers: { host } });
      assert.equal(response.headers['content-type'], 'application/problem+json', String(host));
      assert.deepEqual(JSON.parse(response.body), { type: 'about:blank', title: 'Bad Request', status: 400, detail, instance: '/books' });
    }
  });
});

describe('request-level checks', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('400 for two Host headers (RFC 9112 section 3.2)', async () => {
    const response = await send({ port: server.port, path: '/books', headers: { host: ['a.example', 'b.example'] } });
    assert.deepEqual(JSON.parse(response.body), {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'The request has more than one Host header',
      instance: '/books',
    });
  });

  it('417 problem for an expectation other than 100-continue', async () => {
    const response = await send({ port: server.port, path: '/books', headers: { expect: 'magic' } });
    assert.equal(response.headers['content-type'], 'application/problem+json');
    assert.deepEqual(JSON.parse(response.body), {
      type: 'about:blank',
      title: 'Expectation Failed',
      status: 417,
      detail: 'The only expectation supported is Expect: 100-continue',
      instance: '/books',
    });
  });
});

describe('CONNECT and Expect: 100-continue (api.md, Endpoints and Headers)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'secret-token' })));
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

describe('BASE_URL', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ BASE_URL: 'https://api.example.com/catalogue/' })));
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
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' })));
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

describe('X-Request-Id', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('keeps a sane client id and logs it on the access line', async () => {
    const id = 'abc-123._~:@+/=XYZ';
    const response = await fetch(`${server.base}/books/4-5-6`, { headers: { 'x-request-id': id } });
    assert.equal(response.headers.get('x-request-id'), id);
    const line = server.logs.find((entry) => entry.requestId === id);
    assert.deepEqual(
      { msg: line?.msg, method: line?.method, path: line?.path, status: line?.status, duration: typeof line?.durationMs },
      { msg: 'request', method: 'GET', path: '/books/4-5-6', status: 200, duration: 'number' },
    );
  });

  it('replaces a missing, empty, too long or odd id with a UUID, on every kind of response', async () => {
    for (const id of [undefined, 'x'.repeat(129), 'has space', 'semi;colon', 'ünï']) {
      for (const path of ['/books/4-5-6', '/nope', '/books?size=0']) {
        const headers: Record<string, string> = id === undefined ? {} : { 'x-request-id': id };
        const response = await send({ port: server.port, path, headers });
        assert.match(String(response.headers['x-request-id']), UUID, `${id} ${path}`);
      }
    }
    assert.equal((await fetch(`${server.base}/books/x`, { method: 'DELETE' })).headers.get('x-request-id')?.length, 36);
    assert.equal((await fetch(`${server.base}/books`, { method: 'OPTIONS' })).headers.get('x-request-id')?.length, 36);
  });

  it('makes new ids that differ, with every random digit used in every position', async () => {
    // 2,000 ids, 50 requests at a time: 2,000 connections at once can overflow the listen
    // backlog of a busy machine, and the test would then fail with ECONNRESET, not on an id.
    const ids: string[] = [];
    while (ids.length < 2000) {
      const batch = Array.from({ length: 50 }, async () => (await fetch(`${server.base}/health`)).headers.get('x-request-id') ?? '');
      ids.push(...(await Promise.all(batch)));
    }
    assert.equal(new Set(ids).size, ids.length);
    const digitsAt = (position: number): string => [...new Set(ids.map((id) => id[position]))].sort().join('');
    const positions = Array.from({ length: 36 }, (_, position) => digitsAt(position));
    const any = '0123456789abcdef';
    assert.deepEqual(
      positions,
      [...'xxxxxxxx-xxxx-4xxx-vxxx-xxxxxxxxxxxx'].map((kind) => ({ x: any, v: '89ab' })[kind] ?? kind),
    );
  });
});

describe('API_TOKEN', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 's3cret-token' })));
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

describe('HEAD, OPTIONS and ETag', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('HEAD answers every GET route with the same headers and no body', async () => {
    for (const path of ['/', '/health', '/openapi.json', '/books', '/books/4-5-6', '/books?title=zzz', '/books/none']) {
      const get = await fetch(`${server.base}${path}`);
      const head = await fetch(`${server.base}${path}`, { method: 'HEAD' });
      assert.equal(head.status, get.status, path);
      for (const name of ['content-type', 'content-length', 'etag'])
        assert.equal(head.headers.get(name), get.headers.get(name), `${path} ${name}`);
      assert.equal(await head.text(), '');
    }
  });

  it('OPTIONS on a known path answers 204 with Allow; on an unknown one, 404', async () => {
    const cases: [string, string][] = [
      ['/', 'GET, HEAD, OPTIONS'],
      ['/books', 'GET, HEAD, POST, OPTIONS'],
      ['/books/any', 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS'],
    ];
    for (const [path, allow] of cases) {
      const response = await fetch(`${server.base}${path}`, { method: 'OPTIONS' });
      assert.equal(response.status, 204);
      assert.equal(response.headers.get('allow'), allow);
      assert.equal(await response.text(), '');
    }
    assert.equal((await fetch(`${server.base}/nope`, { method: 'OPTIONS' })).status, 404);
  });

  it('every 200 GET carries a strong ETag; If-None-Match answers 304 without a body', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`);
    const etag = response.headers.get('etag') ?? '';
    assert.match(etag, /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);
    assert.deepEqual(await response.json(), expectedBook(server.base, TOLKIEN));
    for (const ifNoneMatch of [etag, `W/${etag}`, `"other", ${etag}`, '*']) {
      const cached = await fetch(`${server.base}/books/4-5-6`, { headers: { 'if-none-match': ifNoneMatch } });
      assert.equal(cached.status, 304, ifNoneMatch);
      assert.equal(cached.headers.get('etag'), etag);
      assert.equal(await cached.text(), '');
    }
    const changed = await fetch(`${server.base}/books/4-5-6`, { headers: { 'if-none-match': '"stale"' } });
    assert.equal(changed.status, 200);
    const head = await fetch(`${server.base}/books/4-5-6`, { method: 'HEAD', headers: { 'if-none-match': etag } });
    assert.equal(head.status, 304);
  });

  it('the ETag follows the bytes: it changes with the representation and not otherwise', async () => {
    const tag = async (path: string, host?: string): Promise<unknown> =>
      (await send({ port: server.port, path, headers: host ? { host } : {} })).headers.etag;
    assert.equal(await tag('/books'), await tag('/books'));
    assert.notEqual(await tag('/books'), await tag('/books?title=Lord'));
    assert.notEqual(await tag('/books/4-5-6', 'a.example'), await tag('/books/4-5-6', 'b.example'));
    const before = await tag('/books');
    await fetch(`${server.base}/books/7-8-9`, { method: 'DELETE' });
    assert.notEqual(await tag('/books'), before);
  });

  it('no ETag or 304 on errors and writes', async () => {
    const missing = await fetch(`${server.base}/books/none`, { headers: { 'if-none-match': '*' } });
    assert.equal(missing.status, 404);
    assert.equal(missing.headers.get('etag'), null);
  });
});
