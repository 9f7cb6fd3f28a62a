/**
 * `createApp` builds the request listener from its parts without listening, so that tests and
 * the entry point share it. A request goes through the router to a handler, and its reply, or
 * the problem thrown on the way, goes to `send` (the README draws the flow).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BookStore } from './books/store.ts';
import type { Config } from './config.ts';
import { explorerRoutes } from './explorer.ts';
import { renderRoot } from './hal.ts';
import { bookHandlers } from './handlers.ts';
import { listBooks } from './listing.ts';
import { bearerGuard } from './http/auth.ts';
import type { Handler } from './http/context.ts';
import { withCors } from './http/cors.ts';
import { baseUrlOf } from './http/origin.ts';
import { HttpProblem, PROBLEM_TYPE, problems, toProblem } from './http/problem.ts';
import { ACCEPT_PATCH } from './http/merge-patch.ts';
import { parseQuery, parseTarget, requestIdOf } from './http/request.ts';
import { JSON_TYPE, type Reply, send } from './http/respond.ts';
import { type Route, Router } from './http/router.ts';
import type { Logger } from './log.ts';
import { REQUEST_MESSAGES } from './messages.ts';
import type { RequestObserver } from './metrics/observer.ts';
import { openApiDocument } from './openapi/document.ts';

export interface AppDeps {
  readonly config: Config;
  readonly store: BookStore;
  readonly logger: Logger;
  /** Told of every request, when metrics are on (METRICS_PORT). */
  readonly observer?: RequestObserver | undefined;
}

export interface App {
  /** `arrived`: when the request came in, if it waited before being handed here (performance.now()). */
  readonly handle: (req: IncomingMessage, res: ServerResponse, arrived?: number) => void;
  readonly routes: readonly Route<Handler>[];
  /** From now on every response closes its connection, so keep-alive clients let go. */
  beginShutdown(): void;
}

/** The paths answered in HAL or HAL-FORMS by Accept (api.md, Forms): every answer of theirs, problems too, varies by it. */
const NEGOTIATED = new Set(['/books', '/books/{isbn}']);

export function createApp({ config, store, logger, observer }: AppDeps): App {
  const books = bookHandlers(store, logger, config.apiToken === undefined ? undefined : bearerGuard(config.apiToken));
  const openapi = openApiDocument();
  // The API root, behind the explorer's `/`, which sends a browser's address bar to the page.
  const apiRoot: Handler = ({ base }) => ({ status: 200, body: renderRoot(base) });
  const explorer = explorerRoutes(apiRoot);
  const routes: readonly Route<Handler>[] = [
    explorer.root,
    { method: 'GET', path: '/health', handler: () => ({ status: 200, body: { status: 'UP' }, type: JSON_TYPE }) },
    { method: 'GET', path: '/openapi.json', handler: () => ({ status: 200, body: openapi, type: JSON_TYPE }) },
    { method: 'GET', path: '/books', handler: listBooks(store) },
    { method: 'POST', path: '/books', handler: books.create },
    { method: 'GET', path: '/books/{isbn}', handler: books.get },
    { method: 'PUT', path: '/books/{isbn}', handler: books.replace },
    { method: 'PATCH', path: '/books/{isbn}', handler: books.patch },
    { method: 'DELETE', path: '/books/{isbn}', handler: books.remove },
    ...explorer.files,
  ];
  const router = new Router(routes);
  let closing = false;

  /** Routes the request and runs its handler; whatever fails on the way is thrown as it is. */
  async function dispatch(
    req: IncomingMessage,
    path: string,
    queryText: string,
    authority: string | undefined,
    requestId: string,
  ): Promise<Reply> {
    // node reads a request line without a version as HTTP/0.9, which this service does not speak.
    if (req.httpVersionMajor !== 1) throw problems.badRequest(REQUEST_MESSAGES.notHttp1);
    // 100-continue is sent when the body is read (http/special-requests.ts); any other expectation fails.
    if (req.headers.expect !== undefined && req.headers.expect.toLowerCase() !== '100-continue') throw problems.expectationFailed();
    const method = req.method ?? 'GET';
    // A CONNECT asks for a tunnel to another host, which this service, no proxy, never opens.
    if (method === 'CONNECT') throw problems.methodNotAllowed(method, router.allMethods);
    const base = baseUrlOf({ headers: req.headers, rawHeaders: req.rawHeaders, authority }, config);
    const query = parseQuery(queryText);
    const match = router.match(method, path);
    if (match.kind === 'not-found') throw problems.unknownPath(path);
    if (match.kind === 'method-not-allowed') throw problems.methodNotAllowed(method, match.allow);
    // A resource that takes PATCH says which bodies it takes (api.md, Patching a book).
    if (match.kind === 'options') {
      const patchable: Record<string, string> = match.allow.includes('PATCH') ? { 'accept-patch': ACCEPT_PATCH } : {};
      return { status: 204, headers: { allow: match.allow, ...patchable } };
    }
    return match.handler({ req, params: match.params, query, base, requestId });
  }

  function logUnexpected(error: unknown, requestId: string): void {
    logger.error('unexpected error', { requestId, error: error instanceof Error ? error.stack : String(error) });
  }

  /** Whatever went wrong, as a problem; anything that is not an HttpProblem is logged first. */
  function problemReply(error: unknown, path: string, requestId: string): Reply {
    if (!(error instanceof HttpProblem)) logUnexpected(error, requestId);
    const problem = toProblem(error);
    return { status: problem.status, body: problem.toJSON(path), type: PROBLEM_TYPE, headers: problem.headers };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, arrived?: number): Promise<void> {
    const started = arrived ?? performance.now();
    observer?.started();
    const requestId = requestIdOf(req.headers);
    const { path, query, authority } = parseTarget(req.url ?? '/');
    let reply: Reply;
    try {
      reply = await dispatch(req, path, query, authority, requestId);
    } catch (error) {
      reply = problemReply(error, path, requestId);
    }
    const template = router.templateOf(path);
    if (template !== undefined && NEGOTIATED.has(template)) reply = { ...reply, headers: { ...reply.headers, vary: 'Accept' } };
    // Every answer, a problem too, carries the CORS headers, so that a page can read it.
    if (config.corsOrigins !== undefined) reply = withCors(reply, config.corsOrigins, req.headers, req.method ?? '');
    let status: number;
    try {
      // Most answers are written at once; only a stream is waited for.
      const sent = send(req, res, reply, { requestId, closing });
      status = typeof sent === 'number' ? sent : await sent;
    } catch (error) {
      // A reply that cannot be written must still get an answer; once its headers are out, the
      // connection is cut instead. A client that left in the middle of a stream is no error.
      if (!res.headersSent) status = await send(req, res, problemReply(error, path, requestId), { requestId, closing });
      else {
        if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') logUnexpected(error, requestId);
        res.destroy();
        status = res.statusCode;
      }
    }
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    logger.info('request', { method: req.method, path, status, durationMs, requestId });
    observer?.answered(req.method ?? '', template ?? 'other', status, durationMs / 1000);
  }

  return {
    handle: (req, res, arrived) => void handle(req, res, arrived),
    routes,
    beginShutdown: () => {
      closing = true;
    },
  };
}
