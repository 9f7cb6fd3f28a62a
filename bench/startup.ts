/**
 * Start-up with a full catalogue (docs/performance.md, Start-up): spawn → first 200 of
 * GET /books/4-5-6 for the floor (startup-floor.ts), STORE=map and the default indexed store,
 * with seeds of 10,000 and 100,000 ordinary books (60 to 100 code units of text each) and of
 * 100,000 that spend the whole text budget (128 code units, long titles), of 100,000 titles of
 * one letter over and over (the suffix sort's worst case), and of 25,000 that spend the whole
 * budget in titles four times as long, of words and of one letter; best of two runs,
 * alternated. The indexed store serves before its text index is built, in a worker thread: the
 * time the log says `text index built` is a column of its own, and the peak RSS of start-up, read
 * then, is set against the RSS a second later. Every start reads Node's compile cache (procs.ts).
 * Run: node bench/startup.ts (BENCH_STARTUP_SIZES=10000 for a quick look).
 */
import { writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { peakRssOf, rssOf, type Server, startFloor, startService } from './procs.ts';
import { FIXTURE, isbnOf, random } from './seed.ts';

const WORDS = 'river stone winter garden silver morning shadow letters island harbour lantern meadow journey orchard kingdom'.split(' ');
// Two words each, so that the names hold the whole author and it is not kept a second time (api.md, Authors).
const NAMES = 'Ada Lovelace|Chinua Achebe|Wisława Szymborska|Jorge Borges|Toni Morrison|Italo Calvino|Naguib Mahfouz'.split('|');

/** `count` books after the fixture: titles of words, long enough that each book holds `units` code units of text, give or take. */
function seed(count: number, units: (next: () => number) => number, name: string): string {
  const next = random(20_261_128);
  const books: object[] = [...FIXTURE];
  for (let i = books.length; i < count; i++) {
    const author = NAMES[i % NAMES.length] as string;
    let title = `${WORDS[Math.floor(next() * WORDS.length)]} ${i}`;
    const target = units(next) - (author.length - 1) - isbnOf(i).length;
    while (title.length < target) title += ` ${WORDS[Math.floor(next() * WORDS.length)]}`;
    books.push({ isbn: isbnOf(i), title: title.slice(0, Math.max(target, 8)), author });
  }
  const path = join(tmpdir(), `book-catalogue-startup-${name}.json`);
  writeFileSync(path, JSON.stringify(books));
  return path;
}

/**
 * The suffix sort's worst case: `count` titles of one letter, `length` to `length` + 19 of it, so
 * that every suffix shares its first 64 code units with tens or hundreds of others in each title.
 */
function repeated(count: number, length: number, name: string): string {
  const books: object[] = [...FIXTURE];
  for (let i = books.length; i < count; i++) books.push({ isbn: isbnOf(i), title: 'a'.repeat(length + (i % 20)), author: `Ann B${i}` });
  const path = join(tmpdir(), `book-catalogue-startup-${name}.json`);
  writeFileSync(path, JSON.stringify(books));
  return path;
}

type Kind = 'floor' | 'map' | 'indexed';
const start = (kind: Kind, file: string): Promise<Server> =>
  kind === 'floor'
    ? startFloor(file)
    : startService({ env: { SEED_FILE: file, STORE: kind, MAX_BOOKS: '100000' }, readyWithinMs: 300_000, indexed: kind === 'indexed' });

/** One start: its time, the time its text index was built, the peak RSS until then, and the RSS a second after, serving. */
async function once(kind: Kind, file: string): Promise<{ ms: number; indexedMs: number; peak: number; serving: number }> {
  const server = await start(kind, file);
  const peak = peakRssOf(server.pid);
  await sleep(1000);
  const serving = rssOf(server.pid);
  await server.stop();
  return { ms: server.startMs, indexedMs: server.indexedMs ?? NaN, peak, serving };
}

const sizes = (process.env.BENCH_STARTUP_SIZES ?? '10000,100000').split(',').map(Number);
const seeds = [
  ...sizes.map((count) => ({
    label: `${count.toLocaleString('en')} ordinary books`,
    file: seed(count, (next) => 60 + Math.floor(next() * 41), `o${count}`),
  })),
  { label: `${Math.max(...sizes).toLocaleString('en')} books of 128 code units`, file: seed(Math.max(...sizes), () => 128, 'full') },
  {
    label: `${Math.max(...sizes).toLocaleString('en')} titles of one letter over and over`,
    file: repeated(Math.max(...sizes), 90, 'repeated'),
  },
  // The whole text budget in a quarter as many books: titles of about 490 code units, and of one
  // letter, where the text is largest beside what the catalogue serves with.
  {
    label: `${(Math.max(...sizes) / 4).toLocaleString('en')} books of 512 code units`,
    file: seed(Math.max(...sizes) / 4, () => 512, 'long'),
  },
  {
    label: `${(Math.max(...sizes) / 4).toLocaleString('en')} titles of one letter, 460 to 479 of it`,
    file: repeated(Math.max(...sizes) / 4, 460, 'long-repeated'),
  },
];
const MB = (bytes: number): string => (bytes / 1e6).toFixed(0);
console.log(
  '| Seed | floor s | map s | indexed s | text index built s | map / floor | indexed / map | peak / serving RSS, map | peak / serving RSS, indexed |',
);
console.log('|---|--:|--:|--:|--:|--:|--:|--:|--:|');
// One start of each, untimed, so that every timed one finds the compile cache filled, as the container's image holds it (procs.ts).
for (const kind of ['floor', 'map', 'indexed'] as const) await (await start(kind, seeds[0]?.file as string)).stop();
for (const { label, file } of seeds) {
  const none = { ms: Infinity, indexedMs: NaN, peak: 0, serving: 0 };
  const best: Record<Kind, Awaited<ReturnType<typeof once>>> = { floor: none, map: none, indexed: none };
  for (let round = 0; round < 2; round++) {
    for (const kind of ['floor', 'map', 'indexed'] as const) {
      const run = await once(kind, file);
      if (run.ms < best[kind].ms) best[kind] = run;
    }
  }
  const s = (kind: Kind): string => (best[kind].ms / 1000).toFixed(2);
  const rss = (kind: Kind): string =>
    `${MB(best[kind].peak)} / ${MB(best[kind].serving)} MB (${(best[kind].peak / best[kind].serving).toFixed(2)}×)`;
  console.log(
    `| ${label} | ${s('floor')} | ${s('map')} | ${s('indexed')} | ${(best.indexed.indexedMs / 1000).toFixed(2)} | ${(best.map.ms / best.floor.ms).toFixed(1)}× | ${(best.indexed.ms / best.map.ms).toFixed(1)}× | ${rss('map')} | ${rss('indexed')} |`,
  );
}
