/** api.md, Settings: every setting, its default, its env variable and flag, and every bad value. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { oneLine } from '../../src/core/log.ts';
import { allSettings } from '../../src/core/service.ts';
import { readSettings, SettingError, settingTexts } from '../../src/core/settings.ts';
import { ROOMS } from '../../src/rooms.ts';

/** The value of every setting of the service, the core's and its rooms', by its name. */
function loadConfig(env: Record<string, string>, argv: readonly string[] = []): Readonly<Record<string, unknown>> {
  const known = allSettings(ROOMS);
  return readSettings(Object.fromEntries(known.map((setting) => [setting.name, setting])), settingTexts(known, env, argv));
}

const DEFAULTS: Readonly<Record<string, unknown>> = {
  PORT: 8080,
  HOST: undefined,
  BASE_URL: undefined,
  TRUST_PROXY: false,
  SEED_FILE: undefined,
  MAX_BOOKS: 100_000,
  API_TOKEN: undefined,
  LOG_LEVEL: 'info',
  KEEP_ALIVE_TIMEOUT_MS: 65_000,
  SHUTDOWN_TIMEOUT_MS: 10_000,
  SEND_TIMEOUT_MS: 30_000,
  CORS_ORIGINS: undefined,
  IDEMPOTENCY_TTL_S: 86_400,
  STORE: 'indexed',
  METRICS_PORT: undefined,
  METRICS_HOST: '127.0.0.1',
};

/** The core's flags first, then each room's, in the order src/rooms.ts lists the rooms. */
const FLAGS =
  '--port, --host, --seed-file, --max-books, --log-level, --keep-alive-timeout-ms, --shutdown-timeout-ms, --store, ' +
  '--base-url, --trust-proxy, --api-token, --send-timeout-ms, --cors-origins, --idempotency-ttl-s, --metrics-port, --metrics-host';

/** Asserts that `load` throws a SettingError with exactly this message, which names `setting` first. */
function assertConfigError(load: () => unknown, setting: string, message: string): void {
  assert.throws(load, (error: unknown) => {
    assert.ok(error instanceof SettingError, `expected a SettingError, got ${String(error)}`);
    assert.ok(message.startsWith(`${oneLine(setting)} `), `${message} names ${setting} first`);
    assert.equal(error.message, message);
    return true;
  });
}

describe('the settings defaults', () => {
  it('gives every default with an empty environment and no flags', () => {
    assert.deepEqual(loadConfig({}), DEFAULTS);
    assert.deepEqual(loadConfig({}, []), DEFAULTS);
  });

  it('ignores variables that are not settings, and lower-case names', () => {
    assert.deepEqual(loadConfig({ PATH: '/bin', HOME: '/root', port: '1', NODE_ENV: 'production' }), DEFAULTS);
  });

  it('treats every empty environment value as unset', () => {
    const empty = {
      PORT: '',
      HOST: '',
      BASE_URL: '',
      TRUST_PROXY: '',
      SEED_FILE: '',
      MAX_BOOKS: '',
      API_TOKEN: '',
      LOG_LEVEL: '',
      KEEP_ALIVE_TIMEOUT_MS: '',
      SHUTDOWN_TIMEOUT_MS: '',
      SEND_TIMEOUT_MS: '',
      IDEMPOTENCY_TTL_S: '',
    };
    assert.deepEqual(loadConfig(empty), DEFAULTS);
  });

  it('returns frozen values', () => {
    const config = loadConfig({ PORT: '9000' });
    assert.equal(Object.isFrozen(config), true);
    assert.throws(() => {
      (config as { PORT: number }).PORT = 1;
    }, TypeError);
    assert.equal(config.PORT, 9000);
    assert.equal(Object.isFrozen(loadConfig({})), true);
  });
});

