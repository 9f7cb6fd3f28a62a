/**
 * The service put together (api.md, Start-up): the settings read, the core's and each room's; the store filled with the fixture or a seed,
 * each entry by the rules of a POST; every room plugged in; the app and its server built.
 */
import type { IncomingMessage, Server, ServerResponse } from 'node:http';
import { type App, createApp } from './app.ts';
import { readFileSync } from 'node:fs';
import type { BookInput } from './book.ts';
import { bookOperations, storeBook } from './books.ts';
import { sentence } from './failures.ts';
import { createLogger, type Logger } from './log.ts';
import type { Core, Handle, Plug, Representation, Room } from './rooms.ts';
import { type CoreSettings, coreSettings, readSettings, type Setting, SettingError, settingTexts } from './settings.ts';
import { type BookStore, MapBookStore } from './store.ts';
// Got, not imported: an import reads every export of node:http, and some load Node's fetch client, which every start would then load too.
const { createServer } = process.getBuiltinModule('node:http');

/** `write` takes each log line, whole (stdout in production); `store`, for a test, is used as it is, in place of STORE's filled with the seed. */
export type ServiceOptions = Readonly<{
  rooms: readonly Room[];
  env: Readonly<Record<string, string | undefined>>;
  argv?: readonly string[];
  write: (line: string) => void;
  store?: BookStore;
}>;
/** `plugs`: what each room plugged in, in order; the composition root starts and stops what they run beside the service. */
export type Service = Readonly<{ settings: CoreSettings; store: BookStore; logger: Logger; app: App; server: Server; plugs: Plug[] }>;

const storeKinds = (rooms: readonly Room[]): string[] => ['map', ...rooms.flatMap((room) => (room.store ? [room.name] : []))];

/** Every setting the core and the rooms read, in the order docs/api.md lists them. */
export const allSettings = (rooms: readonly Room[]): Setting<unknown>[] =>
  [coreSettings(storeKinds(rooms)), ...rooms.map((room) => room.settings ?? {})].flatMap((settings) => Object.values(settings));

/** Throws a SettingError, naming the setting, for a bad setting or seed. */
export function createService({ rooms, env, argv = [], write, store: given }: ServiceOptions): Service {
  const texts = settingTexts(allSettings(rooms), env, argv);
  const settings = readSettings(coreSettings(storeKinds(rooms)), texts);
  const values = rooms.map((room) => readSettings(room.settings ?? {}, texts));
  const logger = createLogger(settings.logLevel, write);
  const offered = rooms.find((room) => room.name === settings.store)?.store;
  const store = given ?? (offered ? offered(settings.maxBooks) : new MapBookStore(settings.maxBooks));
  if (given === undefined) seedStore(store, settings.seedFile);
  let representations: readonly Representation[] = [];
  const operations = bookOperations(store, logger, () => representations.filter((it) => it.paths.includes('/books/{isbn}')));
  const plugs: Plug[] = [];
  const core: Core = {
    settings,
    store,
    logger,
    routes: () => app.routes,
    representations: () => representations,
    createServer: (handle) => createHttpServer(handle, settings, plugs),
    observe: {
      rejected: (status) => plugs.forEach((plug) => plug.observer?.rejected?.(status)),
      closed: (reason) => plugs.forEach((plug) => plug.observer?.closed?.(reason)),
    },
    edit: (request, bodyFor) => operations.edit(request, bodyFor),
  };
  rooms.forEach((room, index) => plugs.push(room.plug?.(values[index] as never, core) ?? {}));
  representations = plugs.flatMap((plug) => (plug.representation ? [plug.representation] : []));
  const app = createApp({ store, logger, operations, plugs, representations });
  const server = createHttpServer(app.handle, settings, plugs);
  return { settings, store, logger, app, server, plugs };
}

/** Largest accepted request head, in bytes; node answers 431 beyond it. */
export const MAX_HEADER_BYTES = 16 * 1024;

/** A server handing its requests to `handle`, through whatever the rooms attach to its connections. */
export function createHttpServer(handle: Handle, { keepAliveTimeoutMs }: CoreSettings, plugs: readonly Plug[]): Server {
  // A proxy may send a request the moment before the idle timeout ends; the header timer must not
  // fire first, so it sits above the keep-alive timeout, and the whole-request timer above both.
  const headersTimeout = keepAliveTimeoutMs + 1_000;
  const server = createServer({
    keepAliveTimeout: keepAliveTimeoutMs,
    headersTimeout,
    requestTimeout: headersTimeout + 30_000,
    maxHeaderSize: MAX_HEADER_BYTES,
    // How often node looks for requests past their timeouts (default 30 s); Host is the app's to check.
    connectionsCheckingInterval: 1_000,
    requireHostHeader: false,
  });
  const next = plugs.reduce((inner, plug) => plug.connections?.(server, inner) ?? inner, handle);
  const listener = (req: IncomingMessage, res: ServerResponse): void => next(req, res);
  // An unknown Expect goes to the app's 417; 100 Continue waits for the body to be read, so a write refused first (401) never invites it.
  server.on('request', listener).on('checkExpectation', listener);
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    req.once('resume', () => res.headersSent || res.writeContinue());
    listener(req, res);
  });
  return server;
}

/** The built-in catalogue, in the order the original service's clients rely on (api.md, Start-up, rule 1): read 4-5-6, delete the rest. */
export const FIXTURE: readonly BookInput[] = [
  { isbn: '1-2-3', title: 'Animal Farm', authorFirstName: 'George', authorLastName: 'Orwell' },
  { isbn: '4-5-6', title: 'The Lord of the Rings', authorFirstName: 'JRR', authorLastName: 'Tolkien' },
  { isbn: '7-8-9', title: 'To Kill a Mockingbird', authorFirstName: 'Harper', authorLastName: 'Lee' },
];

/** Adds the fixture, or the books of `seedFile`, to an empty store, then tells the store it is ready. */
export function seedStore(store: BookStore, seedFile: string | undefined): void {
  const entries = seedFile === undefined ? FIXTURE : readSeedFile(seedFile);
  if (entries.length > store.capacity)
    throw new SettingError(`MAX_BOOKS (${store.capacity}) is below the ${entries.length} books of the seed`);
  // Named only when one fails, since a seed may hold 100,000: counted from 1 and by its isbn and file, so that an editor's search finds it.
  const which = (entry: unknown, index: number): string => {
    const isbn = (entry as { isbn?: unknown } | null)?.isbn;
    return `SEED_FILE entry ${index + 1} of ${entries.length}${typeof isbn === 'string' ? ` (isbn ${JSON.stringify(isbn)})` : ''}`;
  };
  entries.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new SettingError(`${which(entry, index)} is not a JSON object (${seedFile})`);
    const result = storeBook(store, entry as Readonly<Record<string, unknown>>);
    if ('failed' in result) throw new SettingError(`${which(entry, index)}: ${sentence(result.failed)} (${seedFile})`);
  });
  store.ready?.();
}

function readSeedFile(path: string): readonly unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(readFileSync(path, 'utf8'));
  } catch (error) {
    if (!(error instanceof SyntaxError))
      throw new SettingError(`SEED_FILE cannot be read: ${(error as NodeJS.ErrnoException).code} (${path})`);
    // The parser's own words say where, a line and column or the text around it: "... at position 20 (line 2 column 5)".
    throw new SettingError(`SEED_FILE is not valid JSON: ${error.message} (${path})`);
  }
  if (!Array.isArray(value)) throw new SettingError(`SEED_FILE must hold a JSON array of books (${path})`);
  return value;
}
