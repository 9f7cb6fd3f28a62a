/**
 * JSON-lines logger. Lines are buffered and written once per turn of the event loop, so that a
 * busy server makes one write for many access lines instead of one each; `flush()` writes what
 * is pending at once (the entry point calls it before exiting).
 */
import type { LogLevel } from './config.js';

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
  /** Whether a line of this level would be written; lets callers skip building fields. */
  enabled(level: Exclude<LogLevel, 'silent'>): boolean;
  flush(): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };
/** Past this many pending characters the buffer is written without waiting for the loop. */
const HIGH_WATER = 64 * 1024;

/** `write` receives whole lines, newline-terminated; in production it is stdout. */
export function createLogger(level: LogLevel, write: (chunk: string) => void): Logger {
  const threshold = RANK[level];
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

  const log = (name: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (RANK[name] < threshold) return;
    // Spliced by hand rather than spread into one object: the same line, without the copy.
    const rest = fields === undefined ? '{}' : JSON.stringify(fields);
    pending += `{"time":"${time()}","level":"${name}","msg":${JSON.stringify(msg)}${rest === '{}' ? '}' : `,${rest.slice(1)}`}\n`;
    if (pending.length > HIGH_WATER) flush();
    else if (!scheduled) {
      scheduled = true;
      setImmediate(flush);
    }
  };

  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
    enabled: (name) => RANK[name] >= threshold,
    flush,
  };
}
