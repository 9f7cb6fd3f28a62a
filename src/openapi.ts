/**
 * The OpenAPI 3.1 description of the service (DECISIONS E), served at GET /openapi.json. It
 * names exactly the routes of app.ts (a test compares the two), and its examples are the
 * service's real answers with the built-in fixture at SERVER_URL (another test replays them).
 * Schemas and shared parts are in openapi-schemas.ts, examples in openapi-examples.ts.
 */
import { EXPLORER_FILES } from './explorer.ts';
import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE } from './listing.ts';
import { editExamples, examples, putRequestExamples, requestExamples, SERVER_URL } from './openapi-examples.ts';
import { allowedMethods } from './http/router.ts';
import { components, type Json, ref, SORT_VALUES } from './openapi-schemas.ts';

const HAL = 'application/hal+json';
const JSON_TYPE = 'application/json';
const PROBLEM = 'application/problem+json';

const requestId = { 'X-Request-Id': ref('headers', 'RequestId') };

function body(description: string, mediaType: string, schema: string, exampleSet?: Json, headers: Json = {}): Json {
  const content = exampleSet ? { schema: ref('schemas', schema), examples: exampleSet } : { schema: ref('schemas', schema) };
  return { description, headers: { ...requestId, ...headers }, content: { [mediaType]: content } };
}

const problem = (description: string, exampleSet?: Json, headers?: Json): Json => body(description, PROBLEM, 'Problem', exampleSet, headers);
const ok = (description: string, mediaType: string, schema: string, exampleSet?: Json): Json =>
  body(description, mediaType, schema, exampleSet, { ETag: ref('headers', 'ETag') });

const notModified: Json = {
  description: 'Not Modified: the If-None-Match tag still matches; no body.',
  headers: { ...requestId, ETag: ref('headers', 'ETag') },
};
const noContent = (description: string): Json => ({ description, headers: requestId });
const malformed = 'Bad Request: a missing or malformed Host header (or forwarded header, with TRUST_PROXY), or a malformed %-escape in the path or query.';

/**
 * Responses that any operation can get: 400 from the request line or headers, 417 for an
 * unsupported Expect, 500. A 405 never answers a documented operation: it is what a method
 * that is not documented here gets (see the info description).
 */
function common(path: string, badRequest: Json = problem(malformed)): Json {
  return {
    '400': badRequest,
    '417': problem('Expectation Failed: an Expect header other than 100-continue.', examples.expectationFailed(path)),
    '500': problem('Internal Server Error: a generic sentence; the cause is logged with the request id.'),
  };
}

const unauthorized = (method: string, path: string): Json =>
  problem('Unauthorized: API_TOKEN is set and the request lacks Authorization: Bearer with the right token.', examples.unauthorized(method, path), {
    'WWW-Authenticate': ref('headers', 'WWWAuthenticate'),
  });

const getNotes = 'HEAD answers like GET without a body; OPTIONS answers 204 with Allow.';

/** If-Match on a write (api.md, Editing): the tag of the book as the client read it. */
const ifMatch: Json = {
  name: 'If-Match',
  in: 'header',
  description:
    'The ETag of the book as a GET through the same base URL returned it, * for any existing book, or a comma-separated list of tags. Compared strongly: a weak tag (W/"…") never matches. Without it, the write goes ahead.',
  schema: { type: 'string' },
};
const preconditionFailed = (detail: string, exampleSet: Json): Json =>
  problem(`Precondition Failed: ${detail} Nothing changed.`, exampleSet, { ETag: { ...ref('headers', 'ETag'), description: 'The book’s current ETag, when there is a book.' } });
// A token only when the service runs with API_TOKEN; `{}` says a request without one may pass.
const writeSecurity = [{ bearer: [] }, {}];
const publicSecurity: Json[] = [];

