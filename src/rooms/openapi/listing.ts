/**
 * The listing operation, `GET /books`: its filters, sort and paging (api.md, Listing), with the
 * service's real answers as examples.
 */
import type { FieldTable } from '../../core/fields.ts';
import { SEARCH_QUERY } from '../../core/hal.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, MAX_QUERY_WORDS } from '../../core/listing.ts';
import { HAL_TYPE } from '../../core/send.ts';
import { examples } from './examples.ts';
import { common, IF_NONE_MATCH, MALFORMED, notModified, ok, problem, PUBLIC, type Json } from './schemas.ts';

/** "title, isbn or author (authorLastName, then authorFirstName)" */
function sortsInWords(table: FieldTable): string {
  const words = table.sorts.map(({ key, by }) => (by.length === 1 && by[0] === key ? key : `${key} (${by.join(', then ')})`));
  return words.length > 1 ? `${words.slice(0, -1).join(', ')} or ${words.at(-1) as string}` : words.join('');
}

const query = (name: string, description: string, schema: Json, more: Json = {}): Json => ({
  name,
  in: 'query',
  description,
  schema,
  ...more,
});

const NOT_GIVEN = 'Empty or whitespace-only means not given: no filter, and links and messages leave it out.';

export function listOperation(table: FieldTable): Json {
  return {
    operationId: 'listBooks',
    security: PUBLIC,
    tags: ['books'],
    summary: 'List or search books',
    description:
      'All books, or those that pass every filter given (title, author, q); sorted with sort, paged with page and size. ' +
      'Without page, size and sort, books come in insertion order (the fixture first). An empty result is a 404. ' +
      `The API root links here as search, an RFC 6570 template: {base_url}/books${SEARCH_QUERY}.`,
    parameters: [
      query(
        'title',
        'Case-insensitive substring of the title, used as given (not trimmed); empty or whitespace-only means every book.',
        { type: 'string' },
        { example: 'lord' },
      ),
      query(
        'author',
        `Case-insensitive substring of the author as a GET shows it (author, or the names joined with a space), used as given. ${NOT_GIVEN}`,
        { type: 'string' },
        { example: 'tolkien' },
      ),
      query(
        'q',
        `Words, split at whitespace, each contained (case-insensitively) in the title or in the shown author, in any order; at most ${MAX_QUERY_WORDS} words. ${NOT_GIVEN}`,
        // At most MAX_QUERY_WORDS runs of non-whitespace, whitespace around them free.
        { type: 'string', pattern: `^\\s*(?:\\S+\\s+){0,${MAX_QUERY_WORDS - 1}}(?:\\S+\\s*)?$` },
        { example: 'tolkien rings' },
      ),
      query('page', 'Page number, from 0. With page or size the collection is paged.', { type: 'integer', minimum: 0 }),
      query('size', 'Books per page.', { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE, default: DEFAULT_PAGE_SIZE }),
      query(
        'sort',
        `Order by ${sortsInWords(table)}, ascending unless ,desc; text case- and accent-insensitive with numbers in it by value, integers by value, a missing value last; ties in insertion order.`,
        { type: 'string', enum: table.sorts.flatMap(({ key }) => [key, `${key},asc`, `${key},desc`]) },
      ),
      IF_NONE_MATCH,
    ],
    responses: {
      '200': ok('the books found.', HAL_TYPE, 'BookCollection', examples.books),
      '304': notModified,
      '404': problem(
        404,
        'no book passes the filters, or the page lies past the last one; the detail names each filter given, in the order title, author, q.',
        examples.noBooks,
      ),
      ...common(
        '/books',
        problem(
          400,
          `a bad query parameter, q of more than ${MAX_QUERY_WORDS} words among them (each is named in errors), or: ${MALFORMED}`,
          examples.badParameters,
        ),
      ),
    },
  };
}
