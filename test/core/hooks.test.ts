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
