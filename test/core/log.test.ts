/** JSON-lines logs (api.md, Logs), filtered by LOG_LEVEL, each line written the moment it is logged. */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import type { AddressInfo } from 'node:net';
import { createLogger, LOG_LEVELS, type Logger, type LogLevel } from '../../src/core/log.ts';
import { createService } from '../../src/core/service.ts';

const TIME = '2024-05-06T07:08:09.010Z';

/** A logger whose writes land in `writes`, one entry per call of `write`. */
function capture(level: LogLevel): { logger: Logger; writes: string[] } {
  const writes: string[] = [];
  return { logger: createLogger(level, (line) => writes.push(line)), writes };
}

/** Every timestamp the logger takes reads TIME, so whole lines can be compared. */
function fixTime(t: TestContext): void {
  t.mock.method(Date.prototype, 'toISOString', () => TIME);
}

const WRITING: readonly Exclude<LogLevel, 'silent'>[] = ['debug', 'info', 'warn', 'error'];

describe('createLogger level filter', () => {
  const expected: Record<LogLevel, readonly string[]> = {
    debug: ['debug', 'info', 'warn', 'error'],
    info: ['info', 'warn', 'error'],
    warn: ['warn', 'error'],
    error: ['error'],
    silent: [],
  };
  for (const level of LOG_LEVELS) {
    it(`${level} writes ${expected[level].join(', ') || 'nothing'}`, (t) => {
      fixTime(t);
      const { logger, writes } = capture(level);
      for (const name of WRITING) logger[name](`a ${name} line`);
      assert.deepEqual(
        writes,
        expected[level].map((name) => `{"time":"${TIME}","level":"${name}","msg":"a ${name} line"}\n`),
      );
    });
  }
});

describe('createLogger line format', () => {
  it('writes one JSON object per line: time, level, msg, then the fields', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    logger.info('request', { method: 'GET', path: '/books/a"b', status: 200, durationMs: 0.125, requestId: 'r-1' });
    assert.deepEqual(writes, [
      `{"time":"${TIME}","level":"info","msg":"request","method":"GET","path":"/books/a\\"b","status":200,"durationMs":0.125,"requestId":"r-1"}\n`,
    ]);
  });

  it('leaves out undefined fields', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    logger.warn('careful', { isbn: undefined, requestId: 'r-2' });
    assert.deepEqual(writes, [`{"time":"${TIME}","level":"warn","msg":"careful","requestId":"r-2"}\n`]);
  });

  it('keeps a line break inside a message or a field on one line', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    logger.error('two\nlines', { error: 'a\r\nb' });
    assert.deepEqual(writes, [`{"time":"${TIME}","level":"error","msg":"two\\nlines","error":"a\\r\\nb"}\n`]);
  });

  it('escapes U+2028, U+2029, U+0085, DEL and the other C1 controls too, so any reader sees one line', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    const odd = 'a\u2028b\u2029c\u0085d\u007fe\u0080f\u009fg\u00a0h';
    logger.warn(`msg ${odd}`, { [`key ${odd}`]: odd });
    const escaped = 'a\\u2028b\\u2029c\\u0085d\\u007fe\\u0080f\\u009fg\u00a0h';
    assert.deepEqual(writes, [`{"time":"${TIME}","level":"warn","msg":"msg ${escaped}","key ${escaped}":"${escaped}"}\n`]);
    // The escapes stand for the same characters: the line still reads back as what was logged.
    assert.deepEqual(JSON.parse(writes[0] as string), { time: TIME, level: 'warn', msg: `msg ${odd}`, [`key ${odd}`]: odd });
  });

  it('escapes the bidirectional controls and U+FEFF, so a line reads in the order it was written', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    const odd = 'a\u202ab\u202ec\u2066d\u2069e\ufefff\u200fg\u2067h';
    logger.warn('odd', { isbn: odd });
    const escaped = 'a\\u202ab\\u202ec\\u2066d\\u2069e\\ufefff\u200fg\\u2067h';
    assert.deepEqual(writes, [`{"time":"${TIME}","level":"warn","msg":"odd","isbn":"${escaped}"}\n`]);
    assert.deepEqual(JSON.parse(writes[0] as string), { time: TIME, level: 'warn', msg: 'odd', isbn: odd });
  });

  it('escapes them in what a client sends, over HTTP: an isbn that names no book', async () => {
    const lines: string[] = [];
    const { server } = createService({ rooms: [], env: { LOG_LEVEL: 'warn' }, write: (line) => lines.push(line) });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    const isbn = 'x\u2028\u2029\u0085\u009f\ny';
    const response = await fetch(`http://127.0.0.1:${port}/books/${encodeURIComponent(isbn)}`, { method: 'DELETE' });
    await new Promise((resolve) => server.close(resolve));
    assert.deepEqual([response.status, await response.text()], [204, '']);
    assert.equal(lines.length, 1);
    assert.match(lines[0] as string, /"isbn":"x\\u2028\\u2029\\u0085\\u009f\\ny",/);
    assert.doesNotMatch((lines[0] as string).slice(0, -1), /[\n\r\u000b\u000c\u001c-\u001e\u0085\u2028\u2029]/);
  });

  it('stamps each line with the current time as an ISO 8601 UTC string', () => {
    const { logger, writes } = capture('info');
    const before = Date.now();
    logger.info('now');
    const after = Date.now();
    const time = (JSON.parse(writes[0] as string) as { time: string }).time;
    assert.match(time, /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z$/);
    assert.ok(Date.parse(time) >= before && Date.parse(time) <= after);
  });

  it('puts time, level and msg first, then the fields in their order', (t) => {
    fixTime(t);
    const { logger, writes } = capture('debug');
    logger.info('kept', { note: 'x' });
    assert.equal(writes.length, 1);
    assert.deepEqual(Object.keys(JSON.parse(writes[0] as string) as object), ['time', 'level', 'msg', 'note']);
  });
});

describe('createLogger writes at once', () => {
  it('hands each line to write during the call that logs it, so a crash right after loses nothing', () => {
    const { logger, writes } = capture('info');
    logger.info('first');
    assert.equal(writes.length, 1);
    logger.warn('second');
    assert.equal(writes.length, 2);
  });

  it('writes nothing for lines below the level', () => {
    const { logger, writes } = capture('warn');
    logger.debug('quiet');
    logger.info('quiet');
    assert.deepEqual(writes, []);
  });
});
