/**
 * Examples for the OpenAPI document: real requests, and the answers a fresh service with the
 * built-in fixture gives them at the document's server URL. test/openapi.test.ts replays each.
 */
import { BODY_LIMIT } from '../../core/request.ts';
import { type Failure, type FieldError, fail, Problem } from '../../core/failures.ts';
import { SEARCH_QUERY } from '../../core/hal.ts';
import { parseListing } from '../../core/listing.ts';
import { parseQuery } from '../../core/request.ts';
import { jsonEntityTag } from '../../core/send.ts';
import type { Json } from './schemas.ts';

// The address of a local run (make run). Not "localhost": linters take that for a placeholder.
export const SERVER_URL = 'http://127.0.0.1:8080';

/** An Example Object; the summary names the request that gets this answer. */
export const example = (summary: string, value: unknown): Json => ({ summary, value });
/** 'POST /books with the request example "created"': the summary of the answer to a request example. */
const to = (name: string, request = 'POST /books'): string => `${request} with the request example "${name}"`;

export const link = (path: string): Json => ({ href: `${SERVER_URL}${path}` });
const SEARCH = `/books${SEARCH_QUERY}`;

export const book = (isbn: string, title: string, first: string, last: string): Json => ({
  isbn,
  title,
  author: `${first} ${last}`,
  authorFirstName: first,
  authorLastName: last,
  _links: { self: link(`/books/${isbn}`), books: link('/books?title=') },
});

const ORWELL = book('1-2-3', 'Animal Farm', 'George', 'Orwell');
const TOLKIEN = book('4-5-6', 'The Lord of the Rings', 'JRR', 'Tolkien');
const LEE = book('7-8-9', 'To Kill a Mockingbird', 'Harper', 'Lee');

/** The problem document the service answers a failure with, as JSON would carry it. */
export const problem = (failure: Failure, instance: string): Json => JSON.parse(JSON.stringify(fail(failure).toJSON(instance))) as Json;
/** A problem a room answers with, of no particular type: its title is the status phrase node sends. */
const plain = (status: number, detail: string, instance: string): Json => new Problem(status, detail).toJSON(instance) as Json;
const notFound = (isbn: string): Json => problem({ reason: 'not-found', isbn }, `/books/${isbn}`);

/** `GET /books?page=-1&size=5000&sort=price`: each parameter is wrong. */
const PARAMETERS = (parseListing(parseQuery('page=-1&size=5000&sort=price')) as { errors: readonly FieldError[] }).errors;

export const collection = (books: readonly Json[]): Json => ({
  _embedded: { bookDTOList: books },
  _links: { self: link('/books?title=') },
});

/** Request bodies of POST /books; each name also names the answer it gets. */
export const requestExamples: Record<string, Json> = {
  created: example('A version 1 client names the author in one field', {
    isbn: '978-0-14-118776-1',
    title: 'Nineteen Eighty-Four',
    author: 'George Orwell',
  }),
  createdWithNames: example('A version 2 client names the author in two fields', {
    isbn: '978-0-06-085052-4',
    title: 'Brave New World',
    authorFirstName: 'Aldous',
    authorLastName: 'Huxley',
  }),
  isbnTaken: example('The isbn of a book already in the catalogue', {
    isbn: '1-2-3',
    title: 'Homage to Catalonia',
    author: 'George Orwell',
  }),
  sameTitleAndAuthor: example('The title and author of a book already in the catalogue', {
    isbn: '978-0-45-228423-4',
    title: 'Animal Farm',
    authorFirstName: 'George',
    authorLastName: 'Orwell',
  }),
};

