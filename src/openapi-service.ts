/**
 * The service's own paths in the OpenAPI document (see openapi.ts): the API root, the health
 * check, the document itself and the explorer's files. The book operations are in openapi-paths.ts.
 */
import { EXPLORER_FILES } from './explorer.ts';
import { JSON_TYPE, HAL_TYPE } from './http/respond.ts';
import { examples } from './openapi-examples.ts';
import { ALWAYS, answer, common, file, GET_NOTES, IF_NONE_MATCH, notModified, ok, PUBLIC, REQUEST_ID, said } from './openapi-responses.ts';
import { type Json, ref } from './openapi-json.ts';

const meta = (operationId: string, summary: string, description: string, responses: Json, parameters: Json[] = [IF_NONE_MATCH]): Json => ({
  parameters: [REQUEST_ID],
  get: { operationId, security: PUBLIC, tags: ['meta'], summary, description: `${description} ${GET_NOTES}`, parameters, responses },
});

/** The explorer's page, script modules and stylesheet (src/explorer.ts), each a file sent as it is. */
function explorerPaths(): Record<string, Json> {
  const policy = {
    'Content-Security-Policy': { description: "default-src 'self'; frame-ancestors 'none'", required: true, schema: { type: 'string' } },
  };
  return Object.fromEntries(
    EXPLORER_FILES.map(({ path, operationId, type, summary }) => [
      path,
      {
        parameters: [REQUEST_ID],
        get: {
          operationId,
          security: PUBLIC,
          tags: ['explorer'],
          summary,
          description: `Read once at start-up and sent as it is, with its exact type (${type}). ${GET_NOTES}`,
          parameters: [IF_NONE_MATCH],
          responses: { '200': file(type, policy), '304': notModified, ...common(path) },
        },
      },
    ]),
  );
}

/** Root, health, the document and the explorer, in that order. */
export function servicePaths(): Record<string, Json> {
  const vary = { Vary: { description: 'Accept: the answer depends on it.', required: true, schema: { type: 'string' } } };
  return {
    '/': meta(
      'getRoot',
      'API root',
      "Links to the book collection, so a client needs one URL to start from. A browser's address bar (an Accept that names text/html and no JSON type) is sent to the explorer instead. Both answers vary by Accept.",
      {
        '200': answer(200, 'the root links.', HAL_TYPE, 'Root', examples.root, { ETag: ref('headers', 'ETag'), ...vary }),
        '303': {
          description: said(303, 'a browser is sent to the API explorer, {base_url}/explorer.'),
          headers: {
            ...ALWAYS,
            ...vary,
            Location: { description: 'The explorer: {base_url}/explorer.', required: true, schema: { type: 'string', format: 'uri' } },
          },
        },
        '304': notModified,
        ...common('/'),
      },
      [
        IF_NONE_MATCH,
        {
          name: 'Accept',
          in: 'header',
          description: 'text/html with no JSON type gets the 303 to the explorer; anything else, the HAL root.',
          schema: { type: 'string' },
        },
      ],
    ),
    '/health': meta('getHealth', 'Health check', 'For container health checks and the reverse proxy.', {
      '200': ok('the service is up.', JSON_TYPE, 'Health', examples.health),
      '304': notModified,
      ...common('/health'),
    }),
    '/openapi.json': meta('getOpenApi', 'This OpenAPI document', 'The OpenAPI 3.1 description of every route.', {
      '200': {
        description: said(200, 'the document.'),
        headers: { ...ALWAYS, ETag: ref('headers', 'ETag') },
        content: { [JSON_TYPE]: { schema: { type: 'object' } } },
      },
      '304': notModified,
      ...common('/openapi.json'),
    }),
    ...explorerPaths(),
  };
}
