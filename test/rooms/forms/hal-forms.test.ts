/** api.md, Forms: HAL-FORMS by content negotiation on the collection and on a book, with whole bodies. */
import assert from 'node:assert/strict';
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { after, before, describe, it } from 'node:test';

import { forms } from '../../../src/rooms/forms/room.ts';
import { bookTemplates, collectionTemplates } from '../../../src/rooms/forms/templates.ts';
import { WITH_YEAR } from '../../helpers/year.ts';
import { BOOK_NOT_FOUND, expectedBook, expectedCollection, expectedProblem, FIXTURE_BOOKS, ORWELL } from '../../helpers/books.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';

const FORMS = 'application/prs.hal-forms+json';

/** The properties of a form, from the table of fields in its order; `values` fills the Edit form. */
function properties(values?: Record<string, string>): object[] {
  const rows = [
    { name: 'isbn', prompt: 'ISBN', required: true, maxLength: 64 },
    { name: 'title', prompt: 'Title', required: true, maxLength: 512 },
    { name: 'author', prompt: 'Author, or both First name and Last name', maxLength: 256 },
    { name: 'authorFirstName', prompt: 'First name', maxLength: 256 },
    { name: 'authorLastName', prompt: 'Last name', maxLength: 256 },
  ];
  if (values === undefined) return rows;
  return rows.map((row) => ({
    ...row,
    ...(row.name === 'isbn' ? { readOnly: true } : {}),
    ...(values[row.name] ? { value: values[row.name] } : {}),
  }));
}

const addForm = (base: string): object => ({
  default: { title: 'Add a book', method: 'POST', contentType: 'application/json', target: `${base}/books`, properties: properties() },
});

const bookForms = (base: string, book: Record<string, string>): object => ({
  default: {
    title: 'Edit the book',
    method: 'PUT',
    contentType: 'application/json',
    target: `${base}/books/${encodeURIComponent(book.isbn as string)}`,
    properties: properties(book),
  },
  delete: {
    title: 'Delete the book',
    method: 'DELETE',
    target: `${base}/books/${encodeURIComponent(book.isbn as string)}`,
    properties: [],
  },
});

