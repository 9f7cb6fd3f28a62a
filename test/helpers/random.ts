/**
 * A small seeded random source for the robustness suite, so that a failing run can be replayed:
 * every run prints its seed, and `ROBUSTNESS_SEED=<n>` runs the same requests again.
 */
import { randomInt } from 'node:crypto';

export const SEED_VARIABLE = 'ROBUSTNESS_SEED';

/** The seed from `ROBUSTNESS_SEED` (decimal or 0x-hex), or a fresh one. */
export function seedFromEnv(env: Readonly<Record<string, string | undefined>> = process.env): number {
  const text = env[SEED_VARIABLE]?.trim();
  if (text === undefined || text === '') return randomInt(1, 2 ** 32);
  const seed = Number(text);
  if (!Number.isInteger(seed) || seed < 0 || seed >= 2 ** 32) {
    throw new Error(`${SEED_VARIABLE} must be an integer from 0 to 2^32-1, got ${JSON.stringify(text)}`);
  }
  return seed;
}

/**
 * xorshift32 over a scrambled seed: not for cryptography, only fast, small and repeatable. The
 * state is never 0 (xorshift would stay at 0 forever).
 */
export class Random {
  private state: number;
  readonly seed: number;

  constructor(seed: number) {
    this.seed = seed;
    // Spread the seed's bits so that neighbouring seeds start far apart.
    let mixed = (seed ^ 0x9e3779b9) >>> 0;
    mixed = Math.imul(mixed ^ (mixed >>> 16), 0x85ebca6b) >>> 0;
    mixed = Math.imul(mixed ^ (mixed >>> 13), 0xc2b2ae35) >>> 0;
    mixed = (mixed ^ (mixed >>> 16)) >>> 0;
    this.state = mixed === 0 ? 0x6d2b79f5 : mixed;
  }

  /** A uniform unsigned 32-bit integer. */
  next(): number {
    let x = this.state;
    x ^= x << 13;
    x ^= x >>> 17;
    x ^= x << 5;
    this.state = x >>> 0;
    return this.state;
  }

  /** A float in [0, 1). */
  float(): number {
    return this.next() / 2 ** 32;
  }

  /** An integer in [0, max). */
  int(max: number): number {
    return Math.floor(this.float() * max);
  }

  /** An integer in [min, max]. */
  between(min: number, max: number): number {
    return min + this.int(max - min + 1);
  }

  chance(probability: number): boolean {
    return this.float() < probability;
  }

  pick<T>(items: readonly T[]): T {
    if (items.length === 0) throw new Error('pick from an empty list');
    return items[this.int(items.length)] as T;
  }

  /** One of the values, each as likely as its weight. */
  weighted<T>(entries: readonly (readonly [number, T])[]): T {
    const total = entries.reduce((sum, [weight]) => sum + weight, 0);
    let roll = this.float() * total;
    for (const [weight, value] of entries) {
      roll -= weight;
      if (roll < 0) return value;
    }
    return (entries[entries.length - 1] as readonly [number, T])[1];
  }

  /** Shuffles in place (Fisher–Yates) and returns the same array. */
  shuffle<T>(items: T[]): T[] {
    for (let i = items.length - 1; i > 0; i--) {
      const j = this.int(i + 1);
      [items[i], items[j]] = [items[j] as T, items[i] as T];
    }
    return items;
  }

  /** `length` code points, each drawn from `alphabet` (an array of code points as strings). */
  string(length: number, alphabet: readonly string[]): string {
    let text = '';
    for (let i = 0; i < length; i++) text += this.pick(alphabet);
    return text;
  }

  bytes(length: number): Buffer {
    const bytes = Buffer.alloc(length);
    for (let i = 0; i < length; i++) bytes[i] = this.int(256);
    return bytes;
  }
}

/**
 * Odd but valid text: every entry is well-formed Unicode, so the service must store it as given.
 * Each is one or a few code points, to be mixed into longer strings.
 */
