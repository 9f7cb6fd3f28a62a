/** Forwarded headers and a fixed BASE_URL at their edges (api.md, Headers and Links). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { send } from '../../helpers/http.ts';
import { proxy } from '../../../src/rooms/proxy/room.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

describe('forwarded headers at their edges (TRUST_PROXY)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' }, { rooms: [proxy] })));
  after(() => server.close());

  const answer = async (headers: Record<string, string>): Promise<{ status: number; text: string }> => {
    const response = await send({ port: server.port, path: '/', headers: { host: 'internal', ...headers } });
    const body = JSON.parse(response.body) as { _links?: { self: { href: string } }; detail?: string };
    return { status: response.status, text: response.status === 200 ? (body._links?.self.href ?? '') : (body.detail ?? '') };
  };

  it('reads the last element and skips empty ones before it and empty pairs in it', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ forwarded: ',proto=https' }, 'https://internal/'],
      [{ forwarded: ';proto=https' }, 'https://internal/'],
      [{ forwarded: 'proto=https; ;host=shop.example' }, 'https://shop.example/'],
      [{ forwarded: 'host=shop.example;for=1.2.3.4' }, 'http://shop.example/'],
      [{ forwarded: 'for=1.2.3.4;proto=https' }, 'https://internal/'],
      [{ forwarded: 'PROTO=https;Host="a\\.example"' }, 'https://a.example/'],
    ];
    for (const [headers, href] of cases) assert.deepEqual(await answer(headers), { status: 200, text: href }, JSON.stringify(headers));
  });

  it('answers 400 naming what is wrong: the Host, the last element, a pair, a port, a prefix', async () => {
    const cases: [Record<string, string>, string][] = [
      [{ host: 'a b' }, 'Host is not a valid host[:port]'],
      [{ forwarded: 'proto=https, ' }, 'The Forwarded header has an empty last element'],
      [{ forwarded: 'proto=https x' }, 'The Forwarded header is malformed'],
      [{ forwarded: '"x" proto=https' }, 'The Forwarded header is malformed'],
      [{ forwarded: '1proto=https' }, 'The Forwarded header is malformed'],
      [{ forwarded: 'host=""' }, 'The forwarded host is not a valid host[:port]'],
      [{ 'x-forwarded-port': '0x50' }, 'X-Forwarded-Port must be a port number from 1 to 65535'],
      [{ 'x-forwarded-port': '1e3' }, 'X-Forwarded-Port must be a port number from 1 to 65535'],
      [{ 'x-forwarded-prefix': '' }, 'X-Forwarded-Prefix has an empty last value'],
    ];
    for (const [headers, detail] of cases) assert.deepEqual(await answer(headers), { status: 400, text: detail }, JSON.stringify(headers));
  });
});

describe('a fixed BASE_URL', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ BASE_URL: 'https://api.example.com' }, { rooms: [proxy] })));
  after(() => server.close());

  it('still names a malformed Host in its 400', async () => {
    const response = await send({ port: server.port, path: '/', headers: { host: 'a..b' } });
    assert.equal(response.status, 400);
    assert.equal((JSON.parse(response.body) as { detail: string }).detail, 'Host is not a valid host[:port]');
  });
});
