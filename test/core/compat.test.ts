/**
 * The original service's published Postman collection, kept beside this file as it was
 * published, replayed in order:
 * every request behaves as its clients expect, except the two status codes this service changed
 * on purpose (POST answers 201, DELETE 204; both still 2xx).
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';
import { startServer, type TestServer } from '../helpers/server.ts';

interface PostmanItem {
  name: string;
  event: { script: { exec: string[] } }[];
  request: { method: string; url: { raw: string }; body?: { raw: string } };
}

const COLLECTION = join(import.meta.dirname, 'compat/original-service.postman_collection.json');
const CHANGED_ON_PURPOSE: Record<string, number> = { POST: 201, DELETE: 204 };

describe('the original Postman collection', () => {
  let server: TestServer;
  before(async () => (server = await startServer()));
  after(() => server.close());

  it('passes every request in order, with 201 and 204 where the original said 200', async () => {
    const items = (JSON.parse(readFileSync(COLLECTION, 'utf8')) as { item: PostmanItem[] }).item;
    assert.equal(items.length, 11);
    for (const item of items) {
      const expected = Number(/to\.have\.status\((\d+)\)/.exec(item.event[0]?.script.exec.join('\n') ?? '')?.[1]);
      const { method, url, body } = item.request;
      const response = await fetch(url.raw.replace('http://localhost:8080', server.base), {
        method,
        // Postman sends raw JSON bodies with this content type.
        headers: body ? { 'content-type': 'application/json' } : {},
        body: body?.raw,
      });
      const want = expected === 200 ? (CHANGED_ON_PURPOSE[method] ?? 200) : expected;
      assert.equal(response.status, want, item.name);
    }
  });
});
