/**
 * Every error a request can get before the domain's rules, as RFC 9457 problem details, each with its
 * status and its sentence from messages.ts. A 4xx `detail` tells the client what to change; a 5xx
 * says only that something went wrong (api.md, Errors).
 */
import { STATUS_CODES } from 'node:http';
import { REQUEST_MESSAGES } from '../messages.ts';

export const PROBLEM_TYPE = 'application/problem+json';

/** One failure in a request: a body field (JSON pointer) or a query parameter, by name. */
export type ProblemError = { readonly pointer: string; readonly detail: string } | { readonly parameter: string; readonly detail: string };

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

export const problems = {
  invalidJson: () => new HttpProblem(400, REQUEST_MESSAGES.invalidJson),
  notAnObject: () => new HttpProblem(400, REQUEST_MESSAGES.notAnObject),
  /** A PATCH's 415 names the types it accepts in `headers` (Accept-Patch) as well. */
  unsupportedType: (detail: string = REQUEST_MESSAGES.unsupportedType, headers?: Readonly<Record<string, string>>) =>
    new HttpProblem(415, detail, { headers }),
  encodedBody: (headers?: Readonly<Record<string, string>>) => new HttpProblem(415, REQUEST_MESSAGES.encodedBody, { headers }),
  /** The rest of the body is not read: the connection closes once this is answered. */
  tooLarge: (limit: number) => new HttpProblem(413, REQUEST_MESSAGES.tooLarge(limit), { headers: { connection: 'close' } }),
  unauthorized: () => new HttpProblem(401, REQUEST_MESSAGES.unauthorized, { headers: { 'www-authenticate': 'Bearer' } }),
  unknownPath: (path: string) => new HttpProblem(404, REQUEST_MESSAGES.unknownPath(path)),
  methodNotAllowed: (method: string, allow: string) =>
    new HttpProblem(405, REQUEST_MESSAGES.methodNotAllowed(method, allow), { headers: { allow } }),
  /** `detail` comes from the catalogue: REQUEST_MESSAGES or ORIGIN_MESSAGES. */
  badRequest: (detail: string) => new HttpProblem(400, detail),
  expectationFailed: () => new HttpProblem(417, REQUEST_MESSAGES.expectationFailed),
  invalidParameters: (errors: readonly ProblemError[]) => new HttpProblem(400, joinDetails(errors), { errors }),
  internal: () => new HttpProblem(500, REQUEST_MESSAGES.internal),
  /** Parser-level errors from node:http, answered before any route is known. */
  malformed: (status: 400 | 408 | 431) =>
    new HttpProblem(
      status,
      status === 408 ? REQUEST_MESSAGES.tooSlow : status === 431 ? REQUEST_MESSAGES.headersTooLarge : REQUEST_MESSAGES.notHttp,
      {
        headers: { connection: 'close' },
      },
    ),
} as const;

/** A problem's detail when it lists several failures: each failure's own, in order (api.md, Errors). */
export function joinDetails(errors: readonly { readonly detail: string }[]): string {
  return errors.map((error) => error.detail).join('; ');
}

/**
 * Whatever a handler threw, as a problem. Anything but an HttpProblem becomes a generic 500, and
 * the real error goes only to the log, with the request id.
 */
export function toProblem(error: unknown): HttpProblem {
  return error instanceof HttpProblem ? error : problems.internal();
}
