/**
 * GET /openapi.json (api.md, Endpoints): the document is served as JSON, names exactly the routes of
 * the router table (HEAD, OPTIONS and the explorer's static files in prose, the rest as
 * operations), and every example in it is what the service really answers. Each example
 * is replayed, by a recipe below, against a fresh service reached as http://127.0.0.1:8080
 * (the document's server URL), and a recipe or an example without the other fails the test.
 */
import assert from 'node:assert/strict';
import { request } from 'node:http';
import { after, before, describe, it } from 'node:test';
import { EXPLORER_FILES } from '../../src/rooms/explorer/room.ts';
import { STALE_TAG } from '../helpers/books.ts';
import { startServer, type TestServer } from '../helpers/server.ts';
import { ROOMS } from '../../src/rooms.ts';

type JsonObject = { readonly [key: string]: unknown };

const SERVER_HOST = '127.0.0.1:8080';
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'];

function object(value: unknown, what: string): JsonObject {
  assert.ok(typeof value === 'object' && value !== null && !Array.isArray(value), `${what} is an object`);
  return value as JsonObject;
}

interface Answer {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly text: string;
}

/** One request with any Host header (fetch forbids setting Host). */
function call(server: TestServer, method: string, target: string, headers: Record<string, string> = {}, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const req = request(
      { host: '127.0.0.1', port: server.port, method, path: target, headers: { host: SERVER_HOST, ...headers } },
      (res) => {
        let text = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => (text += chunk));
        res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, text }));
      },
    );
    req.on('error', reject);
    req.end(body);
  });
}

/** How to get one documented example: the request, and the settings of the service. */
interface Recipe {
  readonly method: string;
  readonly target: string;
  readonly env?: Record<string, string>;
  readonly contentType?: string;
  readonly body?: string;
  readonly expect?: string;
  readonly headers?: Record<string, string>;
}

interface DocumentedExample {
  readonly key: string;
  readonly status: number;
  readonly mediaType: string;
  readonly value: unknown;
  /** The response headers the document marks required, which every such answer must carry. */
  readonly required: readonly string[];
}

/** The names of a response's headers marked `required`, their `$ref`s followed into components. */
function requiredHeaders(doc: JsonObject, response: JsonObject): string[] {
  const shared = object(object(doc.components, 'components').headers, 'headers');
  return Object.entries(object(response.headers ?? {}, 'headers'))
    .filter(([, header]) => {
      const ref = object(header, 'header').$ref;
      const resolved = typeof ref === 'string' ? object(shared[ref.split('/').at(-1) as string], ref) : object(header, 'header');
      return resolved.required === true;
    })
    .map(([name]) => name);
}

/** Every response example of the document, keyed `METHOD path status name`. */
function responseExamples(doc: JsonObject): DocumentedExample[] {
  const found: DocumentedExample[] = [];
  for (const [path, item] of Object.entries(object(doc.paths, 'paths'))) {
    for (const [method, operation] of Object.entries(object(item, path))) {
      if (!METHODS.includes(method)) continue;
      for (const [status, response] of Object.entries(object(object(operation, method).responses, 'responses'))) {
        const content = object(response, status).content;
        if (content === undefined) continue;
        const required = requiredHeaders(doc, object(response, status));
        for (const [mediaType, media] of Object.entries(object(content, 'content'))) {
          const examples = object(media, mediaType).examples;
          if (examples === undefined) continue;
          for (const [name, example] of Object.entries(object(examples, 'examples'))) {
            const key = `${method.toUpperCase()} ${path} ${status} ${name}`;
            found.push({ key, status: Number(status), mediaType, value: object(example, name).value, required });
          }
        }
      }
    }
  }
  return found;
}

/** The request body examples of an operation, by name. */
function requestBodies(doc: JsonObject, path: string, method: string): JsonObject {
  const operation = object(object(object(doc.paths, 'paths')[path], path)[method], method);
  return object(
    object(object(object(operation.requestBody, 'requestBody').content, 'content')['application/json'], 'json').examples,
    'examples',
  );
}

