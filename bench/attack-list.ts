/**
 * The attacks: what one client (or a few) can send to make the service stall or grow. Each runs
 * against a fresh service holding one of three catalogues (attacks.ts starts it), is bounded in
 * count and in time, and closes everything it opened before it resolves.
 */
import { Agent } from 'node:http';
import { atOnce, call, type Call, dribble, LIMIT_MS, looping, pipelined, silent, slowReader, type Tally } from './attack-clients.ts';
import { dottedBook, SHARED_TITLE, TITLE_LIMIT } from './attack-seeds.ts';
import { RETRY_ATTACKS } from './attack-retries.ts';
import { fetchOnce } from './procs.ts';
import { commonLetters } from './search-forms.ts';
import { COMMON_WORDS, generateBooks, isbnOf } from './seed.ts';

/** The 100,000 books of seed.ts, or one of the two catalogues of attack-seeds.ts. */
export type Catalogue = '100,000 books' | '30,000 books of one title' | '10,000 titles of 512 characters';

export interface Outcome {
  /** What clients saw that was not an answer (errors, cuts), by code. */
  readonly failures: Tally;
  /** Anything the row should say besides the figures, e.g. a loop stopped by its time limit. */
  readonly note?: string;
}

export interface Attack {
  readonly name: string;
  readonly catalogue: Catalogue;
  /** Its requests are adds: their p99 is checked against the target. */
  readonly writes?: boolean;
  /** The p99 its adds must stay under, when it is not the suite's. */
  readonly addTargetMs?: number;
  /** Settings of its own for the attacked service, on top of attacks.ts's. */
  readonly env?: Readonly<Record<string, string>>;
  /** The service also listens for metrics (METRICS_PORT), whose base the attack is given. */
  readonly metrics?: boolean;
  /** It starts the moment the service answers, before its text index is built in a worker thread: every search then reads every book. */
  readonly beforeIndex?: boolean;
  readonly run: (base: string, metricsBase: string) => Promise<Outcome>;
}

/** How long the clients that never read, or read slowly, hold their connections. */
const HOLD_MS = 5_000;

const UNPAGED = 'GET /books HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n';

/** 100,000 small requests in a row, about 4.5 MB: what one socket can pipeline in a moment. */
const FLOOD = 'GET /books/4-5-6 HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(100_000);

/** 127 labels of 63 letters, 8,127 bytes: each label a well-formed DNS label, the whole far past DNS's 253. */
const LONG_LABELS = Array.from({ length: 127 }, () => 'a'.repeat(63)).join('.');
/** 8,192 bytes of one-letter labels: 4,096 of them, where DNS allows 127. */
const SHORT_LABELS = 'a.'.repeat(4096);

/**
 * A Forwarded value of 16,000 bytes in two lines, as a proxy that appends to the header passes
 * it: quotes and backslashes that never close a quoted string. Sized so that the head stays
 * under the service's 16 KiB limit and reaches the app instead of a 431.
 */
const FORWARDED = ['"\\'.repeat(4000), '\\"'.repeat(4000)];

/** 1,000 entity tags, about 15 KB, none of them the answer's. */
const NONE_MATCH = Array.from({ length: 1000 }, (_, i) => `"0-${String(i).padStart(8, '0')}"`).join(', ');

/** About 15 KB of media ranges, each with parameters to split. */
const ACCEPT = Array.from({ length: 600 }, () => 'text/html;q=0.1;a=b').join(', ');

/** A request head sent a byte at a time: longer than the hold lasts, so it never ends. */
const SLOW_HEAD = `GET /books HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ${'a'.repeat(10_000)}`;

const EMOJI_TITLE = '📚'.repeat(TITLE_LIMIT);
/** A name as long as one may be (256 code points), 512 code units: two of them make an author of 1,025. */
const EMOJI_NAME = '📚'.repeat(256);

