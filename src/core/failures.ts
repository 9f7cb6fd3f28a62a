/**
 * Every failure the core answers, one row each: status, problem type and title, sentence (api.md, Errors). Code names a failure by its
 * reason; `fail` turns it into a Problem, the RFC 9457 document a client reads. A room throws a Problem of its own the same way.
 */
import { TEXT_PER_BOOK } from './store.ts';
const { STATUS_CODES } = process.getBuiltinModule('node:http'); // not imported: see service.ts

export const PROBLEM_TYPE = 'application/problem+json';
/** One thing wrong with a request: a body field, by JSON pointer, or a query parameter, by name. */
export type FieldError = { readonly pointer: string; readonly detail: string } | { readonly parameter: string; readonly detail: string };

/** What went wrong, with what its sentence names. */
export type Failure =
  | { readonly reason: 'not-http1' | 'expectation-failed' | 'malformed-path' | 'malformed-query' | 'internal' | 'absent' }
  | { readonly reason: 'many-hosts' | 'no-host' | 'bad-host' | 'userinfo' | 'body-cut-short' | 'invalid-json' | 'not-an-object' }
  | { readonly reason: 'unsupported-type' | 'encoded-body' }
  | { readonly reason: 'host-name-too-long' | 'host-port-too-long'; readonly max: number }
  | { readonly reason: 'unknown-path'; readonly path: string }
  | { readonly reason: 'method-not-allowed'; readonly method: string; readonly allow: string }
  | { readonly reason: 'too-large'; readonly limit: number }
  | { readonly reason: 'bad-parameters' | 'invalid'; readonly errors: readonly FieldError[] }
  | ({ readonly reason: 'no-books' } & { readonly [K in 'title' | 'author' | 'q']?: string | undefined })
  | { readonly reason: 'not-found' | 'isbn-taken'; readonly isbn: string }
  | { readonly reason: 'duplicate'; readonly title: string; readonly firstName: string; readonly lastName: string }
  | { readonly reason: 'changed' | 'not-a-tag'; readonly etag: string }
  | { readonly reason: 'full'; readonly capacity: number }
  | { readonly reason: 'text-full'; readonly textCapacity: number };

type Row<F> = { readonly status: number; readonly type?: string; readonly title?: string; readonly sentence: (failure: F) => string };
const NOT_FOUND = { status: 404, type: 'urn:book-catalogue:problem:book-not-found', title: 'Book not found' };
const EXISTS = { status: 409, type: 'urn:book-catalogue:problem:book-already-exists', title: 'Book already exists' };
const joined = ({ errors }: { readonly errors: readonly FieldError[] }): string => errors.map((error) => error.detail).join('; ');

