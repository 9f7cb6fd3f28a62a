/**
 * The last resort of app.ts (api.md, Errors, rule 3): whatever fails inside a
 * handler, a thrown error or a reply that cannot be written, is answered with a 500 problem
 * and logged with the request id; it never leaves a request hanging.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import type { BookFields } from '../../src/core/book.ts';
import { MapBookStore } from '../../src/core/store.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

/** A store whose reads fail in the two ways a handler can: by throwing, or by returning what cannot be sent. */
class FailingStore extends MapBookStore {
  override get(isbn: string): BookFields | undefined {
    if (isbn === 'throws') throw new Error('the disk is on fire');
    // A BigInt cannot be written as JSON: the reply fails only when send serialises it.
    if (isbn === 'unwritable')
      return { isbn, title: 10n as unknown as string, authorFirstName: 'A', authorLastName: 'B', author: undefined };
    return super.get(isbn);
  }
}

const INTERNAL = {
  type: 'about:blank',
  title: 'Internal Server Error',
  status: 500,
  detail: 'The server could not complete the request; the error has been logged.',
};

describe('a failure inside a handler', () => {
  let server: TestServer;
  before(async () => (server = await startServer({}, { store: new FailingStore(10) })));
  after(() => server.close());

  for (const isbn of ['throws', 'unwritable']) {
    it(`(${isbn}) is a 500 problem with a generic sentence, logged with the request id and the stack`, async () => {
      const response = await fetch(`${server.base}/books/${isbn}`, { headers: { 'x-request-id': `req-${isbn}` } });
      assert.equal(response.status, 500);
      assert.equal(response.headers.get('content-type'), 'application/problem+json');
      assert.equal(response.headers.get('x-request-id'), `req-${isbn}`);
      assert.deepEqual(await response.json(), { ...INTERNAL, instance: `/books/${isbn}` });
      const logged = server.logs.find((line) => line.level === 'error' && line.requestId === `req-${isbn}`);
      assert.equal(logged?.msg, 'unexpected error');
      assert.match(String(logged?.error), isbn === 'throws' ? /the disk is on fire/ : /BigInt/);
      const access = server.logs.find((line) => line.msg === 'request' && line.requestId === `req-${isbn}`);
      assert.equal(access?.status, 500);
    });
  }

  it('leaves the service serving', async () => {
    assert.equal((await fetch(`${server.base}/health`)).status, 200);
  });
});
