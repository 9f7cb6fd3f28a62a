/**
 * The body of a PATCH (api.md, Patching a book): a merge patch, or plain JSON read as one, checked
 * as any body is (body.ts) once its type passed; a refused type names the accepted ones.
 */
import type { IncomingMessage } from 'node:http';
import { REQUEST_MESSAGES } from '../messages.ts';
import { readJsonObject } from './body.ts';
import { problems } from './problem.ts';

/** The types of a PATCH body: a merge patch (RFC 7396), or plain JSON, read as one, as most clients send it. */
export const MERGE_PATCH_TYPES = ['application/merge-patch+json', 'application/json'] as const;
/** What a PATCH's 415 and a book's OPTIONS say it accepts. */
export const ACCEPT_PATCH = MERGE_PATCH_TYPES.join(', ');

/** Whether a Content-Type is one of MERGE_PATCH_TYPES, in any case, with optional parameters. */
function isMergePatchType(header: string): boolean {
  const semicolon = header.indexOf(';');
  const type = (semicolon < 0 ? header : header.slice(0, semicolon)).trim().toLowerCase();
  return (MERGE_PATCH_TYPES as readonly string[]).includes(type);
}

/** The body of a PATCH, as a JSON object; a refused type says, in Accept-Patch, which it accepts. */
export function readMergePatch(req: IncomingMessage): Promise<Record<string, unknown>> {
  const headers = { 'accept-patch': ACCEPT_PATCH };
  if (!isMergePatchType(req.headers['content-type'] ?? ''))
    throw problems.unsupportedType(REQUEST_MESSAGES.unsupportedPatchType(MERGE_PATCH_TYPES), headers);
  if (req.headers['content-encoding'] !== undefined) throw problems.encodedBody(headers);
  // Both types are JSON types, so the rest is read as any body is.
  return readJsonObject(req);
}
