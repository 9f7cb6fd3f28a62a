/**
 * The store alone, in this process, at 100,000 books: how long an add, a replace (a new title)
 * and a delete take with the title index and every sort order built, each right after a search
 * has swept the index, so that the write starts from a cold cache as it does among searches.
 * This is the store's own share of a write's server time, without HTTP around it.
 */
import { toFields } from '../src/core/book.ts';
import { seedStore } from '../src/core/service.ts';
import { IndexedBookStore } from '../src/rooms/indexed/store.ts';
import { percentile } from './report.ts';

export interface StoreTimes {
  readonly add: { readonly p50Ms: number; readonly p99Ms: number };
  readonly replace: { readonly p50Ms: number; readonly p99Ms: number };
  readonly remove: { readonly p50Ms: number; readonly p99Ms: number };
  readonly writes: number;
}

export function timeStoreWrites(seedFile: string, books: number, writes: number): StoreTimes {
  const store = new IndexedBookStore(2 * books);
  seedStore(store, seedFile);
  for (const key of ['title', 'isbn', 'author'] as const) {
    for (const descending of [false, true]) store.find({ sort: { key, descending }, limit: 1 });
  }
  store.find({ title: 'seeded', limit: 1 });
  const add: number[] = [];
  const replace: number[] = [];
  const remove: number[] = [];
  for (let i = 0; i < writes; i++) {
    store.find({ title: 'e', sort: { key: 'title', descending: false }, offset: i % 1000, limit: 20 });
    const fields = toFields({ isbn: `store-${i}`, title: `Seeded there her ${i} three`, author: 'Ada Lovelace' });
    let started = performance.now();
    store.add(fields);
    add.push(performance.now() - started);
    store.find({ title: 'th', sort: { key: 'author', descending: true }, offset: i % 1000, limit: 20 });
    const edited = toFields({ isbn: `store-${i}`, title: `Seeded here the ${i} ether`, author: 'Ada Byron' });
    started = performance.now();
    store.replace(edited);
    replace.push(performance.now() - started);
    store.find({ title: 'he', offset: i % 1000, limit: 20 });
    started = performance.now();
    store.remove(`store-${i}`);
    remove.push(performance.now() - started);
  }
  const times = (values: number[]) => ({ p50Ms: percentile(values, 0.5), p99Ms: percentile(values, 0.99) });
  return { add: times(add), replace: times(replace), remove: times(remove), writes };
}