export const examples = {
  root: {
    root: example('GET /', { _links: { self: link('/'), books: link('/books?title='), search: { ...link(SEARCH), templated: true } } }),
  },
  health: { up: example('GET /health', { status: 'UP' }) },
  books: {
    allBooks: example('GET /books', collection([ORWELL, TOLKIEN, LEE])),
    titleFilter: example('GET /books?title=lord (case-insensitive)', collection([TOLKIEN])),
    pageWithSort: example('GET /books?page=1&size=2&sort=author (by last name: Lee, Orwell, Tolkien)', {
      _embedded: { bookDTOList: [TOLKIEN] },
      _links: {
        first: link('/books?title=&page=0&size=2&sort=author'),
        prev: link('/books?title=&page=0&size=2&sort=author'),
        self: link('/books?title=&page=1&size=2&sort=author'),
        last: link('/books?title=&page=1&size=2&sort=author'),
      },
      page: { size: 2, totalElements: 3, totalPages: 2, number: 1 },
    }),
  },
  badParameters: {
    badParameters: example('GET /books?page=-1&size=5000&sort=price', problem({ reason: 'bad-parameters', errors: PARAMETERS }, '/books')),
  },
  noBooks: {
    noBooksForTitle: example('GET /books?title=Dune', problem({ reason: 'no-books', title: 'Dune' }, '/books')),
  },
  book: { book: example('GET /books/4-5-6', TOLKIEN) },
  unknownIsbn: { unknownIsbn: example('GET /books/0-0-0', notFound('0-0-0')) },
  malformedPath: { malformedPath: example('GET /books/%zz', problem({ reason: 'malformed-path' }, '/books/%zz')) },
  created: {
    created: example(to('created'), book('978-0-14-118776-1', 'Nineteen Eighty-Four', 'George', 'Orwell')),
    createdWithNames: example(to('createdWithNames'), book('978-0-06-085052-4', 'Brave New World', 'Aldous', 'Huxley')),
  },
  postBadRequest: {
    validationFailed: example(
      'POST /books with {"isbn": " ", "title": "Dune"}',
      problem(
        {
          reason: 'invalid',
          errors: [
            { pointer: '#/isbn', detail: 'isbn must be provided' },
            { pointer: '#/author', detail: 'author must be provided' },
          ],
        },
        '/books',
      ),
    ),
    invalidJson: example('POST /books with the body {"isbn":', problem({ reason: 'invalid-json' }, '/books')),
    notAnObject: example('POST /books with the body []', problem({ reason: 'not-an-object' }, '/books')),
  },
  conflict: {
    isbnTaken: example(to('isbnTaken'), problem({ reason: 'isbn-taken', isbn: '1-2-3' }, '/books')),
    sameTitleAndAuthor: example(
      to('sameTitleAndAuthor'),
      problem({ reason: 'duplicate', title: 'Animal Farm', firstName: 'George', lastName: 'Orwell' }, '/books'),
    ),
  },
  tooLarge: { tooLarge: example('POST /books with a 20000-byte body', problem({ reason: 'too-large', limit: BODY_LIMIT }, '/books')) },
  unsupportedType: {
    unsupportedType: example('POST /books with Content-Type: text/plain', problem({ reason: 'unsupported-type' }, '/books')),
  },
  full: {
    catalogueFull: example(
      'POST /books with the request example "created", when MAX_BOOKS=3',
      problem({ reason: 'full', capacity: 3 }, '/books'),
    ),
  },
  // The token room's answer, replayed by its test as every example is.
  unauthorized: (method: string, path: string): Json => ({
    unauthorized: example(
      `${method} ${path} without Authorization, when API_TOKEN is set`,
      plain(401, 'This request needs the header Authorization: Bearer <token>, with the right token', path),
    ),
  }),
  expectationFailed: (path: string): Json => ({
    expectationFailed: example(`A request for ${path} with Expect: 200-ok`, problem({ reason: 'expectation-failed' }, path)),
  }),
} as const;

/** Request bodies of PUT /books/{isbn} (api.md, Editing); each name also names the answer it gets. */
export const putRequestExamples: Record<string, Json> = {
  replaced: example('A new title for the book at /books/4-5-6', {
    isbn: '4-5-6',
    title: 'The Fellowship of the Ring',
    author: 'JRR Tolkien',
  }),
  isbnMismatch: example('A body whose isbn is not the path’s', { isbn: '9-9-9', title: 'Dune', author: 'Frank Herbert' }),
  sameTitleAndAuthor: example('The title and author of another book', { isbn: '4-5-6', title: 'Animal Farm', author: 'George Orwell' }),
};

/** What a GET of /books/4-5-6 answers with the fixture: the tag an edit of it must name. */
const TOLKIEN_TAG = jsonEntityTag(TOLKIEN);

export const editExamples = {
  replaced: { replaced: example(to('replaced', 'PUT /books/4-5-6'), book('4-5-6', 'The Fellowship of the Ring', 'JRR', 'Tolkien')) },
  putBadRequest: {
    isbnMismatch: example(
      to('isbnMismatch', 'PUT /books/4-5-6'),
      problem({ reason: 'invalid', errors: [{ pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' }] }, '/books/4-5-6'),
    ),
  },
  unknownIsbn: {
    unknownIsbn: example('PUT /books/0-0-0 with {"isbn": "0-0-0", "title": "Dune", "author": "Frank Herbert"}', notFound('0-0-0')),
  },
  conflict: {
    sameTitleAndAuthor: example(
      to('sameTitleAndAuthor', 'PUT /books/4-5-6'),
      problem({ reason: 'duplicate', title: 'Animal Farm', firstName: 'George', lastName: 'Orwell' }, '/books/4-5-6'),
    ),
  },
  changed: (method: string): Json => ({
    changed: example(
      `${method} /books/4-5-6 with If-Match: "stale", a tag the book no longer has`,
      problem({ reason: 'changed', etag: TOLKIEN_TAG }, '/books/4-5-6'),
    ),
  }),
  absent: { absent: example('DELETE /books/0-0-0 with If-Match: *', problem({ reason: 'absent' }, '/books/0-0-0')) },
} as const;
