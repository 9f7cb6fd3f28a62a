/**
 * The explorer from the keyboard: after a navigation focus is on the new view's heading and the
 * change is announced once; a select keeps focus while it changes the view; a skip link leads
 * to the form; the title search answers Enter. Keys are pressed through the DevTools protocol
 * (Input.dispatchKeyEvent), as a person's keyboard would send them.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { type BrowserPage, findChromium } from '../../../helpers/chromium.ts';
import { click, explorerTabs, recordRequests, settledHeading, text, viewMatchesAddress } from '../../../helpers/explorer.ts';

const chromium = findChromium();

const KEYS: Record<string, { code: string; keyCode: number; text?: string }> = {
  Enter: { code: 'Enter', keyCode: 13, text: '\r' },
  Tab: { code: 'Tab', keyCode: 9 },
  ArrowDown: { code: 'ArrowDown', keyCode: 40 },
};

/** Presses and releases one key, in the element that has focus. */
async function press(page: BrowserPage, key: 'Enter' | 'Tab' | 'ArrowDown'): Promise<void> {
  const { code, keyCode, text: typed } = KEYS[key] as { code: string; keyCode: number; text?: string };
  const common = { key, code, windowsVirtualKeyCode: keyCode, nativeVirtualKeyCode: keyCode };
  await page.send('Input.dispatchKeyEvent', { type: typed ? 'keyDown' : 'rawKeyDown', ...common, ...(typed ? { text: typed } : {}) });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...common });
}

/** Starts recording what the live region says; `window.announced` lists each announcement. */
const recordAnnouncements = `(() => {
  window.announced = [];
  const region = document.getElementById('announce');
  new MutationObserver(() => window.announced.push(region.textContent)).observe(region, { childList: true, characterData: true, subtree: true });
})()`;