describe(`HAL-FORMS`, () => {
  let server: TestServer;
  // Seventy books: more than the collection sends as one JSON text, so the stream carries the form too.
  const books = Array.from({ length: 70 }, (_, i) => ({ isbn: `s-${i}`, title: `Seeded ${i}`, author: `Ann Lee${i}` }));
  before(async () => {
    const file = join(mkdtempSync(join(tmpdir(), 'books-')), 'seed.json');
    // A seed file stands in for the fixture, so the fixture's books come first in it.
    writeFileSync(file, JSON.stringify([...FIXTURE_BOOKS.map(({ isbn, title, author }) => ({ isbn, title, author })), ...books]));
    server = await startServer({ SEED_FILE: file }, { rooms: [forms] });
  });
  after(() => server.close());

  const get = (path: string, accept?: string): Promise<Response> => fetch(`${server.base}${path}`, { headers: accept ? { accept } : {} });

  it('a book asked for in HAL-FORMS: the HAL body plus Edit, with the values a GET shows, and Delete', async () => {
    const response = await get('/books/1-2-3', FORMS);
    assert.deepEqual([response.status, response.headers.get('content-type'), response.headers.get('vary')], [200, FORMS, 'Accept']);
    assert.deepEqual(await response.json(), { ...expectedBook(server.base, ORWELL), _templates: bookForms(server.base, ORWELL) });
    // A book whose names the view shows empty leaves those values out.
    await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'a b/?', title: 'Mononym', author: 'Plato' }),
    }).then((r) => assert.equal(r.status, 400));
    await fetch(`${server.base}/books`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ isbn: 'a b?', title: 'Mononym', author: 'Plato' }),
    });
    const plato = { isbn: 'a b?', title: 'Mononym', author: 'Plato', authorFirstName: 'Plato', authorLastName: '' };
    assert.deepEqual(await (await get(`/books/${encodeURIComponent('a b?')}`, FORMS)).json(), {
      ...expectedBook(server.base, plato, encodeURIComponent('a b?')),
      _templates: bookForms(server.base, plato),
    });
    await fetch(`${server.base}/books/${encodeURIComponent('a b?')}`, { method: 'DELETE' });
  });

  it('the collection, paged or not, small or streamed, gets the Add form after everything HAL has', async () => {
    const paged = await get('/books?title=animal&page=0&size=5', FORMS);
    assert.equal(paged.headers.get('content-type'), FORMS);
    const self = `${server.base}/books?title=animal&page=0&size=5`;
    assert.deepEqual(await paged.json(), {
      _embedded: { bookDTOList: [expectedBook(server.base, ORWELL)] },
      _links: { first: { href: self }, self: { href: self }, last: { href: self } },
      page: { size: 5, totalElements: 1, totalPages: 1, number: 0 },
      _templates: addForm(server.base),
    });
    const whole = await get('/books', FORMS);
    const text = await whole.text();
    const all = [...FIXTURE_BOOKS, ...books.map((book) => ({ ...book, authorFirstName: 'Ann', authorLastName: book.author.slice(4) }))];
    assert.deepEqual(JSON.parse(text), { ...expectedCollection(server.base, all), _templates: addForm(server.base) });
    assert.ok(text.endsWith(`${JSON.stringify({ _templates: addForm(server.base) }).slice(1)}`), 'the form comes last');
  });

  it('chooses by q-values as RFC 9110 reads them; on equal q HAL-FORMS wins; anyone else gets HAL as before', async () => {
    const cases: [string | undefined, string][] = [
      [undefined, 'application/hal+json'],
      ['*/*', 'application/hal+json'],
      ['application/json', 'application/hal+json'],
      [FORMS, FORMS],
      [`${FORMS}, application/hal+json`, FORMS],
      [`application/hal+json, ${FORMS};q=0.9`, 'application/hal+json'],
      // HAL's q is that of the most specific range naming it: application/json here, not */*.
      [`${FORMS};q=0.5, application/json;q=0.4, */*`, FORMS],
      [`${FORMS};q=0.5, */*`, 'application/hal+json'],
      [`${FORMS};q=0.5, application/hal+json;q=0.4, */*`, FORMS],
      [`${FORMS};q=0.5, application/*;q=0.5`, FORMS],
      [`${FORMS};q=0`, 'application/hal+json'],
      [`${FORMS};q=2`, 'application/hal+json'],
      [`APPLICATION/PRS.HAL-FORMS+JSON`, FORMS],
      ['application/prs.hal-forms+jsonx', 'application/hal+json'],
      // api.md, Limits, rule 9: a comma or semicolon inside a quoted string splits nothing, and
      // only the first 64 ranges count.
      [`${FORMS};foo="a,b";q=0.1, application/hal+json`, 'application/hal+json'],
      [`${FORMS};foo="a;q=0.1, x";q=0.9, application/hal+json;q=0.5`, FORMS],
      [`${FORMS};foo="a\\"b,c";q=0.1, application/hal+json`, 'application/hal+json'],
      [`${'text/plain, '.repeat(63)}${FORMS}`, FORMS],
      [`${'text/plain, '.repeat(64)}${FORMS}`, 'application/hal+json'],
      [`${'text/plain;q=0.1;a=b, '.repeat(700)}${FORMS}`, 'application/hal+json'],
    ];
    for (const [accept, type] of cases) {
      const response = await get('/books/1-2-3', accept);
      assert.equal(response.headers.get('content-type'), type, String(accept));
      await response.arrayBuffer();
    }
  });

  it('two representations, two strong ETags; every answer of both resources varies by Accept, 304s and problems too', async () => {
    for (const path of ['/books/1-2-3', '/books?title=farm', '/books?page=0']) {
      const hal = await get(path);
      const forms = await get(path, FORMS);
      const [halTag, formsTag] = [hal.headers.get('etag') as string, forms.headers.get('etag') as string];
      assert.ok(!halTag.startsWith('W/') && !formsTag.startsWith('W/') && halTag !== formsTag, `${path}: ${halTag} ${formsTag}`);
      const notModified = await fetch(`${server.base}${path}`, { headers: { accept: FORMS, 'if-none-match': formsTag } });
      assert.deepEqual([notModified.status, notModified.headers.get('vary')], [304, 'Accept']);
      const other = await fetch(`${server.base}${path}`, { headers: { accept: FORMS, 'if-none-match': halTag } });
      assert.equal(other.status, 200);
      await Promise.all([hal, forms, other].map((response) => response.arrayBuffer()));
    }
    const missing = await get('/books/nope', FORMS);
    assert.deepEqual(
      [missing.status, missing.headers.get('vary'), await missing.json()],
      [404, 'Accept', expectedProblem(404, 'Book not found', 'Book cannot be found for ISBN: nope', '/books/nope', BOOK_NOT_FOUND)],
    );
    const bad = await get('/books?size=0', FORMS);
    assert.deepEqual([bad.status, bad.headers.get('vary')], [400, 'Accept']);
    const written = await fetch(`${server.base}/books/s-1`, { method: 'DELETE' });
    assert.equal(written.headers.get('vary'), 'Accept');
    assert.equal((await get('/health')).headers.get('vary'), null);
  });
});

describe('HAL-FORMS properties from another table of fields', () => {
  it('a field the table adds is a property in its place; an integer field has type number, and its value is the number', () => {
    const base = 'http://books.example';
    const [add] = [collectionTemplates(base, WITH_YEAR).default.properties.at(-1)];
    assert.deepEqual(add, { name: 'year', prompt: 'Year', type: 'number' });
    const book = { isbn: '1', title: 'T', author: 'A B', authorFirstName: 'A', authorLastName: 'B', year: 1974 };
    assert.deepEqual(bookTemplates(book, base, WITH_YEAR).default.properties.at(-1), {
      name: 'year',
      prompt: 'Year',
      type: 'number',
      value: 1974,
    });
  });
});