const documented: Record<string, Json> = {
  '/': {
    parameters: [ref('parameters', 'RequestId')],
    get: {
      operationId: 'getRoot',
      security: publicSecurity,
      tags: ['meta'],
      summary: 'API root',
      description: `Links to the book collection, so a client needs one URL to start from. A browser's address bar (an Accept that names text/html and no JSON type) is sent to the explorer instead. Both answers vary by Accept. ${getNotes}`,
      parameters: [
        ref('parameters', 'IfNoneMatch'),
        { name: 'Accept', in: 'header', description: 'text/html with no JSON type gets the 303 to the explorer; anything else, the HAL root.', schema: { type: 'string' } },
      ],
      responses: {
        '200': ok('The root links.', HAL, 'Root', examples.root),
        '303': {
          description: 'See Other: a browser is sent to the API explorer, {base_url}/explorer.',
          headers: { ...requestId, Location: { description: 'The explorer: {base_url}/explorer.', schema: { type: 'string', format: 'uri' } } },
        },
        '304': notModified,
        ...common('/'),
      },
    },
  },
  '/health': {
    parameters: [ref('parameters', 'RequestId')],
    get: {
      operationId: 'getHealth',
      security: publicSecurity,
      tags: ['meta'],
      summary: 'Health check',
      description: `For container health checks and the reverse proxy. ${getNotes}`,
      parameters: [ref('parameters', 'IfNoneMatch')],
      responses: { '200': ok('The service is up.', JSON_TYPE, 'Health', examples.health), '304': notModified, ...common('/health') },
    },
  },
  '/openapi.json': {
    parameters: [ref('parameters', 'RequestId')],
    get: {
      operationId: 'getOpenApi',
      security: publicSecurity,
      tags: ['meta'],
      summary: 'This OpenAPI document',
      description: `The OpenAPI 3.1 description of every route. ${getNotes}`,
      parameters: [ref('parameters', 'IfNoneMatch')],
      responses: {
        '200': { description: 'The document.', headers: { ...requestId, ETag: ref('headers', 'ETag') }, content: { [JSON_TYPE]: { schema: { type: 'object' } } } },
        '304': notModified,
        ...common('/openapi.json'),
      },
    },
  },
  ...explorerPaths(),
  '/books': {
    parameters: [ref('parameters', 'RequestId')],
    get: {
      operationId: 'listBooks',
      security: publicSecurity,
      tags: ['books'],
      summary: 'List or search books',
      description:
        'All books, or those whose title contains the title filter; sorted with sort, paged with page and size. ' +
        `Without page, size and sort, books come in insertion order (the fixture first). An empty result is a 404. ${getNotes}`,
      parameters: [
        { name: 'title', in: 'query', description: 'Case-insensitive substring of the title, used as given (not trimmed); empty or whitespace-only means every book.', schema: { type: 'string' }, example: 'lord' },
        { name: 'page', in: 'query', description: 'Page number, from 0. With page or size the collection is paged.', schema: { type: 'integer', minimum: 0 } },
        { name: 'size', in: 'query', description: `Books per page (default ${DEFAULT_PAGE_SIZE}).`, schema: { type: 'integer', minimum: 1, maximum: MAX_PAGE_SIZE } },
        {
          name: 'sort',
          in: 'query',
          description: 'Order by title, isbn or author (last name, then first name), ascending unless ,desc; case- and accent-insensitive, numbers by value; ties in insertion order.',
          schema: { type: 'string', enum: SORT_VALUES },
        },
        ref('parameters', 'IfNoneMatch'),
      ],
      responses: {
        '200': ok('The books found.', HAL, 'BookCollection', examples.books),
        '304': notModified,
        '404': problem('Not Found: no book matches the filter, or the page lies past the last one.', examples.noBooks),
        ...common('/books', problem(`Bad Request: a bad query parameter (each is named in errors), or: ${malformed}`, examples.badParameters)),
      },
    },
    post: {
      operationId: 'addBook',
      tags: ['books'],
      summary: 'Add a book',
      description:
        'Stores the book and returns it with its links. Either author form is accepted. Checked in this order, the first failure answering: ' +
        'token (401), content type (415), size (413), JSON (400), validation (400), duplicates (409), capacity (507).',
      security: writeSecurity,
      requestBody: {
        required: true,
        description: 'The book, as JSON (application/json or any type/subtype+json; a charset is accepted, the body is read as UTF-8). At most 16 KiB.',
        content: { [JSON_TYPE]: { schema: ref('schemas', 'BookInput'), examples: requestExamples } },
      },
      responses: {
        '201': body('Created: the stored book, as a GET of its Location returns it, with that GET\'s ETag.', HAL, 'Book', examples.created, { Location: ref('headers', 'Location'), ETag: ref('headers', 'ETag') }),
        '401': unauthorized('POST', '/books'),
        '409': problem('Conflict: a book with this isbn, or with this title and these (derived) author names, already exists.', examples.conflict),
        '413': problem('Content Too Large: the body exceeds 16 KiB; the connection is closed.', examples.tooLarge),
        '415': problem('Unsupported Media Type: the body is not declared as JSON, or has a Content-Encoding.', examples.unsupportedType),
        '507': problem('Insufficient Storage: the catalogue holds MAX_BOOKS books.', examples.full),
        ...common('/books', problem(`Bad Request: the body is not JSON, not an object, or fails validation (each failure in errors), or: ${malformed}`, examples.postBadRequest)),
      },
    },
  },
  '/books/{isbn}': {
    parameters: [ref('parameters', 'Isbn'), ref('parameters', 'RequestId')],
    get: {
      operationId: 'getBook',
      security: publicSecurity,
      tags: ['books'],
      summary: 'Read one book',
      description: `The book with this isbn. ${getNotes}`,
      parameters: [ref('parameters', 'IfNoneMatch')],
      responses: {
        '200': ok('The book.', HAL, 'Book', examples.book),
        '304': notModified,
        '404': problem('Not Found: no book has this isbn.', examples.unknownIsbn),
        ...common('/books/4-5-6', problem(malformed, examples.malformedPath)),
      },
    },
    put: {
      operationId: 'replaceBook',
      tags: ['books'],
      summary: 'Replace a book',
      description:
        'Replaces the book with this isbn, which keeps its place in the collection; it never creates one. The body is validated as for POST, and its isbn must be the path’s. ' +
        'Send If-Match with the ETag you read, so that a change made since is not lost. Checked in this order, the first failure answering: ' +
        'token (401), content type (415), size (413), JSON (400), unknown isbn (404), If-Match (412), validation (400), duplicates (409), capacity (507).',
      security: writeSecurity,
      parameters: [ifMatch],
      requestBody: {
        required: true,
        description: 'The whole book, as for POST /books; its isbn must be the one in the path.',
        content: { [JSON_TYPE]: { schema: ref('schemas', 'BookInput'), examples: putRequestExamples } },
      },
      responses: {
        '200': ok('The book as stored now, as a GET returns it; its ETag is the one to send with the next edit.', HAL, 'Book', editExamples.replaced),
        '401': unauthorized('PUT', '/books/4-5-6'),
        '404': problem('Not Found: no book has this isbn.', editExamples.unknownIsbn),
        '409': problem('Conflict: another book has this title and these (derived) author names.', editExamples.conflict),
        '412': preconditionFailed('If-Match names another tag than the book’s current one.', editExamples.changed('PUT')),
        '413': problem('Content Too Large: the body exceeds 16 KiB; the connection is closed.'),
        '415': problem('Unsupported Media Type: the body is not declared as JSON, or has a Content-Encoding.'),
        '507': problem('Insufficient Storage: the longer book would pass the text the catalogue may hold.'),
        ...common('/books/4-5-6', problem(`Bad Request: the body is not JSON, not an object, or fails validation, its isbn not the path's included (each failure in errors), or: ${malformed}`, editExamples.putBadRequest)),
      },
    },
    delete: {
      operationId: 'deleteBook',
      tags: ['books'],
      summary: 'Delete a book',
      description:
        'Removes the book with this isbn. Deleting a book that does not exist is no error: the answer is the same 204, and the service logs a warning. ' +
        'With If-Match, the book must exist and have that tag, or the answer is 412.',
      security: writeSecurity,
      parameters: [ifMatch],
      responses: {
        '204': noContent('No Content: the book is gone (or never existed).'),
        '401': unauthorized('DELETE', '/books/1-2-3'),
        '412': preconditionFailed('If-Match names another tag than the book’s, or there is no book.', { ...editExamples.changed('DELETE'), ...editExamples.absent }),
        ...common('/books/4-5-6'),
      },
    },
  },
};