describeWhen(chromium !== undefined, 'the explorer from the keyboard', 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  it("moves focus to the new view's heading after a keyboard navigation, and announces it once", async () => {
    const { page } = await tabs.open({}, `#uri=${encodeURIComponent('/books?page=0&size=2')}`);
    await page.evaluate(recordAnnouncements);
    await page.evaluate(`[...document.querySelectorAll('#paging a')].find((a) => a.textContent === 'Next').focus()`);
    await press(page, 'Enter');
    await page.waitFor(`${settledHeading} === 'Books, page 2 of 2'`, 'the second page');
    assert.equal(await page.evaluate('document.activeElement.id'), 'view-heading');
    assert.deepEqual(await page.evaluate('window.announced'), ['Books, page 2 of 2']);

    // Back, from the keyboard too: focus and one announcement again.
    await page.evaluate('history.back()');
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 2'`, 'the first page');
    assert.equal(await page.evaluate('document.activeElement.id'), 'view-heading');
    assert.deepEqual(await page.evaluate('window.announced'), ['Books, page 2 of 2', 'Books, page 1 of 2']);
    // The one live region: nothing else on the page speaks up on its own.
    assert.deepEqual(
      await page.evaluate(
        `[...document.querySelectorAll('[aria-live], [role="alert"], [role="status"], [role="log"]')].map((node) => node.id)`,
      ),
      ['announce'],
    );
  });

  it('loads nothing while the arrow keys go through a select; Enter shows the choice and keeps focus on it; leaving puts it back', async () => {
    const recorder = recordRequests();
    const { page } = await tabs.open({}, `#uri=${encodeURIComponent('/books?page=0&size=2')}`, { prepare: recorder.prepare });
    await page.evaluate(recordAnnouncements);
    await page.evaluate(`document.getElementById('sort').focus()`);
    const sent = recorder.seen.length;
    await press(page, 'ArrowDown');
    await press(page, 'ArrowDown');
    assert.equal(await page.evaluate(`document.getElementById('sort').selectedOptions[0].text`), 'Title Z–A');
    assert.deepEqual(
      recorder.seen.slice(sent).map((request) => request.url),
      [],
    );
    await press(page, 'Enter');
    await page.waitFor(
      `${viewMatchesAddress} && document.getElementById('sort').selectedOptions[0].text === 'Title Z–A'`,
      'the view sorted by title, Z to A',
    );
    assert.equal(await page.evaluate('document.activeElement.id'), 'sort');
    const uri = decodeURIComponent((await page.evaluate<string>('location.hash')).slice('#uri='.length));
    assert.equal(new URLSearchParams(uri.slice(uri.indexOf('?'))).get('sort'), 'title,desc');
    assert.equal(await page.evaluate(`document.querySelector('#books tbody tr td').textContent`), 'To Kill a Mockingbird');
    assert.deepEqual(
      recorder.seen.slice(sent).map((request) => new URL(request.url).pathname),
      ['/books'],
    );

    await press(page, 'ArrowDown');
    await press(page, 'Tab');
    assert.equal(await page.evaluate(`document.getElementById('sort').selectedOptions[0].text`), 'Title Z–A');
    assert.deepEqual(await page.evaluate('window.announced'), ['Books, page 1 of 2']);
  });

  it('offers a skip link, first in the tab order, that moves focus to the Add book form', async () => {
    const { page } = await tabs.open({}, '#uri=/books/4-5-6');
    // A page that has just loaded leaves focus at the top, so the skip link is the first stop.
    assert.equal(await page.evaluate('document.activeElement === document.body'), true);
    await press(page, 'Tab');
    assert.deepEqual(await page.evaluate(`[document.activeElement.id, document.activeElement.textContent]`), [
      'skip',
      'Skip to the Add book form',
    ]);
    await press(page, 'Enter');
    assert.equal(await page.evaluate('document.activeElement.id'), 'add-heading');
    await press(page, 'Tab');
    assert.equal(await page.evaluate('document.activeElement.id'), 'field-isbn');
    // The view and its address did not move.
    assert.equal(await page.evaluate('location.hash'), '#uri=/books/4-5-6');
    assert.equal(await page.evaluate(text('view-heading')), 'The Lord of the Rings');
  });

  it('searches titles and authors from a labelled box outside the form: Enter shows the matching page, and the address names it', async () => {
    const { page } = await tabs.open({}, '');
    assert.deepEqual(
      await page.evaluate(`(() => {
      const box = document.getElementById('search-q');
      return [box.labels[0].textContent, box.closest('#add') === null];
    })()`),
      ['Search titles and authors', true],
    );
    await page.evaluate(`document.getElementById('search-q').focus()`);
    await page.send('Input.insertText', { text: 'the' });
    await press(page, 'Enter');
    await page.waitFor(`${settledHeading} === 'Books matching “the”, page 1 of 1'`, 'the matching page');
    assert.equal(decodeURIComponent((await page.evaluate<string>('location.hash')).slice('#uri='.length)), '/books?q=the&page=0&size=20');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[0].textContent)`), [
      'The Lord of the Rings',
    ]);
    assert.equal(await page.evaluate('document.activeElement.id'), 'view-heading');
    // The box holds the words of the list on view: none once a book is, and the words again on Back.
    await click(page, '#books', 'The Lord of the Rings');
    await page.waitFor(`${settledHeading} === 'The Lord of the Rings'`, 'the book');
    assert.equal(await page.evaluate(`document.getElementById('search-q').value`), '');
    await page.evaluate('history.back()');
    await page.waitFor(`${settledHeading} === 'Books matching “the”, page 1 of 1'`, 'the matching page again');
    assert.equal(await page.evaluate(`document.getElementById('search-q').value`), 'the');
  });

  it('a search keeps the order and page size on view, finds words in the author too, and shows no match as an empty result with a way back', async () => {
    const { page } = await tabs.open({}, '#uri=/books?page=0&size=10&sort=title,desc');
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the sorted list');
    await page.evaluate(`document.getElementById('search-q').focus()`);
    await page.send('Input.insertText', { text: 'lee  mock' });
    await press(page, 'Enter');
    await page.waitFor(`${settledHeading} === 'Books matching “lee  mock”, page 1 of 1'`, 'the matching page');
    const hash = async (): Promise<string> => decodeURIComponent((await page.evaluate<string>('location.hash')).slice('#uri='.length));
    assert.equal(await hash(), '/books?q=lee%20%20mock&page=0&size=10&sort=title%2Cdesc');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[0].textContent)`), [
      'To Kill a Mockingbird',
    ]);
    await page.evaluate(`document.getElementById('search-q').value = ''`);
    await page.evaluate(`document.getElementById('search-q').focus()`);
    await page.send('Input.insertText', { text: 'lord sebald' });
    await press(page, 'Enter');
    await page.waitFor(`${settledHeading} === 'No books match “lord sebald”'`, 'the empty result');
    assert.deepEqual(
      await page.evaluate(
        `[document.getElementById('problem').textContent, document.getElementById('message').textContent, document.getElementById('search-q').value]`,
      ),
      ['', 'No book holds every word of “lord sebald” in its title or author. Try fewer or shorter words.Clear the search', 'lord sebald'],
    );
    await page.evaluate(`[...document.querySelectorAll('#message button')].find((b) => b.textContent === 'Clear the search').click()`);
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'every book again');
    assert.equal(await hash(), '/books?page=0&size=10&sort=title%2Cdesc');
    assert.equal(await page.evaluate(`document.getElementById('search-q').value`), '');
  });
});
