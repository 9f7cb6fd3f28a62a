/**
 * Robustness against the real server (issue 6): thousands of seeded hostile requests, a churn of
 * thousands of books, and odd but valid strings that must round-trip exactly. Every run prints
 * its seed; `ROBUSTNESS_SEED=<seed>` replays the same requests.
 */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { answerViolations, exchange } from '../../helpers/raw.ts';
import {
  codePoints,
  ISBN_TEXT,
  oddText,
  type PlannedRequest,
  Random,
  randomRequest,
  SEED_VARIABLE,
  seedFromEnv,
} from '../../helpers/random.ts';
import { startServer, type TestServer } from '../../helpers/server.ts';
import { ROOMS } from '../../../src/rooms.ts';

const SEED = seedFromEnv();
const REPLAY = `${SEED_VARIABLE}=${SEED}`;
const FIXTURE_ISBNS = ['1-2-3', '4-5-6', '7-8-9'];
const JSON_HEADERS = { 'content-type': 'application/json' };

interface Collection {
  readonly _embedded: { readonly bookDTOList: readonly { readonly isbn: string }[] };
}

/** Runs `work` on every item, at most `limit` at a time. */
async function inPool<T>(items: readonly T[], limit: number, work: (item: T, index: number) => Promise<void>): Promise<void> {
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < items.length) {
      const index = next++;
      await work(items[index] as T, index);
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, items.length) }, worker));
}

async function text(url: string, init?: RequestInit): Promise<{ status: number; body: string; response: Response }> {
  const response = await fetch(url, init);
  return { status: response.status, body: await response.text(), response };
}

/** Violations, grouped by kind, with the first request of each kind: a readable failure message. */
function summarise(violations: readonly { request: string; problem: string }[]): string {
  const kinds = new Map<string, { count: number; example: string }>();
  for (const { request, problem } of violations) {
    const entry = kinds.get(problem) ?? { count: 0, example: request };
    entry.count++;
    kinds.set(problem, entry);
  }
  const lines = [...kinds].map(([kind, { count, example }]) => `  ${count} × ${kind}\n      first: ${example}`);
  return `${violations.length} answers broke the rules:\n${lines.join('\n')}`;
}

interface HostileOutcome {
  readonly planned: readonly PlannedRequest[];
  readonly violations: { request: string; problem: string }[];
  /** Isbns of the books whose creation a 201 announced. */
  readonly created: string[];
  readonly statuses: Map<string, number>;
}

/** Sends `count` generated requests, each on its own connection, and checks every answer. */
async function hostileRun(server: TestServer, random: Random, count: number, token?: string): Promise<HostileOutcome> {
  const planned = Array.from({ length: count }, () => randomRequest(random, { port: server.port, protectedIsbns: FIXTURE_ISBNS, token }));
  const outcome: HostileOutcome = { planned, violations: [], created: [], statuses: new Map() };
  await inPool(planned, 12, async (request, index) => {
    const { responses, rest, error } = await exchange(server.port, request.bytes, {
      headAt: (at) => at === 0 && request.method === 'HEAD',
    });
    const name = `#${index} ${request.label}`;
    const report = (problem: string): void => void outcome.violations.push({ request: name, problem });
    const first = responses[0];
    const key = first ? String(first.status) : 'unanswered';
    outcome.statuses.set(key, (outcome.statuses.get(key) ?? 0) + 1);
    if (!first && !request.mayGoUnanswered) report(`no answer${error ? ` (${error})` : ''}`);
    if (rest.length > 0 && !request.mayGoUnanswered)
      report(`an answer cut short: ${JSON.stringify(rest.subarray(0, 60).toString('latin1'))}`);
    responses.forEach((response, at) => {
      const isHead = at === 0 && request.method === 'HEAD' && response.body.length === 0;
      for (const problem of answerViolations(
        response.status,
        response.headers.get('content-type'),
        response.body.toString('utf8'),
        isHead,
      )) {
        report(problem);
      }
    });
    if (first?.status === 201 && request.method === 'POST') {
      const book = JSON.parse(first.body.toString('utf8')) as { isbn: string };
      outcome.created.push(book.isbn);
    }
  });
  return outcome;
}

