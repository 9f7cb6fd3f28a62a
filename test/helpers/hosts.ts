/** Hosts at the edge of what a link may carry (api.md, The base URL), and the root as each answer gives it. */
import { expectedProblem, expectedRoot } from './books.ts';
import { send } from './http.ts';
import type { TestServer } from './server.ts';

/** A valid host name of 253 characters (four labels, none over 63), and one of 254. */
export const NAME_253 = `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`;
export const NAME_254 = `${NAME_253}d`;

export const root = (base: string): object => expectedRoot(base);
export const tooLong = (detail: string): object => expectedProblem(400, 'Bad Request', detail, '/');

/** GET / with these headers: status, content type and the parsed body. */
export async function getRoot(server: TestServer, headers: Record<string, string>): Promise<[number, unknown, unknown]> {
  const response = await send({ port: server.port, path: '/', headers });
  return [response.status, response.headers['content-type'], JSON.parse(response.body)];
}

export const HAL = 'application/hal+json';
export const PROBLEM = 'application/problem+json';
