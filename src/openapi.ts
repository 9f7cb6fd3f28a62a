/**
 * The OpenAPI 3.1 description of the service (api.md, Endpoints), served at GET /openapi.json,
 * assembled here from its parts: the operations (openapi-paths.ts), their responses
 * (openapi-responses.ts), the schemas, built from the table of fields (openapi-schemas.ts), and
 * the examples (openapi-examples.ts), which are the service's real answers with the built-in
 * fixture at SERVER_URL (test/openapi.test.ts replays them).
 */
import { FIELDS, type FieldTable } from './books/fields.ts';
import { SERVER_URL } from './openapi-examples.ts';
import { operations } from './openapi-paths.ts';
import { withHeadAndOptions } from './openapi-responses.ts';
import type { Json } from './openapi-json.ts';
import { components } from './openapi-schemas.ts';

/** A table other than FIELDS is for tests: the document of a service with other fields. */
export function openApiDocument(table: FieldTable = FIELDS): Json {
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
        "Every 200 GET carries an ETag, and If-None-Match answers 304; a write's 200 or 201 carries the ETag of the book it returns, and If-Match on PUT and DELETE answers 412 when the book has changed. Every response carries X-Request-Id and X-Content-Type-Options: nosniff. " +
        'Text in a request must be well-formed Unicode: a lone surrogate is refused. ' +
        "When the service runs with CORS_ORIGINS, every answer to an allowed Origin carries Access-Control-Allow-Origin and exposes Location, ETag and X-Request-Id, and a preflight (OPTIONS with Access-Control-Request-Method) also gets the path's methods, the request headers a page may send (If-Match among them) and a Max-Age of 600 s.",
      contact: { name: 'Book catalogue maintainers' },
      license: { name: 'MIT', identifier: 'MIT' },
    },
    servers: [{ url: SERVER_URL, description: 'A local run (make run).' }],
    tags: [
      { name: 'books', description: 'The catalogue.' },
      { name: 'meta', description: 'Entry point, health and this description.' },
      { name: 'explorer', description: 'A page for people: walk the links in a browser.' },
    ],
    paths: withHeadAndOptions(operations(table)),
    components: components(table),
  };
}
