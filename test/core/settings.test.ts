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
