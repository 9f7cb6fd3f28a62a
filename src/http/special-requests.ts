/**
 * Requests node hands over by other events than `request`: an unknown Expect, a body waiting for
 * 100 Continue, and CONNECT. Each goes to the app's listener like any other request.
 */
import { type IncomingMessage, type Server, ServerResponse } from 'node:http';
import type { Socket } from 'node:net';

export function listenForSpecialRequests(server: Server, listener: (req: IncomingMessage, res: ServerResponse) => void): void {
  // Without this listener node answers an unknown Expect with a bare 417; the app answers a problem.
  server.on('checkExpectation', listener);
  // A client that waits before sending its body hears 100 Continue only once the body is read,
  // so a write refused first (a 401) is answered without inviting the body.
  server.on('checkContinue', (req: IncomingMessage, res: ServerResponse) => {
    req.once('resume', () => {
      if (!res.headersSent) res.writeContinue();
    });
    listener(req, res);
  });
  // node hands a CONNECT over as a bare socket; the app answers it like any other request (a 405).
  server.on('connect', (req: IncomingMessage, socket: Socket) => {
    socket.on('error', () => socket.destroy());
    const res = new ServerResponse(req);
    res.shouldKeepAlive = false;
    res.assignSocket(socket);
    res.once('finish', () => socket.destroySoon());
    listener(req, res);
  });
}