/** The explorer's page, script modules and stylesheet (src/explorer.ts), each a file sent as it is. */
function explorerPaths(): Record<string, Json> {
  const fileHeaders = {
    ...requestId,
    ETag: ref('headers', 'ETag'),
    'Content-Security-Policy': { description: "default-src 'self'; frame-ancestors 'none'", schema: { type: 'string' } },
    'X-Content-Type-Options': { description: 'nosniff', schema: { type: 'string', enum: ['nosniff'] } },
  };
  return Object.fromEntries(
    EXPLORER_FILES.map(({ path, operationId, type, summary }) => [
      path,
      {
        parameters: [ref('parameters', 'RequestId')],
        get: {
          operationId,
          security: publicSecurity,
          tags: ['explorer'],
          summary,
          description: `Read once at start-up and sent as it is, with its exact type (${type}). ${getNotes}`,
          parameters: [ref('parameters', 'IfNoneMatch')],
          responses: {
            '200': { description: 'The file.', headers: fileHeaders, content: { [type]: { schema: { type: 'string' } } } },
            '304': notModified,
            ...common(path),
          },
        },
      },
    ]),
  );
}

/**
 * Every path also answers HEAD (a GET without its body) and OPTIONS (204 with Allow); they are
 * written out here from the documented operations, so the two cannot disagree.
 */