/** Sixteen one-letter words, the most `q` may hold, each in nearly every title or author. */
const ONE_LETTER_WORDS = 'e a i o n r t s l d h c m u y p'.split(' ');
/** Sixteen common words, each in most titles of seed.ts. */
const COMMON_SIXTEEN = [...COMMON_WORDS, ...COMMON_WORDS];
const q = (words: readonly string[]): string => encodeURIComponent(words.join(' '));

/** Sixteen `e`, the letter nearly every book holds: one word, sixteen times. */
const SIXTEEN_E = q(Array(16).fill('e'));
/** The sixteen letters most books of the bench's seed hold, each a word: sixteen searches of most of the index. */
let lettersOfSeed: string | undefined;
const SIXTEEN_LETTERS = (): string => (lettersOfSeed ??= q(commonLetters(generateBooks(100_000), 16)));
/** Sixteen distinct words, none inside another, each in thousands of books of the seed. */
const SIXTEEN_WORDS = q([
  'then',
  'there',
  'ether',
  'three',
  'seeded',
  'volume',
  'smith',
  'james',
  'mary',
  'john',
  'lee',
  'king',
  'hill',
  'green',
  'adams',
  'baker',
]);
/** How long the looping clients keep at it. */
const LOOP_MS = 5_000;
/**
 * A head asking for `path`, named for `base`'s host as a client of it would (links, and so a
 * listing's tag, depend on Host); the last of a pipelined run asks the service to close.
 */
const head =
  (base: string, path: string, headers = '') =>
  (last: boolean): string =>
    `GET ${path} HTTP/1.1\r\nHost: ${new URL(base).host}\r\n${headers}${last ? 'Connection: close\r\n' : ''}\r\n`;
/** About 15 KB of media ranges before HAL-FORMS, which comes too late to count. */
const LONG_ACCEPT = `${'text/plain;q=0.1;a="b,c", '.repeat(550)}application/prs.hal-forms+json`;

/**
 * `times` adds, one at a time on one keep-alive connection, each book made by `book(i)`; stops
 * early at the time limit and says so.
 */
async function adds(base: string, times: number, book: (i: number) => object): Promise<Outcome> {
  const failures: Tally = new Map();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const deadline = performance.now() + LIMIT_MS;
  let done = 0;
  while (done < times && performance.now() < deadline) {
    await call(base, { method: 'POST', path: '/books', body: JSON.stringify(book(done)), agent }, failures);
    done++;
  }
  agent.destroy();
  return {
    failures,
    note: done < times ? `${done.toLocaleString('en-US')} of ${times.toLocaleString('en-US')} within ${LIMIT_MS / 1000} s` : undefined,
  };
}

/** `times` requests one after the other on one keep-alive connection. */
async function inTurn(base: string, times: number, item: Call): Promise<Outcome> {
  const failures: Tally = new Map();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  for (let i = 0; i < times; i++) await call(base, { ...item, agent }, failures);
  agent.destroy();
  return { failures };
}

const atOnceOutcome = async (base: string, times: number, item: Call): Promise<Outcome> => ({ failures: await atOnce(base, times, item) });