export const ODD_TEXT: readonly string[] = [
  'a',
  'Z',
  '0',
  ' ',
  '-',
  '.',
  '/',
  '?',
  '#',
  '%',
  '&',
  '=',
  '+',
  ';',
  ',',
  '"',
  "'",
  '\\',
  '<',
  '>',
  '`',
  '\u0000', // NUL
  '\u0001',
  '\u001f',
  '\u007f',
  '\t',
  '\n',
  '\r',
  '\u00a0', // no-break space (JavaScript's \s counts it as whitespace)
  '\u200b', // zero-width space
  '\u200e',
  '\u200f', // left-to-right and right-to-left marks
  '\u202e', // right-to-left override
  '\u2028',
  '\u2029', // line and paragraph separators
  '\ufeff', // byte order mark
  '\ufffd',
  '\uffff',
  '\ufffe', // replacement character and noncharacters
  'e\u0301', // e + combining acute
  'a\u0300\u0301\u0302\u0303\u0304', // stacked combining marks
  'ß',
  'İ',
  'ǅ',
  'Σ',
  'ς', // case mappings that change length or depend on context
  'שָׁלוֹם',
  'مرحبا', // Hebrew with points, Arabic
  '日本語',
  '한국어',
  '😀',
  '📚',
  '🐉',
  '👩‍👩‍👧‍👦',
  '🏳️‍🌈',
  '🇫🇷', // emoji, ZWJ sequences, flags
  '𝔘𝔫𝔦', // mathematical letters outside the BMP
  '١٢٣', // Arabic-Indic digits (numeric collation)
  '12',
  '007',
  '__proto__',
  'constructor',
  'prototype',
  'toString',
  'hasOwnProperty',
];

/** Code points of `text`, counted as the contract counts lengths. */
export function codePoints(text: string): number {
  let count = 0;
  for (const _ of text) count++;
  return count;
}

// ---------------------------------------------------------------------------------------------
// Hostile requests: whole request streams, as bytes, built from a Random.

/** One generated request stream, ready to write to a socket. */
export interface PlannedRequest {
  /** A one-line description, to report and to find the request again. */
  readonly label: string;
  readonly method: string;
  readonly bytes: Buffer;
  /**
   * Whether the server may close without answering: a body over the limit, where the close may
   * race the answer, or an Upgrade request whose body framing is off.
   */
  readonly mayGoUnanswered: boolean;
}

export interface HostileOptions {
  /** The server's port, for a valid Host header. */
  readonly port: number;
  /** Isbns that no generated DELETE may name, however encoded: the fixture. */
  readonly protectedIsbns: readonly string[];
  /** When set, a share of writes carry the right bearer token. */
  readonly token?: string | undefined;
}

const BODY_LIMIT = 16 * 1024;

const METHODS: readonly (readonly [number, string])[] = [
  [24, 'GET'],
  [6, 'HEAD'],
  [30, 'POST'],
  [8, 'DELETE'],
  [3, 'PUT'],
  [4, 'PATCH'],
  [4, 'OPTIONS'],
  [2, 'PROPFIND'],
  [1, 'PROPPATCH'],
  [1, 'TRACE'],
  [1, 'MKCOL'],
  [1, 'SEARCH'],
  [1, 'LOCK'],
  [1, 'PURGE'],
  [1, 'M-SEARCH'],
  [1, 'get'],
  [1, 'FOO'],
  [1, 'G\u00c9T'],
  [1, 'CONNECT'],
  [1, ''],
];

const SEGMENTS: readonly string[] = [
  'books',
  'books',
  'books',
  '1-2-3',
  '4-5-6',
  '7-8-9',
  '',
  '%',
  '%zz',
  '%C0%AF',
  '%c0%ae',
  '%00',
  '%2F',
  '%2f',
  '%2e',
  '%2e%2e',
  '.',
  '..',
  '%E2%82',
  '%F0%9F%93%9A',
  '%ED%A0%80',
  '%EF%BF%BF',
  '%25',
  '%%',
  '%u0041',
  '%1',
  ';',
  ':',
  '@',
  '~',
  '*',
  '+',
  "!$&'()*,=",
  'a%20b',
  '%0D%0A',
  '%0d%0aSet-Cookie:%20x=y',
  'health',
  'openapi.json',
  '\\',
  '%5C',
  '__proto__',
  'constructor',
  '%3F',
  '%23',
  '?',
  '#',
  'books%2F1-2-3',
];

