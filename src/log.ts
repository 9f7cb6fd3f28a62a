/**
 * JSON-lines logger. Each line is one `JSON.stringify({ time, level, msg, ...fields })`, written
 * at once, so a crash loses nothing: the lines just before it are the ones most wanted.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export type LogFields = Readonly<Record<string, unknown>>;

export interface Logger {
  debug(msg: string, fields?: LogFields): void;
  info(msg: string, fields?: LogFields): void;
  warn(msg: string, fields?: LogFields): void;
  error(msg: string, fields?: LogFields): void;
}

const RANK: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, silent: 100 };

/** `write` receives whole lines, newline-terminated; in production it writes to stdout. */
export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const log = (name: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (RANK[name] < RANK[level]) return;
    write(`${JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields })}\n`);
  };
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}
