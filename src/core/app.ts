/**
 * The app: the route table, and the way of a request through it. The router finds the handler (as the rooms wrap it); its answer, or the
 * problem thrown on the way, goes past the rooms that change answers to `send`; then come the access line and the observers.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { bookOperations } from './books.ts';
import { fail, Problem, PROBLEM_TYPE } from './failures.ts';
import { renderRoot } from './hal.ts';
import { listBooks } from './listing.ts';
import type { Logger } from './log.ts';
import { bodyReader, hostBase, parseQuery, parseTarget, requestIdOf, type Target } from './request.ts';
import type { Handle, Plug, Representation, Route } from './rooms.ts';
import { type Match, Router } from './router.ts';
import { JSON_TYPE, type Reply, send } from './send.ts';
import type { BookStore } from './store.ts';

/** `beginShutdown`: from now on every response closes its connection, so keep-alive clients let go. */
export type App = { readonly handle: Handle; readonly routes: readonly Route[]; beginShutdown(): void };
type AppParts = Readonly<{
  store: BookStore;
  logger: Logger;
  operations: ReturnType<typeof bookOperations>;
  plugs: readonly Plug[];
  representations: readonly Representation[];
}>;

/** The core's routes (api.md, Endpoints), then the rooms', each handler wrapped by every room that wraps it. */
function routeTable({ store, operations, plugs }: AppParts): Route[] {
  const core: Route[] = [
    { method: 'GET', path: '/', handler: ({ base }) => ({ status: 200, body: renderRoot(base) }) },
    { method: 'GET', path: '/health', handler: () => ({ status: 200, body: { status: 'UP' }, type: JSON_TYPE }) },
    { method: 'GET', path: '/books', handler: listBooks(store) },
    { method: 'POST', path: '/books', handler: operations.create },
    { method: 'GET', path: '/books/{isbn}', handler: operations.get },
    { method: 'PUT', path: '/books/{isbn}', handler: operations.replace },
    { method: 'DELETE', path: '/books/{isbn}', handler: operations.remove },
  ];
  const wraps = plugs.flatMap((plug) => (plug.wrap ? [plug.wrap] : [])).reverse();
  return [...core, ...plugs.flatMap((plug) => plug.routes ?? [])].map((route) => wraps.reduce((wrapped, wrap) => wrap(wrapped), route));
}

export function createApp(parts: AppParts): App {
  const { logger, plugs, representations } = parts;
  const routes = routeTable(parts);
  // The router finds the route itself, so that its body limit comes with its handler.
  const router = new Router(routes.map((route) => ({ ...route, handler: route })));
  const named = representations.map((representation) => new RegExp(representation.type.replace(/[.+]/g, '\\$&'), 'i'));
  const answers = plugs.flatMap((plug) => (plug.answer ? [plug.answer] : []));
  const observers = plugs.flatMap((plug) => (plug.observer ? [plug.observer] : []));
  const baseOf = plugs.reduce(
    (next: (req: IncomingMessage, authority: string | undefined) => string, plug) =>
      plug.baseUrl ? (req, authority) => (plug.baseUrl as NonNullable<Plug['baseUrl']>)(req, authority, () => next(req, authority)) : next,
    hostBase,
  );
  let closing = false;
  /** The representation a request asks for at a route, if a room offers one there; an Accept that does not name its type does not. */
  const chosen = ({ headers: { accept = '' } }: IncomingMessage, template: string): Representation | undefined =>
    representations.find((it, i) => it.paths.includes(template) && (named[i] as RegExp).test(accept) && it.chosen(accept));

  /** Routes the request and runs its handler; whatever fails on the way is thrown as it is. */
  async function dispatch(req: IncomingMessage, method: string, target: Target, match: Match<Route>, requestId: string): Promise<Reply> {
    // node reads a request line without a version as HTTP/0.9, which this service does not speak.
    if (req.httpVersionMajor !== 1) throw fail({ reason: 'not-http1' });
    // 100-continue is sent when the body is read (service.ts); any other expectation fails.
    if (![undefined, '100-continue'].includes(req.headers.expect?.toLowerCase())) throw fail({ reason: 'expectation-failed' });
    // A CONNECT asks for a tunnel to another host, which this service, no proxy, never opens.
    if (method === 'CONNECT') throw fail({ reason: 'method-not-allowed', method, allow: router.allMethods });
    const base = baseOf(req, target.authority);
    const query = parseQuery(target.query);
    if (match.kind === 'bad-path') throw fail({ reason: 'malformed-path' });
    if (match.kind === 'not-found') throw fail({ reason: 'unknown-path', path: target.path });
    if (match.kind === 'method-not-allowed') throw fail({ reason: 'method-not-allowed', method, allow: match.allow });
    if (match.kind === 'options') {
      const extra = routes.filter((route) => route.path === match.template).map((route) => route.options);
      return { status: 204, headers: Object.assign({ allow: match.allow }, ...extra) };
    }
    const { handler, bodyLimit } = match.handler;
    const body = bodyReader(req, bodyLimit);
    return handler({ req, body, params: match.params, query, base, requestId, representation: chosen(req, match.template) });
  }

  /** Whatever went wrong, as a problem; anything that is not a Problem is logged first, and answered as a 500. */
  function problemReply(error: unknown, path: string, requestId: string): Reply {
    if (!(error instanceof Problem))
      logger.error('unexpected error', { requestId, error: error instanceof Error ? error.stack : String(error) });
    const problem = error instanceof Problem ? error : fail({ reason: 'internal' });
    return { status: problem.status, body: problem.toJSON(path), type: PROBLEM_TYPE, headers: problem.headers };
  }

  async function handle(req: IncomingMessage, res: ServerResponse, arrived?: number): Promise<void> {
    const started = arrived ?? performance.now();
    for (const observer of observers) observer.started?.();
    const [requestId, method, target] = [requestIdOf(req.headers), req.method ?? 'GET', parseTarget(req.url ?? '/')];
    const match = router.match(method, target.path);
    const template = 'template' in match ? match.template : undefined;
    let reply: Reply;
    try {
      reply = await dispatch(req, method, target, match, requestId);
    } catch (error) {
      reply = problemReply(error, target.path, requestId);
    }
    // Every answer of a resource that has another representation varies by Accept, problems too.
    if (template !== undefined && representations.some((it) => it.paths.includes(template)))
      reply = { ...reply, headers: { ...reply.headers, vary: 'Accept' } };
    for (const answer of answers) reply = answer({ req, template }, reply);
    let status: number;
    try {
      // Most answers are written at once; only a stream is waited for.
      const sent = send(req, res, reply, requestId, closing);
      status = typeof sent === 'number' ? sent : await sent;
    } catch (error) {
      // A reply that cannot be written gets a problem, or once its headers are out a cut connection; a client that left a stream is no error.
      if (!res.headersSent) status = await send(req, res, problemReply(error, target.path, requestId), requestId, closing);
      else {
        if ((error as NodeJS.ErrnoException).code !== 'ERR_STREAM_PREMATURE_CLOSE') problemReply(error, target.path, requestId);
        res.destroy();
        status = res.statusCode;
      }
    }
    const durationMs = Math.round((performance.now() - started) * 1000) / 1000;
    logger.info('request', { method: req.method, path: target.path, status, durationMs, requestId });
    for (const observer of observers) observer.answered?.(method, template ?? 'other', status, durationMs / 1000);
  }

  return { handle: (req, res, arrived) => void handle(req, res, arrived), routes, beginShutdown: () => void (closing = true) };
}
