/**
 * Every header the service reads is read in one pass (api.md, Headers): the JSON media
 * type check answers what the pattern it replaced answered (test/helpers/regex-parsers.ts), and
 * 16 KB values of Content-Type, Accept, If-None-Match, Authorization and X-Request-Id, shaped
 * to make a backtracking pattern go back and forth, get the answer the rules give.
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { isJsonMediaType } from '../../src/core/request.ts';
import { CONTENT_TYPES, Random, seedFromEnv } from '../helpers/random.ts';
import { expectedBook, expectedProblem } from '../helpers/books.ts';
import { send } from '../helpers/http.ts';
import { isJsonMediaTypeByRegex } from '../helpers/regex-parsers.ts';
import { startServer, type TestServer } from '../helpers/server.ts';

const SEED = seedFromEnv();
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/** The Content-Type values the robustness suite sends (random.ts), and a few more at the edges. */
const SUITE_TYPES = [
  ...new Set(CONTENT_TYPES),
  'text/plain; x=application/json',
  'text/plain;charset=application/json',
  'xapplication/json',
  'application/json+xml',
  ' application/json ',
  '\u00a0a/b+json',
  'a/+json',
  'a/b+json;',
  'a/b+json x',
  'a/b+JSON',
  'a b/c+json',
  'a/b/c+json',
];

const TYPE_CHARS = ['a', 'Z', '0', '!', '.', '+'];
const OTHER_CHARS = ['/', ' ', '"', ';', '\u00b5', '\u00c0'];

/** Half the time any short string of those characters; half the time one shaped like a type. */
function randomType(random: Random): string {
  if (random.chance(0.5)) return random.string(random.between(0, 12), [...TYPE_CHARS, ...OTHER_CHARS, '+json', 'application/json', '\t']);
  const blank = (): string => random.pick(['', ' ', '\t', '\u00a0']);
  const word = (): string => random.string(random.between(0, 3), random.chance(0.8) ? TYPE_CHARS : [...TYPE_CHARS, ...OTHER_CHARS]);
  return `${blank()}${word()}/${word()}${random.pick(['+json', '+JSON', 'json', '+jso', ''])}${blank()}${random.pick(['', ';', '; charset=utf-8', 'x'])}`;
}

describe('the JSON media type check answers as the pattern did', () => {
  it('on every Content-Type the suite sends', () => {
    for (const type of SUITE_TYPES) assert.equal(isJsonMediaType(type), isJsonMediaTypeByRegex(type), JSON.stringify(type));
  });

  it(`on 2000 seeded random strings (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const answers = new Set<boolean>();
    for (let count = 0; count < 2000; count++) {
      const type = randomType(random);
      const expected = isJsonMediaTypeByRegex(type);
      assert.equal(isJsonMediaType(type), expected, `${JSON.stringify(type)} (seed ${SEED})`);
      answers.add(expected);
    }
    assert.deepEqual([...answers].sort(), [false, true], 'the strings reach both answers');
  });
});

describe('16 KB header values', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ API_TOKEN: 'tok' })));
  after(() => server.close());

  it('Content-Type: a long +json type is accepted, a long other one is a 415', async () => {
    const book = { isbn: 'long-type', title: 'Long Type', author: 'Ann Author' };
    const json = await send({
      port: server.port,
      method: 'POST',
      path: '/books',
      headers: { authorization: 'Bearer tok', 'content-type': `application/${'a+'.repeat(7990)}json` },
      body: JSON.stringify(book),
    });
    assert.equal(json.status, 201);
    assert.equal(json.headers.location, `${server.base}/books/long-type`);
    assert.deepEqual(JSON.parse(json.body), expectedBook(server.base, { ...book, authorFirstName: 'Ann', authorLastName: 'Author' }));

    const other = await send({
      port: server.port,
      method: 'POST',
      path: '/books',
      headers: { authorization: 'Bearer tok', 'content-type': `a/${'+json'.repeat(3190)}!` },
      body: '{}',
    });
    assert.equal(other.status, 415);
    assert.equal(other.headers['content-type'], 'application/problem+json');
    const detail = 'Content-Type must be application/json or another JSON type (type/subtype+json)';
    assert.deepEqual(JSON.parse(other.body), expectedProblem(415, 'Unsupported Media Type', detail, '/books'));
  });

  it('If-None-Match: a long list that ends in the tag is a 304, a long run of quotes a 200', async () => {
    const etag = (await send({ port: server.port, path: '/books/4-5-6' })).headers.etag as string;
    const match = await send({ port: server.port, path: '/books/4-5-6', headers: { 'if-none-match': `${'W/"x", '.repeat(2000)}${etag}` } });
    assert.deepEqual([match.status, match.headers.etag, match.body], [304, etag, '']);
    const quotes = await send({ port: server.port, path: '/books/4-5-6', headers: { 'if-none-match': '"'.repeat(16_000) } });
    assert.deepEqual([quotes.status, quotes.headers.etag], [200, etag]);
    assert.equal(JSON.parse(quotes.body).isbn, '4-5-6');
  });

  it('X-Request-Id: a long one is replaced by a new UUID', async () => {
    const response = await send({ port: server.port, path: '/health', headers: { 'x-request-id': 'a'.repeat(16_000) } });
    assert.deepEqual([response.status, response.body], [200, '{"status":"UP"}']);
    assert.match(String(response.headers['x-request-id']), UUID);
  });
});