describe('the settings from the environment', () => {
  it('reads every setting', () => {
    const env = {
      PORT: '9000',
      HOST: '127.0.0.1',
      BASE_URL: 'https://books.example.com/api',
      TRUST_PROXY: 'true',
      SEED_FILE: '/data/books.json',
      MAX_BOOKS: '50',
      API_TOKEN: 's3cret',
      LOG_LEVEL: 'warn',
      KEEP_ALIVE_TIMEOUT_MS: '70000',
      SHUTDOWN_TIMEOUT_MS: '2500',
      SEND_TIMEOUT_MS: '1500',
      CORS_ORIGINS: 'https://app.example.com',
      IDEMPOTENCY_TTL_S: '60',
      STORE: 'map',
      METRICS_PORT: '9464',
      METRICS_HOST: '0.0.0.0',
    };
    assert.deepEqual(loadConfig(env), {
      PORT: 9000,
      HOST: '127.0.0.1',
      BASE_URL: 'https://books.example.com/api',
      TRUST_PROXY: true,
      SEED_FILE: '/data/books.json',
      MAX_BOOKS: 50,
      API_TOKEN: 's3cret',
      LOG_LEVEL: 'warn',
      KEEP_ALIVE_TIMEOUT_MS: 70_000,
      SHUTDOWN_TIMEOUT_MS: 2_500,
      SEND_TIMEOUT_MS: 1_500,
      CORS_ORIGINS: ['https://app.example.com'],
      IDEMPOTENCY_TTL_S: 60,
      STORE: 'map',
      METRICS_PORT: 9464,
      METRICS_HOST: '0.0.0.0',
    });
  });

  it('accepts the bounds of each integer setting', () => {
    assert.deepEqual(loadConfig({ PORT: '0' }), { ...DEFAULTS, PORT: 0 });
    assert.deepEqual(loadConfig({ PORT: '65535' }), { ...DEFAULTS, PORT: 65_535 });
    assert.deepEqual(loadConfig({ MAX_BOOKS: '1' }), { ...DEFAULTS, MAX_BOOKS: 1 });
    assert.deepEqual(loadConfig({ MAX_BOOKS: '4194304' }), { ...DEFAULTS, MAX_BOOKS: 4_194_304 });
    assert.deepEqual(loadConfig({ KEEP_ALIVE_TIMEOUT_MS: '1' }), { ...DEFAULTS, KEEP_ALIVE_TIMEOUT_MS: 1 });
    assert.deepEqual(loadConfig({ SHUTDOWN_TIMEOUT_MS: '2147483647' }), { ...DEFAULTS, SHUTDOWN_TIMEOUT_MS: 2_147_483_647 });
  });

  it('reads each spelling of true and false for TRUST_PROXY', () => {
    for (const text of ['true', 'TRUE', 'True', '1', 'yes', 'YES']) {
      assert.deepEqual(loadConfig({ TRUST_PROXY: text }), { ...DEFAULTS, TRUST_PROXY: true }, text);
    }
    for (const text of ['false', 'FALSE', '0', 'no', 'No']) {
      assert.deepEqual(loadConfig({ TRUST_PROXY: text }), { ...DEFAULTS, TRUST_PROXY: false }, text);
    }
  });

  it('reads every log level, in any case', () => {
    for (const level of ['debug', 'info', 'warn', 'error', 'silent'] as const) {
      assert.deepEqual(loadConfig({ LOG_LEVEL: level }), { ...DEFAULTS, LOG_LEVEL: level });
      assert.deepEqual(loadConfig({ LOG_LEVEL: level.toUpperCase() }), { ...DEFAULTS, LOG_LEVEL: level });
    }
  });

  it('keeps API_TOKEN exactly as given', () => {
    assert.deepEqual(loadConfig({ API_TOKEN: 'aZ09-._~+/==' }), { ...DEFAULTS, API_TOKEN: 'aZ09-._~+/==' });
  });
});

