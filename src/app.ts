/**
 * `createApp` builds the request listener from its parts without listening, so that tests and
 * the entry point share it and each test gets a fresh service. Data flows one way, as the
 * README's diagram draws it:
 *
 *   request → id, target, base URL → router → handler → store → book views → hal → respond
 *                                                    ↘ HttpProblem → problem+json ↗
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { BookStore } from './books/store.ts';
import type { Config } from './config.ts';
import { explorerRoutes, wantsHtml } from './explorer.ts';
import { renderRoot } from './hal.ts';
import { bookHandlers } from './handlers.ts';
import { bearerGuard } from './http/auth.ts';
import type { Handler, RequestContext } from './http/context.ts';
import { corsHeaders } from './http/cors.ts';
import { baseUrlOf } from './http/origin.ts';
import { HttpProblem, PROBLEM_TYPE, problems, toProblem } from './http/problem.ts';
import { parseQuery, parseTarget, requestIdOf } from './http/request.ts';
import { JSON_TYPE, type Reply, send } from './http/respond.ts';
import { type Route, Router } from './http/router.ts';
import type { Logger } from './log.ts';
import { REQUEST_MESSAGES } from './messages.ts';
import { openApiDocument } from './openapi.ts';

export interface AppDeps {
  readonly config: Config;
  readonly store: BookStore;
  readonly logger: Logger;
}

export interface App {
  readonly handle: (req: IncomingMessage, res: ServerResponse) => void;
  readonly routes: readonly Route<Handler>[];
  /** From now on every response closes its connection, so keep-alive clients let go. */
  beginShutdown(): void;
}

export function createApp({ config, store, logger }: AppDeps): App {
  const books = bookHandlers(store, logger, bearerGuard(config.apiToken));
  const openapi = openApiDocument();
  const routes: readonly Route<Handler>[] = [
    {
      method: 'GET',
      path: '/',
      // A browser's address bar gets the explorer; every other client, the HAL root. Both vary.
      handler: (request): Reply =>
        wantsHtml(request.req.headers.accept)
          ? { status: 303, headers: { location: `${request.base}/explorer`, vary: 'Accept' } }
          : { status: 200, body: renderRoot(request.base), headers: { vary: 'Accept' } },
    },
    { method: 'GET', path: '/health', handler: () => ({ status: 200, body: { status: 'UP' }, type: JSON_TYPE }) },
    { method: 'GET', path: '/openapi.json', handler: () => ({ status: 200, body: openapi, type: JSON_TYPE }) },
    { method: 'GET', path: '/books', handler: books.list },
    { method: 'POST', path: '/books', handler: books.create },
    { method: 'GET', path: '/books/{isbn}', handler: books.get },
    { method: 'PUT', path: '/books/{isbn}', handler: books.replace },
    { method: 'DELETE', path: '/books/{isbn}', handler: books.remove },
    ...explorerRoutes(),
  ];
  const router = new Router(routes);
  let closing = false;

  /** Routes the request and runs its handler; every failure on the way is thrown as it is. */
  async function dispatch(req: IncomingMessage, path: string, queryText: string, authority: string | undefined, requestId: string): Promise<Reply> {
    // node reads a request line without a version as HTTP/0.9; that is no request for this service.
    if (req.httpVersionMajor !== 1) throw problems.badRequest(REQUEST_MESSAGES.notHttp1);
    // node answers 100-continue itself and passes any other expectation here (checkExpectation).
    if (req.headers.expect !== undefined && req.headers.expect.toLowerCase() !== '100-continue') {
      throw problems.expectationFailed();
    }
    const base = baseUrlOf({ headers: req.headers, rawHeaders: req.rawHeaders, authority }, config);
    const query = parseQuery(queryText);
    const method = req.method ?? 'GET';
    const match = router.match(method, path);
    switch (match.kind) {
      case 'not-found':
        throw problems.unknownPath(path);
      case 'method-not-allowed':
        throw problems.methodNotAllowed(method, match.allow);
      case 'options':
        return { status: 204, headers: { allow: match.allow, ...corsHeaders(config.corsOrigins, req.headers, match.allow) } };
      case 'found': {
        const context: RequestContext = { req, params: match.params, query, base, requestId };
        return match.handler(context);
      }
    }
  }

  /** Whatever went wrong, as a problem reply; what was not an HttpProblem is logged first. */
  function problemReply(error: unknown, path: string, requestId: string): Reply {
    if (!(error instanceof HttpProblem)) {
      logger.error('unexpected error', { requestId, error: error instanceof Error ? error.stack : String(error) });
    }
    const problem = toProblem(error);
    return { status: problem.status, body: problem.toJSON(path), type: PROBLEM_TYPE, headers: problem.headers };
  }

  async function handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const started = performance.now();
    const requestId = requestIdOf(req.headers);
    const { path, query, authority } = parseTarget(req.url ?? '/');
    let reply: Reply;
    try {
      reply = await dispatch(req, path, query, authority, requestId);
    } catch (error) {
      reply = problemReply(error, path, requestId);
    }
    // Every answer, a problem too, carries the CORS headers, so that a page can read it.
    if (!reply.headers?.['access-control-allow-methods']) reply = withCors(reply, corsHeaders(config.corsOrigins, req.headers));
    let status: number;
    try {
      status = await send(req, res, reply, { requestId, closing });
    } catch (error) {
      // A reply that cannot be written (a handler's bug) must still get an answer, never a hang.
      // Were its headers already out, the connection is cut instead: it cannot be answered twice.
      // A client that went away in the middle of a streamed body is no error of the service.
      if (res.headersSent) {
        if (!isPrematureClose(error)) logger.error('unexpected error', { requestId, error: error instanceof Error ? error.stack : String(error) });
        res.destroy();
        status = res.statusCode;
      } else status = await send(req, res, problemReply(error, path, requestId), { requestId, closing });
    }
    const durationMs = performance.now() - started;
    logger.info('request', { method: req.method, path, status, durationMs: Math.round(durationMs * 1000) / 1000, requestId });
  }

  return {
    handle: (req, res) => void handle(req, res),
    routes,
    beginShutdown: () => {
      closing = true;
    },
  };
}

/** What `pipeline` rejects with when the client closes the connection before the body is written. */
function isPrematureClose(error: unknown): boolean {
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ERR_STREAM_PREMATURE_CLOSE';
}

/** `reply` with CORS headers added; a Vary of its own and CORS's are joined into one, each once. */
function withCors(reply: Reply, cors: Readonly<Record<string, string>>): Reply {
  if (Object.keys(cors).length === 0) return reply;
  const vary = [...new Set([reply.headers?.vary, cors.vary])].filter((value) => value !== undefined).join(', ');
  return { ...reply, headers: { ...reply.headers, ...cors, ...(vary === '' ? {} : { vary }) } };
}
