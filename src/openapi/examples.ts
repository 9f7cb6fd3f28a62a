/**
 * Examples for the OpenAPI document: real requests, and the answers a fresh service with the
 * built-in fixture gives them at the document's server URL. test/openapi.test.ts replays each.
 */
import { STATUS_CODES } from 'node:http';
import { SORT_KEYS } from '../books/fields.ts';
import { BODY_LIMIT } from '../http/body.ts';
import { SEARCH_QUERY } from '../hal.ts';
import { jsonEntityTag } from '../http/respond.ts';
import { MAX_PAGE_SIZE } from '../listing.ts';
import { BOOK_MESSAGES, FIELD_MESSAGES, PARAMETER_MESSAGES, REQUEST_MESSAGES } from '../messages.ts';
import { joinDetails } from '../http/problem.ts';
import { OUTCOMES } from '../outcomes.ts';
import type { Json } from './schemas.ts';

// The address of a local run (make run). Not "localhost": linters take that for a placeholder.
export const SERVER_URL = 'http://127.0.0.1:8080';

/** An Example Object; the summary names the request that gets this answer. */
const example = (summary: string, value: unknown): Json => ({ summary, value });
/** 'POST /books with the request example "created"': the summary of the answer to a request example. */
const to = (name: string, request = 'POST /books'): string => `${request} with the request example "${name}"`;

const link = (path: string): Json => ({ href: `${SERVER_URL}${path}` });
const SEARCH = `/books${SEARCH_QUERY}`;

const book = (isbn: string, title: string, first: string, last: string): Json => ({
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

type Kind = { readonly type: string; readonly title: string };
const problem = (kind: Kind, status: number, detail: string, instance: string, errors?: readonly Json[]): Json =>
  errors ? { ...kind, status, detail, instance, errors } : { ...kind, status, detail, instance };
/** A problem of no particular type: its title is the status phrase node sends. */
const plain = (status: number, detail: string, instance: string): Json =>
  problem({ type: 'about:blank', title: STATUS_CODES[status] ?? '' }, status, detail, instance);
const notFound = (isbn: string): Json => problem(OUTCOMES['not-found'], 404, BOOK_MESSAGES.notFound(isbn), `/books/${isbn}`);

/** `GET /books?page=-1&size=5000&sort=price`: each parameter is wrong. */
const PARAMETERS = [
  { parameter: 'page', detail: PARAMETER_MESSAGES.page },
  { parameter: 'size', detail: PARAMETER_MESSAGES.size(MAX_PAGE_SIZE) },
  { parameter: 'sort', detail: PARAMETER_MESSAGES.sort(SORT_KEYS) },
];

const collection = (books: readonly Json[]): Json => ({ _embedded: { bookDTOList: books }, _links: { self: link('/books?title=') } });

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
    badParameters: example(
      'GET /books?page=-1&size=5000&sort=price',
      problem({ type: 'about:blank', title: 'Bad Request' }, 400, joinDetails(PARAMETERS), '/books', PARAMETERS),
    ),
  },
  noBooks: {
    noBooksForTitle: example(
      'GET /books?title=Dune',
      problem(OUTCOMES['not-found'], 404, BOOK_MESSAGES.noBooksFor([['title', 'Dune']]), '/books'),
    ),
  },
  book: { book: example('GET /books/4-5-6', TOLKIEN) },
  unknownIsbn: { unknownIsbn: example('GET /books/0-0-0', notFound('0-0-0')) },
  malformedPath: { malformedPath: example('GET /books/%zz', plain(400, REQUEST_MESSAGES.malformedPathEscape, '/books/%zz')) },
  created: {
    created: example(to('created'), book('978-0-14-118776-1', 'Nineteen Eighty-Four', 'George', 'Orwell')),
    createdWithNames: example(to('createdWithNames'), book('978-0-06-085052-4', 'Brave New World', 'Aldous', 'Huxley')),
  },
  postBadRequest: {
    validationFailed: example(
      'POST /books with {"isbn": " ", "title": "Dune"}',
      problem(OUTCOMES.invalid, 400, `${FIELD_MESSAGES.isbn.missing}; ${BOOK_MESSAGES.authorMissing}`, '/books', [
        { pointer: '#/isbn', detail: FIELD_MESSAGES.isbn.missing },
        { pointer: '#/author', detail: BOOK_MESSAGES.authorMissing },
      ]),
    ),
    invalidJson: example('POST /books with the body {"isbn":', plain(400, REQUEST_MESSAGES.invalidJson, '/books')),
    notAnObject: example('POST /books with the body []', plain(400, REQUEST_MESSAGES.notAnObject, '/books')),
  },
  conflict: {
    isbnTaken: example(to('isbnTaken'), problem(OUTCOMES['isbn-taken'], 409, BOOK_MESSAGES.isbnTaken('1-2-3'), '/books')),
    sameTitleAndAuthor: example(
      to('sameTitleAndAuthor'),
      problem(OUTCOMES['isbn-taken'], 409, BOOK_MESSAGES.sameTitleAndAuthor('Animal Farm', 'George', 'Orwell'), '/books'),
    ),
  },
  tooLarge: { tooLarge: example('POST /books with a 20000-byte body', plain(413, REQUEST_MESSAGES.tooLarge(BODY_LIMIT), '/books')) },
  unsupportedType: {
    unsupportedType: example('POST /books with Content-Type: text/plain', plain(415, REQUEST_MESSAGES.unsupportedType, '/books')),
  },
  full: {
    catalogueFull: example('POST /books with the request example "created", when MAX_BOOKS=3', plain(507, BOOK_MESSAGES.full(3), '/books')),
  },
  unauthorized: (method: string, path: string): Json => ({
    unauthorized: example(
      `${method} ${path} without Authorization, when API_TOKEN is set`,
      plain(401, REQUEST_MESSAGES.unauthorized, path),
    ),
  }),
  expectationFailed: (path: string): Json => ({
    expectationFailed: example(`A request for ${path} with Expect: 200-ok`, plain(417, REQUEST_MESSAGES.expectationFailed, path)),
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
      problem(OUTCOMES.invalid, 400, BOOK_MESSAGES.isbnMismatch('4-5-6'), '/books/4-5-6', [
        { pointer: '#/isbn', detail: BOOK_MESSAGES.isbnMismatch('4-5-6') },
      ]),
    ),
  },
  unknownIsbn: {
    unknownIsbn: example('PUT /books/0-0-0 with {"isbn": "0-0-0", "title": "Dune", "author": "Frank Herbert"}', notFound('0-0-0')),
  },
  conflict: {
    sameTitleAndAuthor: example(
      to('sameTitleAndAuthor', 'PUT /books/4-5-6'),
      problem(OUTCOMES['isbn-taken'], 409, BOOK_MESSAGES.sameTitleAndAuthor('Animal Farm', 'George', 'Orwell'), '/books/4-5-6'),
    ),
  },
  changed: (method: string): Json => ({
    changed: example(
      `${method} /books/4-5-6 with If-Match: "stale", a tag the book no longer has`,
      plain(412, BOOK_MESSAGES.changed(TOLKIEN_TAG), '/books/4-5-6'),
    ),
  }),
  absent: { absent: example('DELETE /books/0-0-0 with If-Match: *', plain(412, BOOK_MESSAGES.absent, '/books/0-0-0')) },
} as const;