const QUERY_VALUES: readonly string[] = [
  '',
  'the',
  'THE',
  'a',
  '%',
  '%zz',
  '%00',
  '%C0%AF',
  '%ED%A0%80',
  '+',
  '%20',
  '%2B',
  'Animal+Farm',
  '0',
  '1',
  '-1',
  '999999999999999999999',
  '1e3',
  '1.5',
  'abc',
  'title',
  'isbn,desc',
  'author,asc',
  'title,up',
  'TITLE',
  ',',
  '[]',
  '__proto__',
  'constructor',
  '%F0%9F%93%9A',
  '&',
  '=',
];

const HOSTS: readonly string[] = [
  'example.com',
  'a',
  '[::1]:8080',
  '',
  'a b',
  'x:99999',
  'x:0',
  '\u00e9vil',
  'a'.repeat(300),
  '-',
  'a/b',
  'a@b',
  '..',
  'localhost:',
  '[::1',
  '1.2.3.4:80:80',
  'a\tb',
];

export const CONTENT_TYPES: readonly string[] = [
  'application/json',
  'application/json',
  'application/json',
  'application/json; charset=utf-8',
  'APPLICATION/JSON',
  'application/json;charset=latin1',
  'application/problem+json',
  'application/vnd.book+json',
  'text/plain',
  'application/x-www-form-urlencoded',
  'multipart/form-data; boundary=x',
  '',
  'json',
  'application/',
  '/json',
  'application/json\t',
  ';;;',
  `a/${'+json'.repeat(400)}!`,
  'application/json; charset="\u00e9"',
  'text/json',
  'application/jsonx',
  '*/*',
];

const INVALID_UTF8: readonly (readonly number[])[] = [
  [0xff],
  [0xfe],
  [0xc0, 0xaf],
  [0xe0, 0x80, 0xaf],
  [0xed, 0xa0, 0x80],
  [0xed, 0xbf, 0xbf],
  [0x80],
  [0xe2, 0x82],
  [0xf4, 0x90, 0x80, 0x80],
  [0xf8, 0x88, 0x80, 0x80, 0x80],
  [0xc3],
];

