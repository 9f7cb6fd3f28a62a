/**
 * The explorer in a person's words (api.md, The explorer): the root says what the page is and
 * leads to the books, the tab names what is on view, a taken ISBN or title is told at its field
 * with the way to the book, and a long page has its pager below the books too. With EXPLORER_SHOTS
 * set, the conflict view and the errors at their fields are saved at 1280 and 390 px, light and dark.
 */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { it } from 'node:test';
import { findChromium } from '../../../helpers/chromium.ts';
import { click, explorerTabs, fill, screenshotsAt, settledHeading, submit, text } from '../../../helpers/explorer.ts';
import { describeWhen } from '../../../helpers/skip.ts';

const chromium = findChromium();

describeWhen(chromium !== undefined, 'the explorer in words', 'Chromium is not installed (apt-get install chromium)', () => {
  const tabs = explorerTabs(chromium as string);

  it('opens on the root saying what the page is, with the books first as “Browse the books”; the tab names the view', async () => {
    const { page } = await tabs.open({}, '');
    assert.equal(await page.evaluate(text('view-heading')), 'The book catalogue');
    assert.equal(await page.evaluate(text('request-line')), 'GET /');
    assert.equal(
      await page.evaluate(text('message')),
      'This page is the book catalogue, read through its API: browse and search the books, open one to see it, and add, edit or delete books with the form.Browse the books',
    );
    assert.equal(await page.evaluate('document.title'), 'The book catalogue · Book catalogue explorer');
    // The search template is no address: it shows as text with a form to fill it in, not as a link to follow.
    assert.deepEqual(
      await page.evaluate(
        `[...document.querySelectorAll('#links li')].map((item) => [item.textContent, item.querySelector('a') !== null])`,
      ),
      [
        ['self /', true],
        ['books /books?title=', true],
        ['search: /books{?title,author,q,page,size,sort}Fill in and opentitleauthorqpagesizesortOpen', false],
        ['batchCreate: /books:batchCreate (takes POST: not a page to open)', false],
      ],
    );
    await click(page, '#message', 'Browse the books');
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the books');
    assert.equal(await page.evaluate('document.title'), 'Books, page 1 of 1 · Book catalogue explorer');
    await click(page, '#books', 'Animal Farm');
    await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the book');
    assert.equal(await page.evaluate('document.title'), 'Animal Farm · Book catalogue explorer');
  });

  it('tells a taken ISBN at its field, linked to that book, and a taken title and author at the title, linked to a search', async () => {
    const { page } = await tabs.open({}, '');
    await fill(page, 'isbn', '1-2-3');
    await fill(page, 'title', 'Another');
    await fill(page, 'author', 'Some One');
    await submit(page);
    await page.waitFor(`!document.getElementById('error-isbn').hidden`, 'the 409 at the ISBN');
    assert.equal(await page.evaluate(text('error-isbn')), 'Book already exists for ISBN: 1-2-3 Show the book with this ISBN');
    assert.equal(await page.evaluate('document.activeElement.id'), 'field-isbn');
    await screenshotsAt(page, 'field-errors');
    await click(page, '#error-isbn', 'Show the book with this ISBN');
    await page.waitFor(`${settledHeading} === 'Animal Farm'`, 'the existing book');

    await fill(page, 'isbn', '5-5-5');
    await fill(page, 'title', 'Animal Farm');
    await fill(page, 'author', 'George Orwell');
    await submit(page);
    await page.waitFor(`!document.getElementById('error-title').hidden`, 'the 409 at the title');
    assert.equal(
      await page.evaluate(text('error-title')),
      'Book already exists with title: Animal Farm and author: George Orwell Show the books with this title',
    );
    await click(page, '#error-title', 'Show the books with this title');
    await page.waitFor(`${settledHeading} === 'Books matching “Animal Farm”, page 1 of 1'`, 'the search');
  });

  it('says a catalogue with no books is empty, not in error, invites the first book, draws the Add form and adds it', async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'empty.json');
    writeFileSync(file, '[]');
    const { server, page } = await tabs.open({ SEED_FILE: file }, `#uri=${encodeURIComponent('/books?page=0&size=20')}`);
    // The empty list is no error: it says so and invites the first book.
    await page.waitFor(`${settledHeading} === 'No books yet'`, 'the empty catalogue');
    assert.deepEqual(
      await page.evaluate(`[document.getElementById('problem').textContent, document.getElementById('message').textContent]`),
      ['', 'The catalogue holds no books. Add the first with the form: its ISBN, its title and its author.Add a book'],
    );
    await page.evaluate(`[...document.querySelectorAll('#message button')].find((b) => b.textContent === 'Add a book').click()`);
    assert.equal(await page.evaluate('document.activeElement.id'), 'field-isbn');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#add input')].map((input) => [input.name, input.required])`), [
      ['isbn', true],
      ['title', true],
      ['author', false],
      ['authorFirstName', false],
      ['authorLastName', false],
    ]);
    await fill(page, 'isbn', '1-1-1');
    await fill(page, 'title', 'The First');
    await fill(page, 'author', 'Ann Lee');
    await submit(page);
    await page.waitFor(`document.getElementById('status').textContent === '201 Created'`, 'the 201');
    assert.equal((await fetch(`${server.base}/books/1-1-1`)).status, 200);
  });

  it('puts the pager below a long page of books too, and only there where the page is long', async () => {
    const { server, page } = await tabs.open({}, '');
    for (let i = 0; i < 12; i++) {
      await fetch(`${server.base}/books`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ isbn: `p-${i}`, title: `Paged ${i}`, author: 'Ann Lee' }),
      });
    }
    await page.evaluate(`location.hash = '#uri=' + encodeURIComponent('/books?page=0&size=20')`);
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 1'`, 'the long page');
    assert.deepEqual(await page.evaluate(`[...document.querySelectorAll('#paging-below nav > *')].map((node) => node.textContent)`), [
      'First',
      'Previous',
      'Next',
      'Last',
    ]);
    await page.evaluate(`location.hash = '#uri=' + encodeURIComponent('/books?page=0&size=10')`);
    await page.waitFor(`${settledHeading} === 'Books, page 1 of 2'`, 'a page of ten');
    assert.equal(await page.evaluate(`document.getElementById('paging-below').hidden`), true);
  });
});
