/**
 * The OpenAPI 3.1 description of the service, served at GET /openapi.json: the info, the
 * service's own paths and shared parameters here, the rest from the other modules of this folder.
 * It describes the routes there are, as the core and the rooms plugged them in.
 */
import { FIELDS, type FieldTable } from '../../core/fields.ts';
import type { RequestContext, Representation, Route } from '../../core/rooms.ts';
import { HAL_TYPE, JSON_TYPE, type Reply } from '../../core/send.ts';
import { examples, SERVER_URL } from './examples.ts';
import { formSchemas, VARY } from './forms.ts';
import { bookPaths } from './paths.ts';
import { BATCH, batchPath, batchRoot, batchSchemas, withKeys } from './retries.ts';
import { ALWAYS, answer, common, ETAG, IF_NONE_MATCH, notModified, ok, PUBLIC, REQUEST_ID, said, schemas, type Json } from './schemas.ts';

const meta = (operationId: string, summary: string, description: string, responses: Json, parameters: Json[] = [IF_NONE_MATCH]): Json => ({
  parameters: [REQUEST_ID],
  get: { operationId, security: PUBLIC, tags: ['meta'], summary, description, parameters, responses },
});
/** A response header that is always sent where the document lists it. */
const header = (description: string, schema: Json = { type: 'string' }): Json => ({ description, required: true, schema });
const vary = { Vary: VARY };

/** Root, health, the document and the explorer's page, in that order; `explorer` is the page's route and its files'. */
function servicePaths(explorer: readonly Route[], batched: boolean): Record<string, Json | undefined> {
  const [page, ...files] = explorer;
  // The page's answer is a file read at start-up: its own headers are what it sends.
  const pageAnswer = page && (page.handler({} as RequestContext) as Reply);
  const pageHeaders = pageAnswer?.headers ?? {};
  return {
    '/': meta(
      'getRoot',
      'API root',
      "Links to the book collection, so a client needs one URL to start from. A browser's address bar (an Accept that names text/html and no JSON type) is sent to the explorer instead. Both answers vary by Accept.",
      {
        '200': answer(200, 'the root links.', HAL_TYPE, 'Root', batched ? batchRoot(examples.root) : examples.root, { ...ETAG, ...vary }),
        ...(page && {
          '303': {
            description: said(303, 'a browser is sent to the API explorer, {base_url}/explorer.'),
            headers: { ...ALWAYS, ...vary, Location: header('The explorer: {base_url}/explorer.', { type: 'string', format: 'uri' }) },
          },
        }),
        '304': notModified,
        ...common('/'),
      },
      [
        IF_NONE_MATCH,
        {
          name: 'Accept',
          in: 'header',
          description: 'text/html with no JSON type gets the 303 to the explorer; anything else, the HAL root.',
          schema: { type: 'string' },
        },
      ],
    ),
    '/health': meta('getHealth', 'Health check', 'For container health checks and the reverse proxy.', {
      '200': ok('the service is up.', JSON_TYPE, 'Health', examples.health),
      '304': notModified,
      ...common('/health'),
    }),
    '/openapi.json': meta('getOpenApi', 'This OpenAPI document', 'The OpenAPI 3.1 description of every route.', {
      '200': {
        description: said(200, 'the document.'),
        headers: { ...ALWAYS, ...ETAG },
        content: { [JSON_TYPE]: { schema: { type: 'object' } } },
      },
      '304': notModified,
      ...common('/openapi.json'),
    }),
    '/explorer': page && {
      parameters: [REQUEST_ID],
      get: {
        operationId: 'getExplorer',
        security: PUBLIC,
        tags: ['explorer'],
        summary: page.summary,
        description:
          `Read once at start-up and sent as it is, with its exact type (${pageAnswer?.type}). The page loads its script modules and stylesheet from the same service, ` +
          'each also read once and answered by GET the same way (200 with its exact type, an ETag, this Content-Security-Policy and Referrer-Policy; 304 on If-None-Match): ' +
          `${files.map(({ path, summary = '' }) => `${path} (${summary.charAt(0).toLowerCase()}${summary.slice(1, -1)})`).join('; ')}.`,
        parameters: [IF_NONE_MATCH],
        responses: {
          '200': {
            description: said(200, 'the page.'),
            headers: {
              ...ALWAYS,
              ...ETAG,
              'Content-Security-Policy': header(pageHeaders['content-security-policy'] ?? ''),
              'Referrer-Policy': header(pageHeaders['referrer-policy'] ?? ''),
            },
            content: { [pageAnswer?.type ?? 'text/html']: { schema: { type: 'string' } } },
          },
          '304': notModified,
          ...common('/explorer'),
        },
      },
    },
  };
}

/** Only the operations of `routes`, and the paths that have one. */
function routed(paths: Record<string, Json | undefined>, routes: readonly Route[]): Record<string, Json> {
  const METHODS = ['get', 'put', 'post', 'delete', 'patch'];
  const kept = Object.entries(paths).flatMap(([path, item]) => {
    if (item === undefined) return [];
    const operations = Object.entries(item).filter(
      ([key, value]) =>
        !METHODS.includes(key) || (value && routes.some((route) => route.path === path && route.method.toLowerCase() === key)),
    );
    return operations.some(([key]) => METHODS.includes(key)) ? [[path, Object.fromEntries(operations)]] : [];
  });
  return Object.fromEntries(kept);
}