function statusLine(statuses: ReadonlyMap<string, number>): string {
  return [...statuses]
    .sort(([a], [b]) => a.localeCompare(b))
    .map(([status, count]) => `${status}: ${count}`)
    .join(', ');
}

function isbnsIn(body: string): string[] {
  return (JSON.parse(body) as Collection)._embedded.bookDTOList.map((book) => book.isbn);
}

/**
 * The hostile run, then the checks that the service is still whole. Every failed check is
 * collected and reported together, so that one broken rule does not hide another.
 */
async function hostileScenario(t: TestContext, env: Record<string, string>, count: number, token?: string): Promise<void> {
  const server = await startServer({ LOG_LEVEL: 'info', ...env }, { rooms: ROOMS });
  t.after(() => server.close());
  const auth: Record<string, string> = token === undefined ? {} : { authorization: `Bearer ${token}` };
  const before = await text(`${server.base}/books`);
  assert.equal(before.status, 200);

  const outcome = await hostileRun(server, new Random(SEED), count, token);
  t.diagnostic(`seed ${SEED} (replay with ${REPLAY}); first answers by status: ${statusLine(outcome.statuses)}`);
  const failures: string[] = [];
  if (outcome.violations.length > 0) failures.push(summarise(outcome.violations));

  // The service keeps serving, and nothing unexpected reached the log.
  const health = await text(`${server.base}/health`);
  if (health.status !== 200 || health.body !== '{"status":"UP"}') failures.push(`GET /health answered ${health.status} ${health.body}`);
  const errors = server.logs.filter((line) => line.level === 'error');
  if (errors.length > 0) failures.push(`the server logged ${errors.length} unexpected errors, first: ${JSON.stringify(errors[0])}`);
  // Bodies with "__proto__" and "constructor" keys must not reach Object.prototype (the server runs in this process).
  if (Object.hasOwn(Object.prototype, 'polluted')) failures.push('Object.prototype was polluted');

  // Books that exist although no 201 said so: a write the client was told had failed.
  const during = await text(`${server.base}/books`);
  const unannounced = isbnsIn(during.body).filter((isbn) => !FIXTURE_ISBNS.includes(isbn) && !outcome.created.includes(isbn));
  for (const isbn of unannounced) {
    const needle = JSON.stringify(isbn).slice(1, -1);
    const culprits = outcome.planned.flatMap((request, index) => (request.bytes.includes(needle) ? [`#${index} ${request.label}`] : []));
    failures.push(
      `book ${JSON.stringify(isbn)} was stored, but its POST got no 201; sent by ${culprits.join(' or ') || 'an unknown request'}`,
    );
  }

  for (const isbn of [...outcome.created, ...unannounced]) {
    const removed = await fetch(`${server.base}/books/${encodeURIComponent(isbn)}`, { method: 'DELETE', headers: auth });
    if (removed.status !== 204) failures.push(`DELETE of the randomly created ${JSON.stringify(isbn)} answered ${removed.status}`);
  }
  const afterwards = await text(`${server.base}/books`);
  if (afterwards.body !== before.body)
    failures.push(`GET /books differs from the fixture afterwards: ${afterwards.status} ${afterwards.body}`);
  t.diagnostic(`${outcome.created.length} random POSTs created a book (deleted before the comparison)`);

  if (failures.length > 0) assert.fail(`replay with ${REPLAY}\n${failures.join('\n')}`);
  assert.deepEqual(isbnsIn(afterwards.body), FIXTURE_ISBNS);
}

