/** Requests that fetch cannot make (a chosen Host header, or none at all), and a free port to listen on. */
import { request } from 'node:http';
import { type AddressInfo, createServer } from 'node:net';

export interface HttpReply {
  readonly status: number;
  readonly headers: Readonly<Record<string, string | string[] | undefined>>;
  readonly body: string;
}

export interface RawRequest {
  readonly port: number;
  readonly method?: string;
  readonly path: string;
  /** `null` as a header value leaves the header out, Host included. */
  readonly headers?: Readonly<Record<string, string | string[] | null>>;
  readonly body?: string | Buffer;
}

export function send({ port, method = 'GET', path, headers = {}, body }: RawRequest): Promise<HttpReply> {
  return new Promise((resolve, reject) => {
    const req = request({ host: '127.0.0.1', port, method, path, agent: false, setHost: !('host' in headers) }, (res) => {
      let text = '';
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => (text += chunk));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body: text }));
    });
    for (const [name, value] of Object.entries(headers)) if (value !== null) req.setHeader(name, value);
    req.on('error', reject);
    req.end(body);
  });
}

/** An ephemeral loopback port that was free a moment ago. */
export async function freePort(): Promise<number> {
  const probe = createServer();
  await new Promise<void>((resolve, reject) => probe.once('error', reject).listen(0, '127.0.0.1', resolve));
  const { port } = probe.address() as AddressInfo;
  await new Promise((resolve) => probe.close(resolve));
  return port;
}
