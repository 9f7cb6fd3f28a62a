/**
 * Where the explorer's requests go (api.md, The explorer): only to its own origin and
 * under its own base, whatever the fragment holds; the token with writes only; links written
 * with a BASE_URL on another origin mapped onto the page's own base with their queries; and the
 * whole page behind a proxy that adds a path prefix. The CSP is bypassed where a test checks
 * what the page itself would send, so that the policy does not hide a request it tried.
 */
import assert from 'node:assert/strict';
import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { type BrowserPage, findChromium } from '../../../helpers/chromium.ts';
import {
  click,
  explorerTabs,
  fill,
  recordRequests,
  type SeenRequest,
  settledHeading,
  submit,
  text,
  typeToken,
  viewMatchesAddress,
} from '../../../helpers/explorer.ts';

const chromium = findChromium();

/** Records the tab's requests, and turns its CSP off, so that what the page would send is seen. */
function recordWithoutCsp(): { seen: SeenRequest[]; prepare: (page: BrowserPage) => Promise<unknown> } {
  const recorder = recordRequests();
  return {
    seen: recorder.seen,
    prepare: async (page) => {
      await page.send('Page.setBypassCSP', { enabled: true });
      await recorder.prepare(page);
    },
  };
}

/**
 * A reverse proxy on its own port that serves the service under `/api`, as a deployment
 * behind nginx would: it strips the prefix and forwards the scheme, host and prefix.
 */
