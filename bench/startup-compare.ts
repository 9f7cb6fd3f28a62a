/**
 * Start-up of this checkout against another (docs/performance.md, Start-up): the floor, the service here and the service there,
 * alternated, ROUNDS times each, timed as bench/startup.ts times them. A median of many alternated starts shows a change of a few per
 * cent that a best of two, on a shared machine, hides. Run: node bench/startup-compare.ts <other checkout> <seed.json>
 * (bench/startup.ts leaves its seeds in the temporary directory); STORE=indexed for the default store, ROUNDS=9 by default.
 */
import { join, resolve } from 'node:path';
import * as here from './procs.ts';

const [other, seedFile] = process.argv.slice(2);
if (other === undefined || seedFile === undefined) {
  console.error('usage: node bench/startup-compare.ts <other checkout> <seed.json>');
  process.exit(2);
}
// The other checkout's own bench starts its own service, with the node flags of its own package.json.
const there = (await import(join(resolve(other), 'bench/procs.ts'))) as typeof here;
const rounds = Number(process.env.ROUNDS ?? 9);
const env = { SEED_FILE: seedFile, STORE: process.env.STORE ?? 'map', MAX_BOOKS: '100000' };
const programs: Record<string, () => Promise<here.Server>> = {
  floor: () => here.startFloor(seedFile),
  'this checkout': () => here.startService({ env }),
  [other]: () => there.startService({ env }),
};
const times: Record<string, number[]> = Object.fromEntries(Object.keys(programs).map((name) => [name, []]));
try {
  // One start of each, untimed, so that every timed one finds the compile cache filled (procs.ts).
  for (const start of Object.values(programs)) await (await start()).stop();
  for (let round = 0; round < rounds; round++) {
    for (const [name, start] of Object.entries(programs)) {
      const server = await start();
      times[name]?.push(server.startMs);
      await server.stop();
    }
  }
} finally {
  here.killAll();
  there.killAll();
}
const median = (values: number[]): number => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)] ?? NaN;
const floor = median(times.floor ?? []);
console.log(`| ${env.STORE}, ${rounds} alternated starts of each | median s | best s | median / floor's |`);
console.log('|---|--:|--:|--:|');
for (const [name, values] of Object.entries(times)) {
  const s = (ms: number): string => (ms / 1000).toFixed(2);
  console.log(`| ${name} | ${s(median(values))} | ${s(Math.min(...values))} | ${(median(values) / floor).toFixed(2)}× |`);
}
