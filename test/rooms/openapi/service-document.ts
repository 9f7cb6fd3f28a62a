/**
 * The OpenAPI document of the whole service, as src/main.ts composes it, built with a table of
 * fields of a test's choosing: what GET /openapi.json would serve if the service had that table.
 */
import { FIELDS, type FieldTable } from '../../../src/core/fields.ts';
import { createService } from '../../../src/core/service.ts';
import { openApiDocument } from '../../../src/rooms/openapi/document.ts';
import { ROOMS } from '../../../src/rooms.ts';

export function serviceDocument(table: FieldTable = FIELDS): Record<string, unknown> {
  const { app, plugs } = createService({ rooms: ROOMS, env: {}, write: () => {} });
  return openApiDocument(
    app.routes,
    plugs.flatMap((plug) => (plug.representation ? [plug.representation] : [])),
    table,
  );
}
