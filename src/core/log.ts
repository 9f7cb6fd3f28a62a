/**
 * JSON-lines logger: one `JSON.stringify({ time, level, msg, ...fields })` a line, written at once, so a crash loses nothing. Whatever a
 * client sent, each line stays one line to any reader.
 */
export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
export type LogFields = Readonly<Record<string, unknown>>;
export type Logger = Record<Exclude<LogLevel, 'silent'>, (msg: string, fields?: LogFields) => void>;

/**
 * `text` with each character some reader takes as a line end, or that turns the order a line reads in, as a `\uXXXX` escape (api.md, Logs,
 * rule 5). Inside a JSON string the escape means the same character, so a JSON line stays valid and says the same.
 */
export const oneLine = (text: string): string =>
  text.replace(
    /[\u0000-\u001f\u007f-\u009f\u2028\u2029\u202a-\u202e\u2066-\u2069\ufeff]/g,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );

/** `write` receives whole lines, newline-terminated. */
export function createLogger(level: LogLevel, write: (line: string) => void): Logger {
  const at = (name: Exclude<LogLevel, 'silent'>) => (msg: string, fields?: LogFields) => {
    if (LOG_LEVELS.indexOf(name) < LOG_LEVELS.indexOf(level)) return;
    write(`${oneLine(JSON.stringify({ time: new Date().toISOString(), level: name, msg, ...fields }))}\n`);
  };
  return { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') };
}
