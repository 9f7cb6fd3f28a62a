/**
 * Filling the store at start-up: the built-in fixture, or the books of a SEED_FILE. Seed entries
 * pass the same rules as a POST (DECISIONS C); the first failure stops start-up with a SeedError,
 * which the entry point reports as a bad setting.
 */
import { readFileSync } from 'node:fs';
import { addBook, rejectionMessage } from './catalogue.ts';
import { FIXTURE } from './fixture.ts';
import type { BookStore } from './store.ts';

/** Why the seed could not be loaded; `setting` names what the operator should fix. */
export class SeedError extends Error {
  readonly setting: 'SEED_FILE' | 'MAX_BOOKS';

  /** `problem` follows the setting's name: "SEED_FILE entry 3: title must be provided". */
  constructor(setting: 'SEED_FILE' | 'MAX_BOOKS', problem: string) {
    super(`${setting} ${problem}`);
    this.name = 'SeedError';
    this.setting = setting;
  }
}

/** Adds the fixture, or the books of `seedFile`, to an empty store. */
export function seedStore(store: BookStore, seedFile: string | undefined): void {
  const entries = seedFile === undefined ? FIXTURE : readSeedFile(seedFile);
  if (entries.length > store.capacity) {
    throw new SeedError('MAX_BOOKS', `(${store.capacity}) is below the ${entries.length} books of the seed`);
  }
  entries.forEach((entry, index) => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new SeedError('SEED_FILE', `entry ${index} is not a JSON object`);
    }
    const result = addBook(store, entry as Readonly<Record<string, unknown>>);
    if ('rejected' in result) throw new SeedError('SEED_FILE', `entry ${index}: ${rejectionMessage(result.rejected)}`);
  });
}

function readSeedFile(path: string): readonly unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new SeedError('SEED_FILE', `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)} (${path})`);
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new SeedError('SEED_FILE', `is not valid JSON (${path})`);
  }
  if (!Array.isArray(value)) throw new SeedError('SEED_FILE', `must hold a JSON array of books (${path})`);
  return value;
}
