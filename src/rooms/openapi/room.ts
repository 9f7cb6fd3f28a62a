/**
 * The OpenAPI document, as a room: `GET /openapi.json` describes every route the core and the
 * rooms plugged in (api.md, Endpoints), made once, at its first request, when every room is in.
 */
import { defineRoom } from '../../core/rooms.ts';
import { JSON_TYPE } from '../../core/send.ts';
import { openApiDocument } from './document.ts';
import type { Json } from './schemas.ts';

export const openapi = defineRoom({
  name: 'openapi',
  plug: (_settings, core) => {
    let document: Json | undefined;
    return {
      routes: [
        {
          method: 'GET',
          path: '/openapi.json',
          summary: 'This OpenAPI document.',
          handler: () => ({ status: 200, body: (document ??= openApiDocument(core.routes(), core.representations())), type: JSON_TYPE }),
        },
      ],
    };
  },
});
