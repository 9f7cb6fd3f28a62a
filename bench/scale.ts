/**
 * The scale scenarios of api.md, Performance, rule 2: searches made to be hard, at 100,000 books, each timed
 * as server time per request (the access log's `durationMs`), p50 and p99. Requests go one at
 * a time on a keep-alive connection, so each is the service's whole attention; a page number
 * `{n}` is drawn at random for every request.
 */
import { Agent, request } from 'node:http';
import type { Server } from './procs.ts';
import { percentile } from './report.ts';

export interface Form {
  readonly name: string;
  /** `{n}` becomes a page number from 0 to `pages - 1`. */
  readonly path: string;
  readonly pages?: number;
  /** What every answer must be: 200, or 404 for a filter that matches nothing. */
  readonly status: number;
  /** Headers to send with every request, such as an If-None-Match. */
  readonly headers?: Readonly<Record<string, string>>;
}

export interface FormRow {
  readonly name: string;
  readonly path: string;
  readonly p50Ms: number;
  readonly p99Ms: number;
  readonly requests: number;
  /** The same form among about 10% writes, each search meeting indexes that just changed. */
  readonly mixed?: { readonly p50Ms: number; readonly p99Ms: number; readonly requests: number };
}

const agent = new Agent({ keepAlive: true, maxSockets: 1 });

/** One request; resolves with the status once the body has been read. */
export function call(
  base: string,
  method: string,
  path: string,
  body?: string,
  sent: Readonly<Record<string, string>> = {},
): Promise<number> {
  return new Promise((resolve, reject) => {
    const headers = body === undefined ? sent : { ...sent, 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) };
    const req = request(`${base}${encodeURI(path)}`, { method, headers, agent }, (res) => {
      res.resume();
      res.once('end', () => resolve(res.statusCode ?? 0));
    });
    req.once('error', reject);
    req.end(body);
  });
}

let state = 7;
/** A small seeded generator: the same pages in every run. */
function nextInt(range: number): number {
  state = (Math.imul(state, 1_103_515_245) + 12_345) >>> 0;
  return state % range;
}

function summary(name: string, path: string, durations: readonly number[]): FormRow {
  return { name, path, p50Ms: percentile(durations, 0.5), p99Ms: percentile(durations, 0.99), requests: durations.length };
}

/** `requests` requests of one form, in a row; the service's own access lines give the times. */
export async function measureForm(server: Server, form: Form, requests: number, durations: (log: string) => number[]): Promise<FormRow> {
  const run = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      const path = form.path.replace('{n}', String(nextInt(form.pages ?? 1)));
      const status = await call(server.base, 'GET', path, undefined, form.headers);
      // Status 0 takes any answer: the same requests sent to a smaller catalogue, for its memory.
      if (form.status !== 0 && status !== form.status) throw new Error(`${form.name}: GET ${path} answered ${status}, not ${form.status}`);
    }
  };
  // A warm-up first: the first request of a sort builds its order, and the code gets compiled.
  await run(Math.ceil(requests / 10));
  await settled(server);
  server.capture();
  await run(requests);
  return summary(form.name, form.path, durations(await settled(server)));
}

/**
 * About one write in ten among the searches, taking turns: a new book, a new title for a book
 * added earlier, the delete of one added earlier. Every search right after a write meets
 * indexes that have just changed. Returns each form's row with its `mixed` times, then a row for
 * the adds, one for the replaces and one for the deletes.
 */
export async function measureMixed(
  server: Server,
  rows: readonly (FormRow & Form)[],
  requests: number,
  lines: (log: string) => { method: string; durationMs: number }[],
): Promise<FormRow[]> {
  const added: string[] = [];
  /** What each request was, in order: requests go one at a time, so the log has them in this order. */
  let sent: (number | 'POST' | 'PUT' | 'DELETE')[] = [];
  let writes = 0;
  const run = async (count: number): Promise<void> => {
    for (let i = 0; i < count; i++) {
      if (i % 10 === 5) {
        const turn = writes++ % 3;
        if (turn === 0 || added.length === 0) {
          const isbn = `mixed-${writes}`;
          added.push(isbn);
          const status = await call(
            server.base,
            'POST',
            '/books',
            JSON.stringify({ isbn, title: `Seeded there her ${writes} three`, author: 'Ada Lovelace' }),
          );
          if (status !== 201) throw new Error(`mixed run: POST answered ${status}`);
          sent.push('POST');
        } else if (turn === 1) {
          const isbn = added[nextInt(added.length)] as string;
          const status = await call(
            server.base,
            'PUT',
            `/books/${isbn}`,
            JSON.stringify({ isbn, title: `Seeded here the ${writes} ether`, author: 'Ada Lovelace' }),
          );
          if (status !== 200) throw new Error(`mixed run: PUT answered ${status}`);
          sent.push('PUT');
        } else {
          await call(server.base, 'DELETE', `/books/${added.splice(nextInt(added.length), 1)[0]}`);
          sent.push('DELETE');
        }
        continue;
      }
      const index = i % rows.length;
      const form = rows[index] as Form;
      await call(server.base, 'GET', form.path.replace('{n}', String(nextInt(form.pages ?? 1))));
      sent.push(index);
    }
  };
  // A warm-up first, as for the forms alone: the first writes run before the code that makes
  // them is compiled, and a cold start is not what a busy service spends its time in.
  await run(requests);
  await settled(server);
  sent = [];
  server.capture();
  await run(requests);
  const all = lines(await settled(server));
  if (all.length !== sent.length) throw new Error(`mixed run: ${all.length} access lines for ${sent.length} requests`);
  const of = (what: number | string): number[] => all.filter((_, i) => sent[i] === what).map((line) => line.durationMs);
  const mixed = (durations: number[]): FormRow['mixed'] => ({
    p50Ms: percentile(durations, 0.5),
    p99Ms: percentile(durations, 0.99),
    requests: durations.length,
  });
  return [
    ...rows.map((row, index) => ({
      name: row.name,
      path: row.path,
      p50Ms: row.p50Ms,
      p99Ms: row.p99Ms,
      requests: row.requests,
      mixed: mixed(of(index)),
    })),
    { ...summary('Adds among the searches', 'POST /books', []), mixed: mixed(of('POST')) },
    { ...summary('Replaces among the searches', 'PUT /books/{isbn}', []), mixed: mixed(of('PUT')) },
    { ...summary('Deletes among the searches', 'DELETE /books/{isbn}', []), mixed: mixed(of('DELETE')) },
  ];
}

/** The access log since `capture()`, once the last lines are surely written. */
async function settled(server: Server): Promise<string> {
  await new Promise((resolve) => setTimeout(resolve, 100));
  return server.captured();
}

export function formTable(rows: readonly FormRow[]): string {
  const ms = (value: number | undefined): string => (value === undefined || Number.isNaN(value) ? '–' : value.toFixed(3));
  return [
    '| Form, at 100,000 books | Request | p50 ms | p99 ms | p50 ms among writes | p99 ms among writes |',
    '|---|---|--:|--:|--:|--:|',
    ...rows.map(
      (row) =>
        `| ${row.name} | \`${row.path}\` | ${ms(row.p50Ms)} | ${ms(row.p99Ms)} | ${ms(row.mixed?.p50Ms)} | ${ms(row.mixed?.p99Ms)} |`,
    ),
  ].join('\n');
}
