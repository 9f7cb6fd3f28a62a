/** DECISIONS E: JSON-lines logs, filtered by LOG_LEVEL, buffered until flush, the next turn or a set delay. */
import assert from 'node:assert/strict';
import { describe, it, type TestContext } from 'node:test';
import { LOG_LEVELS, type LogLevel } from '../src/config.js';
import { createLogger, type Logger } from '../src/log.js';

const TIME = '2024-05-06T07:08:09.010Z';

/** A logger whose writes land in `chunks`. */
function capture(level: LogLevel): { logger: Logger; chunks: string[] } {
  const chunks: string[] = [];
  return { logger: createLogger(level, (chunk) => chunks.push(chunk)), chunks };
}

/** Every timestamp the logger takes reads TIME, so whole lines can be compared. */
function fixTime(t: TestContext): void {
  t.mock.method(Date.prototype, 'toISOString', () => TIME);
}

/** Lets the event loop run the logger's scheduled write (queued before this one). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setImmediate(resolve));
}

function parseLines(chunks: readonly string[]): unknown[] {
  const text = chunks.join('');
  assert.ok(text === '' || text.endsWith('\n'), 'output ends with a newline');
  return text === '' ? [] : text.slice(0, -1).split('\n').map((line) => JSON.parse(line) as unknown);
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
      const { logger, chunks } = capture(level);
      for (const name of WRITING) logger[name](`a ${name} line`);
      logger.flush();
      assert.deepEqual(
        parseLines(chunks),
        expected[level].map((name) => ({ time: TIME, level: name, msg: `a ${name} line` })),
      );
    });

    it(`${level}: ${expected[level].includes('info') ? 'writes' : 'drops'} the access line`, (t) => {
      fixTime(t);
      const { logger, chunks } = capture(level);
      logger.access({ method: 'GET', path: '/books/a"b', status: 200, durationMs: 0.125, requestId: 'r-1' });
      logger.flush();
      const line = { time: TIME, level: 'info', msg: 'request', method: 'GET', path: '/books/a"b', status: 200, durationMs: 0.125, requestId: 'r-1' };
      assert.deepEqual(parseLines(chunks), expected[level].includes('info') ? [line] : []);
    });
  }

  it('silent writes nothing, not even on a later turn', async () => {
    const { logger, chunks } = capture('silent');
    logger.error('boom', { code: 1 });
    await nextTurn();
    logger.flush();
    assert.deepEqual(chunks, []);
  });
});

describe('createLogger line format', () => {
  it('writes one JSON object per line: time, level, msg, then the fields', (t) => {
    fixTime(t);
    const { logger, chunks } = capture('debug');
    logger.info('request', { method: 'GET', path: '/books', status: 200, durationMs: 1.5, requestId: 'r-1' });
    logger.flush();
    assert.deepEqual(chunks, [
      `{"time":"${TIME}","level":"info","msg":"request","method":"GET","path":"/books","status":200,"durationMs":1.5,"requestId":"r-1"}\n`,
    ]);
  });

  it('writes just time, level and msg without fields, and leaves out undefined fields', (t) => {
    fixTime(t);
    const { logger, chunks } = capture('debug');
    logger.warn('plain');
    logger.error('partial', { host: undefined, port: 0, nested: { a: [1, null] } });
    logger.flush();
    assert.deepEqual(chunks, [
      `{"time":"${TIME}","level":"warn","msg":"plain"}\n{"time":"${TIME}","level":"error","msg":"partial","port":0,"nested":{"a":[1,null]}}\n`,
    ]);
  });

  it('keeps a line break inside a message or a field on one line', (t) => {
    fixTime(t);
    const { logger, chunks } = capture('info');
    logger.info('two\nlines', { detail: 'a\r\nb' });
    logger.flush();
    assert.deepEqual(chunks, [`{"time":"${TIME}","level":"info","msg":"two\\nlines","detail":"a\\r\\nb"}\n`]);
    assert.deepEqual(parseLines(chunks), [{ time: TIME, level: 'info', msg: 'two\nlines', detail: 'a\r\nb' }]);
  });

  it('stamps each line with the current time as an ISO 8601 UTC string', () => {
    const { logger, chunks } = capture('info');
    logger.info('now');
    logger.flush();
    const [line] = parseLines(chunks) as { time: string }[];
    assert.ok(line);
    assert.match(line.time, /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    assert.equal(new Date(line.time).toISOString(), line.time);
  });
});

describe('createLogger buffering', () => {
  it('writes nothing during the turn, then every pending line in one write on the next turn', async (t) => {
    fixTime(t);
    const { logger, chunks } = capture('info');
    logger.info('one');
    logger.warn('two', { n: 2 });
    logger.error('three');
    assert.deepEqual(chunks, []);
    await nextTurn();
    assert.deepEqual(chunks, [
      `{"time":"${TIME}","level":"info","msg":"one"}\n` +
        `{"time":"${TIME}","level":"warn","msg":"two","n":2}\n` +
        `{"time":"${TIME}","level":"error","msg":"three"}\n`,
    ]);
  });

  it('schedules again for lines logged after a write', async (t) => {
    fixTime(t);
    const { logger, chunks } = capture('info');
    logger.info('first');
    await nextTurn();
    logger.info('second');
    assert.equal(chunks.length, 1);
    await nextTurn();
    assert.deepEqual(chunks, [
      `{"time":"${TIME}","level":"info","msg":"first"}\n`,
      `{"time":"${TIME}","level":"info","msg":"second"}\n`,
    ]);
  });

  it('flush() writes the pending lines at once, and only once', async (t) => {
    fixTime(t);
    const { logger, chunks } = capture('info');
    logger.info('a');
    logger.info('b');
    logger.flush();
    const expected = [`{"time":"${TIME}","level":"info","msg":"a"}\n{"time":"${TIME}","level":"info","msg":"b"}\n`];
    assert.deepEqual(chunks, expected);
    logger.flush();
    assert.deepEqual(chunks, expected);
    await nextTurn(); // the write that was scheduled finds nothing left
    assert.deepEqual(chunks, expected);
  });

  it('flush() with nothing pending writes nothing', () => {
    const { logger, chunks } = capture('debug');
    logger.flush();
    assert.equal(chunks.length, 0);
    logger.debug('one line');
    logger.flush();
    logger.flush();
    assert.equal(chunks.length, 1);
  });

  it('lines filtered out by the level schedule no write', async () => {
    const { logger, chunks } = capture('error');
    logger.info('dropped');
    await nextTurn();
    assert.deepEqual(chunks, []);
  });

  it('with flushAfterMs, gathers lines for that long before one write', async (t) => {
    fixTime(t);
    t.mock.timers.enable({ apis: ['setTimeout'] });
    const chunks: string[] = [];
    const logger = createLogger('info', (chunk) => chunks.push(chunk), { flushAfterMs: 100 });
    logger.info('one');
    await nextTurn();
    logger.info('two');
    t.mock.timers.tick(99);
    assert.deepEqual(chunks, []);
    t.mock.timers.tick(1);
    assert.deepEqual(chunks, [`{"time":"${TIME}","level":"info","msg":"one"}\n{"time":"${TIME}","level":"info","msg":"two"}\n`]);
  });

  it('writes at once when the pending text passes 64 KiB', (t) => {
    fixTime(t);
    const { logger, chunks } = capture('info');
    const big = 'x'.repeat(64 * 1024);
    logger.info('small');
    logger.info('big', { big });
    assert.deepEqual(chunks, [
      `{"time":"${TIME}","level":"info","msg":"small"}\n{"time":"${TIME}","level":"info","msg":"big","big":"${big}"}\n`,
    ]);
  });
});
