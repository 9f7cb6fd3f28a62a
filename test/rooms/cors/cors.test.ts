/** api.md, CORS, over HTTP: which origins get which headers, on answers, problems and preflights. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

const APP = 'https://app.example.com';
const EXPOSED = 'Location, ETag, X-Request-Id, Accept-Patch, Idempotent-Replayed';
const ALLOWED_HEADERS = 'Content-Type, Authorization, If-Match, If-None-Match, X-Request-Id, Idempotency-Key';
const CORS_NAMES = [
  'access-control-allow-origin',
  'access-control-expose-headers',
  'access-control-allow-methods',
  'access-control-allow-headers',
  'access-control-max-age',
  'vary',
];

/**
 * The CORS headers of an answer, by name, leaving out those it lacks. Vary keeps only what CORS
 * adds to it: the books' answers also vary by Accept (test/hal-forms.test.ts), and the joined
 * value is checked once below.
 */
function cors(response: Response): Record<string, string> {
  const found: Record<string, string> = {};
  for (const name of CORS_NAMES) {
    const value = response.headers.get(name);
    const kept =
      name === 'vary'
        ? value
            ?.split(', ')
            .filter((item) => item !== 'Accept')
            .join(', ') || null
        : value;
    if (kept !== null && kept !== undefined) found[name] = kept;
  }
  return found;
}

