/**
 * The explorer's layout at the sizes people use: a page of 20 books fits in a few screens at
 * 1280×900; nothing scrolls sideways at 390 px, even with a 120-character title without
 * spaces; an ISBN stays on one line; the dark scheme follows the system setting. With
 * EXPLORER_SHOTS=/tmp/explorer-shots set, each test also saves screenshots to look at.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { findChromium } from '../../../helpers/chromium.ts';
import { addBooks, explorerTabs, screenshot, setWindow, settledHeading } from '../../../helpers/explorer.ts';

const chromium = findChromium();

/** A title of 120 letters without a space, which no line can hold at 390 px unless it breaks. */
const LONG_TITLE = 'Pneumonoultramicroscopicsilicovolcanoconiosis'.repeat(3).slice(0, 120);

/** An expression: the document's width and the window's, after a frame has been laid out. */
const widths = `new Promise((resolve) => requestAnimationFrame(() => resolve([document.documentElement.scrollWidth, document.documentElement.clientWidth])))`;

describeWhen(
  chromium !== undefined,
  'the explorer laid out in headless Chromium',
  'Chromium is not installed (apt-get install chromium)',
  () => {
    const tabs = explorerTabs(chromium as string);

    it('fits a page of 20 books in a few screens at 1280×900', async () => {
      const { server, page } = await tabs.open({}, '', { ready: false });
      addBooks(server.store, 297);
      await page.waitFor(`document.body.dataset.ready === 'true'`, 'the first view');
      await setWindow(page, 1280, 900);
      await page.evaluate(`location.hash = '#uri=/books'`);
      await page.waitFor(`${settledHeading} === 'Books, page 1 of 15'`, 'the first page');
      assert.equal(await page.evaluate(`document.querySelectorAll('#books tbody tr').length`), 20);
      const height = await page.evaluate<number>('document.documentElement.scrollHeight');
      assert.ok(height <= 3 * 900, `the page of 20 is ${height} px tall, more than three screens`);
      // The raw body and the full list of headers are there, collapsed.
      assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('details')].map((details) => details.open)`), [false, false]);
      await screenshot(page, 'list-1280-light');
      await setWindow(page, 1280, 900, 'dark');
      await screenshot(page, 'list-1280-dark');
    });

    it('does not scroll sideways at 390 px with a 120-character title without spaces, and keeps each ISBN on one line', async () => {
      const { server, page } = await tabs.open({}, '', { ready: false });
      server.store.add({
        isbn: '978-0-13-468599-1',
        title: LONG_TITLE,
        author: 'Ada Lovelace',
        authorFirstName: 'Ada',
        authorLastName: 'Lovelace',
      });
      await page.waitFor(`document.body.dataset.ready === 'true'`, 'the first view');
      await setWindow(page, 390, 844);
      await page.evaluate(`location.hash = '#uri=/books'`);
      await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
      const [listWidth, window] = await page.evaluate<[number, number]>(widths);
      assert.ok(listWidth <= window, `the list is ${listWidth} px wide in a ${window} px window`);
      // Each ISBN is one line of text: its characters make a single box.
      const lines = `[...document.querySelectorAll('#books td.isbn, #fields dd.isbn')].map((cell) => {
      const range = document.createRange();
      range.selectNodeContents(cell);
      return [cell.textContent, range.getClientRects().length];
    })`;
      assert.deepEqual(await page.evaluate(lines), [
        ['1-2-3', 1],
        ['4-5-6', 1],
        ['7-8-9', 1],
        ['978-0-13-468599-1', 1],
      ]);
      await screenshot(page, 'list-390-light');
      await setWindow(page, 390, 844, 'dark');
      await screenshot(page, 'list-390-dark');
      await setWindow(page, 390, 844, 'light');

      await page.evaluate(`document.querySelector('#books tbody tr:last-child a').click()`);
      await page.waitFor(`${settledHeading} === ${JSON.stringify(LONG_TITLE)}`, 'the book');
      const [bookWidth] = await page.evaluate<[number, number]>(widths);
      assert.ok(bookWidth <= window, `the book is ${bookWidth} px wide in a ${window} px window`);
      assert.deepEqual(await page.evaluate(lines), [['978-0-13-468599-1', 1]]);
      await screenshot(page, 'book-390-light');
      await setWindow(page, 390, 844, 'dark');
      await screenshot(page, 'book-390-dark');
    });

    it('does not scroll sideways at 390 px on the root with the form of its search template open', async () => {
      const { page } = await tabs.open({}, '');
      await setWindow(page, 390, 844);
      await page.evaluate(`document.querySelector('#links details summary').click()`);
      const [width, window] = await page.evaluate<[number, number]>(widths);
      assert.ok(width <= window, `the root is ${width} px wide in a ${window} px window`);
      await screenshot(page, 'root-390-light');
      await setWindow(page, 1280, 900, 'dark');
      await screenshot(page, 'root-1280-dark');
    });

    it('follows the system setting to a dark scheme', async () => {
      const { page } = await tabs.open({}, '#uri=/books/4-5-6');
      const colours = `[getComputedStyle(document.body).backgroundColor, getComputedStyle(document.body).color]`;
      await setWindow(page, 1280, 900, 'light');
      assert.deepEqual(await page.evaluate(colours), ['rgb(255, 255, 255)', 'rgb(26, 26, 26)']);
      await screenshot(page, 'book-1280-light');
      await setWindow(page, 1280, 900, 'dark');
      assert.deepEqual(await page.evaluate(colours), ['rgb(20, 20, 20)', 'rgb(236, 236, 236)']);
      await screenshot(page, 'book-1280-dark');
    });

    it('brings the form into sight at 390 px when Edit is pressed, its heading at the top and its fields below it', async () => {
      const { page } = await tabs.open({}, '#uri=/books/4-5-6');
      await setWindow(page, 390, 664);
      await page.waitFor(`${settledHeading} === 'The Lord of the Rings'`, 'the book');
      await page.evaluate(`[...document.querySelectorAll('#actions button')].find((b) => b.textContent === 'Edit').click()`);
      const [heading, title, height] = await page.evaluate<[number, number, number]>(
        `[document.getElementById('add-heading').getBoundingClientRect().top, document.getElementById('field-title').getBoundingClientRect().bottom, innerHeight]`,
      );
      assert.ok(
        heading >= 0 && title <= height,
        `heading at ${heading} px, the title field ends at ${title} px, in a window ${height} px high`,
      );
      await screenshot(page, 'edit-390-light');
    });
  },
);
