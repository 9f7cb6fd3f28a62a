/**
 * The seam's hooks for a request's body and a route's own description (src/core/rooms.ts), used
 * by a room written here: a wrap that reads the body before its handler does, a route that takes
 * a larger body than the core's, and the request headers a wrap says a route reads.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { readJsonObject } from '../../src/core/request.ts';
import { defineRoom, type Route } from '../../src/core/rooms.ts';
import { JSON_TYPE } from '../../src/core/send.ts';
import { MapBookStore } from '../../src/core/store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const LIMIT = 32 * 1024;

/** Echoes a JSON body at /echo (up to LIMIT bytes); its wrap reads the body first and says how long it was. */
const echo = defineRoom({
  name: 'echo',
  plug: () => ({
    routes: [
      {
        method: 'POST',
        path: '/echo',
        bodyLimit: LIMIT,
        handler: async (request) => ({ status: 200, body: await readJsonObject(request.req, request.body), type: JSON_TYPE }),
      },
    ],
    wrap: (route): Route =>
      route.method !== 'POST'
        ? route
        : {
            ...route,
            headers: [...(route.headers ?? []), 'X-Echo'],
            handler: async (request) => {
              const length = request.req.headers['x-echo'] === undefined ? undefined : (await request.body()).length;
              const reply = await route.handler(request);
              return length === undefined ? reply : { ...reply, headers: { ...reply.headers, 'x-echo': String(length) } };
            },
          },
  }),
});

