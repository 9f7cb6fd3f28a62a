/**
 * The table of fields drives the fields. A copy of the table with one more row, an optional
 * integer `year` from 0 to 2100 that books can be sorted by, goes through the real validator,
 * catalogue, store, views, links and OpenAPI builder: the field is validated, stored, returned,
 * sortable and documented, though the service itself has no such field.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { type BookFields, toBook, toFields } from '../../src/books/book.ts';
import { addBook } from '../../src/books/catalogue.ts';
import { FIELDS, type FieldTable } from '../../src/books/fields.ts';
import { sortComparisons } from '../../src/books/order.ts';
import { IndexedBookStore } from '../../src/books/indexed/store.ts';
import { type SortOrder } from '../../src/books/store.ts';
import { validateBook } from '../../src/books/validate.ts';
import { renderBook } from '../../src/hal.ts';
import { openApiDocument } from '../../src/openapi/document.ts';
import { WITH_YEAR } from '../helpers/year.ts';

const DUNE = { isbn: 'd-1', title: 'Dune', author: 'Frank Herbert' };
type Json = Record<string, unknown>;

describe('a table with one more field, an optional integer year', () => {
  it('validates it by its type and limits, after the fields before it and before the author rule', async () => {
    assert.deepEqual(validateBook({ ...DUNE, year: 1965 }, WITH_YEAR), {
      ok: true,
      book: { ...DUNE, year: 1965 },
    });
    for (const year of [undefined, null, 0, 2100]) assert.equal(validateBook({ ...DUNE, year }, WITH_YEAR).ok, true, String(year));
    for (const year of ['1965', 1965.5, true, [1965], Number.NaN, Infinity]) {
      assert.deepEqual(validateBook({ ...DUNE, year }, WITH_YEAR), {
        ok: false,
        errors: [{ pointer: '#/year', detail: 'year must be an integer' }],
      });
    }
    for (const year of [-1, 2101]) {
      assert.deepEqual(validateBook({ ...DUNE, year }, WITH_YEAR), {
        ok: false,
        errors: [{ pointer: '#/year', detail: 'year must be from 0 to 2100' }],
      });
    }
    assert.deepEqual(validateBook({ isbn: ' ', title: 'Dune', year: 'x' }, WITH_YEAR), {
      ok: false,
      errors: [
        { pointer: '#/isbn', detail: 'isbn must be provided' },
        { pointer: '#/year', detail: 'year must be an integer' },
        { pointer: '#/author', detail: 'author must be provided' },
      ],
    });
    // The service's own table knows no year: the field is ignored, like any unknown field.
    assert.deepEqual(validateBook({ ...DUNE, year: 'x' }), { ok: true, book: DUNE });
  });

  it('stores it and returns it, after the author fields, and leaves it out where it was not given', async () => {
    const store = new IndexedBookStore(10);
    const added = addBook(store, { ...DUNE, year: 1965 }, WITH_YEAR);
    assert.ok('added' in added);
    const stored = store.get('d-1') as BookFields & { year?: number };
    assert.equal(stored.year, 1965);
    const view = toBook(stored, WITH_YEAR);
    assert.deepEqual(Object.keys(view), ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', 'year']);
    assert.equal(
      JSON.stringify(renderBook(view, 'http://h')),
      '{"isbn":"d-1","title":"Dune","author":"Frank Herbert","authorFirstName":"Frank","authorLastName":"Herbert","year":1965,' +
        '"_links":{"self":{"href":"http://h/books/d-1"},"books":{"href":"http://h/books?title="}}}',
    );
    assert.ok('added' in addBook(store, { isbn: 'n-1', title: 'No year', author: 'A B', year: null }, WITH_YEAR));
    assert.deepEqual(toBook(store.get('n-1') as BookFields, WITH_YEAR), {
      isbn: 'n-1',
      title: 'No year',
      author: 'A B',
      authorFirstName: 'A',
      authorLastName: 'B',
    });
    // The service's own view shows only its own fields.
    assert.deepEqual(Object.keys(toBook(stored)), ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName']);
  });

  const years = [2001, undefined, 1950, 1984, 1950];
  const records = years.map((year, index) =>
    toFields(validateBookOrFail({ isbn: `y-${index}`, title: `T ${index}`, author: 'A B', year }), WITH_YEAR),
  );

  it('sorts by it: by value, a book without one after every book with one', async () => {
    const compare = sortComparisons(WITH_YEAR).get('year');
    assert.ok(compare);
    // Array.prototype.sort is stable: the two 1950s keep their order, as the store's ties do.
    assert.deepEqual(
      [...records].sort(compare).map((record) => record.isbn),
      ['y-2', 'y-4', 'y-3', 'y-0', 'y-1'],
    );
    // Each way round: a sort may compare the book without a year on either side.
    const [with2001, without] = records as [BookFields, BookFields];
    assert.deepEqual([compare(without, with2001), compare(with2001, without), compare(without, without)], [1, -1, 0]);
  });

  it('sorts by it in the real store, which takes its comparisons from the table', async () => {
    const store = new IndexedBookStore(10, WITH_YEAR);
    for (const record of records) store.add(record);
    const sort = { key: 'year', descending: true } as unknown as SortOrder;
    assert.deepEqual(
      (await store.find({ sort })).books.map((book) => book.isbn),
      ['y-1', 'y-0', 'y-3', 'y-2', 'y-4'],
    );
  });

  it('documents it: in the body a client sends, in the book it reads, and among the sort choices', async () => {
    const doc = openApiDocument(WITH_YEAR) as { components: { schemas: Record<string, Json> }; paths: Record<string, Json> };
    const { BookInput, Book } = doc.components.schemas as Record<string, { properties: Json; required: string[] }>;
    assert.deepEqual(BookInput?.properties.year, {
      type: ['integer', 'null'],
      minimum: 0,
      maximum: 2100,
      title: 'Year',
      description: 'The year of publication.',
    });
    assert.deepEqual(BookInput?.required, ['isbn', 'title']);
    assert.deepEqual(Book?.properties.year, { type: 'integer', description: 'The year of publication.' });
    assert.deepEqual(Book?.required, ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', '_links']);
    const list = (doc.paths['/books'] as { get: { parameters: Json[] } }).get;
    const sort = list.parameters.find((parameter) => parameter.name === 'sort') as { schema: { enum: string[] }; description: string };
    assert.deepEqual(sort.schema.enum.slice(-3), ['year', 'year,asc', 'year,desc']);
    assert.match(sort.description, /^Order by title, isbn, author \(authorLastName, then authorFirstName\) or year,/);
    // The service's own document has none of it.
    const own = openApiDocument() as { components: { schemas: Record<string, { properties: Json }> } };
    assert.equal(own.components.schemas.BookInput?.properties.year, undefined);
  });
});

describe('the table of fields itself', () => {
  it('names in its groups and sorts only fields it has', async () => {
    const table: FieldTable = FIELDS;
    const names = new Set(table.rows.map((field) => field.name));
    for (const group of table.groups) {
      for (const name of group.alternatives.flat()) assert.ok(names.has(name), `${group.name}: ${name}`);
      assert.ok(
        table.rows.some((field) => field.group === group.name),
        group.name,
      );
    }
    for (const sort of table.sorts) for (const name of sort.by) assert.ok(names.has(name), `${sort.key}: ${name}`);
    assert.throws(
      () => sortComparisons({ ...FIELDS, sorts: [{ key: 'price', by: ['price'] }] }),
      /the sort price compares price, which is no field of the table/,
    );
  });
});

function validateBookOrFail(body: Json): Parameters<typeof toFields>[0] {
  const validation = validateBook(body, WITH_YEAR);
  assert.ok(validation.ok);
  return validation.book;
}
