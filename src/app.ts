/**
 * `createApp` builds the request listener from its parts without listening, so that tests and
 * the entry point share it and each test group gets a fresh service. Data flows one way:
 *
 *   request → parse target, id, base URL → router → handler → store → Reply → send
 *                                                        ↘ HttpProblem ↗
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { bookHandlers } from './books/handlers.js';
import type { BookStore } from './books/store.js';
import type { Config } from './config.js';
import { renderRoot } from './hal.js';
import { bearerGuard } from './http/auth.js';
import type { Handler, RequestContext } from './http/context.js';
import { originOf } from './http/origin.js';
import { HttpProblem, PROBLEM_TYPE, problems, toProblem } from './http/problem.js';
import { parseQuery, parseTarget, requestIdOf } from './http/request.js';
import { JSON_TYPE, type Reply, Representation, send } from './http/respond.js';
import { type Route, Router } from './http/router.js';
import type { Logger } from './log.js';

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
  // Constant bodies are serialised once, not per request.
  const health: Reply = { status: 200, body: new Representation(JSON.stringify({ status: 'UP' }), JSON_TYPE) };
  let openapi: Reply | undefined;
  const routes: readonly Route<Handler>[] = [
    { method: 'GET', path: '/', handler: (request) => ({ status: 200, body: renderRoot(request.base) }) },
    { method: 'GET', path: '/health', handler: () => health },
    // Loaded on first use: no client but a developer asks for it, and start-up stays quick.
    { method: 'GET', path: '/openapi.json', handler: () => (openapi ??= openApiReply()) },
    { method: 'GET', path: '/books', handler: books.list },
    { method: 'POST', path: '/books', handler: books.create },
    { method: 'GET', path: '/books/{isbn}', handler: books.get },
    { method: 'DELETE', path: '/books/{isbn}', handler: books.remove },
  ];
  const router = new Router(routes);
  const origin = originOf({ baseUrl: config.baseUrl, trustProxy: config.trustProxy });
  let closing = false;

  function dispatch(req: IncomingMessage, path: string, queryText: string, requestId: string): Reply | Promise<Reply> {
    // node reads a request line without a version as HTTP/0.9; that is no request for this service.
    if (req.httpVersionMajor !== 1) throw problems.badRequest('The request line must name HTTP/1.0 or HTTP/1.1');
    // node answers 100-continue itself and passes any other expectation here (checkExpectation).
    if (req.headers.expect !== undefined && req.headers.expect.toLowerCase() !== '100-continue') {
      throw problems.expectationFailed();
    }
    const base = origin(req);
    const query = parseQuery(queryText);
    const method = req.method ?? 'GET';
    const match = router.match(method, path);
    switch (match.kind) {
      case 'not-found':
        throw problems.unknownPath(path);
      case 'method-not-allowed':
        throw problems.methodNotAllowed(method, match.allow);
      case 'options':
        return { status: 204, headers: { allow: match.allow } };
      case 'found': {
        const context: RequestContext = { req, params: match.params, query, base, requestId };
        return match.handler(context);
      }
    }
  }

  /** Writes the reply and its access line. */
  function finish(req: IncomingMessage, res: ServerResponse, reply: Reply, path: string, requestId: string, started: bigint): void {
    const status = send(req, res, reply, { requestId, closing });
    const durationMs = Math.round(Number(process.hrtime.bigint() - started) / 1e3) / 1e3;
    logger.access({ method: req.method ?? '', path, status, durationMs, requestId });
  }

  /** Whatever went wrong, as a problem reply; what was not an HttpProblem is logged first. */
  function problemReply(error: unknown, path: string, requestId: string): Reply {
    if (!(error instanceof HttpProblem)) {
      logger.error('unexpected error', { requestId, error: error instanceof Error ? error.stack : String(error) });
    }
    const problem = toProblem(error);
    return { status: problem.status, body: problem.render(path), contentType: PROBLEM_TYPE, headers: problem.options.headers };
  }

  function handle(req: IncomingMessage, res: ServerResponse): void {
    const started = process.hrtime.bigint();
    const requestId = requestIdOf(req.headers);
    const { path, query } = parseTarget(req.url ?? '/');
    let reply: Reply | Promise<Reply>;
    try {
      reply = dispatch(req, path, query, requestId);
    } catch (error) {
      reply = problemReply(error, path, requestId);
    }
    // Only a handler that reads a body answers later; the others are written in this turn.
    if (reply instanceof Promise) {
      reply.then(
        (done) => finish(req, res, done, path, requestId, started),
        (error: unknown) => finish(req, res, problemReply(error, path, requestId), path, requestId, started),
      );
    } else finish(req, res, reply, path, requestId, started);
  }

  return {
    handle,
    routes,
    beginShutdown: () => {
      closing = true;
    },
  };
}

function openApiReply(): Reply {
  // A synchronous require, so that the answer never waits on I/O while the client waits.
  const { openApiDocument } = require('./openapi.js') as typeof import('./openapi.js');
  return { status: 200, body: new Representation(JSON.stringify(openApiDocument()), JSON_TYPE) };
}
