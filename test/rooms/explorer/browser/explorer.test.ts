/**
 * The API explorer in a real browser (api.md, The explorer): following links and coming
 * Back, paging in words, adding a book through the form, a field error beside its field,
 * Delete, a write that needs the token, and a hostile title that must stay text. Every wait
 * is for a condition in the page.
 */
import assert from 'node:assert/strict';
import { it } from 'node:test';
import { describeWhen } from '../../../helpers/skip.ts';
import { findChromium } from '../../../helpers/chromium.ts';
import { click, explorerTabs, fill, settledHeading, submit, text, typeToken } from '../../../helpers/explorer.ts';

const chromium = findChromium();

const rows = `[...document.querySelectorAll('#books tbody tr')].map((row) => [...row.cells].map((cell) => cell.textContent))`;
const links = `[...document.querySelectorAll('#links a')].map((a) => a.textContent)`;

describeWhen(chromium !== undefined, 'the explorer in headless Chromium', 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  it("shows a collection as its first page, follows a book's link, and Back shows the page again", async () => {
    const { page } = await tabs.open({}, '#uri=/books');
    // The address says what is on view: the first page of 20, not the whole catalogue.
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?page=0&size=20')}`);
    assert.equal(await page.evaluate(text('view-heading')), 'Books, page 1 of 1');
    assert.equal(await page.evaluate(text('request-line')), 'GET /books?page=0&size=20');
    assert.equal(await page.evaluate(text('status')), '200 OK');
    assert.deepEqual(await page.evaluate(rows), [
      ['Animal Farm', 'George Orwell', '1-2-3'],
      ['The Lord of the Rings', 'JRR Tolkien', '4-5-6'],
      ['To Kill a Mockingbird', 'Harper Lee', '7-8-9'],
    ]);
    assert.deepEqual(await page.evaluate(links), ['self']);

    await click(page, '#books', 'The Lord of the Rings');
    await page.waitFor(`${settledHeading} === 'The Lord of the Rings'`, 'the book');
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books/4-5-6')}`);
    assert.equal(await page.evaluate(text('request-line')), 'GET /books/4-5-6');
    // The book's fields as a list, labelled as the form labels them; its links apart.
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#fields dt, #fields dd')].map((node) => node.textContent)`), [
      'ISBN',
      '4-5-6',
      'Title',
      'The Lord of the Rings',
      'Author',
      'JRR Tolkien',
      'First name',
      'JRR',
      'Last name',
      'Tolkien',
    ]);
    assert.deepEqual(await page.evaluate(links), ['self', 'books']);
    assert.match(await page.evaluate<string>(text('headers')), /ETag"[0-9a-f]+-/);
    assert.equal(await page.evaluate(`document.querySelector('#books').hidden`), true);

    await page.evaluate('history.back()');
    await page.waitFor(
      `${settledHeading} === 'Books, page 1 of 1' && document.querySelectorAll('#books tbody tr').length === 3`,
      'the page again',
    );
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?page=0&size=20')}`);
  });

  it('pages with links named first, previous, next and last, and sort choices in words', async () => {
    const { page } = await tabs.open({}, `#uri=${encodeURIComponent('/books?page=0&size=2&sort=title,desc')}`);
    assert.match(await page.evaluate<string>(text('paging')), /^Page 1 of 2, 3 books in all/);
    assert.equal(await page.evaluate(text('view-heading')), 'Books, page 1 of 2');
    // On the first page there is no previous one, and First is the page on view: the words stay, as text.
    const pager = `[...document.querySelectorAll('#paging nav > *')].map((node) => [node.tagName, node.textContent])`;
    assert.deepEqual(await page.evaluate(pager), [
      ['SPAN', 'First'],
      ['SPAN', 'Previous'],
      ['A', 'Next'],
      ['A', 'Last'],
    ]);
    assert.deepEqual(await page.evaluate(`[...document.getElementById('sort').options].map((option) => option.text)`), [
      'Order added',
      'Title A–Z',
      'Title Z–A',
      'ISBN A–Z',
      'ISBN Z–A',
      'Author A–Z',
      'Author Z–A',
    ]);
    assert.equal(await page.evaluate(`document.getElementById('sort').selectedOptions[0].text`), 'Title Z–A');
    assert.deepEqual(await page.evaluate(links), ['self']);

    await click(page, '#paging', 'Next');
    await page.waitFor(`document.getElementById('paging').textContent.startsWith('Page 2 of 2')`, 'the second page');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[2].textContent)`), [
      '1-2-3',
    ]);
    assert.equal(await page.evaluate(text('view-heading')), 'Books, page 2 of 2');
    assert.deepEqual(await page.evaluate(pager), [
      ['A', 'First'],
      ['A', 'Previous'],
      ['SPAN', 'Next'],
      ['SPAN', 'Last'],
    ]);
  });

  it('adds a book through the form: the 201 is on view, the address names the book, the form is empty', async () => {
    const { server, page } = await tabs.open({}, '');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#add label')].map((label) => label.firstChild.textContent)`), [
      'ISBN',
      'Title',
      'Author, or both First name and Last name',
      'First name',
      'Last name',
    ]);
    // Before a save, the names the Author will be split into.
    await fill(page, 'author', 'Ursula K. Le Guin');
    assert.equal(await page.evaluate(text('author-split')), 'Saved as first name “Ursula”, last name “K.”.');
    await fill(page, 'isbn', '9-9-9');
    await fill(page, 'title', 'The Dispossessed');
    await fill(page, 'author', 'Ursula K. Le Guin');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.equal(await page.evaluate(text('view-heading')), 'The Dispossessed');
    assert.equal(await page.evaluate(text('request-line')), 'POST /books');
    assert.match(await page.evaluate<string>(text('headers')), new RegExp(`Location${server.base}/books/9-9-9`));
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books/9-9-9')}`);
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#add input')].map((input) => input.value)`), ['', '', '', '', '']);
    assert.equal(await page.evaluate('document.activeElement.id'), 'view-heading');
    assert.equal((await fetch(`${server.base}/books/9-9-9`)).status, 200);
    // A reload shows the same book, read with a GET.
    await page.reload();
    await page.waitFor(`document.body.dataset.ready === 'true' && ${settledHeading} === 'The Dispossessed'`, 'the book after a reload');
    assert.equal(await page.evaluate(text('request-line')), 'GET /books/9-9-9');
  });

  it('puts each field error beside its field in plain words, says so beside the form, and leaves the view as it was', async () => {
    const { page } = await tabs.open({}, '');
    assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
    await fill(page, 'title', 'No isbn');
    await fill(page, 'author', 'Some One');
    await submit(page);
    await page.waitFor(`!document.getElementById('form-status').hidden`, 'the 400');
    assert.equal(await page.evaluate<string>(text('form-status')), 'The book was not saved: see the messages beside the fields.');
    assert.equal(await page.evaluate(text('error-isbn')), 'ISBN must be provided');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('[aria-invalid="true"]')].map((node) => node.id)`), ['field-isbn']);
    // Outside the label: the field's name stays its name; the error is its description.
    assert.equal(await page.evaluate(`document.querySelector('label[for="field-isbn"]').textContent`), 'ISBN *');
    assert.match(await page.evaluate<string>(`document.getElementById('field-isbn').getAttribute('aria-describedby')`), /\berror-isbn\b/);
    assert.equal(await page.evaluate('document.activeElement.id'), 'field-isbn');
    assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
    // Required fields are marked, and so is the Author, needed in one field or both names, as its label says.
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#add input:required')].map((input) => input.name)`), [
      'isbn',
      'title',
    ]);
    assert.deepEqual(
      await page.evaluate(`[...document.querySelectorAll('#add label .required-mark')].map((mark) => mark.parentElement.htmlFor)`),
      ['field-isbn', 'field-title', 'field-author'],
    );
    assert.equal(
      await page.evaluate(`document.querySelector('label[for="field-author"]').textContent`),
      'Author, or both First name and Last name *',
    );

    await fill(page, 'isbn', '9-9-9');
    // Fixed, the field's error goes at once, before the form is sent again.
    assert.deepEqual(
      await page.evaluate(`[document.getElementById('error-isbn').hidden, document.querySelectorAll('[aria-invalid]').length]`),
      [true, 0],
    );
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.equal(await page.evaluate(`document.querySelectorAll('[aria-invalid]').length`), 0);
    assert.equal(await page.evaluate(`document.getElementById('form-status').hidden`), true);
  });

  it('says which name is missing when one of the two is given, beside that name', async () => {
    const { page } = await tabs.open({}, '');
    await fill(page, 'isbn', 'n-1');
    await fill(page, 'title', 'First name only');
    await fill(page, 'authorFirstName', 'Ann');
    await submit(page);
    await page.waitFor(`!document.getElementById('form-status').hidden`, 'the 400');
    assert.deepEqual(
      await page.evaluate(`[...document.querySelectorAll('.field-error:not([hidden])')].map((note) => [note.id, note.textContent])`),
      [['error-authorLastName', 'Last name is needed too, or fill in Author instead']],
    );
    assert.equal(await page.evaluate('document.activeElement.id'), 'field-authorLastName');
  });

  it('keeps every character of a title pasted longer than the service allows, and refuses it with the field’s error', async () => {
    const { server, page } = await tabs.open({}, '');
    await fill(page, 'isbn', 'long-1');
    await fill(page, 'author', 'Ann Lee');
    await page.evaluate(`document.getElementById('field-title').focus()`);
    await page.send('Input.insertText', { text: 'x'.repeat(608) });
    assert.equal(await page.evaluate(`document.getElementById('field-title').value.length`), 608);
    await submit(page);
    await page.waitFor(`!document.getElementById('form-status').hidden`, 'the 400');
    assert.equal(await page.evaluate(text('error-title')), 'Title must be at most 512 characters');
    assert.equal(await page.evaluate(`document.getElementById('field-title').value.length`), 608);
    assert.equal((await fetch(`${server.base}/books/long-1`)).status, 404);
  });

  it('links each author, in the list and on a book, to the list of that author’s books', async () => {
    const { page } = await tabs.open({}, `#uri=${encodeURIComponent('/books?page=0&size=20')}`);
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
    await click(page, '#books', 'George Orwell');
    await page.waitFor(`document.querySelectorAll('#books tbody tr').length === 1`, 'the author’s books');
    assert.equal(
      decodeURIComponent((await page.evaluate<string>('location.hash')).slice('#uri='.length)),
      '/books?title=&author=George+Orwell&page=0',
    );
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[0].textContent)`), [
      'Animal Farm',
    ]);
    await click(page, '#books', 'Animal Farm');
    await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the book');
    assert.equal(
      await page.evaluate(
        `[...document.querySelectorAll('#fields dd a')].map((link) => link.textContent + ' ' + link.getAttribute('href')).join()`,
      ),
      `George Orwell #uri=${encodeURIComponent('/books?title=&author=George+Orwell&page=0')}`,
    );
  });

  it('offers the list from a book that is not there', async () => {
    const { page } = await tabs.open({}, '#uri=/books/no-such-book');
    await page.waitFor(`document.getElementById('status').textContent === '404 Not Found'`, 'the 404');
    assert.deepEqual(
      await page.evaluate(`[...document.querySelectorAll('#message a')].map((link) => [link.textContent, link.getAttribute('href')])`),
      [['Show the list of books', `#uri=${encodeURIComponent('/books?title=&page=0&size=20')}`]],
    );
    await click(page, '#message', 'Show the list of books');
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
  });

  it('deletes a book after a confirmation, then says so, offers the list, and the address no longer names it', async () => {
    const { server, page } = await tabs.open({}, '#uri=/books/1-2-3');
    await page.waitFor(
      `[...document.querySelectorAll('#actions button')].some((button) => button.textContent === 'Delete')`,
      'the Delete button',
    );
    await page.evaluate(`window.confirm = (message) => { window.asked = message; return true; }`);
    await click(page, '#actions', 'Delete');
    await page.waitFor(`document.getElementById('status').textContent === '204 No Content'`, 'the 204');
    assert.equal(await page.evaluate('window.asked'), 'Delete “Animal Farm” (ISBN 1-2-3)?');
    assert.equal((await fetch(`${server.base}/books/1-2-3`)).status, 404);
    assert.equal(await page.evaluate(text('view-heading')), 'Book deleted');
    assert.equal(await page.evaluate(text('message')), '“Animal Farm” (1-2-3) was deleted.Show the list of books');
    assert.equal(await page.evaluate('location.hash'), `#uri=${encodeURIComponent('/books?title=&page=0&size=20')}`);

    await click(page, '#message', 'Show the list of books');
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the list');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#books tbody tr')].map((row) => row.cells[2].textContent)`), [
      '4-5-6',
      '7-8-9',
    ]);
  });

  it('after a 401 keeps the view, points at the token field, and the same form sends again with the token', async () => {
    const { server, page } = await tabs.open({ API_TOKEN: 'secret' }, '#uri=/books/4-5-6');
    await fill(page, 'isbn', 't-1');
    await fill(page, 'title', 'Guarded');
    await fill(page, 'author', 'Ada Lovelace');
    await submit(page);
    await page.waitFor(`document.getElementById('form-status').textContent.startsWith('This write needs')`, 'the 401');
    assert.equal(
      await page.evaluate<string>(text('form-status')),
      'This write needs the API token. Enter it in the API token field at the top of the page, then send again.Go to the API token field',
    );
    assert.equal(await page.evaluate(text('view-heading')), 'The Lord of the Rings');
    assert.equal(await page.evaluate('location.hash'), '#uri=/books/4-5-6');
    assert.equal(await page.evaluate('document.activeElement.id'), 'form-status');
    await click(page, '#form-status', 'Go to the API token field');
    assert.equal(await page.evaluate('document.activeElement.id'), 'token');

    // A wrong token is refused, and the page says so, not that one is missing.
    await typeToken(page, 'wrong');
    await submit(page);
    await page.waitFor(`document.getElementById('form-status').textContent.startsWith('The service refused')`, 'the refused token');
    await typeToken(page, 'secret');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.deepEqual(
      await page.evaluate(`[sessionStorage.length, localStorage.length, document.cookie, location.href.includes('secret')]`),
      [1, 0, '', false],
    );
    assert.ok(!server.logs.some((line) => JSON.stringify(line).includes('secret')), 'the token is never logged');
  });

  it('shows a hostile title as text: no element is made from it', async () => {
    const title = '<img src=x onerror=alert(1)>';
    const { server, page } = await tabs.open({}, '');
    await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'x-1', title, author: '<b>Bold</b> Author' }),
    });
    await page.evaluate(`location.hash = '#uri=/books'`);
    await page.waitFor(`document.querySelectorAll('#books tbody tr').length === 4`, 'the list');
    assert.equal(await page.evaluate(`document.querySelector('#books tbody tr:last-child td').textContent`), title);
    await click(page, '#books', title);
    await page.waitFor(`${settledHeading} === ${JSON.stringify(title)}`, 'the book, its title as the heading');
    assert.equal(await page.evaluate(`document.querySelectorAll('img, b').length`), 0);
  });
});
