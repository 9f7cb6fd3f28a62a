/**
 * The HTTP server's timeouts, and the graceful shutdown of the real entry point (api.md, Start-up, rule 5):
 * on SIGTERM in-flight requests finish with `Connection: close`, idle sockets close, the process
 * exits 0; past SHUTDOWN_TIMEOUT_MS it cuts what is left and exits 1.
 *
 * No test waits for a fixed time. A request is known to be in flight when the server answers its
 * `Expect: 100-continue` (the service sends `100 Continue` when it starts to read the body),
 * and the shutdown is known to have begun when the `shutting down` line is logged.
 */
import assert from 'node:assert/strict';
import { Agent, request, type ClientRequest, type IncomingMessage, type Server } from 'node:http';
import { connect } from 'node:net';
import { describe, it } from 'node:test';
import { createService, MAX_HEADER_BYTES } from '../../src/core/service.ts';
import { listeningPort, spawnService, type SpawnedService } from '../helpers/server.ts';

describe('server timeouts', () => {
  const serverFor = (env: Record<string, string>) => {
    return createService({ rooms: [], env: { LOG_LEVEL: 'silent', ...env }, write: () => {} }).server;
  };

  it('keeps idle sockets 65 s by default, above the 60 s idle timeout of common proxies', () => {
    const server = serverFor({});
    assert.equal(server.keepAliveTimeout, 65_000);
    assert.ok(server.keepAliveTimeout > 60_000);
  });

  for (const keepAlive of ['1000', '65000', '120000']) {
    it(`orders keep-alive < headers < request timeout (KEEP_ALIVE_TIMEOUT_MS=${keepAlive})`, () => {
      const server = serverFor({ KEEP_ALIVE_TIMEOUT_MS: keepAlive });
      assert.equal(server.keepAliveTimeout, Number(keepAlive));
      // A request that starts just before the idle timer ends must not meet the headers timer.
      assert.ok(server.headersTimeout > server.keepAliveTimeout, `headersTimeout ${server.headersTimeout}`);
      // 0 would disable the request timeout, and slow clients could hold sockets forever.
      assert.ok(server.requestTimeout > server.headersTimeout, `requestTimeout ${server.requestTimeout}`);
    });
  }

  it('caps the request head at MAX_HEADER_BYTES', () => {
    assert.equal(MAX_HEADER_BYTES, 16 * 1024);
    // node sets it from the option; @types/node 20 does not declare it.
    const server: Server & { maxHeaderSize?: number } = serverFor({});
    assert.equal(server.maxHeaderSize, MAX_HEADER_BYTES);
  });
});

describe('shutdown on SIGTERM', () => {
  const BOOK = JSON.stringify({ isbn: '9-9-9', title: 'Shutdown', author: 'Grace Period' });

  async function start(env: Record<string, string> = {}): Promise<{ service: SpawnedService; port: number }> {
    const service = spawnService({ PORT: '0', HOST: '127.0.0.1', ...env });
    return { service, port: await listeningPort(service) };
  }

  /** `SIGTERM`, resolved once the service has logged that its shutdown has begun. */
  async function terminate(service: SpawnedService): Promise<void> {
    service.child.kill('SIGTERM');
    await service.waitForLine((line) => line.msg === 'shutting down');
  }

  /**
   * A keep-alive POST with `Expect: 100-continue` whose first half of the body is sent; resolves
   * once the server has answered `100 Continue`, that is, once the request is in flight.
   */
  async function postInFlight(port: number, agent: Agent): Promise<{ req: ClientRequest; response: Promise<IncomingMessage> }> {
    const req = request({
      host: '127.0.0.1',
      port,
      method: 'POST',
      path: '/books',
      agent,
      headers: { 'content-type': 'application/json', 'content-length': Buffer.byteLength(BOOK), expect: '100-continue' },
    });
    const response = new Promise<IncomingMessage>((resolve, reject) => {
      req.once('response', resolve);
      req.once('error', reject);
    });
    response.catch(() => {}); // observed by the caller, when it cares
    await new Promise<void>((resolve, reject) => {
      req.once('continue', resolve);
      req.once('error', reject);
    });
    req.write(BOOK.slice(0, 20));
    return { req, response };
  }

  async function bodyOf(response: IncomingMessage): Promise<string> {
    let text = '';
    for await (const chunk of response.setEncoding('utf8')) text += chunk as string;
    return text;
  }

  it('exits 0 when idle, closing idle keep-alive sockets instead of waiting for them', async () => {
    // Were the idle socket left open, its 65 s keep-alive would outlast the 5 s grace: exit 1.
    const { service, port } = await start({ SHUTDOWN_TIMEOUT_MS: '5000' });
    const agent = new Agent({ keepAlive: true });
    try {
      const response = await new Promise<IncomingMessage>((resolve, reject) =>
        request({ host: '127.0.0.1', port, path: '/health', agent }, resolve).once('error', reject).end(),
      );
      assert.equal(response.headers.connection, 'keep-alive');
      await bodyOf(response);
      service.child.kill('SIGTERM');
      const { code, stderr } = await service.exited;
      assert.equal(code, 0, stderr);
    } finally {
      agent.destroy();
    }
  });

  it('lets an in-flight request finish, answered with Connection: close, then exits 0', async () => {
    const { service, port } = await start();
    const agent = new Agent({ keepAlive: true });
    try {
      const { req, response } = await postInFlight(port, agent);
      await terminate(service);

      // The listening socket is closed: a new connection is refused.
      await assert.rejects(new Promise((resolve, reject) => connect(port, '127.0.0.1', resolve as () => void).once('error', reject)), {
        code: 'ECONNREFUSED',
      });

      req.end(BOOK.slice(20));
      const answer = await response;
      assert.equal(answer.statusCode, 201);
      assert.equal(answer.headers.connection, 'close');
      assert.equal(answer.headers.location, `http://127.0.0.1:${port}/books/9-9-9`);
      assert.equal((JSON.parse(await bodyOf(answer)) as { isbn: string }).isbn, '9-9-9');

      const { code, stderr } = await service.exited;
      assert.equal(code, 0, stderr);
    } finally {
      agent.destroy();
    }
  });

  it('cuts a request whose body never completes after SHUTDOWN_TIMEOUT_MS, and exits 1', async () => {
    const { service, port } = await start({ SHUTDOWN_TIMEOUT_MS: '200' });
    const agent = new Agent({ keepAlive: true });
    try {
      const { response } = await postInFlight(port, agent);
      await terminate(service);
      const { code } = await service.exited;
      assert.equal(code, 1);
      await assert.rejects(response, { code: 'ECONNRESET' });
      const timedOut = await service.waitForLine((line) => line.level === 'error');
      assert.equal(timedOut.msg, 'shutdown timed out; open connections were cut');
    } finally {
      agent.destroy();
    }
  });
});
