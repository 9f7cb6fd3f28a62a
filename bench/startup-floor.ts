/**
 * The floor of start-up (issue: a full catalogue serves in seconds): a plain program that reads
 * the seed, parses it, puts each entry in a Map by isbn, and answers GET /books/<isbn>. It loads
 * no module of the service and checks nothing. Run: node bench/startup-floor.ts <port> <seed.json>
 */
import { readFileSync } from 'node:fs';
import { createServer } from 'node:http';

const [port, file] = process.argv.slice(2);
const books = new Map<string, unknown>();
for (const entry of JSON.parse(readFileSync(file as string, 'utf8')) as { isbn: string }[]) books.set(entry.isbn, entry);
createServer((req, res) => {
  const book = books.get(decodeURIComponent((req.url ?? '').slice('/books/'.length)));
  res.writeHead(book ? 200 : 404, { 'content-type': 'application/json' }).end(JSON.stringify(book ?? null));
}).listen(Number(port), '127.0.0.1');
// The bench stops it with SIGTERM: an exit of its own, as the service's, lets Node write its compile cache (procs.ts).
process.once('SIGTERM', () => process.exit(0));
