/**
 * Reading a request's body as a JSON object, checked in the contract's order: content type and
 * encoding (415), size (413), UTF-8 and JSON (400), an object (400). api.md, Errors.
 */
import type { IncomingMessage } from 'node:http';
import { REQUEST_MESSAGES } from '../messages.ts';
import { problems } from './problem.ts';

/** Largest accepted request body, in bytes (api.md, Limits, rule 1). */
export const BODY_LIMIT = 16 * 1024;

// type/subtype, each one character class: one pass, with no choice to go back on.
const MEDIA_TYPE = /^[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+$/;

/**
 * Whether a Content-Type is `application/json` or any `type/subtype+json`, in any case, with
 * optional parameters such as a charset. It is split by hand, because one pattern for all of it
 * would go back over the subtype to try each `+` in it as the start of `+json`.
 */
export function isJsonMediaType(header: string): boolean {
  const semicolon = header.indexOf(';');
  const type = (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return type === 'application/json' || (type.endsWith('+json') && MEDIA_TYPE.test(type.slice(0, -'+json'.length)));
}

const utf8 = new TextDecoder('utf-8', { fatal: true });

/** The body of a write (POST or PUT), as a JSON object. */
export async function readJsonObject(req: IncomingMessage): Promise<Record<string, unknown>> {
  if (!isJsonMediaType(req.headers['content-type'] ?? '')) throw problems.unsupportedType();
  if (req.headers['content-encoding'] !== undefined) throw problems.encodedBody();
  // A declared length over the limit is refused before a byte of the body is read.
  if (Number(req.headers['content-length']) > BODY_LIMIT) throw problems.tooLarge(BODY_LIMIT);

  const bytes = await readBody(req);
  let value: unknown;
  try {
    // Whatever charset the client names, JSON is UTF-8 (RFC 8259), and bytes that are not fail.
    value = JSON.parse(utf8.decode(bytes));
  } catch {
    throw problems.invalidJson();
  }
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw problems.notAnObject();
  return value as Record<string, unknown>;
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      // Past the limit nothing more is kept; node discards the rest once the 413 is sent, and
      // closes the socket.
      if (size > BODY_LIMIT) reject(problems.tooLarge(BODY_LIMIT));
      else chunks.push(chunk);
    });
    req.once('end', () => resolve(Buffer.concat(chunks, size)));
    // 'close' comes after 'end' for a whole body, and alone when the client hangs up mid-body:
    // its own fault, not a server error, and the 400 goes nowhere. The problem is made only
    // then: an HttpProblem is an Error, and building its stack trace for every request, only to
    // throw it away, would be a real share of a POST's work (docs/performance.md). node emits
    // 'error' on a request only to a listener, so none is needed.
    req.once('close', () => {
      if (!req.complete) reject(problems.badRequest(REQUEST_MESSAGES.bodyCutShort));
    });
  });
}