function withHeadAndOptions(pathItems: Record<string, Json>): Json {
  const result: Record<string, Json> = {};
  for (const [path, item] of Object.entries(pathItems)) {
    const { parameters, ...operations } = item as Record<string, Json>;
    const methods = Object.keys(operations).map((method) => method.toUpperCase());
    const allow = allowedMethods(methods);
    const get = operations.get as { operationId: string; tags: string[]; summary: string; parameters?: Json[]; responses: Record<string, Json> } | undefined;
    const head = get && {
      operationId: `${get.operationId}Head`,
      security: publicSecurity,
      tags: get.tags,
      summary: `${get.summary} (headers only)`,
      description: 'The headers of the GET, without the body.',
      parameters: get.parameters,
      responses: Object.fromEntries(Object.entries(get.responses).map(([status, response]) => [status, withoutContent(response)])),
    };
    const options = {
      operationId: `${(get ?? (Object.values(operations)[0] as { operationId: string })).operationId}Options`,
      security: publicSecurity,
      tags: get?.tags ?? ['books'],
      summary: 'The methods of this path',
      description: `Answers 204 with Allow: ${allow}.`,
      responses: {
        '204': { description: `No Content; Allow lists the methods: ${allow}.`, headers: { ...requestId, Allow: ref('headers', 'Allow') } },
        ...common(path.replace('{isbn}', '4-5-6')),
      },
    };
    result[path] = { parameters, ...operations, ...(head ? { head } : {}), options };
  }
  return result;
}

function withoutContent(response: Json): Json {
  const { content: _content, ...rest } = response as { content?: unknown };
  return rest;
}

export function openApiDocument(): Json {
  return {
    openapi: '3.1.0',
    info: {
      title: 'Book Catalogue',
      version: '1.0.0',
      summary: 'A JSON-over-HTTP catalogue of books with HAL links.',
      description:
        'Lists, searches, reads, adds, replaces and deletes books. Success bodies are HAL (application/hal+json); errors are RFC 9457 problem details (application/problem+json). ' +
        'Links start with the base URL: BASE_URL when set, else the forwarded origin with TRUST_PROXY, else http:// and the Host header. ' +
        'Every GET path also answers HEAD (no body), and every path OPTIONS (204 with Allow). A method a path does not list gets 405 with Allow, and an unknown path 404. ' +
        'Every 200 GET carries an ETag, and If-None-Match answers 304; a write\'s 200 or 201 carries the ETag of the book it returns, and If-Match on PUT and DELETE answers 412 when the book has changed. Every response carries X-Request-Id. ' +
        'When the service runs with CORS_ORIGINS, every answer to an allowed Origin carries Access-Control-Allow-Origin and exposes Location, ETag and X-Request-Id, and a preflight (OPTIONS with Access-Control-Request-Method) also gets the path\'s methods, the request headers a page may send (If-Match among them) and a Max-Age of 600 s.',
      contact: { name: 'Book catalogue maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: SERVER_URL, description: 'A local run (make run).' }],
    tags: [
      { name: 'books', description: 'The catalogue.' },
      { name: 'meta', description: 'Entry point, health and this description.' },
      { name: 'explorer', description: 'A page for people: walk the links in a browser.' },
    ],
    paths: withHeadAndOptions(documented),
    components,
  };
}
