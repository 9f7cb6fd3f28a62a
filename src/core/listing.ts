/**
 * `GET /books` (api.md, Listing): its query (the filters, the sort order, paging; every bad parameter reported by name), and its answer, a
 * collection or a page of it, whole or streamed.
 */
import { Readable } from 'node:stream';
import { setImmediate as nextTurn } from 'node:timers/promises';
import { type BookFields, hasText, toBook } from './book.ts';
import { fail, type FieldError } from './failures.ts';
import { SORT_KEYS, type SortKey } from './fields.ts';
import { type GivenFilters, type Page, renderBook, renderCollection } from './hal.ts';
import type { Handler } from './rooms.ts';
import { notModified, type Reply } from './send.ts';
import type { BookFilter, BookStore, SortOrder } from './store.ts';

export const MAX_PAGE_SIZE = 1000;
export const DEFAULT_PAGE_SIZE = 20;
/** The most words `q` may hold, so that a search's cost stays bounded (api.md, Listing, rule 13). */
export const MAX_QUERY_WORDS = 16;
/** Up to this many books, a collection is sent as one JSON text; more are streamed as they are read. */
const WHOLE_UP_TO = 64;
const SORT = new RegExp(`^(${SORT_KEYS.join('|')})(?:,(asc|desc))?$`);

/** The filters as given, for links and messages; what the store filters by; the order, and the sort as given; the page, when asked for. */
export type Listing = Readonly<{
  given: GivenFilters;
  filter: BookFilter;
  sort: SortOrder | undefined;
  sortParam: string | undefined;
  page: Readonly<{ number: number; size: number }> | undefined;
}>;

/** A filter with no text counts as not given (api.md, Listing, rules 2 and 11). */
const withText = (value: string | undefined): string | undefined => (hasText(value) ? value : undefined);

/** The listing a query asks for, or the list of what is wrong with it. */
export function parseListing(query: ReadonlyMap<string, string>): { listing: Listing } | { errors: FieldError[] } {
  const [title, author, q] = [query.get('title') ?? '', withText(query.get('author')), withText(query.get('q'))];
  const [pageParam, sizeParam, sortParam] = [query.get('page'), query.get('size'), query.get('sort')];
  // Words are split at runs of whitespace, as JavaScript's `\s` matches it (rule 12).
  const words = q?.split(/\s+/).filter((word) => word !== '');
  const number = pageParam === undefined ? 0 : /^\d+$/.test(pageParam) ? Number(pageParam) : NaN;
  const size = sizeParam === undefined ? DEFAULT_PAGE_SIZE : /^\d+$/.test(sizeParam) ? Number(sizeParam) : NaN;
  const sort = sortParam === undefined ? undefined : SORT.exec(sortParam);
  const errors: FieldError[] = [
    ...((words?.length ?? 0) > MAX_QUERY_WORDS ? [{ parameter: 'q', detail: `q must hold at most ${MAX_QUERY_WORDS} words` }] : []),
    ...(Number.isNaN(number) ? [{ parameter: 'page', detail: 'page must be a non-negative integer' }] : []),
    ...(size >= 1 && size <= MAX_PAGE_SIZE ? [] : [{ parameter: 'size', detail: `size must be an integer from 1 to ${MAX_PAGE_SIZE}` }]),
    ...(sort === null
      ? [{ parameter: 'sort', detail: `sort must be one of ${SORT_KEYS.join(', ')}, optionally followed by ,asc or ,desc` }]
      : []),
  ];
  if (errors.length > 0) return { errors };
  return {
    listing: {
      given: { title, author, q },
      filter: { title: withText(title), author, words: words && essentialWords(words) },
      sort: sort ? { key: sort[1] as SortKey, descending: sort[2] === 'desc' } : undefined,
      sortParam,
      page: pageParam !== undefined || sizeParam !== undefined ? { number, size } : undefined,
    },
  };
}

/** The words a search looks for, lower-cased: a repeated word once, and none that another holds ("there" holds "he"). */
export function essentialWords(words: readonly string[]): string[] {
  const distinct = [...new Set(words.map((word) => word.toLowerCase()))];
  return distinct.filter((word) => !distinct.some((other) => other !== word && other.includes(word)));
}

/** `title`, `author` and `q` narrow the collection, `sort` orders it, and `page` and `size` cut it into pages. */
export function listBooks(store: BookStore): Handler {
  return async (request) => {
    const parsed = parseListing(request.query);
    if ('errors' in parsed) throw fail({ reason: 'bad-parameters', errors: parsed.errors });
    const { given, filter, sort, sortParam, page } = parsed.listing;
    const { representation, base } = request;
    // The ETag names what the bytes depend on, known before a book is read: a client holding this listing hears so without a search.
    const version = JSON.stringify([store.revision, base, given, sortParam, page, representation?.type]);
    if (notModified(request.req, version)) return { status: 304, version };
    const none = { reason: 'no-books', title: filter.title, author: given.author, q: given.q } as const;
    const found = page
      ? await store.find({ ...filter, sort, offset: page.number * page.size, limit: page.size })
      : await store.scan({ ...filter, sort });
    // A page past the last one is as empty as a filter that matches nothing (api.md, Listing, rule 3).
    const count = page ? (found.books as readonly BookFields[]).length : found.total;
    if (count === 0) throw fail(none);
    const links: Page | undefined = page && { ...page, totalElements: found.total, filters: given, sort: sortParam };
    const extra = representation?.collection(base);
    const reply = { status: 200, version, type: representation?.type };
    if (count > WHOLE_UP_TO) return { ...reply, body: collectionStream(found.books, base, links, extra) };
    const shown = [];
    for await (const book of found.books) shown.push(toBook(book));
    return { ...reply, body: renderCollection(shown, base, links, extra) } satisfies Reply;
  };
}

/** The start of every collection's JSON, up to where its books go; then about how long a piece is. */
const BOOKS_START = '{"_embedded":{"bookDTOList":[';
const PIECE_LENGTH = 16 * 1024;
type Books = Iterable<BookFields> | AsyncIterable<BookFields>;

/**
 * A large collection as a stream of its JSON, made a piece at a time as the client reads it (one piece ahead, no more), so that an answer
 * of every book never sits in memory whole (api.md, Limits, rule 7). Its bytes are exactly those of `JSON.stringify(renderCollection())`.
 */
const collectionStream = (books: Books, base: string, page?: Page, extra?: object): Readable =>
  Readable.from(pieces(books, base, page, extra), { highWaterMark: 1 });

/**
 * The books go between the two halves of the collection rendered with none. After each piece the generator waits a turn: a local client
 * takes a piece at once, and the wait lets others be answered.
 */
async function* pieces(books: Books, base: string, page?: Page, extra?: object): AsyncGenerator<string> {
  let piece = BOOKS_START;
  for await (const book of books) {
    piece += `${piece === BOOKS_START ? '' : ','}${JSON.stringify(renderBook(toBook(book), base))}`;
    if (piece.length < PIECE_LENGTH) continue;
    yield piece;
    piece = '';
    await nextTurn();
  }
  yield piece + JSON.stringify(renderCollection([], base, page, extra)).slice(BOOKS_START.length);
}
