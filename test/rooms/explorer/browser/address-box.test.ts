/**
 * The explorer's address box (api.md, The explorer): any address of the API, typed with real keys
 * and opened with Enter, as a link to it would open it; a whole URL of this service too; an address
 * outside the service refused before any request; and the box shows the address on view.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { type BrowserPage, findChromium } from '../../../helpers/chromium.ts';
import { click, explorerTabs, recordRequests, settledHeading, text, viewMatchesAddress } from '../../../helpers/explorer.ts';
import { describeWhen } from '../../../helpers/skip.ts';

const chromium = findChromium();

/** Clears the box, types `typed` into it as keys would, and presses Enter. */
async function open(page: BrowserPage, typed: string): Promise<void> {
  await page.evaluate(`(() => { const box = document.getElementById('address-uri'); box.value = ''; box.focus(); })()`);
  await page.send('Input.insertText', { text: typed });
  const enter = { key: 'Enter', code: 'Enter', windowsVirtualKeyCode: 13, nativeVirtualKeyCode: 13 };
  await page.send('Input.dispatchKeyEvent', { type: 'keyDown', ...enter, text: '\r' });
  await page.send('Input.dispatchKeyEvent', { type: 'keyUp', ...enter });
}

const boxValue = `document.getElementById('address-uri').value`;

describeWhen(chromium !== undefined, 'the address box', 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  it('opens a path typed into it, labelled, as a link would, and shows the address on view', async () => {
    const { page } = await tabs.open({}, '');
    assert.equal(await page.evaluate(`document.getElementById('address-uri').labels[0].textContent`), 'Open an address of the API');
    assert.equal(await page.evaluate(boxValue), '/');
    await open(page, '/books/4-5-6');
    await page.waitFor(`${settledHeading} === 'The Lord of the Rings'`, 'the book');
    assert.equal(await page.evaluate(text('request-line')), 'GET /books/4-5-6');
    await open(page, '  /books?author=Orwell ');
    await page.waitFor(viewMatchesAddress, 'the books by Orwell');
    assert.equal(await page.evaluate(text('view-heading')), 'Books matching “Orwell”, page 1 of 1');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[0].textContent)`), [
      'Animal Farm',
    ]);
    // Following a link puts its address in the box.
    await click(page, '#books', 'Animal Farm');
    await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the book');
    assert.equal(await page.evaluate(boxValue), '/books/1-2-3');
    // An empty box opens the root.
    await open(page, '');
    await page.waitFor(`${settledHeading} === 'The book catalogue'`, 'the root');
  });

  it('takes a whole URL of this service as its path, and refuses one elsewhere before any request', async () => {
    const recorder = recordRequests();
    const { page, server } = await tabs.open({}, '', { prepare: recorder.prepare });
    await open(page, `${server.base}/books/7-8-9`);
    await page.waitFor(`${settledHeading} === 'To Kill a Mockingbird'`, 'the book');
    assert.equal(await page.evaluate(text('request-line')), 'GET /books/7-8-9');
    // Opened, the box shows the address as the API names it, not the URL typed.
    assert.equal(await page.evaluate(boxValue), '/books/7-8-9');
    const sent = recorder.seen.length;
    await open(page, 'https://elsewhere.example/books');
    await page.waitFor(`${settledHeading} === 'Not followed: outside this service'`, 'the refusal');
    assert.deepEqual(
      recorder.seen.slice(sent).map((request) => request.url),
      [],
    );
  });
});
