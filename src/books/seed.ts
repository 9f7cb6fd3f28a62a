/**
 * Filling the store at start-up: the built-in fixture, or SEED_FILE. Seed entries pass the same
 * rules as a POST (DECISIONS C); any failure stops start-up with a ConfigError naming the setting.
 */
import { readFileSync } from 'node:fs';
import { addBook } from './catalogue.js';
import { FIXTURE } from './fixture.js';
import type { BookStore } from './store.js';
import { ConfigError } from '../config.js';
import { rejectionProblem } from '../http/problem.js';

/** Adds the fixture, or the books of `seedFile`, to an empty store. */
export function seedStore(store: BookStore, seedFile: string | undefined): void {
  const entries = seedFile === undefined ? FIXTURE : readSeedFile(seedFile);
  if (entries.length > store.capacity) {
    throw new ConfigError('MAX_BOOKS', `(${store.capacity}) is below the ${entries.length} books of the seed`);
  }
  entries.forEach((entry, index) => {
    const setting = seedFile === undefined ? 'the built-in fixture' : 'SEED_FILE';
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new ConfigError(setting, `entry ${index} is not a JSON object`);
    }
    const result = addBook(store, entry as Readonly<Record<string, unknown>>);
    if ('rejected' in result) throw new ConfigError(setting, `entry ${index}: ${rejectionProblem(result.rejected).detail}`);
  });
}

function readSeedFile(path: string): readonly unknown[] {
  let text: string;
  try {
    text = readFileSync(path, 'utf8');
  } catch (error) {
    throw new ConfigError('SEED_FILE', `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)} (${path})`);
  }
  let entries: unknown;
  try {
    entries = JSON.parse(text);
  } catch {
    throw new ConfigError('SEED_FILE', `is not valid JSON (${path})`);
  }
  if (!Array.isArray(entries)) throw new ConfigError('SEED_FILE', `must hold a JSON array of books (${path})`);
  return entries;
}
