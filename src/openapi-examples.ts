/**
 * Examples for the OpenAPI document (see openapi.ts): real requests and the service's real
 * answers with the built-in fixture, reached at the document's server URL. The test in
 * test/openapi.test.ts replays every one of them against a fresh service.
 */
import { jsonEntityTag } from './http/respond.ts';
import type { Json } from './openapi-schemas.ts';

// The address of a local run (make run). Not "localhost": linters take that for a placeholder.
export const SERVER_URL = 'http://127.0.0.1:8080';

/** An Example Object; the summary names the request that gets this answer. */
const example = (summary: string, value: unknown): Json => ({ summary, value });

const link = (path: string): Json => ({ href: `${SERVER_URL}${path}` });

function book(isbn: string, title: string, first: string, last: string, author = `${first} ${last}`): Json {
  return {
    isbn,
    title,
    author,
    authorFirstName: first,
    authorLastName: last,
    _links: { self: link(`/books/${isbn}`), books: link('/books?title=') },
  };
}

const ORWELL = book('1-2-3', 'Animal Farm', 'George', 'Orwell');
const TOLKIEN = book('4-5-6', 'The Lord of the Rings', 'JRR', 'Tolkien');
const LEE = book('7-8-9', 'To Kill a Mockingbird', 'Harper', 'Lee');

const NOT_FOUND = { type: 'urn:book-catalogue:problem:book-not-found', title: 'Book not found' };
const EXISTS = { type: 'urn:book-catalogue:problem:book-already-exists', title: 'Book already exists' };
const VALIDATION = { type: 'urn:book-catalogue:problem:validation-failed', title: 'Validation failed' };
const BAD_REQUEST = { type: 'about:blank', title: 'Bad Request' };

type Kind = { readonly type: string; readonly title: string };
const problem = (kind: Kind, status: number, detail: string, instance: string, errors?: readonly Json[]): Json =>
  errors ? { ...kind, status, detail, instance, errors } : { ...kind, status, detail, instance };

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
  isbnTaken: example('The isbn of a book already in the catalogue', { isbn: '1-2-3', title: 'Homage to Catalonia', author: 'George Orwell' }),
  sameTitleAndAuthor: example('The title and author of a book already in the catalogue', {
    isbn: '978-0-45-228423-4',
    title: 'Animal Farm',
    authorFirstName: 'George',
    authorLastName: 'Orwell',
  }),
};

export const examples = {
  root: { root: example('GET /', { _links: { self: link('/'), books: link('/books?title=') } }) },
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
      problem(BAD_REQUEST, 400, 'page must be a non-negative integer; size must be an integer from 1 to 1000; sort must be one of title, isbn, author, optionally followed by ,asc or ,desc', '/books', [
        { parameter: 'page', detail: 'page must be a non-negative integer' },
        { parameter: 'size', detail: 'size must be an integer from 1 to 1000' },
        { parameter: 'sort', detail: 'sort must be one of title, isbn, author, optionally followed by ,asc or ,desc' },
      ]),
    ),
  },
  noBooks: { noBooksForTitle: example('GET /books?title=Dune', problem(NOT_FOUND, 404, 'No books found for title: Dune', '/books')) },
  book: { book: example('GET /books/4-5-6', TOLKIEN) },
  unknownIsbn: { unknownIsbn: example('GET /books/0-0-0', problem(NOT_FOUND, 404, 'Book cannot be found for ISBN: 0-0-0', '/books/0-0-0')) },
  malformedPath: {
    malformedPath: example('GET /books/%zz', problem(BAD_REQUEST, 400, 'The path holds a malformed percent-encoding', '/books/%zz')),
  },
  created: {
    created: example('POST /books with the request example "created"', book('978-0-14-118776-1', 'Nineteen Eighty-Four', 'George', 'Orwell')),
    createdWithNames: example('POST /books with the request example "createdWithNames"', book('978-0-06-085052-4', 'Brave New World', 'Aldous', 'Huxley')),
  },
  postBadRequest: {
    validationFailed: example(
      'POST /books with {"isbn": " ", "title": "Dune"}',
      problem(VALIDATION, 400, 'isbn must be provided; author must be provided', '/books', [
        { pointer: '#/isbn', detail: 'isbn must be provided' },
        { pointer: '#/author', detail: 'author must be provided' },
      ]),
    ),
    invalidJson: example('POST /books with the body {"isbn":', problem(BAD_REQUEST, 400, 'Request body is not valid JSON', '/books')),
    notAnObject: example('POST /books with the body []', problem(BAD_REQUEST, 400, 'Request body must be a JSON object', '/books')),
  },
  conflict: {
    isbnTaken: example('POST /books with the request example "isbnTaken"', problem(EXISTS, 409, 'Book already exists for ISBN: 1-2-3', '/books')),
    sameTitleAndAuthor: example(
      'POST /books with the request example "sameTitleAndAuthor"',
      problem(EXISTS, 409, 'Book already exists with title: Animal Farm and author: George Orwell', '/books'),
    ),
  },
  tooLarge: {
    tooLarge: example(
      'POST /books with a 20000-byte body',
      problem({ type: 'about:blank', title: 'Payload Too Large' }, 413, 'Request body must not exceed 16384 bytes (16 KiB)', '/books'),
    ),
  },
  unsupportedType: {
    unsupportedType: example(
      'POST /books with Content-Type: text/plain',
      problem(
        { type: 'about:blank', title: 'Unsupported Media Type' },
        415,
        'Content-Type must be application/json or another JSON type (type/subtype+json)',
        '/books',
      ),
    ),
  },
  full: {
    catalogueFull: example(
      'POST /books with the request example "created", when MAX_BOOKS=3',
      problem({ type: 'about:blank', title: 'Insufficient Storage' }, 507, 'The catalogue is full: it holds at most 3 books (MAX_BOOKS)', '/books'),
    ),
  },
  unauthorized: (method: string, path: string): Json => ({
    unauthorized: example(
      `${method} ${path} without Authorization, when API_TOKEN is set`,
      problem(
        { type: 'about:blank', title: 'Unauthorized' },
        401,
        'This request needs the header Authorization: Bearer <token>, with the right token',
        path,
      ),
    ),
  }),
  expectationFailed: (path: string): Json => ({
    expectationFailed: example(
      `A request for ${path} with Expect: 200-ok`,
      problem({ type: 'about:blank', title: 'Expectation Failed' }, 417, 'The only expectation supported is Expect: 100-continue', path),
    ),
  }),
} as const;