function recipes(doc: JsonObject): Record<string, Recipe> {
  const bodies = requestBodies(doc, '/books', 'post');
  const posted = (name: string, extra: Partial<Recipe> = {}): Recipe => ({
    method: 'POST',
    target: '/books',
    contentType: 'application/json',
    body: JSON.stringify(object(bodies[name], name).value),
    ...extra,
  });
  const putBodies = requestBodies(doc, '/books/{isbn}', 'put');
  const put = (name: string, extra: Partial<Recipe> = {}): Recipe => ({
    method: 'PUT',
    target: '/books/4-5-6',
    contentType: 'application/json',
    body: JSON.stringify(object(putBodies[name], name).value),
    ...extra,
  });
  const batchBodies = requestBodies(doc, '/books:batchCreate', 'post');
  const batched = (name: string, extra: Partial<Recipe> = {}): Recipe => ({
    ...posted('created'),
    target: '/books:batchCreate',
    body: JSON.stringify(object(batchBodies[name], name).value),
    ...extra,
  });
  const raw = (body: string): Recipe => ({ method: 'POST', target: '/books', contentType: 'application/json', body });
  const get = (target: string): Recipe => ({ method: 'GET', target });
  const patched: Recipe = {
    method: 'PATCH',
    target: '/books/4-5-6',
    contentType: 'application/merge-patch+json',
    body: '{"title":"The Hobbit"}',
  };
  const token = { API_TOKEN: 'secret-token' };
  // Every operation documents the 417 that an Expect other than 100-continue gets (HEAD without its body).
  const expectations: Record<string, Recipe> = {};
  for (const [path, item] of Object.entries(object(doc.paths, 'paths'))) {
    for (const method of Object.keys(object(item, path)).filter((key) => METHODS.includes(key) && key !== 'head')) {
      const target = path.replace('{isbn}', '4-5-6');
      expectations[`${method.toUpperCase()} ${path} 417 expectationFailed`] = { method: method.toUpperCase(), target, expect: '200-ok' };
    }
  }
  return {
    ...expectations,
    'GET / 200 root': get('/'),
    'GET /health 200 up': get('/health'),
    'GET /books 200 allBooks': get('/books'),
    'GET /books 200 titleFilter': get('/books?title=lord'),
    'GET /books 200 pageWithSort': get('/books?page=1&size=2&sort=author'),
    'GET /books 400 badParameters': get('/books?page=-1&size=5000&sort=price'),
    'GET /books 404 noBooksForTitle': get('/books?title=Dune'),
    'POST /books 201 created': posted('created'),
    'POST /books 201 createdWithNames': posted('createdWithNames'),
    'POST /books 400 validationFailed': raw('{"isbn": " ", "title": "Dune"}'),
    'POST /books 400 invalidJson': raw('{"isbn":'),
    'POST /books 400 notAnObject': raw('[]'),
    'POST /books 401 unauthorized': posted('created', { env: token }),
    'POST /books 409 isbnTaken': posted('isbnTaken'),
    'POST /books 409 sameTitleAndAuthor': posted('sameTitleAndAuthor'),
    'POST /books 413 tooLarge': raw(`{"title": "${'a'.repeat(19_980)}"}`),
    'POST /books 415 unsupportedType': posted('created', { contentType: 'text/plain' }),
    'POST /books 507 catalogueFull': posted('created', { env: { MAX_BOOKS: '3' } }),
    'GET /books/{isbn} 200 book': get('/books/4-5-6'),
    'GET /books/{isbn} 400 malformedPath': get('/books/%zz'),
    'GET /books/{isbn} 404 unknownIsbn': get('/books/0-0-0'),
    'DELETE /books/{isbn} 401 unauthorized': { method: 'DELETE', target: '/books/1-2-3', env: token },
    'DELETE /books/{isbn} 412 changed': { method: 'DELETE', target: '/books/4-5-6', headers: { 'if-match': STALE_TAG } },
    'DELETE /books/{isbn} 412 absent': { method: 'DELETE', target: '/books/0-0-0', headers: { 'if-match': '*' } },
    'PUT /books/{isbn} 200 replaced': put('replaced'),
    'PUT /books/{isbn} 400 isbnMismatch': put('isbnMismatch'),
    'PUT /books/{isbn} 401 unauthorized': put('replaced', { env: token }),
    'PUT /books/{isbn} 404 unknownIsbn': put('replaced', {
      target: '/books/0-0-0',
      body: JSON.stringify({ isbn: '0-0-0', title: 'Dune', author: 'Frank Herbert' }),
    }),
    'PUT /books/{isbn} 409 sameTitleAndAuthor': put('sameTitleAndAuthor'),
    'PUT /books/{isbn} 412 changed': put('replaced', { headers: { 'if-match': STALE_TAG } }),
    'POST /books:batchCreate 200 batchCreated': batched('batchCreated'),
    'POST /books:batchCreate 400 batchInvalid': batched('batchInvalid'),
    'POST /books:batchCreate 401 unauthorized': batched('batchCreated', { env: token }),
    'POST /books:batchCreate 409 batchDuplicates': batched('batchDuplicates'),
    'PATCH /books/{isbn} 401 unauthorized': { ...patched, env: token },
    'PATCH /books/{isbn} 412 changed': { ...patched, headers: { 'if-match': STALE_TAG } },
  };
}