/** Builds one hostile request; see PlannedRequest. */
export function randomRequest(random: Random, options: HostileOptions): PlannedRequest {
  let method = random.weighted(METHODS);
  const target = randomTarget(random);
  // A DELETE that names a fixture book would succeed and change the catalogue under test.
  if (method === 'DELETE' && namesProtected(target, options.protectedIsbns)) method = 'GET';
  const headers: [string, string][] = [];
  const parts: string[] = [];

  const hostRoll = random.float();
  if (hostRoll < 0.85) headers.push(['Host', `127.0.0.1:${options.port}`]);
  else if (hostRoll < 0.97) headers.push(['Host', random.pick(HOSTS)]);
  if (random.chance(0.02)) headers.push(['Host', random.pick(HOSTS)]);

  const withBody = method === 'POST' ? random.chance(0.93) : random.chance(0.08);
  let body: Buffer | undefined;
  if (withBody) {
    const built = randomBody(random);
    body = built.bytes;
    parts.push(built.kind);
    if (random.chance(0.93)) headers.push(['Content-Type', random.pick(CONTENT_TYPES)]);
  }
  const before = headers.length;
  addOptionalHeaders(random, headers, options.token);
  const notes = headers
    .slice(before)
    .map(([name, value]) => `${name}: ${JSON.stringify(value.length > 20 ? `${value.slice(0, 20)}…` : value)}`);

  let framing = 'none';
  let head = '';
  let payload: Buffer = Buffer.alloc(0);
  if (body !== undefined) {
    framing = random.weighted([
      [70, 'length'],
      [12, 'chunked'],
      [5, 'short'],
      [5, 'long'],
      [3, 'none'],
      [3, 'both'],
      [2, 'two-lengths'],
    ]);
    ({ head, payload } = frame(random, framing, body));
  } else if (random.chance(0.05)) {
    headers.push(['Content-Length', '0']);
  }
  parts.unshift(framing);

  let trailing: Buffer = Buffer.alloc(0);
  if (random.chance(0.05)) {
    trailing = random.chance(0.5)
      ? Buffer.from(`GET /health HTTP/1.1\r\nHost: 127.0.0.1:${options.port}\r\n\r\n`, 'latin1')
      : random.bytes(random.between(1, 40));
    parts.push('trailing');
  }

  if (notes.length > 0) parts.push(notes.join('; '));
  const version = random.weighted([
    [96, ' HTTP/1.1'],
    [2, ' HTTP/1.0'],
    [1, ''],
    [1, ' HTTP/1.2'],
  ]);
  const headerText = headers.map(([name, value]) => `${name}: ${value}\r\n`).join('');
  const requestHead = Buffer.from(`${method} ${target}${version}\r\n${headerText}${head}\r\n`, 'latin1');
  const bytes = Buffer.concat([requestHead, payload, trailing]);
  return {
    label: `${method} ${version.trim() || '(no version)'} ${JSON.stringify(target.length > 100 ? `${target.slice(0, 100)}…(${target.length})` : target)} [${parts.join(', ')}]`,
    method,
    bytes,
    mayGoUnanswered:
      (body?.length ?? 0) > BODY_LIMIT ||
      // With an Upgrade header and a body that the stream's end cuts short, node ends the socket
      // on the client's FIN before the app can answer (the parser raises no error there).
      (headers.some(([name]) => name === 'Upgrade') && framing !== 'length'),
  };
}

function namesProtected(target: string, isbns: readonly string[]): boolean {
  // Decode every escape that could spell a protected isbn, leniently; the router is stricter.
  const decoded = target.replace(/%([0-9A-Fa-f]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16)));
  return isbns.some((isbn) => decoded.includes(isbn));
}

function randomTarget(random: Random): string {
  const shape = random.weighted([
    [20, 'books'],
    [25, 'book'],
    [12, 'segments'],
    [6, 'odd'],
    [5, 'absolute'],
    [4, 'long'],
    [3, 'root'],
  ]);
  const query = random.chance(0.3) ? randomQuery(random) : '';
  switch (shape) {
    case 'books':
      return `/books${query}`;
    case 'book':
      return `/books/${randomSegment(random)}${query}`;
    case 'segments': {
      const count = random.between(1, 5);
      const segments = Array.from({ length: count }, () => randomSegment(random));
      return `/${segments.join('/')}${query}`;
    }
    case 'odd':
      return random.pick([
        '*',
        '',
        'books',
        '?',
        '#',
        '/#frag',
        '/books#x',
        '//books',
        '/books/',
        '/books//1-2-3',
        '/books/4-5-6/',
        '/books/4-5-6/x',
        '/./books',
        '/books/./4-5-6',
        '/books/../books',
        '/%2e%2e/books',
        '/books?',
        '/books??title=a',
        '/books?&&&',
        '/books?=',
        '/books?title',
        '/\u00ff',
        '/\u0001',
        '/books\u0000',
      ]);
    case 'absolute':
      return random.pick(['http://example.com', 'https://x:1', 'HTTP://a', 'http://', 'ftp://x', 'http://a@b']) + `/books${query}`;
    case 'long': {
      const length = random.pick([1000, 8000, 16_000, 17_000]);
      return random.chance(0.5) ? `/books/${'a'.repeat(length)}` : `/books?title=${'x'.repeat(length)}`;
    }
    default:
      return `/${query}`;
  }
}

function randomSegment(random: Random): string {
  const roll = random.float();
  if (roll < 0.55) return random.pick(SEGMENTS);
  if (roll < 0.8) return encodeURIComponent(oddText(random, random.between(1, 12)));
  if (roll < 0.9) return random.string(random.between(1, 10), ['a', 'b', '-', '_', '.', '~', '%', '2', 'F', 'e']);
  return random.string(random.between(1, 6), ['%', 'zz', '%2', 'f', '\u00e9', ' ', '\t', '"', '<', '{', '|']);
}

