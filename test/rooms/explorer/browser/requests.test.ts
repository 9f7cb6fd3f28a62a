/**
 * The explorer's requests on a slow or absent network (requests held with Fetch.enable until the
 * test lets them go; Network.emulateNetworkConditions for offline): the view says a request is
 * running; an answer to a request that was superseded never shows, so the view matches the
 * address; a failed request shows an error with a Retry, never the old view under the new
 * address; a double click on Add book or Delete sends one request.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { type BrowserPage, findChromium } from '../../../helpers/chromium.ts';
import { click, explorerTabs, fill, recordRequests, settledHeading, submit, text } from '../../../helpers/explorer.ts';

const chromium = findChromium();

/** Every request of the tab waits `latency` ms for its answer; `offline` fails them all. */
async function network(page: BrowserPage, conditions: { latency?: number; offline?: boolean }): Promise<void> {
  await page.send('Network.enable');
  await page.send('Network.emulateNetworkConditions', {
    offline: conditions.offline ?? false,
    latency: conditions.latency ?? 0,
    downloadThroughput: -1,
    uploadThroughput: -1,
  });
}

/**
 * Holds the tab's requests whose URL matches `urlPattern` until the test continues them; returns
 * their ids as they are paused. Holding, not latency, keeps a request running for as long as a
 * test needs, however slow the machine.
 */
async function hold(page: BrowserPage, urlPattern: string): Promise<string[]> {
  const held: string[] = [];
  page.on('Fetch.requestPaused', (params) => void held.push(String(params.requestId)));
  await page.send('Fetch.enable', { patterns: [{ urlPattern }] });
  return held;
}

/** Waits, a frame at a time, until `count` requests are held; fails if fewer come, or more have come by then. */
async function untilHeld(page: BrowserPage, held: readonly unknown[], count: number): Promise<void> {
  for (let frames = 0; frames < 600 && held.length < count; frames++) await page.evaluate('new Promise(requestAnimationFrame)');
  assert.equal(held.length, count, 'requests held');
}

/** A real double click (two presses, the second with clickCount 2) in the middle of the element `id`. */
async function doubleClick(page: BrowserPage, id: string): Promise<void> {
  const { x, y } = await page.evaluate<{ x: number; y: number }>(`(() => {
    const target = document.getElementById(${JSON.stringify(id)});
    target.scrollIntoView({ block: 'center' });
    const box = target.getBoundingClientRect();
    return { x: box.x + box.width / 2, y: box.y + box.height / 2 };
  })()`);
  for (const clickCount of [1, 2]) {
    await page.send('Input.dispatchMouseEvent', { type: 'mousePressed', x, y, button: 'left', clickCount });
    await page.send('Input.dispatchMouseEvent', { type: 'mouseReleased', x, y, button: 'left', clickCount });
  }
}

