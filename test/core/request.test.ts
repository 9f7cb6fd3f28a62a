/** api.md on the HTTP edges (The base URL, Endpoints, Headers): base URL and Host, request ids, token, HEAD, OPTIONS, ETag. */
import assert from 'node:assert/strict';
import { connect } from 'node:net';
import { after, before, describe, it } from 'node:test';
import { expectedBook, TOLKIEN } from '../helpers/books.ts';
import { send } from '../helpers/http.ts';
import { exchange } from '../helpers/raw.ts';
import { mediaRanges } from '../../src/core/request.ts';
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

  it('refuses a write of another type at once, without inviting its body with 100 Continue', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.write('POST /books HTTP/1.1\r\nHost: x\r\nContent-Type: text/plain\r\nContent-Length: 40\r\nExpect: 100-continue\r\n\r\n');
    // The first head the service sends is its answer: a 100 Continue there would invite a body it refuses.
    let received = '';
    for await (const chunk of socket) if ((received += String(chunk)).includes('\r\n\r\n')) break;
    socket.destroy();
    assert.match(received, /^HTTP\/1\.1 415 Unsupported Media Type\r\n/);
  });

  it('400 for a request line of another HTTP than 1.0 or 1.1, and the connection closes', async () => {
    const socket = connect(server.port, '127.0.0.1');
    socket.write('GET /books/4-5-6 HTTP/2.0\r\nHost: x\r\n\r\n');
    let received = '';
    for await (const chunk of socket) received += String(chunk);
    assert.match(received, /^HTTP\/1\.1 400 /);
    assert.ok(received.endsWith('"detail":"The request line must name HTTP/1.0 or HTTP/1.1","instance":"/books/4-5-6"}'), received);
  });

  it('keeps the connection open after an answer that is no success, but for a body too large', async () => {
    const asked = ['/nowhere', '/books/%zz', '/books/4-5-6'].map((path) => `GET ${path} HTTP/1.1\r\nHost: x\r\n\r\n`).join('');
    const { responses } = await exchange(server.port, asked);
    assert.deepEqual(
      responses.map((response) => [response.status, response.headers.get('connection')]),
      [
        [404, 'keep-alive'],
        [400, 'keep-alive'],
        [200, 'keep-alive'],
      ],
    );
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
      ['/books/any', 'GET, HEAD, PUT, DELETE, OPTIONS'],
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

describe('the media ranges of an Accept header (RFC 9110, 12.5.1), for the rooms that choose a representation', () => {
  const ranges = (header: string): [string, number][] => mediaRanges(header).map(({ type, q }) => [type, q]);

  it('reads each range and its q, lower-cased, 1 when q is not given', () => {
    assert.deepEqual(ranges(''), []);
    assert.deepEqual(ranges('application/json'), [['application/json', 1]]);
    assert.deepEqual(ranges('Text/HTML;Q=0.5 , application/JSON;level=1;q=0.25'), [
      ['text/html', 0.5],
      ['application/json', 0.25],
    ]);
  });

  it('leaves out a range whose q is no qvalue (0 to 1, three decimals at most), and empty items', () => {
    assert.deepEqual(ranges('a/b;q=2, c/d;q=0.1234, e/f;q=x, g/h;q=1.000, i/j;q=0, k/l;q=0., m/n;q=1.5, o/p;q=10, , ;q=1'), [
      ['g/h', 1],
      ['i/j', 0],
      ['k/l', 0],
    ]);
  });

  it('splits nothing at a comma or semicolon inside a quoted string, an escaped quote included', () => {
    assert.deepEqual(ranges('a/b;x="1,2;q=0", c/d;q=0.5'), [
      ['a/b', 1],
      ['c/d', 0.5],
    ]);
    assert.deepEqual(ranges('a/b;x="1, x/y", c/d'), [
      ['a/b', 1],
      ['c/d', 1],
    ]);
    assert.deepEqual(ranges('a/b;x="say \\"hi\\", then;q=0", c/d'), [
      ['a/b', 1],
      ['c/d', 1],
    ]);
  });

  it('reads the first 64 items and no more, an empty one counted', () => {
    assert.equal(mediaRanges('a/b,'.repeat(70)).length, 64);
    assert.equal(mediaRanges(`${',x/y'.repeat(63)},a/b,c/d`).length, 63);
  });
});
