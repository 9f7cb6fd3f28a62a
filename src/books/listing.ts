/**
 * The query of `GET /books` (SPEC rules 1–2, DECISIONS E): the title filter, the sort order, and
 * paging. Every bad parameter is reported, each by name.
 */
import { hasText } from './book.js';
import { type SortOrder, SORT_KEYS, type SortKey } from './store.js';
import type { PageInfo, PageLinks } from '../hal.js';
import { type ParameterError, problems } from '../http/problem.js';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;

export interface Listing {
  /** The title parameter as given (DECISIONS D: not trimmed); '' when absent. */
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

export function parseListing(query: ReadonlyMap<string, string>): Listing {
  const errors: ParameterError[] = [];
  const title = query.get('title') ?? '';
  const pageParam = query.get('page');
  const sizeParam = query.get('size');
  const sortParam = query.get('sort');

  let number = 0;
  if (pageParam !== undefined) {
    if (DIGITS.test(pageParam)) number = Number(pageParam);
    else errors.push({ parameter: 'page', detail: 'page must be a non-negative integer' });
  }
  let size = DEFAULT_PAGE_SIZE;
  if (sizeParam !== undefined) {
    size = DIGITS.test(sizeParam) ? Number(sizeParam) : NaN;
    if (!(size >= 1 && size <= MAX_PAGE_SIZE)) {
      errors.push({ parameter: 'size', detail: `size must be an integer from 1 to ${MAX_PAGE_SIZE}` });
    }
  }
  let sort: SortOrder | undefined;
  if (sortParam !== undefined) {
    const match = SORT.exec(sortParam);
    if (match) sort = { key: match[1] as SortKey, descending: match[2] === 'desc' };
    else errors.push({ parameter: 'sort', detail: `sort must be one of ${SORT_KEYS.join(', ')}, optionally followed by ,asc or ,desc` });
  }
  if (errors.length > 0) throw problems.invalidParameters(errors);

  const paged = pageParam !== undefined || sizeParam !== undefined;
  return {
    title,
    filter: hasText(title) ? title : undefined,
    sort,
    sortParam,
    page: paged ? { number, size } : undefined,
  };
}

/** Page metadata and links, or undefined when the page is past the end (the not-found error). */
export function pageOf(listing: Listing, base: string, totalElements: number): { info: PageInfo; links: PageLinks } | undefined {
  const { page } = listing;
  if (!page) return undefined;
  const totalPages = Math.ceil(totalElements / page.size);
  if (page.number >= totalPages) return undefined;
  const href = (number: number): string =>
    `${base}/books?title=${encodeURIComponent(listing.title)}&page=${number}&size=${page.size}` +
    (listing.sortParam === undefined ? '' : `&sort=${listing.sortParam}`);
  return {
    info: { size: page.size, totalElements, totalPages, number: page.number },
    links: {
      first: href(0),
      prev: page.number > 0 ? href(page.number - 1) : undefined,
      self: href(page.number),
      next: page.number + 1 < totalPages ? href(page.number + 1) : undefined,
      last: href(totalPages - 1),
    },
  };
}
