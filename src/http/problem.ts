/**
 * Every error the service answers, in one catalogue, as RFC 9457 problem details
 * (`application/problem+json`). A 4xx `detail` tells the client what to change; a 5xx says only
 * that something went wrong, and the real error goes to the log with the request id.
 */
import { STATUS_CODES } from 'node:http';

export const PROBLEM_TYPE = 'application/problem+json';
/** Largest accepted request body, in bytes. */
export const BODY_LIMIT = 16 * 1024;

/** One failure in a request: a body field (JSON pointer) or a query parameter, by name. */
export type ProblemError =
  | { readonly pointer: string; readonly detail: string }
  | { readonly parameter: string; readonly detail: string };

export interface ProblemOptions {
  /** A URI naming the kind of problem; `about:blank` means "see the status code". */
  readonly type?: string;
  readonly title?: string;
  readonly errors?: readonly ProblemError[];
  readonly headers?: Readonly<Record<string, string>>;
}

export class HttpProblem extends Error {
  readonly status: number;
  readonly detail: string;
  readonly type: string;
  readonly title: string;
  readonly errors: readonly ProblemError[] | undefined;
  readonly headers: Readonly<Record<string, string>>;

  constructor(status: number, detail: string, options: ProblemOptions = {}) {
    super(detail);
    this.name = 'HttpProblem';
    this.status = status;
    this.detail = detail;
    this.type = options.type ?? 'about:blank';
    this.title = options.title ?? STATUS_CODES[status] ?? 'Error';
    this.errors = options.errors;
    this.headers = options.headers ?? {};
  }

  /** The problem document; `instance` is the request path without its query, when known. */
  toJSON(instance?: string): Record<string, unknown> {
    const { type, title, status, detail, errors } = this;
    return { type, title, status, detail, instance, errors };
  }
}

/** The problem kinds SPEC section 7 names get types of their own, so clients can tell them apart. */
export const BOOK_NOT_FOUND = { type: 'urn:book-catalogue:problem:book-not-found', title: 'Book not found' };
export const BOOK_EXISTS = { type: 'urn:book-catalogue:problem:book-already-exists', title: 'Book already exists' };
export const VALIDATION_FAILED = { type: 'urn:book-catalogue:problem:validation-failed', title: 'Validation failed' };

export const problems = {
  invalidJson: () => new HttpProblem(400, 'Request body is not valid JSON'),
  notAnObject: () => new HttpProblem(400, 'Request body must be a JSON object'),
  unsupportedType: () =>
    new HttpProblem(415, 'Content-Type must be application/json or another JSON type (type/subtype+json)'),
  encodedBody: () => new HttpProblem(415, 'Content-Encoding is not supported: send an unencoded application/json body'),
  tooLarge: () =>
    new HttpProblem(413, `Request body must not exceed ${BODY_LIMIT} bytes (16 KiB)`, { headers: { connection: 'close' } }),
  unauthorized: () =>
    new HttpProblem(401, 'This request needs the header Authorization: Bearer <token>, with the right token', {
      headers: { 'www-authenticate': 'Bearer' },
    }),
  unknownPath: (path: string) => new HttpProblem(404, `No resource at path: ${path}`),
  methodNotAllowed: (method: string, allow: string) =>
    new HttpProblem(405, `Method ${method} is not allowed here; allowed: ${allow}`, { headers: { allow } }),
  badRequest: (detail: string) => new HttpProblem(400, detail),
  expectationFailed: () => new HttpProblem(417, 'The only expectation supported is Expect: 100-continue'),
  invalidParameters: (errors: readonly ProblemError[]) =>
    new HttpProblem(400, errors.map((error) => error.detail).join('; '), { errors }),
  invalidBody: (errors: readonly ProblemError[]) =>
    new HttpProblem(400, errors.map((error) => error.detail).join('; '), { ...VALIDATION_FAILED, errors }),
  internal: () => new HttpProblem(500, 'The server could not complete the request; the error has been logged.'),
  /** Parser-level errors from node:http, answered before any route is known. */
  malformed: (status: 400 | 408 | 431) =>
    new HttpProblem(
      status,
      status === 408
        ? 'The request took too long to arrive'
        : status === 431
          ? 'Request headers are too large'
          : 'The request is not valid HTTP',
      { headers: { connection: 'close' } },
    ),
} as const;

/** Whatever a handler threw, as a problem; anything but an HttpProblem is a generic 500. */
export function toProblem(error: unknown): HttpProblem {
  return error instanceof HttpProblem ? error : problems.internal();
}