describe('randomised hostile requests', () => {
  // The timeouts only keep a hung server from hanging the run; a pass takes a few seconds.
  // The seed is in each name, so that it shows on the result line whatever happens, a cancel too.
  it(
    `3000 requests: no 5xx, every error is problem+json, the service keeps serving, the fixture is intact (${REPLAY})`,
    { timeout: 120_000 },
    (t) => hostileScenario(t, {}, 3000),
  );

  it(`1000 requests with API_TOKEN and TRUST_PROXY set: the same holds (${REPLAY})`, { timeout: 120_000 }, (t) =>
    hostileScenario(t, { API_TOKEN: 'robust-token', TRUST_PROXY: 'true' }, 1000, 'robust-token'),
  );
});

// ---------------------------------------------------------------------------------------------

interface ModelBook {
  readonly seq: number;
  readonly isbn: string;
  readonly title: string;
  readonly first: string;
  readonly last: string;
}

const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

describe('a churn of POSTs and DELETEs', () => {
  const VIEWS = [
    '/books',
    '/books?sort=title&page=0&size=2',
    '/books?title=the',
    '/books?sort=author,desc',
    '/books?sort=isbn&page=1&size=1',
    '/books?title=A&sort=title,desc',
    '/books?title=%20',
  ];

  it(
    `3000 books added and removed leave every view of the catalogue as it was, order included (${REPLAY})`,
    { timeout: 120_000 },
    async (t) => {
      const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
      t.after(() => server.close());
      const random = new Random((SEED ^ 0x5eed) >>> 0);
      t.diagnostic(`seed ${SEED} (replay with ${REPLAY})`);
      const snapshot = async (): Promise<string[]> =>
        Promise.all(
          VIEWS.map(async (view) => {
            const { status, body } = await text(`${server.base}${view}`);
            assert.equal(status, 200, view);
            return body;
          }),
        );
      const before = await snapshot();

      const fixture: ModelBook[] = [
        { seq: -3, isbn: '1-2-3', title: 'Animal Farm', first: 'George', last: 'Orwell' },
        { seq: -2, isbn: '4-5-6', title: 'The Lord of the Rings', first: 'JRR', last: 'Tolkien' },
        { seq: -1, isbn: '7-8-9', title: 'To Kill a Mockingbird', first: 'Harper', last: 'Lee' },
      ];
      const live = new Map<string, ModelBook>();
      let seq = 0;
      const prefixes = ['Animal Farm', 'The Lord', 'the', 'Vol 2', 'Vol 10', 'vol 1', 'Éclair', 'eclair', 'ECLAIR', '', 'Z'];
      const newBook = (): ModelBook => {
        const n = seq++;
        let title = `${random.pick(prefixes)}${oddText(random, random.between(0, 5))}`;
        // Whitespace and invisible characters alone are no title (api.md, Books, rule 1).
        if (!/[^\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/u.test(title)) title = `x${title}`;
        return {
          seq: n,
          isbn: `churn-${n}-${random.string(random.between(0, 3), ISBN_TEXT)}`,
          title,
          first: `F${n}${oddText(random, random.between(0, 2))}`,
          last: `${random.pick(['Orwell', 'Lee', 'lee', 'Ñandú', 'Ø', '9', '10'])}${oddText(random, random.between(0, 2))}`,
        };
      };
      const post = (book: ModelBook): Promise<Response> =>
        fetch(`${server.base}/books`, {
          method: 'POST',
          headers: JSON_HEADERS,
          body: JSON.stringify({ isbn: book.isbn, title: book.title, authorFirstName: book.first, authorLastName: book.last }),
        });
      const remove = async (book: ModelBook): Promise<void> => {
        const response = await fetch(`${server.base}/books/${encodeURIComponent(book.isbn)}`, { method: 'DELETE' });
        assert.equal(response.status, 204, `DELETE ${JSON.stringify(book.isbn)}`);
        live.delete(book.isbn);
      };

      const isbnsOf = async (path: string): Promise<string[]> => {
        const { status, body } = await text(`${server.base}${path}`);
        assert.equal(status, 200, path);
        return (JSON.parse(body) as Collection)._embedded.bookDTOList.map((book) => book.isbn);
      };
      const everything = (): ModelBook[] => [...fixture, ...[...live.values()].sort((a, b) => a.seq - b.seq)];
      const verify = async (): Promise<void> => {
        const all = everything();
        assert.deepEqual(
          await isbnsOf('/books'),
          all.map((book) => book.isbn),
          'insertion order',
        );
        const byTitle = [...all].sort((a, b) => collator.compare(a.title, b.title) || a.seq - b.seq);
        assert.deepEqual(
          await isbnsOf('/books?sort=title'),
          byTitle.map((book) => book.isbn),
          'sort=title',
        );
        const byAuthorDesc = [...all].sort(
          (a, b) => collator.compare(b.last, a.last) || collator.compare(b.first, a.first) || a.seq - b.seq,
        );
        assert.deepEqual(
          await isbnsOf('/books?sort=author,desc'),
          byAuthorDesc.map((book) => book.isbn),
          'sort=author,desc',
        );
        // A title's first three code points, not code units: half an emoji is no query a client can send.
        const needle = random.pick(['the', 'VOL', 'éclair', 'farm', '\u0000', Array.from(random.pick(all).title).slice(0, 3).join('')]);
        if (/\S/.test(needle)) {
          const matching = all.filter((book) => book.title.toLowerCase().includes(needle.toLowerCase()));
          const path = `/books?title=${encodeURIComponent(needle)}`;
          if (matching.length === 0) assert.equal((await fetch(`${server.base}${path}`)).status, 404, path);
          else
            assert.deepEqual(
              await isbnsOf(path),
              matching.map((book) => book.isbn),
              path,
            );
        }
      };

      const ROUNDS = 30;
      const PER_ROUND = 100;
      for (let round = 0; round < ROUNDS; round++) {
        const books = Array.from({ length: PER_ROUND }, newBook);
        // One at a time, so that the model knows the insertion order; deletes may overlap.
        for (const book of books) {
          const response = await post(book);
          const answer = await response.text();
          assert.equal(response.status, 201, `POST ${JSON.stringify(book)}: ${answer}`);
          live.set(book.isbn, book);
        }
        // Conflicting POSTs change nothing.
        const existing = random.pick([...live.values()]);
        const sameIsbn = await post({ ...existing, title: `${existing.title}!`, first: 'Other' });
        assert.equal(sameIsbn.status, 409, await sameIsbn.text());
        const sameNames = await post({ ...existing, isbn: `${existing.isbn}-again` });
        assert.equal(sameNames.status, 409, await sameNames.text());
        // Sorted views and the title index are built mid-churn, so later writes must keep them right.
        if (round % 5 === 0 || round === ROUNDS - 1) await verify();
        const leaving = random.shuffle([...live.values()]).slice(0, Math.floor(live.size * 0.6));
        await inPool(leaving, 8, remove);
      }
      await verify();
      await inPool(random.shuffle([...live.values()]), 8, remove);
      await verify();

      assert.deepEqual(await snapshot(), before);
    },
  );
});

// ---------------------------------------------------------------------------------------------

interface Submission {
  readonly isbn: string;
  readonly title: string;
  readonly author?: string;
  readonly authorFirstName?: string;
  readonly authorLastName?: string;
}

/** The client's view of a submission, by api.md, Authors. */
function viewOf(book: Submission): Omit<Submission, 'author'> & { author: string; authorFirstName: string; authorLastName: string } {
  // api.md, Books, rule 1: whitespace and invisible characters are not text.
  const hasText = (value: string | undefined): value is string =>
    value !== undefined && /[^\s\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/u.test(value);
  const tokens = hasText(book.author) ? book.author.trim().split(/\s+/) : [];
  const first = hasText(book.authorFirstName) ? book.authorFirstName : (tokens[0] ?? '');
  const last = hasText(book.authorLastName) ? book.authorLastName : (tokens[1] ?? '');
  const author = hasText(book.author) ? book.author : hasText(first) && hasText(last) ? `${first} ${last}` : '';
  return { isbn: book.isbn, title: book.title, author, authorFirstName: first, authorLastName: last };
}

const EMOJI_64 = '📚'.repeat(64);

const ROUND_TRIPS: readonly (readonly [string, Submission])[] = [
  ['emoji and ZWJ sequences', { isbn: '📚-978-🐉', title: '📚 Books & 🐉 Dragons 👩‍👩‍👧‍👦 🏳️‍🌈 🇫🇷', author: '🧙 Gandalf' }],
  ['NUL characters', { isbn: 'nul-isbn', title: 'Title\u0000with NUL', author: 'Nul\u0000First Last\u0000' }],
  ['right-to-left marks and scripts', { isbn: 'עברית-1', title: 'שָׁלוֹם עולם مرحبا \u200f\u202e', author: 'عمر خيام' }],
  [
    'combining characters',
    {
      isbn: 'e\u0301-a\u0300\u0301',
      title: 'Zalgo a\u0300\u0301\u0302\u0303 e\u0301',
      authorFirstName: 'Ame\u0301lie',
      authorLastName: 'Poulain\u0308',
    },
  ],
  ['?#% and spaces in the isbn', { isbn: 'a?b#c%d e f', title: 'Slashes / and ? and # and %', author: 'Per Cent%' }],
  ['an isbn of escapes that must not be decoded twice', { isbn: '%2F%zz%25 %', title: 'Escapes', author: 'Es Cape' }],
  ['an isbn of +, & and =', { isbn: '+&=;,', title: 'Query characters', author: 'Q Uery' }],
  ['leading and trailing spaces', { isbn: 'spaced  inside', title: '  padded title  ', author: '  George   Orwell ' }],
  ['Unicode whitespace', { isbn: 'nbsp\u00a0inside', title: '\u2028line\u2029', author: 'A\u00a0B' }],
  ['control characters', { isbn: 'ctl-isbn', title: '\u0001\u001f\u007f', author: 'Ctl \u0007Bell' }],
  ['byte order mark and noncharacters', { isbn: 'bom\uffff\ufffe', title: '\ufeff\ufffd replacement', author: 'Non Char\ufffe' }],
  ['characters outside the BMP', { isbn: '𝔘𝔫𝔦', title: '𝔘𝔫𝔦𝔠𝔬𝔡𝔢', authorFirstName: '𝔄', authorLastName: '𝔅' }],
  ['prototype-ish names', { isbn: '__proto__', title: 'constructor', author: 'prototype toString' }],
  ['dots that are not dot-segments', { isbn: '...', title: '.a', author: 'a. .b' }],
  ['.. inside an isbn', { isbn: '..x..y..', title: 'Back \\ slash', author: 'Dot Dot' }],
  ['a 64-character isbn', { isbn: 'i'.repeat(64), title: 'Long isbn', author: 'Six Four' }],
  ['a 64-emoji isbn (64 code points)', { isbn: EMOJI_64, title: 'Emoji isbn', author: 'Emo Ji' }],
  ['a 512-character title', { isbn: 'long-title', title: 't'.repeat(512), author: 'Five Twelve' }],
  ['a 512-emoji title', { isbn: 'emoji-title', title: '🐉'.repeat(512), author: 'Dra Gon' }],
  [
    '256-code-point author names',
    { isbn: 'long-names', title: 'Long names', authorFirstName: 'é'.repeat(256), authorLastName: '😀'.repeat(256) },
  ],
  ['a single-token author', { isbn: 'plato', title: 'Republic', author: 'Plato' }],
];

describe('odd but valid strings round-trip', () => {
  for (const [name, submission] of ROUND_TRIPS) {
    it(`${name}: POST 201, the self link and Location give back the POST body, DELETE via self works`, async (t) => {
      const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
      t.after(() => server.close());
      const self = `${server.base}/books/${encodeURIComponent(submission.isbn)}`;

      const created = await text(`${server.base}/books`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(submission) });
      assert.equal(created.status, 201, created.body);
      assert.equal(created.response.headers.get('content-type'), 'application/hal+json');
      assert.deepEqual(JSON.parse(created.body), {
        ...viewOf(submission),
        _links: { self: { href: self }, books: { href: `${server.base}/books?title=` } },
      });
      assert.equal(created.response.headers.get('location'), self);

      for (const link of [self, created.response.headers.get('location') ?? '']) {
        const read = await text(link);
        assert.equal(read.status, 200, `GET ${link}`);
        assert.equal(read.response.url, link, 'the link must not be rewritten on the way');
        assert.equal(read.body, created.body, `GET ${link} returns exactly what the POST returned`);
      }
      const listed = await text(`${server.base}/books?title=${encodeURIComponent(submission.title)}`);
      assert.equal(listed.status, 200);
      const found = (JSON.parse(listed.body) as Collection)._embedded.bookDTOList;
      assert.ok(
        found.some((book) => book.isbn === submission.isbn),
        'the title search finds the book',
      );

      const removed = await fetch(self, { method: 'DELETE' });
      assert.equal(removed.status, 204);
      const gone = await text(self);
      assert.equal(gone.status, 404);
      assert.deepEqual(answerViolations(gone.status, gone.response.headers.get('content-type'), gone.body), []);
      const all = await text(`${server.base}/books`);
      assert.deepEqual(
        (JSON.parse(all.body) as Collection)._embedded.bookDTOList.map((book) => book.isbn),
        FIXTURE_ISBNS,
      );
    });
  }

  it('limits are counted in code points: 65 emoji in an isbn and 513 in a title are refused', async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    assert.equal(codePoints(`${EMOJI_64}📚`), 65);
    const cases: [Submission, string][] = [
      [{ isbn: `${EMOJI_64}📚`, title: 't', author: 'a b' }, 'isbn must be at most 64 characters'],
      [{ isbn: 'x', title: '🐉'.repeat(513), author: 'a b' }, 'title must be at most 512 characters'],
    ];
    for (const [submission, detail] of cases) {
      const refused = await text(`${server.base}/books`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(submission) });
      assert.equal(refused.status, 400);
      assert.deepEqual(answerViolations(refused.status, refused.response.headers.get('content-type'), refused.body), []);
      assert.equal((JSON.parse(refused.body) as { detail: string }).detail, detail);
    }
  });

  // A URL parser (WHATWG: fetch, browsers) resolves the dot-segments "." and ".." in a path, and
  // "%2E" counts as a dot there too, so no encoding can keep such an isbn in its self link.
  it('an isbn of "." or ".." is refused with a 400 problem, or its self link leads back to it', async (t) => {
    const server = await startServer({ LOG_LEVEL: 'warn' }, { rooms: ROOMS });
    t.after(() => server.close());
    for (const isbn of ['.', '..']) {
      const submission = { isbn, title: `Dots ${isbn}`, author: 'Dot Segment' };
      const created = await text(`${server.base}/books`, { method: 'POST', headers: JSON_HEADERS, body: JSON.stringify(submission) });
      if (created.status === 400) {
        assert.deepEqual(answerViolations(created.status, created.response.headers.get('content-type'), created.body), []);
        continue;
      }
      assert.equal(created.status, 201, created.body);
      const self = (JSON.parse(created.body) as { _links: { self: { href: string } } })._links.self.href;
      const read = await text(self);
      // Clean up on the raw path first, which no URL parser rewrites, so a failure leaves no book behind.
      await exchange(server.port, `DELETE /books/${isbn} HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\n\r\n`);
      assert.equal(
        read.status,
        200,
        `GET ${self} (fetched as ${read.response.url}) should give back the book with isbn ${JSON.stringify(isbn)}`,
      );
      assert.equal(read.body, created.body);
    }
  });
});
