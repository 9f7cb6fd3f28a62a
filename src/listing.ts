/**
 * The query of `GET /books` (api.md, Listing, rules 1, 2, 6–9 and 11–14): the filters, the sort
 * order, and paging. Every bad parameter is reported, each by name.
 */
import { hasText } from './books/book.ts';
import { SORT_KEYS, type SortKey } from './books/fields.ts';
import type { BookFilter, SortOrder } from './books/store.ts';
import type { ProblemError } from './http/problem.ts';
import { PARAMETER_MESSAGES } from './messages.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** The most words `q` may hold, so that a search's cost stays bounded (api.md, Listing, rule 13). */
export const MAX_QUERY_WORDS = 16;

/** The filters as the client gave them, for links and messages; `author` and `q` only when they have text. */
export interface GivenFilters {
  /** As given (api.md, Listing, rule 1: not trimmed); '' when absent. */
  readonly title: string;
  readonly author?: string | undefined;
  readonly q?: string | undefined;
}

export interface Listing {
  readonly given: GivenFilters;
  /** What the store filters by; a part left undefined passes every book. */
  readonly filter: BookFilter;
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
  const author = withText(query.get('author'));
  const q = withText(query.get('q'));
  const pageParam = query.get('page');
  const sizeParam = query.get('size');
  const sortParam = query.get('sort');

  // api.md, Listing, rule 12: words are split at runs of whitespace, as JavaScript's `\s` matches it.
  const words = q === undefined ? undefined : q.split(/\s+/).filter((word) => word !== '');
  if (words !== undefined && words.length > MAX_QUERY_WORDS) errors.push({ parameter: 'q', detail: PARAMETER_MESSAGES.q(MAX_QUERY_WORDS) });
  const number = pageParam === undefined ? 0 : DIGITS.test(pageParam) ? Number(pageParam) : NaN;
  if (Number.isNaN(number)) errors.push({ parameter: 'page', detail: PARAMETER_MESSAGES.page });
  const size = sizeParam === undefined ? DEFAULT_PAGE_SIZE : DIGITS.test(sizeParam) ? Number(sizeParam) : NaN;
  if (!(size >= 1 && size <= MAX_PAGE_SIZE)) errors.push({ parameter: 'size', detail: PARAMETER_MESSAGES.size(MAX_PAGE_SIZE) });
  const match = sortParam === undefined ? undefined : SORT.exec(sortParam);
  if (match === null) errors.push({ parameter: 'sort', detail: PARAMETER_MESSAGES.sort(SORT_KEYS) });
  if (errors.length > 0) return { errors };

  return {
    listing: {
      given: { title, author, q },
      filter: { title: withText(title), author, words },
      sort: match ? { key: match[1] as SortKey, descending: match[2] === 'desc' } : undefined,
      sortParam,
      page: pageParam !== undefined || sizeParam !== undefined ? { number, size } : undefined,
    },
  };
}

/** A filter with no text counts as not given (api.md, Listing, rules 2 and 11). */
function withText(value: string | undefined): string | undefined {
  return hasText(value) ? value : undefined;
}
