/**
 * How two books compare in each sort order the table of fields offers (api.md, Listing, rule 6),
 * read from its rows. Pure functions, no I/O.
 */
import type { BookFields } from './book.ts';
import { FIELDS, type FieldTable, type SortKey } from './fields.ts';

export type Compare = (a: BookFields, b: BookFields) => number;

// Case- and accent-insensitive, with numbers compared by value ("Vol 2" before "Vol 10"); a
// fixed locale keeps the order the same on every machine.
const collator = new Intl.Collator('en', { sensitivity: 'base', numeric: true });

/** One field's comparison: text by the collator, integers by value; an absent value sorts after any value. */
function compareField(name: string, type: 'string' | 'integer'): Compare {
  return (a, b) => {
    const x = (a as Readonly<Record<string, unknown>>)[name];
    const y = (b as Readonly<Record<string, unknown>>)[name];
    if (x === undefined || y === undefined) return (x === undefined ? 1 : 0) - (y === undefined ? 1 : 0);
    return type === 'integer' ? (x as number) - (y as number) : collator.compare(x as string, y as string);
  };
}

/** The comparison of every sort the table offers, by its key. */
export function sortComparisons(table: FieldTable = FIELDS): ReadonlyMap<string, Compare> {
  const comparisons = new Map<string, Compare>();
  for (const sort of table.sorts) {
    const fields = sort.by.map((name) => {
      const row = table.rows.find((field) => field.name === name);
      if (row === undefined) throw new Error(`the sort ${sort.key} compares ${name}, which is no field of the table`);
      return compareField(name, row.type);
    });
    comparisons.set(sort.key, (a, b) => {
      for (const compare of fields) {
        const order = compare(a, b);
        if (order !== 0) return order;
      }
      return 0;
    });
  }
  return comparisons;
}

/** The service's orders, for the store: `SORT_ORDERS[key](a, b)`. */
export const SORT_ORDERS = Object.fromEntries(sortComparisons()) as Readonly<Record<SortKey, Compare>>;
