/** What every write operation of the document shares: its security, its 401, the body it takes, If-Match and its 412. */
import { JSON_TYPE } from '../../core/send.ts';
import { examples } from './examples.ts';
import { MALFORMED, problem, ref, type Json } from './schemas.ts';

// A token only when the service runs with API_TOKEN; `{}` says a request without one may pass.
export const WRITE: Json[] = [{ bearer: [] }, {}];

export const unauthorized = (method: string, path: string): Json =>
  problem(401, 'API_TOKEN is set and the request lacks Authorization: Bearer with the right token.', examples.unauthorized(method, path), {
    'WWW-Authenticate': ref('headers', 'WWWAuthenticate'),
  });
export const TOO_LARGE = 'the body exceeds 16 KiB; the connection is closed.';
export const UNSUPPORTED = 'the body is not declared as JSON, or has a Content-Encoding.';
export const badBody = (more: string): string =>
  `the body is not JSON, not an object, or fails validation${more} (each failure in errors), or: ${MALFORMED}`;

/** A book as the body of a write: application/json or any +json type. */
export const bookBody = (description: string, shown: Json): Json => {
  const input = { schema: ref('schemas', 'BookInput') };
  return { required: true, description, content: { [JSON_TYPE]: { ...input, examples: shown }, 'application/*+json': input } };
};

/** If-Match on a write (api.md, Editing): the tag of the book as the client read it. */
export const ifMatch: Json = {
  name: 'If-Match',
  in: 'header',
  description:
    'The ETag of the book as a GET through the same base URL returned it, * for any existing book, or a comma-separated list of tags. Compared strongly: a weak tag (W/"…") never matches. Without it, the write goes ahead.',
  schema: { type: 'string' },
};
/** A 412 carries the book's current tag, when there is a book (a DELETE's may have none). */
export const preconditionFailed = (description: string, shown: Json, etag: Json = ref('headers', 'ETag')): Json =>
  problem(412, `${description} Nothing changed.`, shown, { ETag: etag });
