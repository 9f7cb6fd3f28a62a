/**
 * JSON-lines logger. Each line is one `JSON.stringify({ time, level, msg, ...fields })`, written
 * at once, so a crash loses nothing: the lines just before it are the ones most wanted. Whatever
 * a client sent (a path, an isbn), each line stays one line to any reader.
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

/**
 * `text` with every character that some reader takes as a line end, or that a terminal or editor
 * acts on, written as a `\uXXXX` escape: the C0 controls, DEL and the C1 controls (U+0085 is a line
 * end to some), U+2028 and U+2029 (line ends to JavaScript and many editors), the bidirectional
 * embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069), which can make a line read
 * in another order than it was written, and U+FEFF. JSON.stringify escapes only the C0 controls;
 * in JSON text the others can only be inside strings, where the escape stands for the same
 * character, so a JSON line stays valid and means the same.
 */
export function oneLine(text: string): string {
  return text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/** `write` receives whole lines, newline-terminated; in production it writes to stdout. */
export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const log = (name: Exclude<LogLevel, 'silent'>, msg: string, fields?: LogFields): void => {
    if (RANK[name] < RANK[level]) return;
    write(`${oneLine(JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields }))}\n`);
  };
  return {
    debug: (msg, fields) => log('debug', msg, fields),
    info: (msg, fields) => log('info', msg, fields),
    warn: (msg, fields) => log('warn', msg, fields),
    error: (msg, fields) => log('error', msg, fields),
  };
}