export const ATTACKS: readonly Attack[] = [
  {
    name: 'Ten unpaged listings at once, each read to the end',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 10, { path: '/books' }),
  },
  {
    name: 'Thirty one-letter searches at once, sorted, the moment the service answers, before its text index is built',
    catalogue: '100,000 books',
    beforeIndex: true,
    run: (base) => atOnceOutcome(base, 30, { path: '/books?title=e&sort=title,desc&page=0&size=20' }),
  },
  {
    name: 'One unpaged listing, 8 KB Host of 127 labels of 63 letters',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 1, { path: '/books', headers: { host: LONG_LABELS } }),
  },
  {
    name: 'One unpaged listing, 8 KB Host of one-letter labels (`a.` × 4,096)',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 1, { path: '/books', headers: { host: SHORT_LABELS } }),
  },
  {
    name: `Forty clients ask for the unpaged listing and never read (held ${HOLD_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await silent(base, 40, UNPAGED, HOLD_MS) }),
  },
  {
    name: `Thirty unpaged listings pipelined on one socket, never read (held ${HOLD_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await silent(base, 1, UNPAGED.repeat(30), HOLD_MS) }),
  },
  {
    name: `100,000 small GETs pipelined on one socket, never read (held ${HOLD_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await silent(base, 1, FLOOD, HOLD_MS) }),
  },
  {
    name: `100,000 small GETs pipelined on one socket, read at 2 KB/s (${HOLD_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await slowReader(base, FLOOD, 2048, HOLD_MS) }),
  },
  {
    name: 'Thirty requests at once, 16 KB `Forwarded` of `"\\` and `\\"` in two lines',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 30, { path: '/books/4-5-6', headers: { forwarded: FORWARDED } }),
  },
  {
    name: 'HEAD of the unpaged listing, ten at once',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 10, { method: 'HEAD', path: '/books' }),
  },
  {
    name: 'Thirty pages at once, `If-None-Match` of 1,000 tags (15 KB)',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 30, { path: '/books?page=0&size=20', headers: { 'if-none-match': NONE_MATCH } }),
  },
  {
    name: 'Thirty requests for `/` at once, 15 KB `Accept`',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 30, { path: '/', headers: { accept: ACCEPT } }),
  },
  {
    name: `Forty clients dribble a request head, a byte every 50 ms (${HOLD_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await dribble(base, 40, SLOW_HEAD, 50, HOLD_MS) }),
  },
  {
    name: '3,000 adds of 512-emoji titles, one at a time',
    catalogue: '100,000 books',
    writes: true,
    run: (base) => adds(base, 3000, (i) => ({ isbn: isbnOf(i, '979'), title: EMOJI_TITLE, author: `Ada Lovelace${i}` })),
  },
  {
    name: '3,000 adds of books by authors of 256 emoji (two names of 256), then one-letter searches of them',
    catalogue: '100,000 books',
    writes: true,
    run: async (base) => {
      const added = await adds(base, 3000, (i) => ({
        isbn: isbnOf(i, '979'),
        title: `Emoji author ${i}`,
        authorFirstName: EMOJI_NAME,
        authorLastName: EMOJI_NAME,
      }));
      const searched = await inTurn(base, 30, { path: `/books?author=${encodeURIComponent('📚')}&q=e&page=0&size=20` });
      for (const [code, times] of searched.failures) added.failures.set(code, (added.failures.get(code) ?? 0) + times);
      return added;
    },
  },
  {
    name: '`q` of sixteen one-letter words, a page of 20 sorted by title, thirty in turn',
    catalogue: '100,000 books',
    run: (base) => inTurn(base, 30, { path: `/books?q=${q(ONE_LETTER_WORDS)}&sort=title&page=0&size=20` }),
  },
  {
    name: '`q` of sixteen common words, a page of 20, thirty in turn',
    catalogue: '100,000 books',
    run: (base) => inTurn(base, 30, { path: `/books?q=${q(COMMON_SIXTEEN)}&page=0&size=20` }),
  },
  {
    name: '`q` of sixteen one-letter words, unpaged, three in turn',
    catalogue: '100,000 books',
    run: (base) => inTurn(base, 3, { path: `/books?q=${q(ONE_LETTER_WORDS)}` }),
  },
  {
    name: '`q` of sixteen `e`, a page of 1, thirty-two pipelined on one socket',
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await pipelined(base, 32, head(base, `/books?q=${SIXTEEN_E}&page=0&size=1`)) }),
  },
  {
    name: `\`q\` of sixteen \`e\`, a page of 1, eight connections looping (${LOOP_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await looping(base, 8, { path: `/books?q=${SIXTEEN_E}&page=0&size=1` }, LOOP_MS) }),
  },
  {
    name: '`q` of the sixteen letters most books hold, a page of 1, thirty-two pipelined on one socket',
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await pipelined(base, 32, head(base, `/books?q=${SIXTEEN_LETTERS()}&page=0&size=1`)) }),
  },
  {
    name: `\`q\` of the sixteen letters most books hold, sorted, a page of 20, eight connections looping (${LOOP_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({
      failures: await looping(base, 8, { path: `/books?q=${SIXTEEN_LETTERS()}&sort=title&page=0&size=20` }, LOOP_MS),
    }),
  },
  {
    name: `\`q\` of sixteen distinct common words, a page of 20, eight connections looping (${LOOP_MS / 1000} s)`,
    catalogue: '100,000 books',
    run: async (base) => ({ failures: await looping(base, 8, { path: `/books?q=${SIXTEEN_WORDS}&page=0&size=20` }, LOOP_MS) }),
  },
  {
    name: 'The sixteen letters, answered 304 (the tag sent back) and HEAD, thirty-two of each pipelined on one socket',
    catalogue: '100,000 books',
    run: async (base) => {
      const path = `/books?q=${SIXTEEN_LETTERS()}`;
      // The tag, from a HEAD of its own: that costs what the search costs, once.
      const etag = (await fetchOnce(base, 'HEAD', path)).headers.etag as string;
      const failures: Tally = new Map();
      const [tagged, heads] = await Promise.all([
        pipelined(base, 32, head(base, path, `If-None-Match: ${etag}\r\n`)),
        pipelined(base, 32, (last) => head(base, path)(last).replace(/^GET/, 'HEAD')),
      ]);
      for (const tally of [tagged, heads]) for (const [code, times] of tally) failures.set(code, (failures.get(code) ?? 0) + times);
      return { failures };
    },
  },
  {
    name: 'Thirty pages at once, 15 KB `Accept` of 550 ranges with quoted commas, HAL-FORMS last',
    catalogue: '100,000 books',
    run: (base) => atOnceOutcome(base, 30, { path: '/books?page=0&size=20', headers: { accept: LONG_ACCEPT } }),
  },
  {
    name: '20,000 scrapes pipelined on the metrics port, never read (held 5 s)',
    catalogue: '100,000 books',
    metrics: true,
    run: async (_base, metricsBase) => ({
      failures: await silent(metricsBase, 1, 'GET /metrics HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n'.repeat(20_000), HOLD_MS),
    }),
  },
  {
    name: '20,000 scrapes pipelined on the metrics port, read',
    catalogue: '100,000 books',
    metrics: true,
    run: async (_base, metricsBase) => ({ failures: await pipelined(metricsBase, 20_000, head(metricsBase, '/metrics')) }),
  },
  {
    name: '5,000 adds of 512-`İ` titles by authors of two 256-`İ` names, until the text budget is full and past it (MAX_BOOKS 110,000)',
    catalogue: '100,000 books',
    writes: true,
    // Each add indexes 2,049 code units, the most a book can hold: twice what an emoji title does.
    addTargetMs: 10,
    env: { MAX_BOOKS: '110000' },
    run: (base) => adds(base, 5000, dottedBook),
  },
  {
    name: '300 adds of the title 30,000 books share, one at a time',
    catalogue: '30,000 books of one title',
    writes: true,
    run: (base) => adds(base, 300, (i) => ({ isbn: isbnOf(i, '979'), title: SHARED_TITLE, author: `Ada Newcomer${i}` })),
  },
  {
    name: 'One-letter filter `?title=e`, unpaged, 512-character titles, three in turn',
    catalogue: '10,000 titles of 512 characters',
    run: (base) => inTurn(base, 3, { path: '/books?title=e' }),
  },
  {
    name: 'One-letter filter `?title=e&page=0&size=20`, 512-character titles, thirty in turn',
    catalogue: '10,000 titles of 512 characters',
    run: (base) => inTurn(base, 30, { path: '/books?title=e&page=0&size=20' }),
  },
  ...RETRY_ATTACKS,
];
