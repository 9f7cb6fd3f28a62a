/** The explorer over HTTP (api.md, The explorer): its files, their headers, and the 303 that sends a browser there. */
import assert from 'node:assert/strict';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { expectedRoot } from '../../helpers/books.ts';
import { send } from '../../helpers/http.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

const PUBLIC = join(import.meta.dirname, '../../../public');
const CSP = "default-src 'self'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";
const BROWSER = 'text/html,application/xhtml+xml,application/xml;q=0.9,image/avif,image/webp,*/*;q=0.8';
const SCRIPT = 'text/javascript; charset=utf-8';
const FILES: [string, string, string][] = [
  ['/explorer', 'explorer.html', 'text/html; charset=utf-8'],
  ['/explorer/app.js', 'app.js', SCRIPT],
  ['/explorer/flow.js', 'flow.js', SCRIPT],
  ['/explorer/writes.js', 'writes.js', SCRIPT],
  ['/explorer/edit.js', 'edit.js', SCRIPT],
  ['/explorer/address.js', 'address.js', SCRIPT],
  ['/explorer/address-box.js', 'address-box.js', SCRIPT],
  ['/explorer/template-form.js', 'template-form.js', SCRIPT],
  ['/explorer/openapi.js', 'openapi.js', SCRIPT],
  ['/explorer/view.js', 'view.js', SCRIPT],
  ['/explorer/book.js', 'book.js', SCRIPT],
  ['/explorer/pager.js', 'pager.js', SCRIPT],
  ['/explorer/form.js', 'form.js', SCRIPT],
  ['/explorer/field-errors.js', 'field-errors.js', SCRIPT],
  ['/explorer/dom.js', 'dom.js', SCRIPT],
  ['/explorer/style.css', 'style.css', 'text/css; charset=utf-8'],
  ['/explorer/view.css', 'view.css', 'text/css; charset=utf-8'],
  ['/explorer/lists.css', 'lists.css', 'text/css; charset=utf-8'],
  ['/explorer/form.css', 'form.css', 'text/css; charset=utf-8'],
];

describe('the explorer files', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: ROOMS })));
  after(() => server.close());

  for (const [path, file, type] of FILES) {
    it(`${path}: the bytes of public/${file}, its exact type, CSP, nosniff and an ETag; HEAD and 304 too`, async () => {
      const response = await fetch(`${server.base}${path}`);
      assert.equal(response.status, 200);
      assert.equal(response.headers.get('content-type'), type);
      assert.equal(response.headers.get('content-security-policy'), CSP);
      assert.equal(response.headers.get('referrer-policy'), 'no-referrer');
      assert.equal(response.headers.get('x-content-type-options'), 'nosniff');
      assert.deepEqual(Buffer.from(await response.arrayBuffer()), readFileSync(join(PUBLIC, file)));
      const etag = response.headers.get('etag') ?? '';
      assert.match(etag, /^"[0-9a-f]+-[A-Za-z0-9+/]{27}"$/);

      const head = await fetch(`${server.base}${path}`, { method: 'HEAD' });
      assert.equal(head.status, 200);
      assert.equal(head.headers.get('content-length'), String(readFileSync(join(PUBLIC, file)).length));
      assert.equal(head.headers.get('etag'), etag);
      assert.equal(await head.text(), '');

      const cached = await fetch(`${server.base}${path}`, { headers: { 'if-none-match': etag } });
      assert.equal(cached.status, 304);
      assert.equal(cached.headers.get('content-security-policy'), CSP);
      assert.equal(await cached.text(), '');
    });
  }

  it('serves every file of public/: a file the page loads cannot be left out', () => {
    assert.deepEqual(readdirSync(PUBLIC).sort(), FILES.map(([, file]) => file).sort());
  });

  it('serves no other path: a file name, a traversal or a prefix is a 404 problem', async () => {
    const paths = [
      '/explorer/',
      '/explorer/explorer.html',
      '/explorer/app.ts',
      '/explorer/../package.json',
      '/explorer/%2e%2e/package.json',
      '/explorer/..%2Fpackage.json',
      '/explorer/app.js/',
      '/public/app.js',
      '/explorer/tsconfig.json',
      '/app.js',
    ];
    for (const path of paths) {
      const response = await send({ port: server.port, path });
      assert.equal(response.status, 404, path);
      assert.equal(response.headers['content-type'], 'application/problem+json', path);
      assert.equal((JSON.parse(response.body) as { detail: string }).detail, `No resource at path: ${path}`, path);
    }
  });

  it('allows GET, HEAD and OPTIONS only', async () => {
    const response = await fetch(`${server.base}/explorer`, { method: 'POST' });
    assert.equal(response.status, 405);
    assert.equal(response.headers.get('allow'), 'GET, HEAD, OPTIONS');
  });
});

