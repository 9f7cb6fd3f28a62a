/**
 * Settings: environment variables, each overridable by a flag of the same name in lower case with dashes (`LOG_LEVEL` is
 * `--log-level debug`). The core's own are here; a room brings its own, read the same way. A bad value stops start-up naming it.
 */
import { LOG_LEVELS, oneLine } from './log.ts';

/** `shown` is the default as docs/api.md shows it; `parse` turns a given text into the value, or throws a SettingError. */
export type Setting<T> = Readonly<{ name: string; shown: string; fallback: T; parse: (text: string, name: string) => T }>;
/** Settings by the key their values go under. */
export type Settings = Readonly<Record<string, Setting<unknown>>>;
export type Values<S extends Settings> = { readonly [K in keyof S]: S[K] extends Setting<infer T> ? T : never };

/** What stops start-up: a bad setting, or a seed that breaks a rule. The message names the setting. */
export class SettingError extends Error {
  constructor(message: string) {
    super(oneLine(message));
  }
}

/** An integer from `min` to `max`, written in digits. */
export function integer(min: number, max: number): (text: string, name: string) => number {
  return (text, name) => {
    const value = /^\d{1,10}$/.test(text) ? Number(text) : NaN;
    if (!(value >= min && value <= max))
      throw new SettingError(`${name} must be an integer from ${min} to ${max}, got ${JSON.stringify(text)}`);
    return value;
  };
}

/** A duration in milliseconds, up to setTimeout's ceiling (larger values fire at once). */
export const milliseconds = integer(1, 2_147_483_647);

/** One of `choices`, in any case. */
export function oneOf<T extends string>(choices: readonly T[]): (text: string, name: string) => T {
  return (text, name) => {
    const choice = choices.find((known) => known === text.toLowerCase());
    if (choice === undefined) throw new SettingError(`${name} must be one of ${choices.join(', ')}, got ${JSON.stringify(text)}`);
    return choice;
  };
}

/** The largest catalogue a store holds (api.md, Limits, rule 3). */
export const MAX_CAPACITY = 2 ** 22;
const text = (value: string): string | undefined => value;

/** The core's settings, in the order docs/api.md lists them; STORE names a store there is, a room's by default. */
export function coreSettings(stores: readonly string[]) {
  return {
    port: { name: 'PORT', shown: '8080', fallback: 8080, parse: integer(0, 65_535) },
    host: { name: 'HOST', shown: 'all interfaces', fallback: undefined, parse: text },
    seedFile: { name: 'SEED_FILE', shown: 'unset', fallback: undefined, parse: text },
    maxBooks: { name: 'MAX_BOOKS', shown: '100000', fallback: 100_000, parse: integer(1, MAX_CAPACITY) },
    logLevel: { name: 'LOG_LEVEL', shown: 'info', fallback: 'info', parse: oneOf(LOG_LEVELS) },
    keepAliveTimeoutMs: { name: 'KEEP_ALIVE_TIMEOUT_MS', shown: '65000', fallback: 65_000, parse: milliseconds },
    shutdownTimeoutMs: { name: 'SHUTDOWN_TIMEOUT_MS', shown: '10000', fallback: 10_000, parse: milliseconds },
    store: { name: 'STORE', shown: stores.at(-1) as string, fallback: stores.at(-1) as string, parse: oneOf(stores) },
  } as const satisfies Settings;
}
export type CoreSettings = Values<ReturnType<typeof coreSettings>>;

/** The text of each setting given: the environment (an empty variable counts as unset, as shells use it), then flags, which win. */
export function settingTexts(
  known: readonly Setting<unknown>[],
  env: Readonly<Record<string, string | undefined>>,
  argv: readonly string[],
): Map<string, string> {
  const flagOf = (name: string): string => `--${name.toLowerCase().replaceAll('_', '-')}`;
  const texts = new Map<string, string>();
  for (const { name } of known) if (env[name]) texts.set(name, env[name]);
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string;
    const [, flag = '', given] = /^--([a-z][a-z-]*)(?:=(.*))?$/s.exec(arg) ?? [];
    const name = flag.toUpperCase().replaceAll('-', '_');
    if (!known.some((setting) => setting.name === name))
      throw new SettingError(`${arg} is not a known flag; the flags are ${known.map((setting) => flagOf(setting.name)).join(', ')}`);
    const value = given ?? argv[++i];
    if (value === undefined) throw new SettingError(`${name} needs a value: ${flagOf(name)} <value>`);
    texts.set(name, value);
  }
  return texts;
}

/** The values of `settings`, each parsed from its text, or its default when it has none. */
export function readSettings<S extends Settings>(settings: S, texts: ReadonlyMap<string, string>): Values<S> {
  const values = Object.entries(settings).map(([key, { name, parse, fallback }]) => [
    key,
    texts.has(name) ? parse(texts.get(name) as string, name) : fallback,
  ]);
  return Object.freeze(Object.fromEntries(values)) as Values<S>;
}
