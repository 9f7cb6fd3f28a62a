/**
 * The indexed store, as a room: STORE=indexed (the default while this room is in) keeps every
 * query as cheap as its answer at any size, where the core's map store scans (README.md here).
 * Once the service listens, it logs when a large seed's text index, sorted in a worker thread, is in.
 */
import { defineRoom } from '../../core/rooms.ts';
import { IndexedBookStore } from './store.ts';

export const indexed = defineRoom({
  name: 'indexed',
  store: (capacity) => new IndexedBookStore(capacity),
  plug: (_values, { store, logger }) => ({
    start: async () => {
      if (!(store instanceof IndexedBookStore)) return;
      const built = await store.built;
      // A build before the service listened is done before its first line: only one after it is news.
      if (built.inWorker) logger.info('text index built', { ...built });
      else if (built.error !== undefined) logger.error('text index not built: every search reads every book', { ...built });
    },
  }),
});