function randomQuery(random: Random): string {
  const names = ['title', 'title', 'page', 'size', 'sort', 'x', '', '%zz', 'title%00'];
  const count = random.between(0, 4);
  const pairs = Array.from({ length: count }, () => {
    const name = random.pick(names);
    return random.chance(0.1) ? name : `${name}=${random.pick(QUERY_VALUES)}`;
  });
  return `?${pairs.join('&')}`;
}

function addOptionalHeaders(random: Random, headers: [string, string][], token: string | undefined): void {
  const optional: readonly (readonly [number, () => [string, string]])[] = [
    [0.03, () => ['Content-Encoding', random.pick(['gzip', 'identity', 'br', ''])]],
    [0.02, () => ['Expect', random.pick(['100-continue', '100-continue', 'foo'])]],
    [0.1, () => ['X-Request-Id', random.pick(['abc-123', '', 'has space', 'r'.repeat(200), '\u00fc', '../..', 'a=b/c'])]],
    [0.05, () => ['If-None-Match', random.pick(['*', '"x"', 'W/"x"', ',,,', '"', 'W/'])]],
    [0.08, () => ['Authorization', random.pick(['Bearer x', 'Bearer', 'Basic abc', '', `Bearer ${'t'.repeat(500)}`])]],
    [0.05, () => ['Accept', random.pick(['*/*', 'application/hal+json', 'text/html', 'application/xml;q=0.9', ''])]],
    [0.05, () => ['Connection', random.pick(['close', 'keep-alive', 'upgrade', 'Upgrade, HTTP2-Settings', 'te'])]],
    [0.02, () => ['Upgrade', random.pick(['websocket', 'h2c', 'HTTP/2.0'])]],
    [0.04, () => ['Forwarded', random.pick(['proto=https;host=example.com', 'for=1.2.3.4', 'host="a,b"', '=;=', 'proto=ftp'])]],
    [0.04, () => ['X-Forwarded-Proto', random.pick(['https', 'http', 'ftp', '', 'https, http'])]],
    [0.04, () => ['X-Forwarded-Host', random.pick(['example.com', 'a b', 'x:99999', ''])]],
    [0.03, () => ['X-Forwarded-Port', random.pick(['443', '0', '70000', 'abc', ''])]],
    [0.03, () => ['X-Forwarded-Prefix', random.pick(['/api', 'api', '/a b', '/%zz', '//', '/\u00e9'])]],
    [0.02, () => ['Range', 'bytes=0-1']],
    [0.02, () => ['Cookie', 'c'.repeat(random.pick([10, 4000, 12_000]))]],
    [0.03, () => [random.pick(['X Odd', 'X\tOdd', 'X(Odd)', 'X-\u00e9', 'X-Odd']), random.pick(['v', 'a\u0000b', '\u007f', '\u00ff'])]],
  ];
  for (const [probability, make] of optional) if (random.chance(probability)) headers.push(make());
  if (token !== undefined && random.chance(0.5)) headers.push(['Authorization', `Bearer ${token}`]);
}

/** The head lines (Content-Length / Transfer-Encoding) and body bytes for a framing. */
function frame(random: Random, framing: string, body: Buffer): { head: string; payload: Buffer } {
  switch (framing) {
    case 'length':
      return { head: `Content-Length: ${body.length}\r\n`, payload: body };
    case 'chunked':
      return { head: 'Transfer-Encoding: chunked\r\n', payload: chunked(random, body) };
    case 'short':
      return { head: `Content-Length: ${random.int(body.length)}\r\n`, payload: body };
    case 'long':
      return { head: `Content-Length: ${body.length + random.between(1, 100)}\r\n`, payload: body };
    case 'both':
      return { head: `Content-Length: ${body.length}\r\nTransfer-Encoding: chunked\r\n`, payload: chunked(random, body) };
    case 'two-lengths':
      return { head: `Content-Length: ${body.length}\r\nContent-Length: ${body.length + 1}\r\n`, payload: body };
    default:
      return { head: '', payload: body };
  }
}

