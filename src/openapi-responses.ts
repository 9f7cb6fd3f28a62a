/**
 * The responses of the OpenAPI document (see openapi.ts), built one way for every operation: the
 * headers each always carries, problem answers, the 400, 417 and 500 any request can get, and
 * the HEAD and OPTIONS each path answers. A description starts with the status phrase node sends.
 */
import { STATUS_CODES } from 'node:http';
import { allowedMethods } from './http/router.ts';
import { PROBLEM_TYPE } from './http/problem.ts';
import { examples } from './openapi-examples.ts';
import { type Json, ref } from './openapi-json.ts';

/** What every GET's description ends with. */
export const GET_NOTES = 'HEAD answers like GET without a body; OPTIONS answers 204 with Allow.';
/** The security of an operation anyone may call. */
export const PUBLIC: Json[] = [];
export const REQUEST_ID = ref('parameters', 'RequestId');
export const IF_NONE_MATCH = ref('parameters', 'IfNoneMatch');

/** On every response, errors included (api.md, Headers, rules 3 and 4). */
export const ALWAYS: Json = { 'X-Request-Id': ref('headers', 'RequestId'), 'X-Content-Type-Options': ref('headers', 'NoSniff') };
const WITH_TAG: Json = { ...ALWAYS, ETag: ref('headers', 'ETag') };

/** "Not Found: no book has this isbn." */
export const said = (status: number, description: string): string => `${STATUS_CODES[status]}: ${description}`;

/** An answer with a body of `schema` in `mediaType`, with its examples and headers. */
export function answer(
  status: number,
  description: string,
  mediaType: string,
  schema: string,
  exampleSet?: Json,
  headers: Json = {},
): Json {
  const content = exampleSet ? { schema: ref('schemas', schema), examples: exampleSet } : { schema: ref('schemas', schema) };
  return { description: said(status, description), headers: { ...ALWAYS, ...headers }, content: { [mediaType]: content } };
}

/** A 200 to a GET: it carries an ETag. */
export const ok = (description: string, mediaType: string, schema: string, exampleSet?: Json): Json =>
  answer(200, description, mediaType, schema, exampleSet, { ETag: ref('headers', 'ETag') });

export const problem = (status: number, description: string, exampleSet?: Json, headers?: Json): Json =>
  answer(status, description, PROBLEM_TYPE, 'Problem', exampleSet, headers);

export const notModified: Json = { description: said(304, 'the If-None-Match tag still matches; no body.'), headers: WITH_TAG };
export const noContent = (description: string): Json => ({ description: said(204, description), headers: ALWAYS });
/** A file sent as it is, with its type. */
export const file = (type: string, headers: Json): Json => ({
  description: said(200, 'the file.'),
  headers: { ...WITH_TAG, ...headers },
  content: { [type]: { schema: { type: 'string' } } },
});

export const MALFORMED =
  'a missing or malformed Host header (or forwarded header, with TRUST_PROXY), or a malformed %-escape in the path or query.';

/**
 * Responses that any operation can get: 400 from the request line or headers, 417 for an
 * unsupported Expect, 500. A 405 never answers a documented operation: it is what a method
 * that is not documented here gets (see the info description).
 */
export function common(path: string, badRequest: Json = problem(400, MALFORMED)): Json {
  return {
    '400': badRequest,
    '417': problem(417, 'an Expect header other than 100-continue.', examples.expectationFailed(path)),
    '500': problem(500, 'a generic sentence; the cause is logged with the request id.'),
  };
}

export const unauthorized = (method: string, path: string): Json =>
  problem(401, 'API_TOKEN is set and the request lacks Authorization: Bearer with the right token.', examples.unauthorized(method, path), {
    'WWW-Authenticate': ref('headers', 'WWWAuthenticate'),
  });

type Operation = { operationId: string; tags: string[]; summary: string; parameters?: Json[]; responses: Record<string, Json> };

/**
 * Every path also answers HEAD (a GET without its body) and OPTIONS (204 with Allow); they are
 * written out here from the documented operations, so the two cannot disagree.
 */
export function withHeadAndOptions(pathItems: Record<string, Json>): Json {
  const result: Record<string, Json> = {};
  for (const [path, item] of Object.entries(pathItems)) {
    const { parameters, ...operations } = item as Record<string, Json>;
    const allow = allowedMethods(Object.keys(operations).map((method) => method.toUpperCase()));
    const get = operations.get as Operation | undefined;
    const head = get && {
      operationId: `${get.operationId}Head`,
      security: [],
      tags: get.tags,
      summary: `${get.summary} (headers only)`,
      description: 'The headers of the GET, without the body.',
      parameters: get.parameters,
      responses: Object.fromEntries(Object.entries(get.responses).map(([status, response]) => [status, withoutContent(response)])),
    };
    const options = {
      operationId: `${(get ?? (Object.values(operations)[0] as Operation)).operationId}Options`,
      security: [],
      tags: get?.tags ?? ['books'],
      summary: 'The methods of this path',
      description: `Answers 204 with Allow: ${allow}.`,
      responses: {
        '204': { description: said(204, `Allow lists the methods: ${allow}.`), headers: { ...ALWAYS, Allow: ref('headers', 'Allow') } },
        ...common(path.replace('{isbn}', '4-5-6')),
      },
    };
    result[path] = { parameters, ...operations, ...(head ? { head } : {}), options };
  }
  return result;
}

function withoutContent(response: Json): Json {
  const { content: _content, ...rest } = response as { content?: unknown };
  return rest;
}