describe('GET / for a browser', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: ROOMS })));
  after(() => server.close());

  const root = (accept: string | null): Promise<{ status: number; headers: Record<string, unknown>; body: string }> =>
    send({ port: server.port, path: '/', headers: { host: 'books.example:8080', accept } });

  it('sends an Accept that names text/html and no JSON type to the explorer with a 303, varying by Accept', async () => {
    for (const accept of [
      BROWSER,
      'text/html',
      'text/html;q=0.5, text/plain',
      `${'image/png, '.repeat(63)}text/html`,
      'text/html;x="a, application/json"',
    ]) {
      const response = await root(accept);
      assert.equal(response.status, 303, accept);
      assert.equal(response.headers.location, 'http://books.example:8080/explorer');
      assert.equal(response.headers.vary, 'Accept');
      assert.equal(response.headers['x-content-type-options'], 'nosniff');
      assert.equal(response.body, '');
    }
  });

  it('answers the HAL root to every other client, varying by Accept', async () => {
    const hal = expectedRoot('http://books.example:8080', true);
    for (const accept of [
      null,
      '*/*',
      'application/json',
      'application/hal+json',
      'text/html, application/json',
      'text/html, application/hal+json;q=0.1',
      'text/html;q=0',
      'text/html;q=0.0, */*',
      // Only the first 64 ranges count (api.md, Limits, rule 9); a quoted comma splits nothing.
      `${'image/png, '.repeat(64)}text/html`,
      'text/html;x="a, application/json";q=0',
    ]) {
      const response = await root(accept);
      assert.equal(response.status, 200, String(accept));
      assert.equal(response.headers['content-type'], 'application/hal+json');
      assert.equal(response.headers.vary, 'Accept');
      assert.deepEqual(JSON.parse(response.body), hal);
    }
  });

  it('keeps both Vary values with CORS_ORIGINS set', async () => {
    const cors = await startServer({ CORS_ORIGINS: 'https://app.example.com' }, { rooms: ROOMS });
    try {
      const response = await fetch(`${cors.base}/`, {
        headers: { accept: BROWSER, origin: 'https://app.example.com' },
        redirect: 'manual',
      });
      assert.equal(response.status, 303);
      assert.equal(response.headers.get('vary'), 'Accept, Origin');
    } finally {
      await cors.close();
    }
  });
});

describe('the 303 honours BASE_URL and trusted forwarding like every link', () => {
  it('BASE_URL', async () => {
    const server = await startServer({ BASE_URL: 'https://books.example.com/api/' }, { rooms: ROOMS });
    try {
      const response = await fetch(`${server.base}/`, { headers: { accept: BROWSER }, redirect: 'manual' });
      assert.equal(response.headers.get('location'), 'https://books.example.com/api/explorer');
    } finally {
      await server.close();
    }
  });

  it('TRUST_PROXY', async () => {
    const server = await startServer({ TRUST_PROXY: 'true' }, { rooms: ROOMS });
    try {
      const response = await send({
        port: server.port,
        path: '/',
        headers: {
          host: 'internal:5000',
          accept: BROWSER,
          'x-forwarded-proto': 'https',
          'x-forwarded-host': 'shop.example',
          'x-forwarded-prefix': '/api',
        },
      });
      assert.equal(response.headers.location, 'https://shop.example/api/explorer');
    } finally {
      await server.close();
    }
  });
});