function chunked(random: Random, body: Buffer): Buffer {
  const pieces: Buffer[] = [];
  let offset = 0;
  while (offset < body.length) {
    const size = Math.min(body.length - offset, random.between(1, 4096));
    pieces.push(Buffer.from(`${size.toString(16)}\r\n`), body.subarray(offset, offset + size), Buffer.from('\r\n'));
    offset += size;
  }
  // Sometimes the stream is cut before its last chunk.
  if (random.chance(0.9)) pieces.push(Buffer.from('0\r\n\r\n'));
  return Buffer.concat(pieces);
}

/** Odd but valid text of `length` pieces of ODD_TEXT. */
export function oddText(random: Random, length: number): string {
  return random.string(length, ODD_TEXT);
}

/** Odd text an isbn may hold: any but / and \\, which would let its link name another path (api.md, Validation). */
/** The pieces an isbn may hold anywhere: no / or \\, nothing invisible, no whitespace to end it with (api.md, Validation, rule 6). */
export const ISBN_TEXT = ODD_TEXT.filter((piece) => !/[/\\\s\p{Cc}\p{Cf}\u115F\u1160\u2800\u3164\uFFA0]/u.test(piece));

/** A submission that passes validation: isbn unique enough, every field within its limit. */
export function validBook(random: Random): Record<string, string> {
  const book: Record<string, string> = {
    isbn: `r${random.next().toString(36)}${random.string(random.between(0, 6), ISBN_TEXT)}`,
    title: `T${oddText(random, random.between(0, 20))}`,
  };
  if (random.chance(0.5)) book.author = `A${oddText(random, random.between(0, 6))} B${oddText(random, random.between(0, 6))}`;
  else {
    book.authorFirstName = `F${oddText(random, random.between(0, 8))}`;
    book.authorLastName = `L${oddText(random, random.between(0, 8))}`;
  }
  return book;
}

function randomValue(random: Random): string {
  return random.pick([
    '1',
    '-0',
    '1e999',
    '3.14',
    '12345678901234567890123456789',
    'true',
    'false',
    'null',
    '[]',
    '{}',
    '[1,"a"]',
    '{"a":1}',
    '""',
    '"   "',
    '"\\t\\n"',
    '"\\u0000"',
    '"\\ud800"',
    '"\\udc00x"',
    '"ok"',
    '"\\u00"',
    JSON.stringify(oddText(random, 5)),
  ]);
}

