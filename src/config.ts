/**
 * Settings: environment variables, each overridable by a command-line flag of the same name in lower
 * case with dashes (`LOG_LEVEL` ↔ `--log-level debug` or `--log-level=debug`). A bad value stops
 * start-up with one line that names the setting (api.md, Settings).
 */
import { MAX_CAPACITY, STORE_KINDS, type StoreKind } from './books/store.ts';
import { LOG_LEVELS, oneLine, type LogLevel } from './log.ts';
import { SETTING_MESSAGES } from './messages.ts';

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
  /** A connection whose client takes none of its answer for this long is closed. */
  readonly sendTimeoutMs: number;
  /** Browser origins allowed to call from another origin: `*`, a list, or undefined for no CORS. */
  readonly corsOrigins: '*' | readonly string[] | undefined;
  /** Which store holds the books: the plain map, or the indexed one. */
  readonly store: StoreKind;
  /** Where a second listener answers GET /metrics; undefined means no metrics at all. */
  readonly metricsPort: number | undefined;
  /** The metrics listener's bind address: the loopback interface unless told otherwise. */
  readonly metricsHost: string;
}

/** A setting with a bad value; `message` (from SETTING_MESSAGES) is the one line that start-up prints. */
export class ConfigError extends Error {
  readonly setting: string;

  constructor(setting: string, message: string) {
    super(oneLine(message));
    this.name = 'ConfigError';
    this.setting = setting;
  }
}

const MAX_TIMER_MS = 2_147_483_647; // setTimeout's ceiling; larger values fire at once

interface Setting<K extends keyof Config> {
  readonly name: string;
  readonly key: K;
  /** The default, as docs/api.md shows it. */
  readonly shown: string;
  /** Turns the text of a set variable or flag into the value, or throws a ConfigError. */
  readonly parse: (text: string, name: string) => Config[K];
  readonly fallback: Config[K];
}

const setting = <K extends keyof Config>(spec: Setting<K>): Setting<K> => spec;

/**
 * Every setting, in the order docs/api.md lists them. The parser, the error messages and the table
 * in docs/api.md (a test checks it) are all made from this one table.
 */
export const SETTINGS = [
  setting({ name: 'PORT', key: 'port', shown: '8080', fallback: 8080, parse: integer(0, 65_535) }),
  setting({ name: 'HOST', key: 'host', shown: 'all interfaces', fallback: undefined, parse: (text) => text }),
  setting({ name: 'BASE_URL', key: 'baseUrl', shown: 'unset', fallback: undefined, parse: baseUrl }),
  setting({ name: 'TRUST_PROXY', key: 'trustProxy', shown: 'false', fallback: false, parse: boolean }),
  setting({ name: 'SEED_FILE', key: 'seedFile', shown: 'unset', fallback: undefined, parse: (text) => text }),
  setting({ name: 'MAX_BOOKS', key: 'maxBooks', shown: '100000', fallback: 100_000, parse: integer(1, MAX_CAPACITY) }),
  setting({ name: 'API_TOKEN', key: 'apiToken', shown: 'unset', fallback: undefined, parse: token }),
  setting({ name: 'LOG_LEVEL', key: 'logLevel', shown: 'info', fallback: 'info', parse: logLevel }),
  setting({ name: 'KEEP_ALIVE_TIMEOUT_MS', key: 'keepAliveTimeoutMs', shown: '65000', fallback: 65_000, parse: integer(1, MAX_TIMER_MS) }),
  setting({ name: 'SHUTDOWN_TIMEOUT_MS', key: 'shutdownTimeoutMs', shown: '10000', fallback: 10_000, parse: integer(1, MAX_TIMER_MS) }),
  setting({ name: 'SEND_TIMEOUT_MS', key: 'sendTimeoutMs', shown: '30000', fallback: 30_000, parse: integer(1, MAX_TIMER_MS) }),
  setting({ name: 'CORS_ORIGINS', key: 'corsOrigins', shown: 'unset', fallback: undefined, parse: origins }),
  setting({ name: 'STORE', key: 'store', shown: 'indexed', fallback: 'indexed', parse: storeKind }),
  setting({ name: 'METRICS_PORT', key: 'metricsPort', shown: 'unset', fallback: undefined, parse: integer(1, 65_535) }),
  setting({ name: 'METRICS_HOST', key: 'metricsHost', shown: '127.0.0.1', fallback: '127.0.0.1', parse: (text) => text }),
] as const;

