/**
 * Values copied into links are short (api.md, The base URL): a host name of at most 253
 * characters (DNS's limit), a port of at most 5 digits and a forwarded prefix of at most 256
 * characters, wherever they come from: Host, an absolute-form target, Forwarded,
 * X-Forwarded-Host, -Port and -Prefix. One character more is a 400 that names what is too long.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { exchange } from '../helpers/raw.ts';
import { getRoot, HAL, NAME_253, NAME_254, PROBLEM, root, tooLong } from '../helpers/hosts.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

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
