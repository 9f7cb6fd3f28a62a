/**
 * `GET /books` (api.md, Listing): its query (the filters, the sort order, paging; every bad
 * parameter reported by name), and its answer, a collection or a page of it, in HAL or HAL-FORMS.
 */
import { SORT_KEYS, type SortKey } from './books/fields.ts';
import type { BookFilter, BookStore, SortOrder } from './books/store.ts';
import { type BookFields, hasText, toBook } from './books/book.ts';
import { type GivenFilters, type Page, renderCollection } from './hal.ts';
import { collectionTemplates } from './hal-forms.ts';
import type { Handler, RequestContext } from './http/context.ts';
import { HAL_FORMS_TYPE, prefersHalForms } from './http/negotiate.ts';
import { problems, type ProblemError } from './http/problem.ts';
import { notModified, type Reply } from './http/respond.ts';
import { collectionStream } from './listing-stream.ts';
import { bookProblem } from './outcomes.ts';
import { PARAMETER_MESSAGES } from './messages.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** The most words `q` may hold, so that a search's cost stays bounded (api.md, Listing, rule 13). */
export const MAX_QUERY_WORDS = 16;

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
      filter: { title: withText(title), author, words: words && essentialWords(words) },
      sort: match ? { key: match[1] as SortKey, descending: match[2] === 'desc' } : undefined,
      sortParam,
      page: pageParam !== undefined || sizeParam !== undefined ? { number, size } : undefined,
    },
  };
}

/** A filter with no text counts as not given (api.md, Listing, rules 2 and 11). */
const withText = (value: string | undefined): string | undefined => (hasText(value) ? value : undefined);

/**
 * The words a search has to look for, lower-cased: a repeated word once, and no word that another
 * word holds, since a book that holds "there" holds "he" too (api.md, Listing, rule 12).
 */
export function essentialWords(words: readonly string[]): string[] {
  const distinct = [...new Set(words.map((word) => word.toLowerCase()))];
  return distinct.filter((word) => !distinct.some((other) => other !== word && other.includes(word)));
}

/** Whether the request asks for HAL-FORMS (api.md, Forms): most never name it, and skip the reading of q-values. */
export function wantsForms(request: RequestContext): boolean {
  const accept = request.req.headers.accept;
  return accept !== undefined && /hal-forms/i.test(accept) && prefersHalForms(accept);
}

/** Up to this many books, a collection is sent as one JSON text; more are streamed as they are read. */
const WHOLE_UP_TO = 64;

/** `count` books as one JSON text when they are few, else a stream read as the client reads; with `forms`, HAL-FORMS. */
async function collection(
  books: Iterable<BookFields> | AsyncIterable<BookFields>,
  count: number,
  base: string,
  version: string,
  forms: boolean,
  page?: Page,
): Promise<Reply> {
  const [templates, type] = forms ? [collectionTemplates(base), HAL_FORMS_TYPE] : [undefined, undefined];
  if (count > WHOLE_UP_TO) return { status: 200, body: collectionStream(books, base, page, templates), version, type };
  const shown = [];
  for await (const book of books) shown.push(toBook(book));
  return { status: 200, body: renderCollection(shown, base, page, templates), version, type };
}

/** `title`, `author` and `q` narrow the collection, `sort` orders it, and `page` and `size` cut it into pages. */
export function listBooks(store: BookStore): Handler {
  return async (request) => {
    const parsed = parseListing(request.query);
    if ('errors' in parsed) throw problems.invalidParameters(parsed.errors);
    const { given, filter, sort, sortParam, page } = parsed.listing;
    const forms = wantsForms(request);
    // A listing's ETag names what its bytes depend on, so it is known before a book is read, and a
    // client that holds this very listing is told so without a search (api.md, Headers, rule 2).
    const version = JSON.stringify([store.revision, request.base, given, sortParam, page, forms]);
    if (notModified(request.req, version)) return { status: 304, version };
    const none = { reason: 'no-books' as const, title: filter.title, author: given.author, q: given.q };
    if (page === undefined) {
      const found = await store.scan({ ...filter, sort });
      if (found.total === 0) throw bookProblem(none);
      return collection(found.books, found.total, request.base, version, forms);
    }
    const found = await store.find({ ...filter, sort, offset: page.number * page.size, limit: page.size });
    // A page past the last one is as empty as a filter that matches nothing (api.md, Listing).
    if (found.books.length === 0) throw bookProblem(none);
    const links = { ...page, totalElements: found.total, filters: given, sort: sortParam };
    return collection(found.books, found.books.length, request.base, version, forms, links);
  };
}