describeWhen(
  chromium !== undefined,
  'the explorer on a slow or absent network',
  'Chromium is not installed (apt-get install chromium)',
  () => {
    const tabs = explorerTabs(chromium as string);

    it('says a request is running: aria-busy on the view and a visible loading line', async () => {
      const { page } = await tabs.open({}, '#uri=/books/4-5-6');
      assert.equal(await page.evaluate(`document.getElementById('loading').hidden`), true);
      const top = `document.getElementById('view-heading').getBoundingClientRect().top`;
      const before = await page.evaluate<number>(top);
      const held = await hold(page, '*/books?*');
      await click(page, '#links', 'books');
      await page.waitFor(`document.getElementById('view').getAttribute('aria-busy') === 'true'`, 'the busy view');
      assert.equal(await page.evaluate(`document.getElementById('loading').hidden`), false);
      // The line lies over the view's corner: the page on view does not move down while it loads.
      assert.equal(await page.evaluate<number>(top), before);
      assert.equal(await page.evaluate(text('loading')), 'Loading GET /books?title=&page=0&size=20…');
      await untilHeld(page, held, 1);
      await page.send('Fetch.continueRequest', { requestId: held[0] });
      await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
      assert.equal(await page.evaluate(`document.getElementById('loading').hidden`), true);
    });

    it('drops the answer to a superseded request: Back while the list loads shows the root, and it stays', async () => {
      const { page } = await tabs.open({}, '');
      assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
      // Hold every request for a page of books until the test lets it go.
      const held: { requestId: string; networkId: string }[] = [];
      const ended = new Set<string>();
      page.on(
        'Fetch.requestPaused',
        (params) => void held.push({ requestId: String(params.requestId), networkId: String(params.networkId) }),
      );
      page.on('Network.loadingFinished', (params) => void ended.add(String(params.requestId)));
      page.on('Network.loadingFailed', (params) => void ended.add(String(params.requestId)));
      await page.send('Network.enable');
      await page.send('Fetch.enable', { patterns: [{ urlPattern: '*/books?*' }] });

      await click(page, '#links', 'books');
      await page.waitFor(`document.getElementById('view').getAttribute('aria-busy') === 'true'`, 'the list on its way');
      await untilHeld(page, held, 1);
      await page.evaluate('history.back()');
      await page.waitFor(`${settledHeading} === 'The book catalogue'`, 'the root again');
      assert.equal(await page.evaluate('location.hash'), '');

      // Now the list's answer comes, late (unless the page has cancelled its request): the view
      // must not change. Watch it for some frames after the request has ended either way.
      const [{ requestId, networkId }] = held as [{ requestId: string; networkId: string }];
      await page.send('Fetch.continueRequest', { requestId }).catch(() => undefined);
      await page.send('Fetch.disable');
      const frame = 'new Promise(requestAnimationFrame)';
      for (let frames = 0; frames < 600 && !ended.has(networkId); frames++) await page.evaluate(frame);
      assert.ok(ended.has(networkId), 'the held request ended');
      for (let frames = 0; frames < 10; frames++) {
        await page.evaluate(frame);
        assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
      }
      assert.equal(await page.evaluate(`document.getElementById('books').hidden`), true);
      assert.equal(await page.evaluate('location.hash'), '');
    });

    it('offline, shows a clear error with a Retry under the new address, never the old page; Retry then shows it', async () => {
      const { page } = await tabs.open({}, `#uri=${encodeURIComponent('/books?page=0&size=2')}`);
      assert.equal(await page.evaluate(text('view-heading')), 'Books, page 1 of 2');
      await network(page, { offline: true });
      await click(page, '#paging', 'Next');
      await page.waitFor(`${settledHeading} === 'The request failed'`, 'the error');
      assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?title=&page=1&size=2')}`);
      assert.match(
        await page.evaluate<string>(text('problem')),
        /^GET \/books\?title=&page=1&size=2 did not reach the service \(Failed to fetch\)\. Check the connection, then retry\.Retry$/,
      );
      const stale = `['books', 'paging', 'fields', 'links-block', 'response'].map((id) => document.getElementById(id).hidden)`;
      assert.deepEqual(await page.evaluate(stale), [true, true, true, true, true]);
      assert.equal(await page.evaluate(text('status')), 'no answer');
      assert.equal(await page.evaluate('document.activeElement.id'), 'view-heading');

      await network(page, { offline: false });
      await click(page, '#problem', 'Retry');
      await page.waitFor(`${settledHeading} === 'Books, page 2 of 2'`, 'the second page');
      assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[2].textContent)`), [
        '7-8-9',
      ]);
    });

    it('leaves the view to a navigation that started while a write ran, and says beside the form what the write did', async () => {
      const { page } = await tabs.open({}, '');
      const held = await hold(page, '*/books');
      await fill(page, 'isbn', '9-9-9');
      await fill(page, 'title', 'The Dispossessed');
      await fill(page, 'author', 'Ursula K. Le Guin');
      await submit(page);
      await page.waitFor(`document.getElementById('submit-book').disabled`, 'the POST on its way');
      await untilHeld(page, held, 1);
      await click(page, '#links', 'books');
      await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
      assert.equal(held.length, 1);
      await page.send('Fetch.continueRequest', { requestId: held[0] });
      await page.waitFor(`document.getElementById('form-status').textContent.startsWith('Added')`, 'the POST done');
      assert.equal(await page.evaluate(text('form-status')), 'Added: “The Dispossessed”. Show it');
      assert.equal(
        await page.evaluate(`document.querySelector('#form-status a').getAttribute('href')`),
        `#uri=${encodeURIComponent('/books/9-9-9')}`,
      );
      assert.equal(await page.evaluate(text('view-heading')), 'Books, page 1 of 1');
      assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?title=&page=0&size=20')}`);
    });

    it('sends one POST for a double click on Add book: the button is disabled while it runs', async () => {
      const { seen, prepare } = recordRequests();
      const { page } = await tabs.open({}, '', { prepare });
      await fill(page, 'isbn', '9-9-9');
      await fill(page, 'title', 'The Dispossessed');
      await fill(page, 'author', 'Ursula K. Le Guin');
      const held = await hold(page, '*/books');
      await doubleClick(page, 'submit-book');
      assert.equal(await page.evaluate(`document.getElementById('submit-book').disabled`), true);
      await untilHeld(page, held, 1);
      await page.send('Fetch.continueRequest', { requestId: held[0] });
      await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
      assert.equal(seen.filter((request) => request.method === 'POST').length, 1);
      assert.equal(await page.evaluate(`document.getElementById('form-status').hidden`), true, 'no 409 for a second POST');
      assert.equal(await page.evaluate(`document.getElementById('submit-book').disabled`), false);
    });

    it('sends one DELETE for a double click on Delete', async () => {
      const { seen, prepare } = recordRequests();
      const { page } = await tabs.open({}, '#uri=/books/1-2-3', { prepare });
      await page.evaluate(`(() => {
      window.confirm = () => true;
      document.querySelector('#actions button:last-of-type').id = 'delete';
    })()`);
      const held = await hold(page, '*/books/1-2-3');
      await doubleClick(page, 'delete');
      assert.equal(await page.evaluate(`document.getElementById('delete').disabled`), true);
      await untilHeld(page, held, 1);
      await page.send('Fetch.continueRequest', { requestId: held[0] });
      await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
      assert.equal(seen.filter((request) => request.method === 'DELETE').length, 1);
    });
  },
);