async function prefixProxy(target: number): Promise<{ server: Server; base: string }> {
  const server = createServer((incoming, outgoing) => {
    const path = (incoming.url ?? '').replace(/^\/api(?=\/|$)/, '') || '/';
    const forward = request(
      {
        host: '127.0.0.1',
        port: target,
        method: incoming.method,
        path,
        headers: {
          ...incoming.headers,
          'x-forwarded-proto': 'http',
          'x-forwarded-host': incoming.headers.host,
          'x-forwarded-prefix': '/api',
        },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
      },
    );
    forward.on('error', () => outgoing.writeHead(502).end());
    incoming.pipe(forward);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return { server, base: `http://127.0.0.1:${(server.address() as AddressInfo).port}/api` };
}

describeWhen(
  chromium !== undefined,
  'where the explorer sends its requests',
  'Chromium is not installed (apt-get install chromium)',
  () => {
    const tabs = explorerTabs(chromium as string);

    it('requests only its own origin, whatever the fragment holds, and says what it refused', async () => {
      const server = await tabs.serve({});
      const hostile = [
        '//evil.example/x',
        ':8199/x',
        'http://127.0.0.2:1/',
        `@127.0.0.2:${server.port}/books`,
        '%2F%2Fevil.example%2Fx',
        '/\\evil.example/x',
        'javascript:alert(1)',
      ];
      const { seen, prepare } = recordWithoutCsp();
      const page = await tabs.show(`${server.base}/explorer#uri=${hostile[0]}`, { prepare });
      for (const [index, fragment] of hostile.entries()) {
        if (index > 0) await page.evaluate(`location.hash = ${JSON.stringify(`#uri=${fragment}`)}`);
        // The notice names this fragment's uri (the page decodes one it wrote itself, which starts
        // with %2F), so the previous refusal, still on view until hashchange runs, cannot pass.
        const named = /^%2f/i.test(fragment) ? decodeURIComponent(fragment) : fragment;
        const notice = `The address names “${named}”, which is not a path of this service's API, so the page did not request it.Go to the API root`;
        await page.waitFor(
          `${settledHeading} === 'Not followed: outside this service' && ${text('problem')} === ${JSON.stringify(notice)}`,
          `the refusal of ${fragment}`,
        );
      }
      // A request the page wrongly sent would show up before the API root's own GET is answered.
      await page.evaluate(`location.hash = '#uri=/'`);
      await page.waitFor(`${viewMatchesAddress} && ${settledHeading} === 'The book catalogue'`, 'the API root');
      const origins = [...new Set(seen.map((request) => new URL(request.url).origin))];
      assert.deepEqual(origins, [server.base]);
    });

    it('sends the token with writes only, never with a GET', async () => {
      const server = await tabs.serve({ API_TOKEN: 'secret' });
      const { seen, prepare } = recordRequests();
      const page = await tabs.show(`${server.base}/explorer#uri=/books`, { prepare });
      await typeToken(page, 'secret');
      await click(page, '#books', 'Animal Farm');
      await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the book');
      await page.evaluate(`window.confirm = () => true`);
      await click(page, '#actions', 'Delete');
      await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
      await fill(page, 'isbn', '9-9-9');
      await fill(page, 'title', 'The Dispossessed');
      await fill(page, 'author', 'Ursula K. Le Guin');
      await submit(page);
      await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
      // A reload reads the token back from sessionStorage, and still sends it with no GET.
      await page.reload();
      await page.waitFor(`document.body.dataset.ready === 'true' && ${settledHeading} === 'The Dispossessed'`, 'the book again');

      const api = seen.filter((request) => !new URL(request.url).pathname.startsWith('/explorer'));
      const authorization = (request: SeenRequest): string | undefined =>
        Object.entries(request.headers).find(([name]) => name.toLowerCase() === 'authorization')?.[1];
      const gets = api.filter((request) => request.method === 'GET');
      // The list, the book, the OpenAPI document, the result of each write, and all of it after the
      // reload: how many exactly depends on what the browser still had; enough to mean something.
      assert.ok(gets.length >= 4, `${gets.length} GETs`);
      assert.deepEqual(
        gets.filter((request) => authorization(request) !== undefined).map((request) => request.url),
        [],
      );
      const writes = api.filter((request) => request.method !== 'GET');
      assert.deepEqual(
        writes.map((request) => [request.method, new URL(request.url).pathname, authorization(request)]),
        [
          ['DELETE', '/books/1-2-3', 'Bearer secret'],
          ['POST', '/books', 'Bearer secret'],
        ],
      );
    });

    it('maps links written with a BASE_URL on another origin onto its own base, with their queries, and deletes there', async () => {
      const server = await tabs.serve({ BASE_URL: 'https://books.example.com/shop' });
      const { seen, prepare } = recordWithoutCsp();
      const page = await tabs.show(`${server.base}/explorer#uri=${encodeURIComponent('/books?page=0&size=2&sort=title,desc')}`, {
        prepare,
      });
      assert.equal(await page.evaluate(text('view-heading')), 'Books, page 1 of 2');
      await click(page, '#paging', 'Next');
      await page.waitFor(`${settledHeading} === 'Books, page 2 of 2'`, 'the second page');
      assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?title=&page=1&size=2&sort=title,desc')}`);
      await click(page, '#books', 'Animal Farm');
      await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the book');
      assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books/1-2-3')}`);
      await page.evaluate(`window.confirm = () => true`);
      await click(page, '#actions', 'Delete');
      await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
      assert.equal((await fetch(`${server.base}/books/1-2-3`)).status, 404);
      assert.deepEqual([...new Set(seen.map((request) => new URL(request.url).origin))], [server.base]);
    });

    it('works behind a proxy that adds a path prefix: every request stays under it', async () => {
      const server = await tabs.serve({ TRUST_PROXY: 'true' });
      const proxy = await prefixProxy(server.port);
      try {
        const { seen, prepare } = recordRequests();
        const page = await tabs.show(`${proxy.base}/explorer`, { prepare });
        assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
        await click(page, '#links', 'books');
        await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
        await click(page, '#books', 'To Kill a Mockingbird');
        await page.waitFor(`${settledHeading} === 'To Kill a Mockingbird'`, 'the book');
        await page.evaluate(`window.confirm = () => true`);
        await click(page, '#actions', 'Delete');
        await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
        await fill(page, 'isbn', '9-9-9');
        await fill(page, 'title', 'The Dispossessed');
        await fill(page, 'author', 'Ursula K. Le Guin');
        await submit(page);
        await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
        assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books/9-9-9')}`);
        // The browser itself asks the origin for /favicon.ico; the page asks for nothing outside /api.
        const outside = seen.filter((request) => !request.url.startsWith(`${proxy.base}/`) && !request.url.endsWith('/favicon.ico'));
        assert.deepEqual(
          outside.map((request) => request.url),
          [],
        );
        assert.deepEqual(
          seen.filter((request) => request.method !== 'GET').map((request) => [request.method, request.url]),
          [
            ['DELETE', `${proxy.base}/books/7-8-9`],
            ['POST', `${proxy.base}/books`],
          ],
        );
      } finally {
        proxy.server.closeAllConnections();
        proxy.server.close();
      }
    });
  },
);
