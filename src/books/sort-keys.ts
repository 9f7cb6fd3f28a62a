/**
 * How two books compare in each order `sort` offers (api.md, Listing): one small table, a row a
 * sort key, which the kept orders read. A new sortable field adds a row here.
 */
import type { BookFields } from './book.ts';
import type { SortKey } from './fields.ts';

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine (api.md, Listing).
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

export const KEY_ORDER: Readonly<Record<SortKey, (a: BookFields, b: BookFields) => number>> = {
  title: (a, b) => collator.compare(a.title, b.title),
  isbn: (a, b) => collator.compare(a.isbn, b.isbn),
  author: (a, b) => collator.compare(a.authorLastName, b.authorLastName) || collator.compare(a.authorFirstName, b.authorFirstName),
};