describe('GET /openapi.json', () => {
  let server: TestServer;
  let served: Response;
  let doc: JsonObject;

  before(async () => {
    server = await startServer({}, { rooms: ROOMS });
    served = await fetch(`${server.base}/openapi.json`);
    doc = object(JSON.parse(await served.text()), 'the document');
  });
  after(() => server.close());

  it('is an OpenAPI 3.1.0 document served as application/json', () => {
    assert.equal(served.status, 200);
    assert.equal(served.headers.get('content-type'), 'application/json');
    assert.equal(doc.openapi, '3.1.0');
    assert.deepEqual(doc.servers, [{ url: 'http://127.0.0.1:8080', description: 'A local run (make run).' }]);
  });

  it("describes a book's fields with the labels a form shows (api.md, The explorer, rule 8) and the notes of api.md, Books", () => {
    const input = object(object(object(doc.components, 'components').schemas, 'schemas').BookInput, 'BookInput');
    const fields = Object.entries(object(input.properties, 'properties')).map(([name, schema]) => {
      const { title, description } = object(schema, name);
      return [name, title, description];
    });
    assert.deepEqual(fields, [
      [
        'isbn',
        'ISBN',
        'Identifies the book; addresses it as /books/{isbn}, so it may not hold / or \\, and is what it looks like: no whitespace at either end, no control, format or blank filler character.',
      ],
      ['title', 'Title', 'The title.'],
      ['author', 'Author', 'Full name; kept for backward compatibility.'],
      ['authorFirstName', 'First name', 'Given name; introduced in version 2.'],
      ['authorLastName', 'Last name', 'Family name; introduced in version 2.'],
    ]);
  });

  // The explorer's script modules and stylesheet: named in the prose of GET /explorer, not each an operation.
  const staticFiles: string[] = EXPLORER_FILES.map((file) => file.path).filter((path) => path !== '/explorer');

  it('documents exactly the routes of the router table, but for the static files of the explorer', () => {
    const documented = Object.entries(object(doc.paths, 'paths')).flatMap(([path, item]) =>
      Object.keys(object(item, path))
        .filter((key) => METHODS.includes(key))
        .map((method) => `${method.toUpperCase()} ${path}`),
    );
    // HEAD and OPTIONS are in the prose of the info description (see the test below), not operations.
    const routed = server.app.routes.filter((route) => !staticFiles.includes(route.path)).map((route) => `${route.method} ${route.path}`);
    assert.ok(routed.includes('GET /explorer') && staticFiles.length > 0);
    for (const operation of documented) assert.ok(routed.includes(operation), `${operation} is a route`);
    for (const route of routed) assert.ok(documented.includes(route), `${route} is documented`);
    assert.equal(documented.length, routed.length);
  });

  it('names every static file of the explorer in the description of GET /explorer, and each is a route', () => {
    const explorer = object(object(object(doc.paths, 'paths')['/explorer'], '/explorer').get, 'GET /explorer');
    for (const path of staticFiles) {
      assert.ok(String(explorer.description).includes(`${path} (`), `${path} is named`);
      assert.ok(
        server.app.routes.some((route) => route.method === 'GET' && route.path === path),
        `GET ${path} is a route`,
      );
    }
  });

  it('has a recipe for every example, and an example for every recipe', () => {
    const documented = responseExamples(doc)
      .map((example) => example.key)
      .sort();
    assert.deepEqual(documented, Object.keys(recipes(doc)).sort());
  });

  it('gives every example exactly as a fresh service with the fixture answers it', async (t) => {
    const cook = recipes(doc);
    for (const example of responseExamples(doc)) {
      const recipe = cook[example.key];
      if (recipe === undefined) continue; // reported by the test above
      await t.test(example.key, async (t) => {
        const fresh = await startServer(recipe.env, { rooms: ROOMS });
        t.after(() => fresh.close());
        const headers: Record<string, string> = {
          ...(recipe.contentType ? { 'content-type': recipe.contentType } : {}),
          ...recipe.headers,
        };
        if (recipe.expect) headers.expect = recipe.expect;
        const answer = await call(fresh, recipe.method, recipe.target, headers, recipe.body);
        assert.equal(answer.status, example.status);
        assert.equal(answer.headers['content-type'], example.mediaType);
        assert.deepEqual(JSON.parse(answer.text), example.value);
        // Every answer carries these two; the document says so, and the service does it.
        assert.ok(example.required.includes('X-Request-Id') && example.required.includes('X-Content-Type-Options'));
        for (const header of example.required) assert.ok(answer.headers[header.toLowerCase()] !== undefined, `${header} is sent`);
        if (example.status === 201) {
          // The Location is the book's self link, and reading it gives back the very same book.
          const self = object(object(object(example.value, 'book')._links, '_links').self, 'self').href;
          assert.equal(answer.headers.location, self);
          const read = await call(fresh, 'GET', new URL(String(self)).pathname);
          assert.deepEqual(JSON.parse(read.text), example.value);
        }
        if (example.status === 401) assert.equal(answer.headers['www-authenticate'], 'Bearer');
        if (example.status === 412 && answer.headers.etag !== undefined) {
          // The tag a 412 names is the book's, as a GET through the same base URL returns it.
          assert.equal(answer.headers.etag, (await call(fresh, 'GET', recipe.target)).headers.etag);
          assert.ok(String(object(example.value, 'problem').detail).endsWith(String(answer.headers.etag)));
        }
        if (example.status === 200 && recipe.method === 'PUT') {
          // A replace answers with the book as a GET now reads it, and with that GET's tag.
          const read = await call(fresh, 'GET', recipe.target);
          assert.deepEqual([JSON.parse(read.text), read.headers.etag], [example.value, answer.headers.etag]);
        }
      });
    }
  });

  it('marks the reads public with security: [] and the writes with the optional bearer token', () => {
    for (const [path, item] of Object.entries(object(doc.paths, 'paths'))) {
      for (const [method, operation] of Object.entries(object(item, path))) {
        if (!METHODS.includes(method)) continue;
        const write = method === 'post' || method === 'put' || method === 'patch' || method === 'delete';
        assert.deepEqual(object(operation, method).security, write ? [{ bearer: [] }, {}] : [], `${method} ${path}`);
      }
    }
  });

  it('lists no 405: a documented operation is an allowed one', () => {
    for (const [path, item] of Object.entries(object(doc.paths, 'paths'))) {
      for (const [method, operation] of Object.entries(object(item, path))) {
        if (METHODS.includes(method))
          assert.equal(object(object(operation, method).responses, 'responses')['405'], undefined, `${method} ${path}`);
      }
    }
  });

  it('describes HEAD as the GET without a body, and OPTIONS as 204 with Allow, once in the info description', async () => {
    const prose = String(object(doc.info, 'info').description);
    assert.match(prose, /Every GET route also answers HEAD, with the same status and headers as the GET and no body\./);
    assert.match(
      prose,
      /OPTIONS on a known path answers 204 with Allow, which lists the methods of the path \(HEAD and OPTIONS included\), and on a book Accept-Patch as well\./,
    );
    assert.match(prose, /a preflight \(OPTIONS with Access-Control-Request-Method\)/);
    // And the service does what the prose says, on every path of the router, static files included.
    for (const path of new Set(server.app.routes.map((route) => route.path))) {
      const target = path.replace('{isbn}', '4-5-6');
      const order = ['GET', 'POST', 'PUT', 'PATCH', 'DELETE'];
      const methods = server.app.routes
        .filter((route) => route.path === path)
        .map((route) => route.method)
        .sort((a, b) => order.indexOf(a) - order.indexOf(b));
      const options = await call(server, 'OPTIONS', target);
      assert.equal(options.status, 204, `OPTIONS ${path}`);
      assert.equal(options.headers.allow, [...methods.flatMap((m) => (m === 'GET' ? ['GET', 'HEAD'] : [m])), 'OPTIONS'].join(', '));
      const item = object(doc.paths, 'paths')[path];
      if (item !== undefined)
        assert.deepEqual(
          Object.keys(object(item, path)).filter((key) => METHODS.includes(key)),
          methods.map((m) => m.toLowerCase()),
        );
      if (!methods.includes('GET')) continue;
      const [get, head] = [await call(server, 'GET', target), await call(server, 'HEAD', target)];
      assert.equal(head.status, get.status, `HEAD ${path}`);
      assert.equal(head.text, '');
      for (const name of ['content-type', 'etag', 'x-content-type-options'])
        assert.equal(head.headers[name], get.headers[name], `${name} of HEAD ${path}`);
    }
  });
});