describe('CORS_ORIGINS as a list', () => {
  let server: TestServer;
  before(
    async () => (server = await startServer({ CORS_ORIGINS: `${APP}, http://localhost:3000`, API_TOKEN: 'secret' }, { rooms: ROOMS })),
  );
  after(() => server.close());

  it('an allowed origin gets its own origin back, the exposed headers and Vary: Origin', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`, { headers: { origin: APP } });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('vary'), 'Accept, Origin');
    assert.deepEqual(cors(response), { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' });
    const other = await fetch(`${server.base}/books`, { headers: { origin: 'http://localhost:3000' } });
    assert.equal(cors(other)['access-control-allow-origin'], 'http://localhost:3000');
  });

  it('a GET that carries Access-Control-Request-Method is no preflight: it gets the headers of any request', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`, { headers: { origin: APP, 'access-control-request-method': 'GET' } });
    assert.equal(response.status, 200);
    assert.deepEqual(cors(response), { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' });
  });

  it('an origin not on the list gets no CORS headers but Vary, and its request is answered as usual', async () => {
    for (const origin of ['https://evil.example', 'https://app.example.com.evil.example', 'null', 'https://APP.example.com']) {
      const response = await fetch(`${server.base}/books/4-5-6`, { headers: { origin } });
      assert.equal(response.status, 200, origin);
      assert.deepEqual(cors(response), { vary: 'Origin' }, origin);
      assert.equal(((await response.json()) as { isbn: string }).isbn, '4-5-6');
    }
  });

  it('a request without Origin gets Vary: Origin only', async () => {
    assert.deepEqual(cors(await fetch(`${server.base}/health`)), { vary: 'Origin' });
  });

  it('problems carry the headers too, so that a page can read them: 401, 404, 405, 400', async () => {
    const cases: [string, RequestInit, number][] = [
      ['/books', { method: 'POST', body: '{}', headers: { origin: APP, 'content-type': 'application/json' } }, 401],
      ['/books/0-0-0', { headers: { origin: APP } }, 404],
      ['/books', { method: 'PUT', headers: { origin: APP } }, 405],
      ['/books?size=0', { headers: { origin: APP } }, 400],
    ];
    for (const [path, init, status] of cases) {
      const response = await fetch(`${server.base}${path}`, init);
      assert.equal(response.status, status, path);
      assert.equal(response.headers.get('content-type'), 'application/problem+json');
      assert.deepEqual(
        cors(response),
        { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' },
        path,
      );
    }
  });

  it('a 201 exposes Location, and a 304 keeps the headers', async () => {
    const created = await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { origin: APP, 'content-type': 'application/json', authorization: 'Bearer secret' },
      body: JSON.stringify({ isbn: 'cors-1', title: 'Cross Origins', author: 'Ada Lovelace' }),
    });
    assert.equal(created.status, 201);
    assert.deepEqual(cors(created), { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' });
    const etag = (await fetch(`${server.base}/books/cors-1`)).headers.get('etag') ?? '';
    const cached = await fetch(`${server.base}/books/cors-1`, { headers: { origin: APP, 'if-none-match': etag } });
    assert.equal(cached.status, 304);
    assert.equal(cors(cached)['access-control-allow-origin'], APP);
  });

  it("a preflight for POST with Content-Type and Authorization: 204, the path's methods, the headers, 600 s", async () => {
    const response = await fetch(`${server.base}/books`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST', 'access-control-request-headers': 'content-type, authorization' },
    });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
    assert.deepEqual(cors(response), {
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, HEAD, POST, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    assert.equal(await response.text(), '');
  });

  it('a preflight for an edit, PUT with If-Match, is allowed both; the 412 that may follow is readable, its ETag exposed', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`, {
      method: 'OPTIONS',
      headers: {
        origin: APP,
        'access-control-request-method': 'PUT',
        'access-control-request-headers': 'content-type, if-match, authorization',
      },
    });
    assert.equal(response.status, 204);
    assert.deepEqual(cors(response), {
      'access-control-allow-origin': APP,
      'access-control-allow-methods': 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
      vary: 'Origin',
    });
    const stale = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PUT',
      headers: { origin: APP, 'content-type': 'application/json', 'if-match': '"stale"', authorization: 'Bearer secret' },
      body: JSON.stringify({ isbn: '4-5-6', title: 'Edited', author: 'A B' }),
    });
    assert.equal(stale.status, 412);
    assert.deepEqual(cors(stale), { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' });
    assert.match(stale.headers.get('etag') ?? '', /^"[0-9a-f]+-/);
  });

  it("a preflight for DELETE on a book gets that path's methods; every known path answers one", async () => {
    const preflight = (path: string, method: string): Promise<Response> =>
      fetch(`${server.base}${path}`, { method: 'OPTIONS', headers: { origin: APP, 'access-control-request-method': method } });
    const response = await preflight('/books/1-2-3', 'DELETE');
    assert.equal(response.status, 204);
    assert.equal(cors(response)['access-control-allow-methods'], 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS');
    for (const path of ['/', '/health', '/openapi.json']) {
      assert.equal(cors(await preflight(path, 'GET'))['access-control-allow-methods'], 'GET, HEAD, OPTIONS', path);
    }
  });

  it('a preflight from an origin not on the list is a plain OPTIONS answer, without CORS headers', async () => {
    const response = await fetch(`${server.base}/books`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    });
    assert.equal(response.status, 204);
    assert.deepEqual(cors(response), { vary: 'Origin' });
  });

  it('an OPTIONS without Access-Control-Request-Method is no preflight: it gets the CORS headers of any answer', async () => {
    const response = await fetch(`${server.base}/books`, { method: 'OPTIONS', headers: { origin: APP } });
    assert.equal(response.status, 204);
    assert.equal(response.headers.get('allow'), 'GET, HEAD, POST, OPTIONS');
    assert.deepEqual(cors(response), { 'access-control-allow-origin': APP, 'access-control-expose-headers': EXPOSED, vary: 'Origin' });
  });

  it('a preflight on an unknown path is the usual 404 problem', async () => {
    const response = await fetch(`${server.base}/nope`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'GET' },
    });
    assert.equal(response.status, 404);
  });
});

describe('CORS_ORIGINS=*', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ CORS_ORIGINS: '*' }, { rooms: ROOMS })));
  after(() => server.close());

  it('any origin gets * and the exposed headers, with no Vary (the answer does not depend on Origin)', async () => {
    for (const origin of [APP, 'http://127.0.0.1:9', 'null']) {
      const response = await fetch(`${server.base}/books/4-5-6`, { headers: { origin } });
      assert.deepEqual(cors(response), { 'access-control-allow-origin': '*', 'access-control-expose-headers': EXPOSED }, origin);
    }
    assert.deepEqual(cors(await fetch(`${server.base}/books/4-5-6`)), {});
  });

  it('a preflight gets * and the rest', async () => {
    const response = await fetch(`${server.base}/books/4-5-6`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'DELETE' },
    });
    assert.deepEqual(cors(response), {
      'access-control-allow-origin': '*',
      'access-control-allow-methods': 'GET, HEAD, PUT, PATCH, DELETE, OPTIONS',
      'access-control-allow-headers': ALLOWED_HEADERS,
      'access-control-max-age': '600',
    });
  });
});

describe('without CORS_ORIGINS', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: ROOMS })));
  after(() => server.close());

  it('sends no CORS header at all, whatever the Origin, preflights included', async () => {
    assert.deepEqual(cors(await fetch(`${server.base}/books`, { headers: { origin: APP } })), {});
    const preflight = await fetch(`${server.base}/books`, {
      method: 'OPTIONS',
      headers: { origin: APP, 'access-control-request-method': 'POST' },
    });
    assert.equal(preflight.status, 204);
    assert.deepEqual(cors(preflight), {});
  });
});
