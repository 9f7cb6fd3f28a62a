/** The limits of Host and the forwarded headers, with BASE_URL or TRUST_PROXY (api.md, Limits). */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { proxy } from '../../../src/rooms/proxy/room.ts';
import { getRoot, HAL, NAME_253, NAME_254, PROBLEM, root, tooLong } from '../../helpers/hosts.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const PREFIX_256 = `/${'p'.repeat(255)}`;

describe('a fixed BASE_URL still checks the length of Host', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ BASE_URL: 'https://api.example.com' }, { rooms: [proxy] })));
  after(() => server.close());

  it('answers 400 for a host name of 254 characters', async () => {
    assert.deepEqual(await getRoot(server, { host: NAME_254 }), [
      400,
      PROBLEM,
      tooLong('Host is too long: a host name has at most 253 characters'),
    ]);
    assert.deepEqual(await getRoot(server, { host: NAME_253 }), [200, HAL, root('https://api.example.com')]);
  });
});

describe('forwarded values (TRUST_PROXY)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' }, { rooms: [proxy] })));
  after(() => server.close());

  const forwardedHost = (detail: string): object => tooLong(`The forwarded host is too long: ${detail}`);

  it('limits the host of Forwarded and of X-Forwarded-Host as Host is limited', async () => {
    const cases: [Record<string, string>, number, object][] = [
      [{ forwarded: `host=${NAME_253}` }, 200, root(`http://${NAME_253}`)],
      [{ forwarded: `host="${NAME_253}:8443";proto=https` }, 200, root(`https://${NAME_253}:8443`)],
      [{ forwarded: `host=${NAME_254}` }, 400, forwardedHost('a host name has at most 253 characters')],
      [{ forwarded: `host="${'h'.repeat(15_000)}"` }, 400, forwardedHost('a host name has at most 253 characters')],
      [{ forwarded: 'host="shop.example:123456"' }, 400, forwardedHost('a port has at most 5 digits')],
      [{ 'x-forwarded-host': NAME_253 }, 200, root(`http://${NAME_253}`)],
      [{ 'x-forwarded-host': NAME_254 }, 400, forwardedHost('a host name has at most 253 characters')],
      [{ 'x-forwarded-host': 'shop.example:065535' }, 400, forwardedHost('a port has at most 5 digits')],
      // Only the last item is copied into links, so only its length counts.
      [{ 'x-forwarded-host': `${NAME_254}, shop.example` }, 200, root('http://shop.example')],
    ];
    for (const [headers, status, body] of cases) {
      const label = JSON.stringify(headers).slice(0, 60);
      assert.deepEqual(await getRoot(server, { host: 'internal', ...headers }), [status, status === 200 ? HAL : PROBLEM, body], label);
    }
  });

  it('limits X-Forwarded-Port to 5 digits and X-Forwarded-Prefix to 256 characters', async () => {
    const port = tooLong('X-Forwarded-Port is too long: a port has at most 5 digits');
    const prefix = tooLong('X-Forwarded-Prefix is too long: a prefix has at most 256 characters');
    const cases: [Record<string, string>, number, object][] = [
      [{ 'x-forwarded-port': '65535' }, 200, root('http://internal:65535')],
      [{ 'x-forwarded-port': '065535' }, 400, port],
      [{ 'x-forwarded-port': '8'.repeat(16_000) }, 400, port],
      [{ 'x-forwarded-prefix': PREFIX_256 }, 200, root(`http://internal${PREFIX_256}`)],
      [{ 'x-forwarded-prefix': `${PREFIX_256}p` }, 400, prefix],
      [{ 'x-forwarded-prefix': `${PREFIX_256}/` }, 400, prefix],
      [{ 'x-forwarded-prefix': '/'.repeat(16_000) }, 400, prefix],
      [{ 'x-forwarded-prefix': `/${'p'.repeat(1000)}, /api` }, 200, root('http://internal/api')],
    ];
    for (const [headers, status, body] of cases) {
      const label = JSON.stringify(headers).slice(0, 60);
      assert.deepEqual(await getRoot(server, { host: 'internal', ...headers }), [status, status === 200 ? HAL : PROBLEM, body], label);
    }
  });
});