const post = (server: TestServer, path: string, body: string, headers: Record<string, string> = {}): Promise<Response> =>
  fetch(`${server.base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body });

describe("a request's body and a route's description, through the seam", () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { rooms: [echo] })));
  after(() => server.close());

  it('gives a wrap and its handler the same bytes: the wrap reads first, the handler still reads the whole body', async () => {
    const body = JSON.stringify({ isbn: 'x-1', title: 'Read twice', author: 'A B' });
    const response = await post(server, '/echo', body, { 'x-echo': '1' });
    assert.equal(response.status, 200);
    assert.equal(response.headers.get('x-echo'), String(Buffer.byteLength(body)));
    assert.deepEqual(await response.json(), JSON.parse(body));
  });

  it("takes a body up to the route's own limit, and refuses a larger one naming that limit, declared or sent", async () => {
    const big = JSON.stringify({ text: 'x'.repeat(20_000) });
    assert.equal((await post(server, '/echo', big)).status, 200);
    const over = JSON.stringify({ text: 'x'.repeat(LIMIT) });
    const detail = `Request body must not exceed ${LIMIT} bytes (32 KiB)`;
    for (const headers of [{}, { 'x-echo': '1' }] as Record<string, string>[]) {
      const response = await post(server, '/echo', over, headers);
      assert.equal(response.status, 413);
      assert.equal(response.headers.get('connection'), 'close');
      assert.equal(((await response.json()) as { detail: string }).detail, detail);
    }
  });

  it("keeps the core's limit at the core's routes: 16 KiB at POST /books", async () => {
    const response = await post(server, '/books', JSON.stringify({ text: 'x'.repeat(20_000) }), { 'x-echo': '1' });
    assert.equal(response.status, 413);
    assert.equal(((await response.json()) as { detail: string }).detail, 'Request body must not exceed 16384 bytes (16 KiB)');
  });

  it('lists the request headers a wrap says a route reads, for a room that describes the routes', () => {
    const headersOf = (method: string, path: string): readonly string[] | undefined =>
      server.app.routes.find((route) => route.method === method && route.path === path)?.headers;
    assert.deepEqual(headersOf('POST', '/echo'), ['X-Echo']);
    assert.deepEqual(headersOf('POST', '/books'), ['X-Echo']);
    assert.equal(headersOf('GET', '/books'), undefined);
  });
});

/** A store a room offers: the Map store, known by its class. */
class OfferedStore extends MapBookStore {}

/**
 * A room that uses every other hook once and records what the core did with it: a setting, a store,
 * a representation of a book, an observer, an answer, a base URL, a hold on the connections, a
 * listener of its own, and a write through `core.edit`.
 */
function probe() {
  const seen = { started: 0, answered: [] as string[], rejected: [] as number[], closed: [] as string[], connections: 0, ownServer: 0 };
  const room = defineRoom({
    name: 'probe',
    settings: { greeting: { name: 'PROBE_GREETING', shown: 'hello', fallback: 'hello', parse: (text: string) => text } },
    store: (capacity) => new OfferedStore(capacity),
    plug: ({ greeting }, core) => ({
      routes: [
        {
          method: 'GET',
          path: '/probe',
          handler: () => ({ status: 200, body: { greeting, routes: core.routes().length }, type: JSON_TYPE }),
        },
        {
          method: 'POST',
          path: '/probe/{isbn}/shout',
          handler: (request) => core.edit(request, (book) => ({ ...book, title: book.title.toUpperCase() })),
        },
        {
          method: 'GET',
          path: '/probe/own-server',
          handler: async () => {
            const server = core.createServer((_req, res) => res.end('own'));
            seen.ownServer = server.headersTimeout;
            core.observe.rejected(499);
            core.observe.closed('probe');
            return { status: 200, body: { kinds: core.representations().map((it) => it.type) }, type: JSON_TYPE };
          },
        },
      ],
      representation: {
        paths: ['/books/{isbn}'],
        type: 'application/vnd.probe+json',
        chosen: (accept) => accept.includes('vnd.probe'),
        book: (body) => ({ probed: body.isbn }),
        collection: () => ({}),
      },
      observer: {
        started: () => void seen.started++,
        answered: (method, route, status) => void seen.answered.push(`${method} ${route} ${status}`),
        rejected: (status) => void seen.rejected.push(status),
        closed: (reason) => void seen.closed.push(reason),
      },
      answer: ({ template }, reply) => (template === '/health' ? { ...reply, headers: { ...reply.headers, 'x-probe': 'seen' } } : reply),
      baseUrl: (req, _authority, fromHost) => (req.headers['x-probe-base'] === undefined ? fromHost() : 'https://probe.example'),
      connections: (server, handle) => {
        server.on('connection', () => void seen.connections++);
        return handle;
      },
    }),
  });
  return { room, seen };
}

describe('every other hook of the seam, used by a room', () => {
  let server: TestServer;
  const { room, seen } = probe();
  before(async () => (server = await startServer({ PROBE_GREETING: 'hi' }, { rooms: [room] })));
  after(() => server.close());

  it("reads the room's setting, offers its store as the default, and gives it the core's routes", async () => {
    assert.ok(server.store instanceof OfferedStore);
    assert.deepEqual(await (await fetch(`${server.base}/probe`)).json(), { greeting: 'hi', routes: server.app.routes.length });
  });

  it('serves its representation when asked for, with Vary, and tells its observer of each request', async () => {
    const asked = await fetch(`${server.base}/books/4-5-6`, { headers: { accept: 'application/vnd.probe+json' } });
    assert.equal(asked.headers.get('content-type'), 'application/vnd.probe+json');
    assert.equal(asked.headers.get('vary'), 'Accept');
    assert.deepEqual(await asked.json(), { probed: '4-5-6' });
    assert.equal((await fetch(`${server.base}/nowhere`)).status, 404);
    assert.ok(seen.started >= 2);
    assert.deepEqual(seen.answered.slice(-2), ['GET /books/{isbn} 200', 'GET other 404']);
    assert.ok(seen.connections >= 1);
  });

  it('changes answers, bases links on its own URL, and writes through core.edit as a PUT would', async () => {
    assert.equal((await fetch(`${server.base}/health`)).headers.get('x-probe'), 'seen');
    const based = (await (await fetch(`${server.base}/`, { headers: { 'x-probe-base': '1' } })).json()) as {
      _links: { self: { href: string } };
    };
    assert.equal(based._links.self.href, 'https://probe.example/');
    const shouted = await fetch(`${server.base}/probe/1-2-3/shout`, { method: 'POST' });
    assert.equal(shouted.status, 200);
    assert.equal(((await shouted.json()) as { title: string }).title, 'ANIMAL FARM');
    assert.equal(server.store.get('1-2-3')?.title, 'ANIMAL FARM');
  });

  it("builds a server with the core's timeouts for the room, and passes on what it reports", async () => {
    const answer = await fetch(`${server.base}/probe/own-server`);
    assert.deepEqual(await answer.json(), { kinds: ['application/vnd.probe+json'] });
    assert.equal(seen.ownServer, server.server.headersTimeout);
    assert.deepEqual([seen.rejected.at(-1), seen.closed.at(-1)], [499, 'probe']);
  });
});