export const FAILURES: { readonly [R in Failure['reason']]: Row<Extract<Failure, { reason: R }>> } = {
  'not-http1': { status: 400, sentence: () => 'The request line must name HTTP/1.0 or HTTP/1.1' },
  'expectation-failed': { status: 417, sentence: () => 'The only expectation supported is Expect: 100-continue' },
  'malformed-path': { status: 400, sentence: () => 'The path holds a malformed percent-encoding' },
  'malformed-query': { status: 400, sentence: () => 'The query holds a malformed percent-encoding' },
  'many-hosts': { status: 400, sentence: () => 'The request has more than one Host header' },
  'no-host': { status: 400, sentence: () => 'The request has no Host header' },
  'host-name-too-long': { status: 400, sentence: ({ max }) => `Host is too long: a host name has at most ${max} characters` },
  'host-port-too-long': { status: 400, sentence: ({ max }) => `Host is too long: a port has at most ${max} digits` },
  'bad-host': { status: 400, sentence: () => 'Host is not a valid host[:port]' },
  userinfo: { status: 400, sentence: () => 'The request target must not hold user information (user@host)' },
  'unknown-path': { status: 404, sentence: ({ path }) => `No resource at path: ${path}` },
  'method-not-allowed': { status: 405, sentence: ({ method, allow }) => `Method ${method} is not allowed here; allowed: ${allow}` },
  'unsupported-type': { status: 415, sentence: () => 'Content-Type must be application/json or another JSON type (type/subtype+json)' },
  'encoded-body': { status: 415, sentence: () => 'Content-Encoding is not supported: send an unencoded application/json body' },
  'too-large': { status: 413, sentence: ({ limit }) => `Request body must not exceed ${limit} bytes (${limit / 1024} KiB)` },
  'body-cut-short': { status: 400, sentence: () => 'The request body ended before it was complete' },
  'invalid-json': { status: 400, sentence: () => 'Request body is not valid JSON' },
  'not-an-object': { status: 400, sentence: () => 'Request body must be a JSON object' },
  'bad-parameters': { status: 400, sentence: joined },
  internal: { status: 500, sentence: () => 'The server could not complete the request; the error has been logged.' },
  invalid: { status: 400, type: 'urn:book-catalogue:problem:validation-failed', title: 'Validation failed', sentence: joined },
  'no-books': {
    ...NOT_FOUND,
    sentence: (filters) => {
      const given = (['title', 'author', 'q'] as const).filter((name) => filters[name] !== undefined);
      return given.length === 0 ? 'No books found' : `No books found for ${given.map((name) => `${name}: ${filters[name]}`).join(', ')}`;
    },
  },
  'not-found': { ...NOT_FOUND, sentence: ({ isbn }) => `Book cannot be found for ISBN: ${isbn}` },
  'isbn-taken': { ...EXISTS, sentence: ({ isbn }) => `Book already exists for ISBN: ${isbn}` },
  duplicate: { ...EXISTS, sentence: (d) => `Book already exists with title: ${d.title} and author: ${d.firstName} ${d.lastName}` },
  changed: { status: 412, sentence: ({ etag }) => `The book has changed since it was read: its ETag is now ${etag}` },
  'not-a-tag': { status: 412, sentence: ({ etag }) => `If-Match names no ETag this service gives; the book's is ${etag}` },
  absent: { status: 412, sentence: () => 'The book does not exist' },
  full: { status: 507, sentence: ({ capacity }) => `The catalogue is full: it holds at most ${capacity} books (MAX_BOOKS)` },
  'text-full': {
    status: 507,
    sentence: ({ textCapacity: most }) =>
      `The catalogue is full: its books hold at most ${most} characters of text in all (${TEXT_PER_BOOK} a book of MAX_BOOKS)`,
  },
};

/** An answer that went wrong, as RFC 9457 problem details; `type` about:blank means "see the status". */
export class Problem extends Error {
  readonly status: number;
  readonly type: string;
  readonly title: string;
  readonly errors: readonly FieldError[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, options: { [K in 'type' | 'title' | 'errors' | 'headers']?: Problem[K] | undefined } = {}) {
    super(detail);
    this.name = 'Problem';
    [this.status, this.type, this.title] = [status, options.type ?? 'about:blank', options.title ?? STATUS_CODES[status] ?? 'Error'];
    [this.errors, this.headers] = [options.errors, options.headers ?? {}];
  }

  /** The problem document; `instance` is the request path without its query. */
  toJSON(instance?: string): Record<string, unknown> {
    return { type: this.type, title: this.title, status: this.status, detail: this.message, instance, errors: this.errors };
  }
}

/** The sentence a failure answers with: a problem's detail, or the line a bad seed stops start-up with. */
export const sentence = (failure: Failure): string => (FAILURES[failure.reason] as Row<Failure>).sentence(failure);

/** The problem a failure answers with; a 405 says what is allowed, a 412 the tag, and a 413 closes the connection. */
export function fail(failure: Failure): Problem {
  const { status, type, title } = FAILURES[failure.reason];
  const headers: Record<string, string> = 'allow' in failure ? { allow: failure.allow } : 'etag' in failure ? { etag: failure.etag } : {};
  if (failure.reason === 'too-large') Object.assign(headers, { connection: 'close' });
  return new Problem(status, sentence(failure), { type, title, errors: 'errors' in failure ? failure.errors : undefined, headers });
}
