/**
 * Filling the store at start-up: the built-in fixture, or the books of a SEED_FILE. Seed entries
 * pass the same rules as a POST (api.md, Start-up, rule 3); the first failure stops start-up
 * with a SeedError, which the entry point reports as a bad setting.
 */
import { readFileSync } from 'node:fs';
import { addBook } from './books/catalogue.ts';
import { FIXTURE } from './books/fixture.ts';
import { IndexedBookStore } from './books/indexed/store.ts';
import { type BookStore, MapBookStore, type StoreKind } from './books/store.ts';
import { SEED_MESSAGES } from './messages.ts';
import { rejectionMessage } from './outcomes.ts';

/** Why the seed could not be loaded; `setting` names what the operator should fix. */
export class SeedError extends Error {
  readonly setting: 'SEED_FILE' | 'MAX_BOOKS';

  /** `message` names the setting first: "SEED_FILE entry 3: title must be provided". */
  constructor(setting: 'SEED_FILE' | 'MAX_BOOKS', message: string) {
    super(message);
    this.name = 'SeedError';
    this.setting = setting;
  }
}

/** A store of the kind asked for, holding the seed, with any indexes built before it serves a request. */
export function openStore(kind: StoreKind, capacity: number, seedFile: string | undefined): BookStore {
  const store = kind === 'map' ? new MapBookStore(capacity) : new IndexedBookStore(capacity);
  seedStore(store, seedFile);
  if (store instanceof IndexedBookStore) store.buildIndexes();
  return store;
}

/** Adds the fixture, or the books of `seedFile`, to an empty store. */
export function seedStore(store: BookStore, seedFile: string | undefined): void {
  const entries = seedFile === undefined ? FIXTURE : readSeedFile(seedFile);
  if (entries.length > store.capacity) throw new SeedError('MAX_BOOKS', SEED_MESSAGES.belowSeed(store.capacity, entries.length));
  entries.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry))
      throw new SeedError('SEED_FILE', SEED_MESSAGES.notObject(index));
    const result = addBook(store, entry as Readonly<Record<string, unknown>>);
    if ('rejected' in result) throw new SeedError('SEED_FILE', SEED_MESSAGES.rejected(index, rejectionMessage(result.rejected)));
  });
}

function readSeedFile(path: string): readonly unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError('SEED_FILE', SEED_MESSAGES.unreadable((error as NodeJS.ErrnoException).code ?? String(error), path));
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SeedError('SEED_FILE', SEED_MESSAGES.notJson(path));
  }
  if (!Array.isArray(value)) throw new SeedError('SEED_FILE', SEED_MESSAGES.notArray(path));
  return value;
}
