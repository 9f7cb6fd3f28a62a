/**
 * The query of `GET /books` (api.md, Listing, rules 1, 2 and 6–9): the title filter, the sort
 * order, and paging. Every bad parameter is reported, each by name.
 */
import { hasText } from './books/book.ts';
import { SORT_KEYS, type SortKey } from './books/fields.ts';
import type { SortOrder } from './books/store.ts';
import type { ProblemError } from './http/problem.ts';
import { PARAMETER_MESSAGES } from './messages.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;

export interface Listing {
  /** The title parameter as given (api.md, Listing, rule 1: not trimmed); '' when absent. */
  readonly title: string;
  /** The title to filter by; undefined when it has no text, which means every book. */
  readonly filter: string | undefined;
  readonly sort: SortOrder | undefined;
  /** The sort parameter as given, to carry into page links. */
  readonly sortParam: string | undefined;
  /** Present when `page` or `size` was given. */
  readonly page: { readonly number: number; readonly size: number } | undefined;
}

const SORT = new RegExp(`^(${SORT_KEYS.join('|')})(?:,(asc|desc))?$`);
const DIGITS = /^\d+$/;

/** The listing a query asks for, or the list of what is wrong with it. */
export function parseListing(query: ReadonlyMap<string, string>): { listing: Listing } | { errors: ProblemError[] } {
  const errors: ProblemError[] = [];
  const title = query.get('title') ?? '';
  const pageParam = query.get('page');
  const sizeParam = query.get('size');
  const sortParam = query.get('sort');

  const number = pageParam === undefined ? 0 : DIGITS.test(pageParam) ? Number(pageParam) : NaN;
  if (Number.isNaN(number)) errors.push({ parameter: 'page', detail: PARAMETER_MESSAGES.page });
  const size = sizeParam === undefined ? DEFAULT_PAGE_SIZE : DIGITS.test(sizeParam) ? Number(sizeParam) : NaN;
  if (!(size >= 1 && size <= MAX_PAGE_SIZE)) errors.push({ parameter: 'size', detail: PARAMETER_MESSAGES.size(MAX_PAGE_SIZE) });
  const match = sortParam === undefined ? undefined : SORT.exec(sortParam);
  if (match === null) errors.push({ parameter: 'sort', detail: PARAMETER_MESSAGES.sort(SORT_KEYS) });
  if (errors.length > 0) return { errors };

  return {
    listing: {
      title,
      filter: hasText(title) ? title : undefined,
      sort: match ? { key: match[1] as SortKey, descending: match[2] === 'desc' } : undefined,
      sortParam,
      page: pageParam !== undefined || sizeParam !== undefined ? { number, size } : undefined,
    },
  };
}
