/**
 * The API explorer in a real browser (DECISIONS H): following links and coming Back, adding a
 * book through the form, a field error beside its field, Delete, a write that needs the token,
 * and a hostile title that must stay text. Every wait is for a condition in the page.
 */
import assert from 'node:assert/strict';
import { afterEach, it } from 'node:test';
import { describeWhen } from '../helpers/skip.ts';
import { type BrowserPage, findChromium, openPage } from '../helpers/chromium.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const chromium = findChromium();

/** The text of the element with this id. */
const text = (id: string): string => `document.getElementById(${JSON.stringify(id)}).textContent`;

/** Types into the Add book form's field `name`, as a person would leave it. */
const fill = (page: BrowserPage, name: string, value: string): Promise<unknown> =>
  page.evaluate(`(() => {
    const input = document.getElementById('field-${name}');
    input.value = ${JSON.stringify(value)};
    input.dispatchEvent(new Event('input', { bubbles: true }));
  })()`);

const submit = (page: BrowserPage): Promise<unknown> => page.evaluate(`document.querySelector('#add button').click()`);

describeWhen(chromium !== undefined, 'the explorer in headless Chromium', 'Chromium is not installed (apt-get install chromium)', () => {
  let server: TestServer | undefined;
  let page: BrowserPage | undefined;

  /** Starts a service and the explorer on it; the test then drives both. */
  async function open(env: Record<string, string>, fragment: string): Promise<{ server: TestServer; page: BrowserPage }> {
    server = await startServer(env);
    page = await openPage(chromium as string, `${server.base}/explorer${fragment}`);
    await page.waitFor(`document.body.dataset.ready === 'true'`, 'the page to load its first view');
    return { server, page };
  }

  afterEach(async () => {
    try {
      await page?.close();
    } finally {
      await server?.close();
      page = undefined;
      server = undefined;
    }
  });

  it('shows a list, follows a book\'s link, and Back shows the list again', async () => {
    const { page } = await open({}, '#uri=/books');
    assert.equal(await page.evaluate(text('status')), '200 OK');
    const rows = `[...document.querySelectorAll('#books tbody tr')].map((row) => [...row.cells].map((cell) => cell.textContent))`;
    assert.deepEqual(await page.evaluate(rows), [
      ['Animal Farm', 'George Orwell', '1-2-3'],
      ['The Lord of the Rings', 'JRR Tolkien', '4-5-6'],
      ['To Kill a Mockingbird', 'Harper Lee', '7-8-9'],
    ]);
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#links a')].map((a) => a.textContent)`), ['self']);

    await page.evaluate(`[...document.querySelectorAll('#books a')].find((a) => a.textContent === 'The Lord of the Rings').click()`);
    await page.waitFor(`document.getElementById('body').textContent.includes('"isbn": "4-5-6"') && document.getElementById('books').hidden`, 'the book');
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books/4-5-6')}`);
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#links a')].map((a) => a.textContent)`), ['self', 'books']);
    assert.match(await page.evaluate<string>(`document.getElementById('headers').textContent`), /ETag"[0-9a-f]+-/);

    await page.evaluate('history.back()');
    await page.waitFor(`document.querySelectorAll('#books tbody tr').length === 3`, 'the list again');
    assert.equal(await page.evaluate('location.hash'), '#uri=/books');
  });

  it('pages with the page object and the links', async () => {
    const { page } = await open({}, `#uri=${encodeURIComponent('/books?page=0&size=2&sort=title,desc')}`);
    assert.match(await page.evaluate<string>(text('paging')), /^Page 1 of 2, 3 books in all/);
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#links a')].map((a) => a.textContent)`), ['first', 'self', 'next', 'last']);
    await page.evaluate(`[...document.querySelectorAll('#links a')].find((a) => a.textContent === 'next').click()`);
    await page.waitFor(`document.getElementById('paging').textContent.startsWith('Page 2 of 2')`, 'the second page');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[2].textContent)`), ['1-2-3']);
  });

  it('adds a book through the form, shows the 201 with its Location, and moves focus to it', async () => {
    const { server, page } = await open({}, '');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#add label')].map((label) => label.firstChild.textContent.trim())`), [
      'ISBN',
      'Title',
      'Author',
      'First name',
      'Last name',
    ]);
    assert.equal(await page.evaluate(`document.getElementById('field-isbn').maxLength`), 64);
    await fill(page, 'isbn', '9-9-9');
    await fill(page, 'title', 'The Dispossessed');
    await fill(page, 'author', 'Ursula K. Le Guin');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.match(await page.evaluate<string>(`document.getElementById('headers').textContent`), new RegExp(`Location${server.base}/books/9-9-9`));
    assert.equal(await page.evaluate('document.activeElement.id'), 'status');
    assert.equal((await fetch(`${server.base}/books/9-9-9`)).status, 200);
  });

  it('shows a problem, with each field error beside its field', async () => {
    const { page } = await open({}, '');
    await fill(page, 'title', 'No isbn');
    await fill(page, 'author', 'Some One');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '400 Bad Request'`, 'the 400');
    assert.equal(await page.evaluate(text('error-isbn')), 'isbn must be provided');
    assert.equal(await page.evaluate(text('error-title')), '');
    assert.match(await page.evaluate<string>(text('problem')), /^400 Validation failedisbn must be provided#\/isbn: isbn must be provided$/);
  });

  it('deletes a book with the Delete button, after a confirmation', async () => {
    const { server, page } = await open({}, '#uri=/books/1-2-3');
    await page.waitFor(`document.querySelector('#actions button')?.textContent === 'Delete'`, 'the Delete button');
    await page.evaluate(`window.confirm = (message) => { window.asked = message; return true; }`);
    await page.evaluate(`document.querySelector('#actions button').click()`);
    await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
    assert.equal(await page.evaluate('window.asked'), 'Delete the book 1-2-3?');
    assert.equal((await fetch(`${server.base}/books/1-2-3`)).status, 404);
  });

  it('sends the API token, kept in sessionStorage only, with writes that need it', async () => {
    const { server, page } = await open({ API_TOKEN: 'secret' }, '');
    await fill(page, 'isbn', 't-1');
    await fill(page, 'title', 'Guarded');
    await fill(page, 'author', 'Ada Lovelace');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '401 Unauthorized'`, 'the 401');
    await page.evaluate(`(() => {
      const token = document.getElementById('token');
      token.value = 'secret';
      token.dispatchEvent(new Event('input', { bubbles: true }));
    })()`);
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.deepEqual(await page.evaluate(`[sessionStorage.length, localStorage.length, document.cookie, location.href.includes('secret')]`), [1, 0, '', false]);
    assert.ok(!server.logs.some((line) => JSON.stringify(line).includes('secret')), 'the token is never logged');
  });

  it('shows a hostile title as text: no element is made from it', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const { server, page } = await open({}, '');
    await fetch(`${server.base}/books`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ isbn: 'x-1', title, author: '<b>Bold</b> Author' }) });
    await page.evaluate(`location.hash = '#uri=/books'`);
    await page.waitFor(`document.querySelectorAll('#books tbody tr').length === 4`, 'the list');
    assert.equal(await page.evaluate(`document.querySelector('#books tbody tr:last-child td').textContent`), title);
    assert.equal(await page.evaluate(`document.querySelectorAll('img, b').length`), 0);
  });
});
