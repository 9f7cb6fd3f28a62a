/**
 * The indexed store, as a room: STORE=indexed (the default while this room is in) keeps every
 * query as cheap as its answer at any size, where the core's map store scans (README.md here).
 */
import { defineRoom } from '../../core/rooms.ts';
import { IndexedBookStore } from './store.ts';

export const indexed = defineRoom({ name: 'indexed', store: (capacity) => new IndexedBookStore(capacity) });