/** The document of a service with these routes and representations; a table other than FIELDS is for tests. */
export function openApiDocument(routes: readonly Route[], representations: readonly Representation[], table: FieldTable = FIELDS): Json {
  const formsType = representations.find((representation) => representation.paths.includes('/books'))?.type;
  const acceptPatch = routes.find((route) => route.method === 'PATCH' && route.path === '/books/{isbn}')?.options?.['accept-patch'];
  const explorer = routes.filter((route) => route.path === '/explorer' || route.path.startsWith('/explorer/'));
  const batched = routes.some((route) => route.path === BATCH);
  return {
    openapi: '3.1.0',
    info: {
      title: 'Book Catalogue',
      version: '1.0.0',
      summary: 'A JSON-over-HTTP catalogue of books with HAL links.',
      description:
        'Lists, searches, reads, adds, replaces, patches and deletes books. Success bodies are HAL (application/hal+json), or HAL-FORMS (application/prs.hal-forms+json) for a client that asks; errors are RFC 9457 problem details (application/problem+json). ' +
        'Links start with the base URL: BASE_URL when set, else the forwarded origin with TRUST_PROXY, else http:// and the Host header. ' +
        'HEAD and OPTIONS are described here once rather than listed on each path. Every GET route also answers HEAD, with the same status and headers as the GET and no body. ' +
        'OPTIONS on a known path answers 204 with Allow, which lists the methods of the path (HEAD and OPTIONS included), and on a book Accept-Patch as well. Both are public and can get the 400, 417 and 500 of any request. ' +
        'A method a path does not list gets 405 with Allow, and an unknown path 404. ' +
        "Every 200 GET carries an ETag, and If-None-Match answers 304; a write's 200 or 201 carries the ETag of the book it returns, and If-Match on PUT, PATCH and DELETE answers 412 when the book has changed (either representation's tag matches). Every response carries X-Request-Id and X-Content-Type-Options: nosniff. " +
        'Text in a request must be well-formed Unicode: a lone surrogate is refused. ' +
        "When the service runs with CORS_ORIGINS, every answer to an allowed Origin carries Access-Control-Allow-Origin and exposes Location, ETag, X-Request-Id, Accept-Patch and Idempotent-Replayed, and a preflight (OPTIONS with Access-Control-Request-Method) also gets the path's methods, the request headers a page may send (If-Match and Idempotency-Key among them) and a Max-Age of 600 s.",
      contact: { name: 'Book catalogue maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: SERVER_URL, description: 'A local run (make run).' }],
    tags: [
      { name: 'books', description: 'The catalogue.' },
      { name: 'meta', description: 'Entry point, health and this description.' },
      { name: 'explorer', description: 'A page for people: walk the links in a browser.' },
    ],
    paths: withKeys(
      routed({ ...servicePaths(explorer, batched), ...bookPaths(table, { acceptPatch, formsType }), ...batchPath() }, routes),
      routes,
    ),
    components: {
      schemas: { ...schemas(table), ...(formsType ? formSchemas : {}), ...(batched ? batchSchemas(schemas(table).Root as Json) : {}) },
      parameters: {
        RequestId: {
          name: 'X-Request-Id',
          in: 'header',
          description:
            'Traces the request through the logs; kept when it is 1 to 128 of [A-Za-z0-9._~:@+/=-], otherwise replaced by a new UUID.',
          schema: { type: 'string', pattern: '^[A-Za-z0-9._~:@+/=-]{1,128}$' },
        },
        IfNoneMatch: {
          name: 'If-None-Match',
          in: 'header',
          description: 'An ETag from an earlier response (or *): when it still matches, the answer is 304 without a body.',
          schema: { type: 'string' },
        },
        Isbn: {
          name: 'isbn',
          in: 'path',
          required: true,
          description:
            'The isbn of the book, percent-encoded as one path segment (characters such as ?, # and spaces are percent-encoded).',
          schema: { type: 'string', minLength: 1 },
          example: '4-5-6',
        },
      },
      headers: {
        RequestId: header('The request id: the client’s X-Request-Id when it was sane, otherwise a new UUID. On every response.'),
        NoSniff: header('On every response: a browser takes the body as the type it is sent with.', { type: 'string', enum: ['nosniff'] }),
        ETag: header('Strong entity tag of the body; send it back in If-None-Match.'),
        Location: header('URL of the new book (its self link).', { type: 'string', format: 'uri' }),
        WWWAuthenticate: header('Always Bearer.', { type: 'string', enum: ['Bearer'] }),
      },
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description:
            'Only when the service runs with API_TOKEN set: POST, PUT, PATCH and DELETE then need Authorization: Bearer <API_TOKEN>. Reads never need it.',
        },
      },
    },
  };
}
