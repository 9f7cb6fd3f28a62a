/**
 * Values copied into links are short (api.md, The base URL): a host name of at most 253
 * characters (DNS's limit), a port of at most 5 digits and a forwarded prefix of at most 256
 * characters, wherever they come from: Host, an absolute-form target, Forwarded,
 * X-Forwarded-Host, -Port and -Prefix. One character more is a 400 that names what is too long.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { expectedProblem, expectedRoot } from '../helpers/books.ts';
import { send } from '../helpers/http.ts';
import { exchange } from '../helpers/raw.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** A valid host name of 253 characters (four labels, none over 63), and one of 254. */
const NAME_253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
const NAME_254 = `${NAME_253}d`;
const PREFIX_256 = `/${'p'.repeat(255)}`;

const root = (base: string): object => expectedRoot(base);
const tooLong = (detail: string): object => expectedProblem(400, 'Bad Request', detail, '/');

/** GET / with these headers: status, content type and the parsed body. */
async function getRoot(server: TestServer, headers: Record<string, string>): Promise<[number, unknown, unknown]> {
  const response = await send({ port: server.port, path: '/', headers });
  return [response.status, response.headers['content-type'], JSON.parse(response.body)];
}

const HAL = 'application/hal+json';
const PROBLEM = 'application/problem+json';

describe('Host and absolute-form targets', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('takes a host name of 253 characters and a port of 5 digits, and refuses one more', async () => {
    const cases: [string, number, object][] = [
      [NAME_253, 200, root(`http://${NAME_253}`)],
      [`${NAME_253}:65535`, 200, root(`http://${NAME_253}:65535`)],
      [NAME_254, 400, tooLong('Host is too long: a host name has at most 253 characters')],
      [`${NAME_254}:80`, 400, tooLong('Host is too long: a host name has at most 253 characters')],
      ['a'.repeat(16_000), 400, tooLong('Host is too long: a host name has at most 253 characters')],
      ['books.example:065535', 400, tooLong('Host is too long: a port has at most 5 digits')],
      ['[::1]:123456', 400, tooLong('Host is too long: a port has at most 5 digits')],
      [`books.example:${'8'.repeat(16_000)}`, 400, tooLong('Host is too long: a port has at most 5 digits')],
    ];
    for (const [host, status, body] of cases) {
      assert.deepEqual(await getRoot(server, { host }), [status, status === 200 ? HAL : PROBLEM, body], host.slice(0, 40));
    }
  });

  it('checks the authority of an absolute-form target the same way', async () => {
    const ask = async (authority: string): Promise<[number, string | undefined, unknown]> => {
      const request = `GET http://${authority}/ HTTP/1.1\r\nHost: books.example\r\nConnection: close\r\n\r\n`;
      const [response] = (await exchange(server.port, request)).responses;
      return [response?.status ?? 0, response?.headers.get('content-type'), JSON.parse(response?.body.toString('utf8') ?? '')];
    };
    assert.deepEqual(await ask(`${NAME_253}:8080`), [200, HAL, root(`http://${NAME_253}:8080`)]);
    assert.deepEqual(await ask(NAME_254), [400, PROBLEM, tooLong('Host is too long: a host name has at most 253 characters')]);
    assert.deepEqual(await ask('books.example:123456'), [400, PROBLEM, tooLong('Host is too long: a port has at most 5 digits')]);
  });
});

describe('a fixed BASE_URL still checks the length of Host', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ BASE_URL: 'https://api.example.com' })));
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
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' })));
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
