/**
 * The connection guards, as a room (api.md, Limits, rules 2, 7 and 8): requests pipelined on one
 * connection taken a batch per turn, a connection whose client takes nothing of its answer closed
 * after SEND_TIMEOUT_MS, the requests node's parser refuses answered as problems, and CONNECT answered.
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';
import { parseTarget } from '../../core/request.ts';
import { defineRoom } from '../../core/rooms.ts';
import { milliseconds } from '../../core/settings.ts';
import { answerClientError } from './client-error.ts';
import { Pipelining } from './pipelining.ts';
import { SendTimeout } from './send-timeout.ts';
// Not imported: see src/core/service.ts.
const http = process.getBuiltinModule('node:http');

export const guards = defineRoom({
  name: 'guards',
  settings: { sendTimeoutMs: { name: 'SEND_TIMEOUT_MS', shown: '30000', fallback: 30_000, parse: milliseconds } },
  plug: ({ sendTimeoutMs }, { logger, observe }) => ({
    connections(server, handle) {
      const pipelining = new Pipelining(handle);
      // The latest response on each socket, so that junk pipelined behind a request can wait for it,
      // and a connection closed for making no progress can be logged with the request it was on.
      const latest = new WeakMap<Socket, ServerResponse>();
      new SendTimeout(sendTimeoutMs, (socket) => {
        const response = latest.get(socket);
        logger.warn('closed a connection that made no progress', {
          timeoutMs: sendTimeoutMs,
          ...(response && !response.writableFinished
            ? { method: response.req.method, path: parseTarget(response.req.url ?? '/').path }
            : {}),
        });
        socket.destroy();
        observe.closed('send_timeout');
      }).attach(server);
      server.on('clientError', (error: NodeJS.ErrnoException, socket: Socket) => {
        const response = latest.get(socket);
        const { status, closed } = answerClientError(error, socket, response?.writableFinished === false ? response : undefined, logger);
        if (status !== undefined) observe.rejected(status);
        if (closed !== undefined) observe.closed(closed);
      });
      const guarded = (req: IncomingMessage, res: ServerResponse): void => {
        latest.set(req.socket, res);
        // A request behind an answer still being written waits its turn in pipelining.ts.
        if (res.socket === null) pipelining.accept(req, res);
        else handle(req, res);
      };
      // node hands a CONNECT over as a bare socket; the app answers it like any other request (a 405).
      server.on('connect', (req: IncomingMessage, socket: Socket) => {
        socket.on('error', () => socket.destroy());
        const res = new http.ServerResponse(req);
        res.shouldKeepAlive = false;
        res.assignSocket(socket);
        res.once('finish', () => socket.destroySoon());
        guarded(req, res);
      });
      return guarded;
    },
  }),
});
