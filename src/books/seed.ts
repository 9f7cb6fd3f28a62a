/**
 * Filling the store at start-up: the built-in fixture, or SEED_FILE. Seed entries pass the same
 * rules as a POST (DECISIONS C); any failure stops start-up with a ConfigError naming the setting.
 */
import { closeSync, openSync, readFileSync, readSync } from 'node:fs';
import { addBook } from './catalogue.js';
import { FIXTURE } from './fixture.js';
import type { BookStore } from './store.js';
import { ConfigError } from '../config.js';
import { rejectionProblem } from '../http/problem.js';

/** Adds the fixture, or the books of `seedFile`, to an empty store. */
export function seedStore(store: BookStore, seedFile: string | undefined): void {
  const setting = seedFile === undefined ? 'the built-in fixture' : 'SEED_FILE';
  const count = seedFile === undefined ? FIXTURE.length : countEntries(seedFile);
  if (count > store.capacity) throw new ConfigError('MAX_BOOKS', `(${store.capacity}) is below the ${count} books of the seed`);
  const add = (entry: unknown, index: number): void => {
    if (typeof entry !== 'object' || entry === null || Array.isArray(entry)) {
      throw new ConfigError(setting, `entry ${index} is not a JSON object`);
    }
    const result = addBook(store, entry as Readonly<Record<string, unknown>>);
    if ('rejected' in result) throw new ConfigError(setting, `entry ${index}: ${rejectionProblem(result.rejected).detail}`);
  };
  if (seedFile === undefined) FIXTURE.forEach(add);
  else {
    let index = 0;
    scanArray(seedFile, (text) => add(parseElement(text, seedFile), index++));
  }
}

/*
 * SEED_FILE is read in chunks, twice: once to check its shape and count its books, once to parse
 * and add them one element at a time. Reading the whole file and parsing the whole array at once
 * would leave the file's bytes and every parsed object in memory until the next full collection;
 * the process would keep that peak as resident memory, about a third more at 100,000 books.
 */

function countEntries(path: string): number {
  let count = 0;
  const shape = scanArray(path, () => count++);
  if (shape === 'an array') return count;
  if (shape === 'not an array') {
    try {
      JSON.parse(readFileSync(path, 'utf8'));
    } catch {
      throw notJson(path);
    }
    throw new ConfigError('SEED_FILE', `must hold a JSON array of books (${path})`);
  }
  throw notJson(path);
}

function parseElement(text: string, path: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    throw notJson(path);
  }
}

function notJson(path: string): ConfigError {
  return new ConfigError('SEED_FILE', `is not valid JSON (${path})`);
}

const CHUNK_BYTES = 64 * 1024;
const QUOTE = 0x22;
const BACKSLASH = 0x5c;
const COMMA = 0x2c;const OPEN_BRACKET = 0x5b;
const CLOSE_BRACKET = 0x5d;
const OPEN = new Set([OPEN_BRACKET, 0x7b]); // [ {
const CLOSE = new Set([CLOSE_BRACKET, 0x7d]); // ] }
const WHITESPACE = new Set([0x20, 0x0a, 0x0d, 0x09]);

/**
 * Calls `onElement` with the text of each element of the file's top-level JSON array. It finds
 * only the boundaries (strings, escapes, nesting); JSON.parse checks each element's syntax.
 */
function scanArray(path: string, onElement: (text: string) => void): 'an array' | 'not an array' | 'invalid' {
  const unreadable = (error: unknown): ConfigError =>
    new ConfigError('SEED_FILE', `cannot be read: ${(error as NodeJS.ErrnoException).code ?? String(error)} (${path})`);
  let fd: number;
  try {
    fd = openSync(path, 'r');
  } catch (error) {
    throw unreadable(error);
  }
  // before '[' · first element or ']' · next element, after ',' · in an element · after ']'
  let state = 'before' as 'before' | 'first' | 'next' | 'element' | 'after';
  let parts: Buffer[] = []; // the current element's bytes, across chunks
  let depth = 0;
  let inString = false;
  let escaped = false;
  try {
    for (;;) {
      const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
      let length: number;
      try {
        length = readSync(fd, chunk, 0, CHUNK_BYTES, null);
      } catch (error) {
        throw unreadable(error); // a directory opens, but does not read
      }
      if (length === 0) return state === 'after' ? 'an array' : state === 'before' ? 'not an array' : 'invalid';
      let start = 0; // where the current element starts in this chunk
      for (let at = 0; at < length; at++) {
        const byte = chunk[at] as number;
        if (state === 'element') {
          if (inString) {
            if (escaped) escaped = false;
            else if (byte === BACKSLASH) escaped = true;
            else if (byte === QUOTE) inString = false;
          } else if (byte === QUOTE) inString = true;
          else if (OPEN.has(byte)) depth++;
          else if (CLOSE.has(byte) && depth > 0) depth--;
          else if (depth === 0 && (byte === COMMA || byte === CLOSE_BRACKET)) {
            // The element ends here, and with a bracket, the array too.
            onElement(Buffer.concat([...parts, chunk.subarray(start, at)]).toString('utf8'));
            parts = [];
            state = byte === COMMA ? 'next' : 'after';
          } else if (CLOSE.has(byte)) return 'invalid'; // a brace closing the array
        } else if (WHITESPACE.has(byte)) continue;
        else if (state === 'before') {
          if (byte !== OPEN_BRACKET) return 'not an array';
          state = 'first';
        } else if (state === 'first' && byte === CLOSE_BRACKET) state = 'after';
        else if (state === 'after' || byte === COMMA || byte === CLOSE_BRACKET) return 'invalid';
        else {
          state = 'element';
          start = at;
          at--; // scan this byte again, inside the element
        }
      }
      if (state === 'element') parts.push(chunk.subarray(start, length));
    }
  } finally {
    closeSync(fd);
  }
}
