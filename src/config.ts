/**
 * Settings: environment variables, each overridable by a command-line flag of the same name
 * (`PORT` ↔ `--port 9000` or `--port=9000`). Every value is checked here, once, so that a bad
 * one stops start-up with a line that names the setting instead of failing later.
 */

export const LOG_LEVELS = ['debug', 'info', 'warn', 'error', 'silent'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];

export interface Config {
  readonly port: number;
  /** Bind address; undefined means all interfaces. */
  readonly host: string | undefined;
  /** Fixed public origin and path prefix for links, without a trailing slash. */
  readonly baseUrl: string | undefined;
  readonly trustProxy: boolean;
  readonly seedFile: string | undefined;
  readonly maxBooks: number;
  readonly apiToken: string | undefined;
  readonly logLevel: LogLevel;
  readonly keepAliveTimeoutMs: number;
  readonly shutdownTimeoutMs: number;
}

/** A setting with a bad value; `message` is the one line that start-up prints. */
export class ConfigError extends Error {
  constructor(
    readonly setting: string,
    problem: string,
  ) {
    super(oneLine(`${setting} ${problem}`));
    this.name = 'ConfigError';
  }
}

/** Values quoted in a message (a seed title, a flag) may hold line breaks: escape every control character. */
function oneLine(text: string): string {
  return text.replace(/[\u0000-\u001f\u007f\u2028\u2029]/g, (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`);
}

const SETTINGS = [
  'PORT',
  'HOST',
  'BASE_URL',
  'TRUST_PROXY',
  'SEED_FILE',
  'MAX_BOOKS',
  'API_TOKEN',
  'LOG_LEVEL',
  'KEEP_ALIVE_TIMEOUT_MS',
  'SHUTDOWN_TIMEOUT_MS',
] as const;
type Setting = (typeof SETTINGS)[number];
type Raw = Partial<Record<Setting, string>>;

const MAX_TIMER_MS = 2_147_483_647; // setTimeout's ceiling; larger values fire at once

/** Reads the settings from an environment and an argument list (without node and the script). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, argv: readonly string[] = []): Config {
  const raw: Raw = {};
  for (const name of SETTINGS) {
    const value = env[name];
    // An empty variable counts as unset, as shells and compose files use it that way.
    if (value !== undefined && value !== '') raw[name] = value;
  }
  Object.assign(raw, parseFlags(argv));
  if (raw.API_TOKEN !== undefined && raw.API_TOKEN.trim() === '') {
    throw new ConfigError('API_TOKEN', 'must not be blank; leave it unset to disable the token');
  }
  return Object.freeze({
    port: integer(raw, 'PORT', 8080, 0, 65_535),
    host: raw.HOST,
    baseUrl: baseUrl(raw.BASE_URL),
    trustProxy: boolean(raw, 'TRUST_PROXY'),
    seedFile: raw.SEED_FILE,
    maxBooks: integer(raw, 'MAX_BOOKS', 100_000, 1, 10_000_000),
    apiToken: raw.API_TOKEN,
    logLevel: logLevel(raw.LOG_LEVEL),
    keepAliveTimeoutMs: integer(raw, 'KEEP_ALIVE_TIMEOUT_MS', 65_000, 1, MAX_TIMER_MS),
    shutdownTimeoutMs: integer(raw, 'SHUTDOWN_TIMEOUT_MS', 10_000, 1, MAX_TIMER_MS),
  });
}

function parseFlags(argv: readonly string[]): Raw {
  const raw: Raw = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? '';
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    const setting = match && (match[1] ?? '').toUpperCase().replaceAll('-', '_');
    if (!match || !isSetting(setting)) {
      throw new ConfigError(arg, `is not a known flag; the flags are ${SETTINGS.map(flagName).join(', ')}`);
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[i + 1];
      if (value === undefined) throw new ConfigError(setting, `needs a value: ${flagName(setting)} <value>`);
      i++;
    }
    raw[setting] = value;
  }
  return raw;
}

function isSetting(name: string | null): name is Setting {
  return (SETTINGS as readonly (string | null)[]).includes(name);
}

function flagName(setting: Setting): string {
  return `--${setting.toLowerCase().replaceAll('_', '-')}`;
}

function integer(raw: Raw, setting: Setting, fallback: number, min: number, max: number): number {
  const text = raw[setting];
  if (text === undefined) return fallback;
  const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
  if (!(value >= min && value <= max)) {
    throw new ConfigError(setting, `must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
  }
  return value;
}

function boolean(raw: Raw, setting: Setting): boolean {
  const text = raw[setting]?.toLowerCase();
  if (text === undefined || text === 'false' || text === '0' || text === 'no') return false;
  if (text === 'true' || text === '1' || text === 'yes') return true;
  throw new ConfigError(setting, `must be true or false, got ${JSON.stringify(raw[setting])}`);
}

function logLevel(text: string | undefined): LogLevel {
  if (text === undefined) return 'info';
  const level = LOG_LEVELS.find((name) => name === text.toLowerCase());
  if (!level) throw new ConfigError('LOG_LEVEL', `must be one of ${LOG_LEVELS.join(', ')}, got ${JSON.stringify(text)}`);
  return level;
}

/** An absolute http(s) URL without query or fragment; the trailing slash is dropped. */
function baseUrl(text: string | undefined): string | undefined {
  if (text === undefined) return undefined;
  let url: URL | undefined;
  try {
    url = new URL(text);
  } catch {
    url = undefined;
  }
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError('BASE_URL', `must be an absolute http or https URL without query or fragment, got ${JSON.stringify(text)}`);
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}
