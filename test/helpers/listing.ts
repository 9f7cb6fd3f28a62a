/**
 * A catalogue of listings to test against: a few thousand books whose titles share words, and the
 * body the plain store, rendered the plain way and serialised once, says a listing has.
 */
import assert from 'node:assert/strict';
import { type BookFields, toBook } from '../../src/core/book.ts';
import { renderCollection } from '../../src/core/hal.ts';
import { parseListing } from '../../src/core/listing.ts';
import { parseQuery } from '../../src/core/request.ts';
import { type BookStore, MapBookStore } from '../../src/core/store.ts';

export const COUNT = 3_000;
const NAMES = ['Ann Lee', 'Émile Zola', 'Bo  Li', 'Zed Adams', 'ǅemal Ǆ', 'Plato', 'Ursula K. Le Guin'];

/** Titles that share words, so that filters match a few books, hundreds, or all; no two are duplicates. */
export function catalogueBook(i: number): BookFields {
  const [first = '', last = ''] = (NAMES[i % NAMES.length] as string).split(/\s+/);
  return {
    isbn: `isbn ${i}/${i % 7}`,
    title: `Volume ${i % 500} of ${i % 3 === 0 ? 'Straße' : 'the <Sea>'}`,
    authorFirstName: first,
    authorLastName: last,
    author: undefined,
  };
}

export function fill(store: BookStore, count: number): BookStore {
  for (let i = 0; i < count; i++) store.add(catalogueBook(i));
  return store;
}

const plain = fill(new MapBookStore(COUNT), COUNT);

/** What the plain store, rendered the plain way and serialised once, says the body is. */
export async function expectedBody(base: string, query: string): Promise<string> {
  const parsed = parseListing(parseQuery(query));
  assert.ok('listing' in parsed);
  const { listing } = parsed;
  const page = listing.page;
  const found = await plain.find({
    ...listing.filter,
    sort: listing.sort,
    ...(page ? { offset: page.number * page.size, limit: page.size } : {}),
  });
  const paging = page && { ...page, totalElements: found.total, filters: listing.given, sort: listing.sortParam };
  return JSON.stringify(
    renderCollection(
      found.books.map((book) => toBook(book)),
      base,
      paging,
    ),
  );
}
