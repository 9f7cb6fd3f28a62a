/** The core's settings alone (api.md, Settings): with no room, the Map store is the only store, and the default. */
import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { allSettings, createService } from '../../src/core/service.ts';
import { SettingError } from '../../src/core/settings.ts';
import { MapBookStore } from '../../src/core/store.ts';

const create = (env: Record<string, string>, argv: readonly string[] = []) => createService({ rooms: [], env, argv, write: () => {} });

describe('the core without rooms', () => {
  it('reads its own settings, and STORE is map by default', () => {
    const { settings, store } = create({ PORT: '9000', MAX_BOOKS: '7' }, ['--log-level=warn']);
    assert.deepEqual(settings, {
      port: 9000,
      host: undefined,
      seedFile: undefined,
      maxBooks: 7,
      logLevel: 'warn',
      keepAliveTimeoutMs: 65_000,
      shutdownTimeoutMs: 10_000,
      store: 'map',
    });
    assert.ok(store instanceof MapBookStore);
    assert.deepEqual([store.size, store.capacity], [3, 7]);
  });

  it('knows no room’s store, setting or flag', () => {
    assert.throws(() => create({ STORE: 'indexed' }), new SettingError('STORE must be one of map, got "indexed"'));
    assert.throws(
      () => create({}, ['--api-token', 'x']),
      new SettingError(
        '--api-token is not a known flag; the flags are --port, --host, --seed-file, --max-books, --log-level, ' +
          '--keep-alive-timeout-ms, --shutdown-timeout-ms, --store',
      ),
    );
    assert.deepEqual(
      allSettings([]).map((setting) => [setting.name, setting.shown]),
      [
        ['PORT', '8080'],
        ['HOST', 'all interfaces'],
        ['SEED_FILE', 'unset'],
        ['MAX_BOOKS', '100000'],
        ['LOG_LEVEL', 'info'],
        ['KEEP_ALIVE_TIMEOUT_MS', '65000'],
        ['SHUTDOWN_TIMEOUT_MS', '10000'],
        ['STORE', 'map'],
      ],
    );
  });
});

describe("the core's settings, each read and refused by its own rule", () => {
  const FLAGS = '--port, --host, --seed-file, --max-books, --log-level, --keep-alive-timeout-ms, --shutdown-timeout-ms, --store';
  const refused = (env: Record<string, string>, argv: readonly string[], message: string): void =>
    assert.throws(() => create(env, argv), new SettingError(message));

  it('takes an integer in digits, from its least to its most', () => {
    assert.equal(create({ PORT: '0' }).settings.port, 0);
    assert.equal(create({ PORT: '65535' }).settings.port, 65_535);
    assert.equal(create({ MAX_BOOKS: '3' }).settings.maxBooks, 3);
    assert.equal(create({ MAX_BOOKS: '4194304' }).settings.maxBooks, 4_194_304);
    assert.equal(create({ SHUTDOWN_TIMEOUT_MS: '1' }).settings.shutdownTimeoutMs, 1);
    for (const text of ['65536', '-1', '1.5', ' 80', '80 ', '1e3', '0x50', '99999999999', 'abc']) {
      refused({ PORT: text }, [], `PORT must be an integer from 0 to 65535, got ${JSON.stringify(text)}`);
    }
    refused({ MAX_BOOKS: '0' }, [], 'MAX_BOOKS must be an integer from 1 to 4194304, got "0"');
    refused({ MAX_BOOKS: '4194305' }, [], 'MAX_BOOKS must be an integer from 1 to 4194304, got "4194305"');
  });

  it('takes one of a list in any case, and names the list when it is not', () => {
    assert.equal(create({ LOG_LEVEL: 'WARN' }).settings.logLevel, 'warn');
    refused({ LOG_LEVEL: 'loud' }, [], 'LOG_LEVEL must be one of debug, info, warn, error, silent, got "loud"');
  });

  it('reads a flag as --name value or --name=value, the flag winning over the environment', () => {
    assert.equal(create({ PORT: '1' }, ['--port', '9000']).settings.port, 9000);
    assert.equal(create({}, ['--port=9001', '--max-books', '5']).settings.maxBooks, 5);
    assert.equal(create({}, ['--port=9001']).settings.port, 9001);
    assert.equal(create({}, ['--host=a=b']).settings.host, 'a=b');
    refused({}, ['--port='], 'PORT must be an integer from 0 to 65535, got ""');
  });

  it('refuses a flag it does not know, written otherwise, or left without a value', () => {
    for (const arg of ['--nope', '-port', 'port', '--PORT=1', '--port9000', 'x--port=1', '--=1']) {
      refused({}, [arg, '1'], `${arg} is not a known flag; the flags are ${FLAGS}`);
    }
    refused({}, ['--port'], 'PORT needs a value: --port <value>');
    refused({}, ['--log-level=info', '--seed-file'], 'SEED_FILE needs a value: --seed-file <value>');
  });
});
