/**
 * JSON-lines logger. Lines are buffered and written together, after a short wait, so that a
 * busy server makes one write for many access lines instead of one each; `flush()` writes what
 * is pending at once (the entry point calls it on exit).
 */
import type { LogLevel } from './config.js';

export type LogFields = Readonly<Record<string, unknown>>;

/** The access line of one request (DECISIONS E). */
export interface AccessLine {
  /** One of node's known methods, which are upper-case letters and `-`: nothing to escape. */
  readonly method: string;
  readonly path: string;
  readonly status: number;
  readonly durationMs: number;
  /** Already restricted to characters that need no escaping in JSON. */
  readonly requestId: string;
}

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** The per-request line, at info level; formatted without building an object first. */
  access(line: AccessLine): void;
  flush(): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Past this many pending characters the buffer is written without waiting for the loop. */
const HIGH_WATER = 64 * 1024;

export interface LoggerOptions {
  /**
   * How long a line may wait for others to share its write; 0 means until the next turn of the
   * event loop. The service waits 100 ms: a busy server then makes ten writes a second, and start-up
   * does not pay for opening stdout before its first answer.
   */
  readonly flushAfterMs?: number;
}

/** `write` receives whole lines, newline-terminated; in production it is stdout. */
export function createLogger(level: LogLevel, write: (chunk: string) => void, options: LoggerOptions = {}): Logger {
  const threshold = RANK[level];
  const delay = options.flushAfterMs ?? 0;
  let pending = '';
  let scheduled = false;

  const flush = (): void => {
    scheduled = false;
    if (pending === '') return;
    const chunk = pending;
    pending = '';
    write(chunk);
  };

  // An access line per request makes formatting the time a cost: format it once per millisecond.
  let lastMs = 0;
  let lastTime = '';
  const time = (): string => {
    const now = Date.now();
    if (now !== lastMs) {
      lastMs = now;
      lastTime = new Date(now).toISOString();
    }
    return lastTime;
  };

  const append = (line: string): void => {
    pending += line;
    if (pending.length > HIGH_WATER) flush();
    else if (!scheduled) {
      scheduled = true;
      // unref: a pending write never keeps the process alive; the entry point flushes on exit.
      if (delay > 0) setTimeout(flush, delay).unref();
      else setImmediate(flush);
    }
  };

  const log = (name: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (RANK[name] < threshold) return;
    // Spliced by hand rather than spread into one object: the same line, without the copy.
    const rest = fields === undefined ? '{}' : JSON.stringify(fields);
    append(`{"time":"${time()}","level":"${name}","msg":${JSON.stringify(msg)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}\n`);
  };

  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    access: ({ method, path, status, durationMs, requestId }) => {
      if (RANK.info < threshold) return;
      append(
        `{"time":"${time()}","level":"info","msg":"request","method":"${method}","path":${JSON.stringify(path)},` +
          `"status":${status},"durationMs":${durationMs},"requestId":"${requestId}"}\n`,
      );
    },
    flush,
  };
}
