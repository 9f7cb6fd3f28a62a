/**
 * Batches and kept answers (docs/performance.md, Batches and retries), on the default store with
 * the fixture, one keep-alive connection:
 * 1. 100 books as 100 POSTs, one after another, against the same 100 books in one batch, in
 *    alternate rounds: the median of each, and their ratio (the target is a third or less);
 * 2. the RSS of a service that keeps 10,000 answers (10,000 POSTs with a key each), against one
 *    that got the same 10,000 POSTs without a key.
 * Run: node bench/batch.ts (BENCH_BATCH_ROUNDS=20).
 */
import { Agent, request } from 'node:http';
import { startService } from './procs.ts';

const ROUNDS = Number(process.env.BENCH_BATCH_ROUNDS ?? 20);
const agent = new Agent({ keepAlive: true, maxSockets: 1 });

function post(port: number, path: string, body: string, headers: Record<string, string> = {}): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      agent,
      headers: { 'content-type': 'application/json', ...headers },
    });
    req.on('response', (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', reject);
    req.end(body);
  });
}

const book = (round: number, i: number): object => ({
  isbn: `bench-${round}-${i}`,
  title: `Benchmark volume ${round}.${i}`,
  author: 'Bea Bench',
});
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] as number;

async function batchAgainstPosts(): Promise<void> {
  const server = await startService({ env: { LOG_LEVEL: 'warn', MAX_BOOKS: String(ROUNDS * 220 + 100) } });
  const [posts, batches]: [number[], number[]] = [[], []];
  // A warm-up of each kind first, then alternate rounds, so that neither always runs on a warmer process.
  for (let round = -1; round < ROUNDS; round++) {
    let started = performance.now();
    for (let i = 0; i < 100; i++) {
      const status = await post(Number(new URL(server.base).port), '/books', JSON.stringify(book(2 * round + 10, i)));
      if (status !== 201) throw new Error(`POST answered ${status}`);
    }
    if (round >= 0) posts.push(performance.now() - started);
    const body = JSON.stringify({ books: Array.from({ length: 100 }, (_, i) => book(2 * round + 11, i)) });
    started = performance.now();
    const status = await post(Number(new URL(server.base).port), '/books:batchCreate', body);
    if (status !== 200) throw new Error(`the batch answered ${status}`);
    if (round >= 0) batches.push(performance.now() - started);
  }
  await server.stop();
  const [one, other] = [median(posts), median(batches)];
  console.log(`100 books, one keep-alive connection, median of ${ROUNDS} rounds:`);
  console.log(`  100 POSTs       ${one.toFixed(2)} ms`);
  console.log(`  one batch       ${other.toFixed(2)} ms   (${(other / one).toFixed(3)} of the POSTs; target 0.333 or less)`);
}

async function keptAnswers(): Promise<void> {
  const rss: Record<string, number> = {};
  for (const keyed of [false, true]) {
    const server = await startService({ env: { LOG_LEVEL: 'warn', MAX_BOOKS: '20000' } });
    const before = server.rss();
    for (let i = 0; i < 10_000; i++) {
      const headers: Record<string, string> = keyed ? { 'idempotency-key': `"bench-key-${i}-${'k'.repeat(200)}"` } : {};
      const status = await post(Number(new URL(server.base).port), '/books', JSON.stringify(book(1, i)), headers);
      if (status !== 201) throw new Error(`POST answered ${status}`);
    }
    rss[keyed ? 'keyed' : 'plain'] = server.rss() - before;
    await server.stop();
  }
  const MB = (bytes: number): string => (bytes / 1e6).toFixed(1);
  console.log('10,000 POSTs (keys of 215 characters), RSS growth:');
  console.log(`  without keys    ${MB(rss.plain as number)} MB (the books alone)`);
  console.log(
    `  with keys       ${MB(rss.keyed as number)} MB: ${MB((rss.keyed as number) - (rss.plain as number))} MB for the 10,000 kept answers`,
  );
}

await batchAgainstPosts();
await keptAnswers();
agent.destroy();