describe('the settings from flags', () => {
  it('reads every setting from `--name value`', () => {
    const argv = [
      '--port',
      '9000',
      '--host',
      '::1',
      '--base-url',
      'http://localhost:3000/',
      '--trust-proxy',
      'true',
      '--seed-file',
      'x',
      '--max-books',
      '7',
      '--api-token',
      'tok',
      '--log-level',
      'warn',
      '--keep-alive-timeout-ms',
      '1000',
      '--shutdown-timeout-ms',
      '500',
      '--send-timeout-ms',
      '400',
      '--cors-origins',
      '*',
      '--idempotency-ttl-s',
      '31536000',
      '--store',
      'map',
      '--metrics-port',
      '9100',
      '--metrics-host',
      '::',
    ];
    assert.deepEqual(loadConfig({}, argv), {
      PORT: 9000,
      HOST: '::1',
      BASE_URL: 'http://localhost:3000',
      TRUST_PROXY: true,
      SEED_FILE: 'x',
      MAX_BOOKS: 7,
      API_TOKEN: 'tok',
      LOG_LEVEL: 'warn',
      KEEP_ALIVE_TIMEOUT_MS: 1000,
      SHUTDOWN_TIMEOUT_MS: 500,
      SEND_TIMEOUT_MS: 400,
      CORS_ORIGINS: '*',
      IDEMPOTENCY_TTL_S: 31_536_000,
      STORE: 'map',
      METRICS_PORT: 9100,
      METRICS_HOST: '::',
    });
  });

  it('reads every setting from `--name=value`', () => {
    const argv = [
      '--port=9000',
      '--host=0.0.0.0',
      '--base-url=https://example.org/a/b',
      '--trust-proxy=yes',
      '--seed-file=/tmp/seed.json',
      '--max-books=3',
      '--api-token=ab==',
      '--log-level=error',
      '--keep-alive-timeout-ms=61000',
      '--shutdown-timeout-ms=1',
      '--send-timeout-ms=2',
      '--cors-origins=http://a.example,http://b.example:8080',
      '--idempotency-ttl-s=1',
      '--store=indexed',
      '--metrics-host=10.0.0.5',
    ];
    assert.deepEqual(loadConfig({}, argv), {
      PORT: 9000,
      HOST: '0.0.0.0',
      BASE_URL: 'https://example.org/a/b',
      TRUST_PROXY: true,
      SEED_FILE: '/tmp/seed.json',
      MAX_BOOKS: 3,
      API_TOKEN: 'ab==',
      LOG_LEVEL: 'error',
      KEEP_ALIVE_TIMEOUT_MS: 61_000,
      SHUTDOWN_TIMEOUT_MS: 1,
      SEND_TIMEOUT_MS: 2,
      CORS_ORIGINS: ['http://a.example', 'http://b.example:8080'],
      IDEMPOTENCY_TTL_S: 1,
      STORE: 'indexed',
      METRICS_PORT: undefined,
      METRICS_HOST: '10.0.0.5',
    });
  });

  it('lets a flag override the environment, setting by setting', () => {
    const env = { PORT: '1000', LOG_LEVEL: 'debug', TRUST_PROXY: 'true', SEED_FILE: 'env.json', MAX_BOOKS: '10' };
    assert.deepEqual(loadConfig(env, ['--port', '9000', '--log-level=warn', '--trust-proxy', 'false']), {
      ...DEFAULTS,
      PORT: 9000,
      LOG_LEVEL: 'warn',
      TRUST_PROXY: false,
      SEED_FILE: 'env.json',
      MAX_BOOKS: 10,
    });
  });

  it('lets a good flag override a bad environment value', () => {
    assert.deepEqual(loadConfig({ PORT: 'abc' }, ['--port', '0']), { ...DEFAULTS, PORT: 0 });
  });

  it('lets the last of a repeated flag win', () => {
    assert.deepEqual(loadConfig({}, ['--port', '1', '--port=2']), { ...DEFAULTS, PORT: 2 });
  });

  it('takes the next argument as the value even when it starts with a dash', () => {
    assert.deepEqual(loadConfig({}, ['--api-token', '-x-']), { ...DEFAULTS, API_TOKEN: '-x-' });
  });
});