/** Reads the settings from an environment and an argument list (without node and the script). */
export function loadConfig(env: Readonly<Record<string, string | undefined>>, argv: readonly string[] = []): Config {
  const texts = new Map<string, string>();
  for (const { name } of SETTINGS) {
    const value = env[name];
    // An empty variable counts as unset, as shells and compose files use it that way.
    if (value !== undefined && value !== '') texts.set(name, value);
  }
  for (const [name, value] of parseFlags(argv)) texts.set(name, value);
  const config: Record<string, unknown> = {};
  for (const { name, key, parse, fallback } of SETTINGS) {
    const text = texts.get(name);
    config[key] = text === undefined ? fallback : parse(text, name);
  }
  return Object.freeze(config as unknown as Config);
}

function flagName(name: string): string {
  return `--${name.toLowerCase().replaceAll('_', '-')}`;
}

function parseFlags(argv: readonly string[]): Map<string, string> {
  const flags = new Map<string, string>();
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const match = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg);
    const name = match?.[1]?.toUpperCase().replaceAll('-', '_');
    if (!match || !SETTINGS.some((known) => known.name === name)) {
      throw new ConfigError(
        arg,
        SETTING_MESSAGES.unknownFlag(
          arg,
          SETTINGS.map((known) => flagName(known.name)),
        ),
      );
    }
    let value = match[2];
    if (value === undefined) {
      value = argv[++i];
      if (value === undefined)
        throw new ConfigError(name as string, SETTING_MESSAGES.flagWithoutValue(name as string, flagName(name as string)));
    }
    flags.set(name as string, value);
  }
  return flags;
}

function integer(min: number, max: number): (text: string, name: string) => number {
  return (text, name) => {
    const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max)) throw new ConfigError(name, SETTING_MESSAGES.notInteger(name, min, max, text));
    return value;
  };
}

function boolean(text: string, name: string): boolean {
  const lower = text.toLowerCase();
  if (['false', '0', 'no'].includes(lower)) return false;
  if (['true', '1', 'yes'].includes(lower)) return true;
  throw new ConfigError(name, SETTING_MESSAGES.notBoolean(name, text));
}

// RFC 6750 section 2.1, `token68`: what a client can send after `Bearer ` as it is.
const TOKEN68 = /^[A-Za-z0-9\-._~+/]+=*$/;

/**
 * The bearer scheme carries token68 only. Another token may not arrive as it was set (a space
 * ends it, a letter outside ASCII changes with the encoding), and every write would then be
 * refused, so it stops start-up instead. The message never quotes the token: it is a secret.
 */
function token(text: string, name: string): string {
  if (text.trim() === '') throw new ConfigError(name, SETTING_MESSAGES.blankToken);
  if (!TOKEN68.test(text)) throw new ConfigError(name, SETTING_MESSAGES.notToken68);
  return text;
}

function logLevel(text: string, name: string): LogLevel {
  const level = LOG_LEVELS.find((known) => known === text.toLowerCase());
  if (!level) throw new ConfigError(name, SETTING_MESSAGES.notLogLevel(text, LOG_LEVELS));
  return level;
}

function storeKind(text: string, name: string): StoreKind {
  const kind = STORE_KINDS.find((known) => known === text);
  if (!kind) throw new ConfigError(name, SETTING_MESSAGES.notStore(text, STORE_KINDS));
  return kind;
}

/** An absolute http(s) URL without query or fragment; the trailing slash is dropped. */
function baseUrl(text: string, name: string): string {
  const url = URL.canParse(text) ? new URL(text) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username || url.password) {
    throw new ConfigError(name, SETTING_MESSAGES.notBaseUrl(text));
  }
  return (url.origin + url.pathname).replace(/\/+$/, '');
}

/**
 * `*`, or a comma-separated list of origins such as `https://app.example.com`: a scheme, a host
 * and maybe a port, exactly as a browser sends it in `Origin` (no path, no trailing slash).
 */
function origins(text: string, name: string): '*' | string[] {
  if (text.trim() === '*') return '*';
  const list = text.split(',').map((item) => item.trim());
  for (const item of list) {
    const url = URL.canParse(item) ? new URL(item) : undefined;
    if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:') || url.origin !== item) {
      throw new ConfigError(name, SETTING_MESSAGES.notOrigins(item));
    }
  }
  return list;
}
