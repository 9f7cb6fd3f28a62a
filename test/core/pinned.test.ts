/**
 * Rules that mutation testing found without a test (issue 13): absolute-form targets, Host,
 * forwarded headers, bearer tokens, the content type, the early 413, query parameters, a client
 * that hangs up in the middle of a body, conditional GETs and answers while shutting down. Each
 * case fails when its rule breaks.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { parseQuery, parseTarget } from '../../src/core/request.ts';
import { send } from '../helpers/http.ts';
import { exchange, open } from '../helpers/raw.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

describe('request targets and Host', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  const selfOf = (body: Buffer): string => (JSON.parse(body.toString('utf8')) as { _links: { self: { href: string } } })._links.self.href;

  it('accepts an absolute-form target, whose authority replaces Host (RFC 9112, 3.2.2)', async () => {
    const { responses } = await exchange(
      server.port,
      'GET http://books.example:8080/books/4-5-6 HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n',
    );
    assert.equal(responses[0]?.status, 200);
    assert.equal(selfOf(responses[0]?.body ?? Buffer.alloc(0)), 'http://books.example:8080/books/4-5-6');
  });

  it('checks the authority of an absolute-form target as it checks Host', async () => {
    const { responses } = await exchange(
      server.port,
      'GET http://bad host/books HTTP/1.1\r\nHost: ok.example\r\nConnection: close\r\n\r\n',
    );
    assert.equal(responses[0]?.status, 400);
  });

  it('refuses an absolute-form target with user information, saying so', async () => {
    for (const target of ['http://user@books.example/books', 'http://user:pass@books.example:8080/books', 'http://@books.example/']) {
      const { responses } = await exchange(server.port, `GET ${target} HTTP/1.1\r\nHost: ok.example\r\nConnection: close\r\n\r\n`);
      assert.equal(responses[0]?.status, 400, target);
      assert.equal(
        (JSON.parse(String(responses[0]?.body)) as { detail: string }).detail,
        'The request target must not hold user information (user@host)',
      );
    }
  });

  it('takes an absolute-form target without a path as the root, and a URL inside a query as a query', async () => {
    const root = await exchange(server.port, 'GET http://books.example:8080 HTTP/1.1\r\nHost: other.example\r\nConnection: close\r\n\r\n');
    assert.equal(root.responses[0]?.status, 200);
    assert.equal(selfOf(root.responses[0]?.body ?? Buffer.alloc(0)), 'http://books.example:8080/');
    const search = await fetch(`${server.base}/books?title=${encodeURIComponent('http://evil.example/x')}`);
    assert.equal(search.status, 404);
    assert.equal(((await search.json()) as { detail: string }).detail, 'No books found for title: http://evil.example/x');
  });

  it('splits a target into path, query and authority, and a query into its first values', () => {
    assert.deepEqual(parseTarget('/books'), { path: '/books', query: '' });
    assert.deepEqual(parseTarget('/books?title=a#b'), { path: '/books', query: 'title=a' });
    assert.deepEqual(parseTarget('/books?x=http://h/y'), { path: '/books', query: 'x=http://h/y' });
    assert.deepEqual(parseTarget('HTTP://h.example:1?a=b'), { path: '/', query: 'a=b', authority: 'h.example:1' });
    assert.deepEqual(
      [...parseQuery('size&=x&&page=1&size=2&t=a+b%2B')],
      [
        ['size', ''],
        ['', 'x'],
        ['page', '1'],
        ['t', 'a b+'],
      ],
    );
  });

  it('drops a #fragment sent in a raw target', async () => {
    const { responses } = await exchange(server.port, 'GET /books/4-5-6#top HTTP/1.1\r\nHost: h.example\r\nConnection: close\r\n\r\n');
    assert.equal(responses[0]?.status, 200);
    const query = await exchange(server.port, 'GET /books?title=lord#frag HTTP/1.1\r\nHost: h.example\r\nConnection: close\r\n\r\n');
    assert.equal(
      (JSON.parse(query.responses[0]?.body.toString('utf8') ?? '') as { _embedded: { bookDTOList: unknown[] } })._embedded.bookDTOList
        .length,
      1,
    );
  });

  it('takes x:65535 and x:1 as hosts, and refuses x:0 and x:65536', async () => {
    for (const [host, status] of [
      ['x:65535', 200],
      ['x:1', 200],
      ['x:0', 400],
      ['x:65536', 400],
    ] as const) {
      assert.equal((await send({ port: server.port, path: '/books/4-5-6', headers: { host } })).status, status, host);
    }
  });

  it('answers a second Host header with 400 on any request, the second of a kept-alive connection too', async () => {
    const request = (hosts: string): string => `GET /health HTTP/1.1\r\n${hosts}\r\n`;
    const { responses } = await exchange(
      server.port,
      `${request('Host: a.example\r\n')}${request('Host: a.example\r\nHost: b.example\r\n')}`,
    );
    assert.deepEqual(
      responses.map((response) => response.status),
      [200, 400],
    );
    assert.equal(JSON.parse(responses[1]?.body.toString('utf8') ?? '').detail, 'The request has more than one Host header');
  });

  it('never counts another header of the same length as a Host (Date, From)', async () => {
    const { responses } = await exchange(
      server.port,
      'GET /health HTTP/1.1\r\nHost: a.example\r\nDate: x\r\nFrom: y\r\nConnection: close\r\n\r\n',
    );
    assert.equal(responses[0]?.status, 200);
  });

  it('answers ?size without = with 400, allows size=1000 and refuses size=1001', async () => {
    assert.equal((await fetch(`${server.base}/books?size`)).status, 400);
    assert.equal((await fetch(`${server.base}/books?page`)).status, 400);
    assert.equal((await fetch(`${server.base}/books?size=1000`)).status, 200);
    const refused = await fetch(`${server.base}/books?size=1001`);
    assert.equal(refused.status, 400);
    assert.deepEqual((await refused.json()) as object, {
      type: 'about:blank',
      title: 'Bad Request',
      status: 400,
      detail: 'size must be an integer from 1 to 1000',
      instance: '/books',
      errors: [{ parameter: 'size', detail: 'size must be an integer from 1 to 1000' }],
    });
  });
});

describe('request bodies', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('matches the JSON type as a whole, never inside a parameter', async () => {
    for (const type of [
      'text/plain; x=application/json',
      'text/plain;charset=application/json',
      'application/jsonx',
      'xapplication/json',
      'application/json+xml',
    ]) {
      const response = await fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': type }, body: '{}' });
      assert.equal(response.status, 415, type);
    }
  });

  it('refuses a declared Content-Length over the limit before a byte of the body is sent', async () => {
    const socket = await open(server.port);
    const answered = new Promise<string>((resolve) => {
      let text = '';
      socket.setEncoding('latin1').on('data', (chunk: string) => {
        text += chunk;
        if (text.includes('\r\n\r\n')) resolve(text);
      });
    });
    // Only the head goes out; the body is never sent, so an answer proves nothing was waited for.
    socket.write('POST /books HTTP/1.1\r\nHost: h.example\r\nContent-Type: application/json\r\nContent-Length: 16385\r\n\r\n');
    assert.match(await answered, /^HTTP\/1\.1 413 /);
    socket.destroy();
  });

  it('forgets a client that hangs up in the middle of a body: nothing pending, the socket released, the service healthy', async () => {
    const before = server.logs.length;
    const socket = await open(server.port);
    socket.write('POST /books HTTP/1.1\r\nHost: h.example\r\nContent-Type: application/json\r\nContent-Length: 100\r\n\r\n{"isbn":');
    await new Promise((resolve) => socket.on('close', resolve).destroy());
    // The service answers the next request, holds no connection but that one, and stored nothing.
    const health = await fetch(`${server.base}/health`, { headers: { connection: 'close' } });
    assert.equal(health.status, 200);
    const connections = await new Promise<number>((resolve, reject) =>
      server.server.getConnections((error, count) => (error ? reject(error) : resolve(count))),
    );
    assert.ok(connections <= 1, `${connections} connections open`);
    assert.equal((await fetch(`${server.base}/books`)).headers.get('content-type'), 'application/hal+json');
    const lines = server.logs.slice(before).filter((line) => line.msg === 'request' && line.method === 'POST');
    assert.deepEqual(
      lines.map((line) => line.status),
      [400],
    );
  });
});

describe('conditional GETs and shutdown', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('a 304 carries the tag and the request id, and neither a body nor its type and length', async () => {
    const etag = (await fetch(`${server.base}/books/4-5-6`)).headers.get('etag') ?? '';
    const response = await send({ port: server.port, path: '/books/4-5-6', headers: { 'if-none-match': etag, 'x-request-id': 'r-304' } });
    assert.equal(response.status, 304);
    const { date, ...headers } = response.headers;
    assert.equal(typeof date, 'string');
    assert.deepEqual(headers, { 'x-content-type-options': 'nosniff', 'x-request-id': 'r-304', etag, connection: 'close' }); // send() asks to close
    assert.equal(response.body, '');
  });

  it('once shutting down, every answer closes its connection, even one a client asked to keep', async () => {
    const keepAlive = { connection: 'keep-alive' };
    assert.equal((await send({ port: server.port, path: '/health', headers: keepAlive })).headers.connection, 'keep-alive');
    server.app.beginShutdown();
    for (const path of ['/books/4-5-6', '/health', '/nowhere']) {
      const response = await send({ port: server.port, path, headers: keepAlive });
      assert.equal(response.headers.connection, 'close', path);
    }
  });
});
