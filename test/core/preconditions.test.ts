/** If-Match (api.md, Editing, rule 7): which header values name the current tag, over HTTP. */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

const BOOK = { isbn: '4-5-6', title: 'The Lord of the Rings', author: 'JRR Tolkien' };

describe('If-Match on a PUT that changes nothing', () => {
  let server: TestServer;
  let current: string;
  before(async () => {
    server = await startServer();
    current = (await fetch(`${server.base}/books/4-5-6`)).headers.get('etag') ?? assert.fail('no ETag');
  });
  after(() => server.close());

  /** The status of a PUT of the book as it is, with `header` as its If-Match. */
  const statusWith = async (header: string): Promise<number> => {
    const response = await fetch(`${server.base}/books/4-5-6`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', 'if-match': header },
      body: JSON.stringify(BOOK),
    });
    await response.arrayBuffer();
    return response.status;
  };

  it('* names any current tag; so does a list that holds the tag exactly, spaces around commas or not', async () => {
    for (const header of ['*', current, `"a", ${current}`, `"a",${current},"b"`, `${current} , "b"`])
      assert.equal(await statusWith(header), 200, header);
  });

  it('compares strongly: a weak tag, the tag without its quotes, another case or another tag never match', async () => {
    const others = [
      `W/${current}`,
      current.slice(1, -1),
      current.toUpperCase(),
      '"other"',
      '',
      ' ',
      ',',
      '**',
      `*, ${current.slice(0, -1)}`,
      `"${current}"`,
    ];
    for (const header of others) assert.equal(await statusWith(header), 412, header);
  });
});