/** A POST body of one of many hostile kinds, as bytes. */
function randomBody(random: Random): { kind: string; bytes: Buffer } {
  const kind = random.weighted([
    [12, 'valid'],
    [14, 'wrong-types'],
    [6, 'deep'],
    [6, 'huge'],
    [8, 'invalid-utf8'],
    [8, 'proto'],
    [5, 'not-object'],
    [8, 'not-json'],
    [5, 'truncated'],
    [3, 'empty'],
    [3, 'random-bytes'],
    [2, 'many-keys'],
  ]);
  const text = (value: string): { kind: string; bytes: Buffer } => ({ kind, bytes: Buffer.from(value, 'utf8') });
  switch (kind) {
    case 'valid': {
      const book: Record<string, unknown> = validBook(random);
      if (random.chance(0.3)) book._links = { self: { href: 'http://evil/' } };
      if (random.chance(0.2)) book.id = random.int(1000);
      return text(JSON.stringify(book));
    }
    case 'wrong-types': {
      const fields = ['isbn', 'title', 'author', 'authorFirstName', 'authorLastName', 'ISBN', 'Title'];
      const members = fields.filter(() => random.chance(0.7)).map((field) => `${JSON.stringify(field)}:${randomValue(random)}`);
      return text(`{${members.join(',')}}`);
    }
    case 'deep': {
      const levels = random.pick([1000, 5000, 7000]);
      const shape = random.int(3);
      if (shape === 0) return text(`${'['.repeat(levels)}${']'.repeat(levels)}`);
      if (shape === 1) return text(`{"isbn":${'['.repeat(levels)}${']'.repeat(levels)},"title":"t","author":"a b"}`);
      const objects = Math.min(levels, 3000);
      return text(`{"isbn":"d","title":"t","author":"a b","x":${'{"":'.repeat(objects)}1${'}'.repeat(objects)}}`);
    }
    case 'huge': {
      const field = random.pick(['isbn', 'title', 'author', 'authorFirstName', 'extra']);
      const total = random.pick([BODY_LIMIT - 1, BODY_LIMIT, BODY_LIMIT + 1, 20_000, random.chance(0.2) ? 300_000 : 17_000]);
      const frameText = `{"isbn":"h${random.next()}","title":"t","author":"a b","${field}":""}`;
      const fillUnit = random.pick(['x', '\u00e9', '\u{1F4DA}']);
      const unitBytes = Buffer.byteLength(fillUnit);
      const fillBytes = Math.max(0, total - Buffer.byteLength(frameText));
      const fill = fillUnit.repeat(Math.floor(fillBytes / unitBytes)) + 'x'.repeat(fillBytes % unitBytes);
      return text(frameText.replace(`"${field}":""`, `"${field}":"${fill}"`));
    }
    case 'invalid-utf8': {
      const valid = Buffer.from(JSON.stringify(validBook(random)), 'utf8');
      const at = random.chance(0.7) ? valid.indexOf('"', 10) + 1 : random.int(valid.length);
      const bad = Buffer.from(random.pick(INVALID_UTF8));
      return { kind, bytes: Buffer.concat([valid.subarray(0, at), bad, valid.subarray(at)]) };
    }
    case 'proto': {
      const book = JSON.stringify(validBook(random)).slice(1, -1);
      return text(
        random.pick([
          '{"__proto__":{"isbn":"p","title":"t","author":"a b"}}',
          `{${book},"__proto__":{"polluted":"yes"}}`,
          `{"__proto__":{"polluted":"yes"},${book}}`,
          `{${book},"constructor":{"prototype":{"polluted":"yes"}}}`,
          `{${book},"prototype":{"polluted":"yes"}}`,
          '{"isbn":"__proto__","title":"__proto__","author":"constructor prototype"}',
          '{"isbn":"constructor","title":"toString","author":"valueOf hasOwnProperty"}',
          '{"__proto__":null}',
          '{"__proto__":[]}',
          `{"__proto__":{"__proto__":{"polluted":"yes"}},${book}}`,
        ]),
      );
    }
    case 'not-object':
      return text(random.pick(['[]', '[{"isbn":"a","title":"t","author":"a b"}]', '1', '"str"', 'null', 'true', '-0', '1e999']));
    case 'not-json':
      return text(
        random.pick([
          ' ',
          '{',
          '}',
          '{"isbn":}',
          "{'isbn':'a'}",
          '{"isbn":"a",}',
          '// c\n{}',
          'NaN',
          '\ufeff{}',
          'isbn=a&title=b',
          '<xml/>',
          '{"a":"\\u00"}',
          '{"a":"\\x41"}',
          '{"a":1}{"b":2}',
          '{"a":"\n"}',
          '\u0000',
          '{"isbn":"a","isbn":1,"title":"t","author":"a b"}',
        ]),
      );
    case 'truncated': {
      const whole = JSON.stringify(validBook(random));
      return text(whole.slice(0, random.int(whole.length)));
    }
    case 'empty':
      return { kind, bytes: Buffer.alloc(0) };
    case 'random-bytes':
      return { kind, bytes: random.bytes(random.between(1, 200)) };
    default: {
      const count = random.pick([100, 1000, 1500]);
      const members = Array.from({ length: count }, (_, i) => `"k${i}":${i}`);
      return text(`{"isbn":"m${random.next()}","title":"t","author":"a b",${members.join(',')}}`);
    }
  }
}
