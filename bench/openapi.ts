/**
 * Prints the OpenAPI document the whole service serves at GET /openapi.json, as src/main.ts
 * composes it, for the linters of `make lint`. Run: node bench/openapi.ts > openapi.json
 */
import { createService } from '../src/core/service.ts';
import { ROOMS } from '../src/rooms.ts';

const { app } = createService({ rooms: ROOMS, env: { LOG_LEVEL: 'silent' }, write: () => {} });
const route = app.routes.find((it) => it.method === 'GET' && it.path === '/openapi.json');
if (route === undefined) throw new Error('no room serves /openapi.json');
const reply = await route.handler({
  req: {} as never,
  body: async () => Buffer.alloc(0),
  params: {},
  query: new Map(),
  base: '',
  requestId: '',
});
console.log(JSON.stringify(reply.body));
