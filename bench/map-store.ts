/**
 * Up to what size the map store keeps the listing and write figures of api.md, Limits: the store
 * alone, in this process, at growing catalogues of the bench's books. Run: node bench/map-store.ts
 */
import { toFields } from '../src/core/book.ts';
import { MapBookStore, type SortOrder } from '../src/core/store.ts';
import { percentile } from './report.ts';
import { generateBooks } from './seed.ts';

const QUERIES: readonly { readonly name: string; readonly title?: string; readonly sort?: SortOrder }[] = [
  { name: 'title filter, page of 20', title: 'the' },
  { name: 'title filter, sorted by author', title: 'the', sort: { key: 'author', descending: false } },
  { name: 'every book, sorted by title', sort: { key: 'title', descending: false } },
];

/** The p99 of `run` in milliseconds over `times` calls. */
function p99(times: number, run: (index: number) => void): number {
  for (let i = 0; i < 20; i++) run(i); // warm-up, so the figure is not the compiler's
  const took: number[] = [];
  for (let i = 0; i < times; i++) {
    const started = performance.now();
    run(i);
    took.push(performance.now() - started);
  }
  return percentile(took, 0.99);
}

console.log('| books | ' + QUERIES.map((query) => query.name).join(' | ') + ' | add |');
console.log('|--:|' + QUERIES.map(() => '--:|').join('') + '--:|');
for (const size of [1_000, 2_000, 5_000, 10_000, 20_000]) {
  const store = new MapBookStore(size + 200);
  const books = generateBooks(size + 200);
  for (const book of books.slice(0, size)) store.add(toFields(book));
  const queries = QUERIES.map(({ title, sort }) => p99(200, (i) => store.find({ title, sort, offset: (i % 5) * 20, limit: 20 })));
  const add = p99(180, (i) => store.add(toFields(books[size + 20 + i] as (typeof books)[number])));
  console.log(`| ${size} | ${queries.map((ms) => ms.toFixed(2)).join(' | ')} | ${add.toFixed(3)} |`);
}
