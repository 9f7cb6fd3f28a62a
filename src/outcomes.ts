/**
 * Every reason a book operation can fail, one row each: the status, the problem's type and
 * title, and the message (api.md, Errors). The domain returns a reason; the handlers turn it
 * into a problem here, so a reader finds each failure's whole answer in one place.
 */
import type { Rejection } from './books/catalogue.ts';
import { TEXT_PER_BOOK } from './books/store.ts';
import { HttpProblem, joinDetails } from './http/problem.ts';
import { BOOK_MESSAGES } from './messages.ts';

interface Outcome<R> {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly message: (rejection: R) => string;
}

type Reason = Rejection['reason'];
type Row<K extends Reason> = Outcome<Extract<Rejection, { reason: K }>>;

const NOT_FOUND = { status: 404, type: 'urn:book-catalogue:problem:book-not-found', title: 'Book not found' } as const;
const EXISTS = { status: 409, type: 'urn:book-catalogue:problem:book-already-exists', title: 'Book already exists' } as const;
const CHANGED = { status: 412, type: 'about:blank', title: 'Precondition Failed' } as const;
const FULL = { status: 507, type: 'about:blank', title: 'Insufficient Storage' } as const;

export const OUTCOMES: { readonly [K in Reason]: Row<K> } = {
  invalid: {
    status: 400,
    type: 'urn:book-catalogue:problem:validation-failed',
    title: 'Validation failed',
    message: (rejection) => joinDetails(rejection.errors),
  },
  'no-books': {
    ...NOT_FOUND,
    message: ({ title, author, q }) => {
      const given = Object.entries({ title, author, q }).filter((entry): entry is [string, string] => entry[1] !== undefined);
      return given.length === 0 ? BOOK_MESSAGES.noBooks : BOOK_MESSAGES.noBooksFor(given);
    },
  },
  'not-found': { ...NOT_FOUND, message: (rejection) => BOOK_MESSAGES.notFound(rejection.isbn) },
  'isbn-taken': { ...EXISTS, message: (rejection) => BOOK_MESSAGES.isbnTaken(rejection.isbn) },
  duplicate: {
    ...EXISTS,
    message: (rejection) => BOOK_MESSAGES.sameTitleAndAuthor(rejection.title, rejection.firstName, rejection.lastName),
  },
  changed: { ...CHANGED, message: (rejection) => BOOK_MESSAGES.changed(rejection.etag) },
  absent: { ...CHANGED, message: () => BOOK_MESSAGES.absent },
  full: { ...FULL, message: (rejection) => BOOK_MESSAGES.full(rejection.capacity) },
  'text-full': { ...FULL, message: (rejection) => BOOK_MESSAGES.textFull(rejection.textCapacity, TEXT_PER_BOOK) },
};

/** The sentence a rejection answers with, as a problem's detail or a SEED_FILE failure. */
export function rejectionMessage(rejection: Rejection): string {
  return (OUTCOMES[rejection.reason] as Outcome<Rejection>).message(rejection);
}

/** The problem a rejection answers with; a 412 names the book's current tag in ETag as well. */
export function bookProblem(rejection: Rejection): HttpProblem {
  const { status, type, title } = OUTCOMES[rejection.reason];
  const errors = rejection.reason === 'invalid' ? rejection.errors : undefined;
  const headers = rejection.reason === 'changed' ? { etag: rejection.etag } : undefined;
  return new HttpProblem(status, rejectionMessage(rejection), { type, title, errors, headers });
}