describe('BASE_URL normalisation', () => {
  const cases: [string, string][] = [
    ['http://example.com', 'http://example.com'],
    ['http://example.com/', 'http://example.com'],
    ['https://example.com/api', 'https://example.com/api'],
    ['https://example.com/api/', 'https://example.com/api'],
    ['https://example.com/a/b//', 'https://example.com/a/b'],
    ['HTTPS://Books.Example.COM:443/Api/', 'https://books.example.com/Api'],
    ['http://example.com:8080/x', 'http://example.com:8080/x'],
    ['http://127.0.0.1:3000', 'http://127.0.0.1:3000'],
    ['http://[::1]:3000/p/', 'http://[::1]:3000/p'],
  ];
  for (const [given, expected] of cases) {
    it(`${given} → ${expected}`, () => {
      assert.deepEqual(loadConfig({ BASE_URL: given }), { ...DEFAULTS, BASE_URL: expected });
      assert.deepEqual(loadConfig({}, [`--base-url=${given}`]), { ...DEFAULTS, BASE_URL: expected });
    });
  }
});

describe('bad values stop loading with a SettingError naming the setting', () => {
  const cases: [Record<string, string>, string, string][] = [
    [{ PORT: 'abc' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "abc"'],
    [{ PORT: '70000' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "70000"'],
    [{ PORT: '65536' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "65536"'],
    [{ PORT: '-1' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "-1"'],
    [{ PORT: '1.5' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "1.5"'],
    [{ PORT: ' 80' }, 'PORT', 'PORT must be an integer from 0 to 65535, got " 80"'],
    [{ PORT: '1e3' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "1e3"'],
    [{ PORT: '0x50' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "0x50"'],
    [{ PORT: '99999999999' }, 'PORT', 'PORT must be an integer from 0 to 65535, got "99999999999"'],
    [{ MAX_BOOKS: '0' }, 'MAX_BOOKS', 'MAX_BOOKS must be an integer from 1 to 4194304, got "0"'],
    [{ MAX_BOOKS: '4194305' }, 'MAX_BOOKS', 'MAX_BOOKS must be an integer from 1 to 4194304, got "4194305"'],
    [{ TRUST_PROXY: 'maybe' }, 'TRUST_PROXY', 'TRUST_PROXY must be true or false, got "maybe"'],
    [{ TRUST_PROXY: 'On' }, 'TRUST_PROXY', 'TRUST_PROXY must be true or false, got "On"'],
    [{ LOG_LEVEL: 'loud' }, 'LOG_LEVEL', 'LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud"'],
    [{ STORE: 'btree' }, 'STORE', 'STORE must be one of map, indexed, got "btree"'],
    [{ METRICS_PORT: '0' }, 'METRICS_PORT', 'METRICS_PORT must be an integer from 1 to 65535, got "0"'],
    [{ BASE_URL: 'ftp://x' }, 'BASE_URL', 'BASE_URL must be an absolute http or https URL without query or fragment, got "ftp://x"'],
    [{ BASE_URL: 'not a url' }, 'BASE_URL', 'BASE_URL must be an absolute http or https URL without query or fragment, got "not a url"'],
    [{ BASE_URL: '/api' }, 'BASE_URL', 'BASE_URL must be an absolute http or https URL without query or fragment, got "/api"'],
    [
      { BASE_URL: 'https://example.com/api?x=1' },
      'BASE_URL',
      'BASE_URL must be an absolute http or https URL without query or fragment, got "https://example.com/api?x=1"',
    ],
    [
      { BASE_URL: 'https://example.com/#top' },
      'BASE_URL',
      'BASE_URL must be an absolute http or https URL without query or fragment, got "https://example.com/#top"',
    ],
    [
      { BASE_URL: 'https://user:pw@example.com' },
      'BASE_URL',
      'BASE_URL must be an absolute http or https URL without query or fragment, got "https://user:pw@example.com"',
    ],
    [{ KEEP_ALIVE_TIMEOUT_MS: '0' }, 'KEEP_ALIVE_TIMEOUT_MS', 'KEEP_ALIVE_TIMEOUT_MS must be an integer from 1 to 2147483647, got "0"'],
    [
      { KEEP_ALIVE_TIMEOUT_MS: '2147483648' },
      'KEEP_ALIVE_TIMEOUT_MS',
      'KEEP_ALIVE_TIMEOUT_MS must be an integer from 1 to 2147483647, got "2147483648"',
    ],
    [{ SHUTDOWN_TIMEOUT_MS: 'x' }, 'SHUTDOWN_TIMEOUT_MS', 'SHUTDOWN_TIMEOUT_MS must be an integer from 1 to 2147483647, got "x"'],
    [{ IDEMPOTENCY_TTL_S: '0' }, 'IDEMPOTENCY_TTL_S', 'IDEMPOTENCY_TTL_S must be an integer from 1 to 31536000, got "0"'],
    [{ IDEMPOTENCY_TTL_S: '31536001' }, 'IDEMPOTENCY_TTL_S', 'IDEMPOTENCY_TTL_S must be an integer from 1 to 31536000, got "31536001"'],
    [{ IDEMPOTENCY_TTL_S: '1d' }, 'IDEMPOTENCY_TTL_S', 'IDEMPOTENCY_TTL_S must be an integer from 1 to 31536000, got "1d"'],
    [{ API_TOKEN: '   ' }, 'API_TOKEN', 'API_TOKEN must not be blank; leave it unset to disable the token'],
    [{ API_TOKEN: '\t\n' }, 'API_TOKEN', 'API_TOKEN must not be blank; leave it unset to disable the token'],
  ];
  for (const [env, setting, message] of cases) {
    it(`${JSON.stringify(env)} → ${message}`, () => {
      assertConfigError(() => loadConfig(env), setting, message);
    });
  }

  it('checks flag values the same way', () => {
    assertConfigError(() => loadConfig({}, ['--port', 'abc']), 'PORT', 'PORT must be an integer from 0 to 65535, got "abc"');
    assertConfigError(() => loadConfig({}, ['--port=70000']), 'PORT', 'PORT must be an integer from 0 to 65535, got "70000"');
    assertConfigError(() => loadConfig({}, ['--port=']), 'PORT', 'PORT must be an integer from 0 to 65535, got ""');
    assertConfigError(() => loadConfig({}, ['--trust-proxy', 'maybe']), 'TRUST_PROXY', 'TRUST_PROXY must be true or false, got "maybe"');
    assertConfigError(
      () => loadConfig({}, ['--api-token=  ']),
      'API_TOKEN',
      'API_TOKEN must not be blank; leave it unset to disable the token',
    );
  });

  it('checks a bad environment value even when other flags are given', () => {
    assertConfigError(
      () => loadConfig({ MAX_BOOKS: '0' }, ['--port', '1']),
      'MAX_BOOKS',
      'MAX_BOOKS must be an integer from 1 to 4194304, got "0"',
    );
  });

  it('rejects an unknown flag, naming it and listing the known ones', () => {
    assertConfigError(() => loadConfig({}, ['--nope']), '--nope', `--nope is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(() => loadConfig({}, ['--nope=1']), '--nope=1', `--nope=1 is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(() => loadConfig({}, ['--PORT', '1']), '--PORT', `--PORT is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(() => loadConfig({}, ['-p', '1']), '-p', `-p is not a known flag; the flags are ${FLAGS}`);
  });

  it('rejects a positional argument as an unknown flag', () => {
    assertConfigError(() => loadConfig({}, ['9000']), '9000', `9000 is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(() => loadConfig({}, ['--port', '1', '2']), '2', `2 is not a known flag; the flags are ${FLAGS}`);
  });

  it('rejects a flag without a value', () => {
    assertConfigError(() => loadConfig({}, ['--port']), 'PORT', 'PORT needs a value: --port <value>');
    assertConfigError(() => loadConfig({}, ['--host', 'h', '--seed-file']), 'SEED_FILE', 'SEED_FILE needs a value: --seed-file <value>');
    assertConfigError(
      () => loadConfig({}, ['--shutdown-timeout-ms']),
      'SHUTDOWN_TIMEOUT_MS',
      'SHUTDOWN_TIMEOUT_MS needs a value: --shutdown-timeout-ms <value>',
    );
  });

  it('keeps the message to one line when the unknown argument holds a line break (api.md, Settings, rule 1: "one line")', () => {
    // Start-up prints `invalid configuration: <message>`; a raw line break would split it in two.
    assertConfigError(() => loadConfig({}, ['--no\npe']), '--no\npe', `--no\\u000ape is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(() => loadConfig({}, ['a\tb\u2028']), 'a\tb\u2028', `a\\u0009b\\u2028 is not a known flag; the flags are ${FLAGS}`);
    assertConfigError(
      () => loadConfig({}, ['a\u0085b\u009f']),
      'a\u0085b\u009f',
      `a\\u0085b\\u009f is not a known flag; the flags are ${FLAGS}`,
    );
  });
});

describe('the settings table of docs/api.md', () => {
  it('lists exactly the settings of the core and the rooms, in their order, with the same defaults', () => {
    const contract = readFileSync(join(import.meta.dirname, '../../docs/api.md'), 'utf8');
    const rows = [...contract.matchAll(/^\| `([A-Z_]+)` \| ([^|]+) \|/gm)].map((match) => [
      match[1],
      (match[2] ?? '').trim().replaceAll('`', ''),
    ]);
    assert.deepEqual(
      rows,
      allSettings(ROOMS).map((setting) => [setting.name, setting.shown]),
    );
  });
});

describe('CORS_ORIGINS', () => {
  it('takes * or a list of exact origins, spaces around the commas allowed', () => {
    assert.equal(loadConfig({ CORS_ORIGINS: '*' }).CORS_ORIGINS, '*');
    assert.deepEqual(loadConfig({ CORS_ORIGINS: 'https://app.example.com, http://localhost:3000' }).CORS_ORIGINS, [
      'https://app.example.com',
      'http://localhost:3000',
    ]);
    assert.deepEqual(loadConfig({}, ['--cors-origins', 'http://[::1]:8081']).CORS_ORIGINS, ['http://[::1]:8081']);
  });

  it('stops start-up on anything else, naming the setting and the bad item', () => {
    const message = (item: string): string =>
      `CORS_ORIGINS must be * or a comma-separated list of origins such as https://app.example.com (scheme, host and port only), got ${JSON.stringify(item)}`;
    const cases: [string, string][] = [
      ['https://app.example.com/', 'https://app.example.com/'],
      ['https://app.example.com/path', 'https://app.example.com/path'],
      ['null', 'null'],
      ['https://a.example,*', '*'],
      ['https://a.example,,https://b.example', ''],
      ['ftp://files.example', 'ftp://files.example'],
      ['https://APP.example.com', 'https://APP.example.com'],
      ['https://app.example.com:443', 'https://app.example.com:443'],
      ['https://user@app.example.com', 'https://user@app.example.com'],
      ['app.example.com', 'app.example.com'],
    ];
    for (const [value, item] of cases) {
      assert.throws(
        () => loadConfig({ CORS_ORIGINS: value }),
        (error: unknown) => {
          assert.ok(error instanceof SettingError);
          assert.equal(error.message, message(item));
          return true;
        },
        value,
      );
    }
  });
});

describe('API_TOKEN is RFC 6750 token68', () => {
  const message = 'API_TOKEN must be RFC 6750 token68 characters: letters, digits, - . _ ~ + /, then optional = padding';

  it('takes every token68 character, and = only as padding at the end', () => {
    for (const token of ['a', 'Z9', 'tok-3f9a61c2-never-log-me', 'a.b_c~d+e/f', 'YWJj', 'YWI=', 'YQ==', '-', '/+']) {
      assert.equal(loadConfig({ API_TOKEN: token }).API_TOKEN, token);
      assert.equal(loadConfig({}, [`--api-token=${token}`]).API_TOKEN, token);
    }
  });

  it('stops start-up on anything else, naming the setting without quoting the token', () => {
    const bad = [
      ' a b ',
      'a b',
      ' tok',
      'tok ',
      'to,ken',
      'to;ken',
      'tok"en',
      't\u00f6k',
      'tok\u2028',
      'tok\t',
      '=',
      '=abc',
      'a=b',
      'ab=c',
      'a:b',
      'a@b',
      'a%20b',
    ];
    for (const token of bad) {
      assertConfigError(() => loadConfig({ API_TOKEN: token }), 'API_TOKEN', message);
      assertConfigError(() => loadConfig({}, ['--api-token', token]), 'API_TOKEN', message);
    }
  });
});
