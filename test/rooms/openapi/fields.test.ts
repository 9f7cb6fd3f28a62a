/**
 * The OpenAPI document follows the table of fields: a table with one more field, an optional
 * integer `year`, is documented in the body a client sends, the book it reads and the sort choices.
 */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { WITH_YEAR } from '../../helpers/year.ts';
import { serviceDocument } from './service-document.ts';

type Json = Record<string, unknown>;

describe('a table with one more field, an optional integer year', () => {
  it('documents it: in the body a client sends, in the book it reads, and among the sort choices', async () => {
    const doc = serviceDocument(WITH_YEAR) as { components: { schemas: Record<string, Json> }; paths: Record<string, Json> };
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
    const own = serviceDocument() as { components: { schemas: Record<string, { properties: Json }> } };
    assert.equal(own.components.schemas.BookInput?.properties.year, undefined);
  });
});
