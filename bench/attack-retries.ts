/**
 * The worst cases the batch and the kept answers bring (api.md, Batches; Safe retries), for the
 * attack suite: the largest batches of the costliest books, batches refused at their last entry
 * (every book taken out again), and keys enough to fill the kept answers many times over.
 */
import { Agent } from 'node:http';
import { call, LIMIT_MS, type Tally } from './attack-clients.ts';
import type { Attack, Outcome } from './attack-list.ts';
import { dottedBook as dotted } from './attack-seeds.ts';

/** `times` requests made by `item(i)`, one at a time on one keep-alive connection, until the time limit. */
async function inTurn(
  base: string,
  times: number,
  item: (i: number) => { path: string; body: string; headers?: Record<string, string> },
): Promise<Outcome> {
  const failures: Tally = new Map();
  const agent = new Agent({ keepAlive: true, maxSockets: 1 });
  const deadline = performance.now() + LIMIT_MS;
  let done = 0;
  for (; done < times && performance.now() < deadline; done++) await call(base, { method: 'POST', agent, ...item(done) }, failures);
  agent.destroy();
  return { failures, note: done < times ? `${done} of ${times} within ${LIMIT_MS / 1000} s` : undefined };
}

const batchOf = (books: readonly object[]): string => JSON.stringify({ books });

export const RETRY_ATTACKS: readonly Attack[] = [
  {
    name: '30 batches of 100 books of 512-`İ` titles by two 256-`İ` names, one at a time',
    catalogue: '100,000 books',
    writes: true,
    addTargetMs: 1_000,
    env: { MAX_BOOKS: '110000' },
    run: (base) =>
      inTurn(base, 30, (n) => ({ path: '/books:batchCreate', body: batchOf(Array.from({ length: 100 }, (_, i) => dotted(n * 100 + i))) })),
  },
  {
    name: '30 batches of 99 such books and a duplicate last, each refused, one at a time',
    catalogue: '100,000 books',
    writes: true,
    addTargetMs: 1_000,
    env: { MAX_BOOKS: '110000' },
    run: (base) =>
      inTurn(base, 30, (n) => ({
        path: '/books:batchCreate',
        body: batchOf([...Array.from({ length: 99 }, (_, i) => dotted(n * 100 + i)), { ...(dotted(n * 100) as object), isbn: 'x' }]),
      })),
  },
  {
    name: '30,000 adds refused as invalid, each with a new 255-character Idempotency-Key',
    catalogue: '100,000 books',
    run: (base) =>
      inTurn(base, 30_000, (i) => ({
        path: '/books',
        body: `{"isbn":"${'x'.repeat(1000)}"}`,
        headers: { 'idempotency-key': `"${String(i).padStart(255, 'k')}"` },
      })),
  },
];