/** Request bodies of PUT /books/{isbn} (api.md, Editing); each name also names the answer it gets. */
export const putRequestExamples: Record<string, Json> = {
  replaced: example('A new title for the book at /books/4-5-6', { isbn: '4-5-6', title: 'The Fellowship of the Ring', author: 'JRR Tolkien' }),
  isbnMismatch: example('A body whose isbn is not the path’s', { isbn: '9-9-9', title: 'Dune', author: 'Frank Herbert' }),
  sameTitleAndAuthor: example('The title and author of another book', { isbn: '4-5-6', title: 'Animal Farm', author: 'George Orwell' }),
};

/** What a GET of /books/4-5-6 answers with the fixture: the tag an edit of it must name. */
const TOLKIEN_TAG = jsonEntityTag(TOLKIEN);
const PRECONDITION_FAILED = { type: 'about:blank', title: 'Precondition Failed' };

export const editExamples = {
  replaced: { replaced: example('PUT /books/4-5-6 with the request example "replaced"', book('4-5-6', 'The Fellowship of the Ring', 'JRR', 'Tolkien')) },
  putBadRequest: {
    isbnMismatch: example(
      'PUT /books/4-5-6 with the request example "isbnMismatch"',
      problem(VALIDATION, 400, 'isbn must match the path: 4-5-6', '/books/4-5-6', [{ pointer: '#/isbn', detail: 'isbn must match the path: 4-5-6' }]),
    ),
  },
  unknownIsbn: {
    unknownIsbn: example('PUT /books/0-0-0 with {"isbn": "0-0-0", "title": "Dune", "author": "Frank Herbert"}', problem(NOT_FOUND, 404, 'Book cannot be found for ISBN: 0-0-0', '/books/0-0-0')),
  },
  conflict: {
    sameTitleAndAuthor: example(
      'PUT /books/4-5-6 with the request example "sameTitleAndAuthor"',
      problem(EXISTS, 409, 'Book already exists with title: Animal Farm and author: George Orwell', '/books/4-5-6'),
    ),
  },
  changed: (method: string): Json => ({
    changed: example(
      `${method} /books/4-5-6 with If-Match: "stale", a tag the book no longer has`,
      problem(PRECONDITION_FAILED, 412, `The book has changed since it was read: its ETag is now ${TOLKIEN_TAG}`, '/books/4-5-6'),
    ),
  }),
  absent: {
    absent: example('DELETE /books/0-0-0 with If-Match: *', problem(PRECONDITION_FAILED, 412, 'The book does not exist', '/books/0-0-0')),
  },
} as const;
