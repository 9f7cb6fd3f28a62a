/**
 * The Forwarded scanner (src/http/forwarded.ts) against the patterns it replaced
 * (test/helpers/regex-parsers.ts): the same value or the same 400 on every Forwarded value the
 * suite sends elsewhere and on seeded random strings; and 16 KB of quotes and backslashes, which
 * made those patterns go back over the header again and again, answered over HTTP as the rules
 * say (api.md, The base URL).
 */
import assert from 'node:assert/strict';
import { after, before, describe, it } from 'node:test';
import { forwardedElement } from '../../../src/rooms/proxy/forwarded.ts';
import { Problem } from '../../../src/core/failures.ts';
import { Random, seedFromEnv } from '../../helpers/random.ts';
import { expectedProblem, expectedRoot } from '../../helpers/books.ts';
import { send } from '../../helpers/http.ts';
import { forwardedElementByRegex } from '../../helpers/regex-parsers.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { proxy } from '../../../src/rooms/proxy/room.ts';

const SEED = seedFromEnv();

/** What a parser makes of a header: its `proto` and `host`, or the detail of its 400. */
function outcome(parse: (header: string) => object, header: string): object | string {
  try {
    return parse(header);
  } catch (error) {
    if (error instanceof Problem && error.status === 400) return error.message;
    throw error;
  }
}

/** Every Forwarded value that test/http/ and test/fuzz/ send, and a few more at the edges. */
const SUITE_CASES = [
  'for=5.6.7.8, for=1.2.3.4;proto=https;host="shop.example:8443"',
  'proto=https;host=far.example, for=1.2.3.4',
  'proto=https',
  'proto=https;;host=shop.example',
  'for="x\\"y,z";host="sh\\op.example"',
  'host="[2001:db8::1]:8443";proto=https',
  'host=shop.example',
  'proto=https;garbage',
  'host="open',
  'proto=https,',
  'proto=gopher',
  'host="a b"',
  ',proto=https',
  ';proto=https',
  'proto=https; ;host=shop.example',
  'host=shop.example;for=1.2.3.4',
  'for=1.2.3.4;proto=https',
  'PROTO=https;Host="a\\.example"',
  'proto=https, ',
  'proto=https x',
  '"x" proto=https',
  '1proto=https',
  'host=""',
  'proto=https;host=example.com',
  'for=1.2.3.4',
  'host="a,b"',
  '=;=',
  'proto=ftp',
  // Edges: nothing, blanks, an escape at the very end, a value glued to a quoted string.
  '',
  ' ',
  ',',
  'host=',
  'host="a"b',
  'host="a\\"',
  'host="a\\\\"',
  'host=a=b',
  'host= a',
  ' host=a ; proto=http ',
  'proto=http;PROTO=https;host=a;host=b',
  // The 16 KB cases below, shortened.
  '"\\'.repeat(32),
  '\\"'.repeat(32),
  `${'"\\'.repeat(16)}, ${'\\"'.repeat(16)}`,
  `${'"\\\\"'.repeat(16)},proto=https`,
];

const CHARS = ['"', '\\', ',', ';', '=', ' ', ':', '[', ']', 'a', 'b', 'Z', 'q'];

/**
 * A short string over the characters of the grammar: half the time drawn one by one, half the
 * time as elements of `name=value` pairs, so that values a link would take come up as well.
 */
function randomHeader(random: Random): string {
  if (random.chance(0.5)) return random.string(random.between(0, 24), CHARS);
  const value = (): string =>
    random.chance(0.5) ? `"${random.string(random.between(0, 4), CHARS)}"` : random.string(random.between(0, 3), CHARS);
  const pair = (): string => `${random.pick(['host', 'proto', 'HOST', 'for', 'x', ''])}=${value()}`;
  const element = (): string => Array.from({ length: random.between(1, 3) }, pair).join(random.pick([';', '; ']));
  return Array.from({ length: random.between(1, 3) }, element).join(random.pick([',', ', ']));
}

describe('the Forwarded scanner answers as the patterns did', () => {
  it('on every Forwarded value the suite sends', () => {
    for (const header of SUITE_CASES) {
      assert.deepEqual(outcome(forwardedElement, header), outcome(forwardedElementByRegex, header), JSON.stringify(header));
    }
  });

  it(`on 600 seeded random strings of quotes, backslashes, separators, brackets and letters (ROBUSTNESS_SEED=${SEED})`, (t) => {
    t.diagnostic(`seed ${SEED} (replay with ROBUSTNESS_SEED=${SEED})`);
    const random = new Random(SEED);
    const kinds = new Set<string>();
    for (let count = 0; count < 600; count++) {
      const header = randomHeader(random);
      const expected = outcome(forwardedElementByRegex, header);
      assert.deepEqual(outcome(forwardedElement, header), expected, `${JSON.stringify(header)} (seed ${SEED})`);
      kinds.add(typeof expected === 'string' ? expected : Object.keys(expected).sort().join('+') || 'nothing');
    }
    // The strings reach both errors and a value with a host: the comparison is not vacuous.
    for (const kind of ['The Forwarded header is malformed', 'The Forwarded header has an empty last element', 'host']) {
      assert.ok(
        [...kinds].some((seen) => seen.includes(kind)),
        `no ${kind} among ${[...kinds].join(', ')}`,
      );
    }
  });
});

describe('16 KB of quotes and backslashes in Forwarded (TRUST_PROXY)', () => {
  let server: TestServer;
  before(async () => (server = await startServer({ TRUST_PROXY: 'true' }, { rooms: [proxy] })));
  after(() => server.close());

  const root = (base: string): object => expectedRoot(base);
  const malformed = expectedProblem(400, 'Bad Request', 'The Forwarded header is malformed', '/');
  // A quoted string made of an escaped backslash: balanced, so it splits, though nobody reads it.
  const balanced = '"\\' + '\\"';

  const cases: [string, string | string[], number, object][] = [
    ['a quote left open by `"\\` repeated', '"\\'.repeat(8000), 400, malformed],
    ['a quote left open by `\\"` repeated', '\\"'.repeat(8000), 400, malformed],
    ['the two as two header lines, still open', ['"\\'.repeat(4000), '\\"'.repeat(4000)], 400, malformed],
    ['balanced strings, then a last element', `${balanced.repeat(3999)},proto=https`, 200, root('https://internal')],
    ['balanced strings on one line, the last element on another', [balanced.repeat(3999), 'proto=https'], 200, root('https://internal')],
    [
      'balanced strings, then an empty last element',
      `${balanced.repeat(3999)}, `,
      400,
      expectedProblem(400, 'Bad Request', 'The Forwarded header has an empty last element', '/'),
    ],
  ];
  for (const [name, forwarded, status, body] of cases) {
    it(`${name}: ${status}`, async () => {
      const response = await send({ port: server.port, path: '/', headers: { host: 'internal', forwarded } });
      assert.equal(response.status, status);
      assert.equal(response.headers['content-type'], status === 200 ? 'application/hal+json' : 'application/problem+json');
      assert.deepEqual(JSON.parse(response.body), body);
    });
  }
});
