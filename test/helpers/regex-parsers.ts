/**
 * Header parsers as they were before they were rewritten, kept only as the reference that the
 * new ones are compared with (test/http/forwarded.test.ts, test/http/long-headers.test.ts): the
 * new ones must give the same answers without the backtracking patterns. Never used by the
 * service.
 */
import { Problem } from '../../src/core/failures.ts';

/** `proto` and `host` of the last element of a Forwarded header, read with patterns. */
export function forwardedElementByRegex(header: string | undefined): { proto?: string; host?: string } {
  if (header === undefined) return {};
  // Elements are separated by commas outside quoted strings; an empty element matches too.
  const elements = Array.from(header.matchAll(/(?:[^,"]|"(?:[^"\\]|\\.)*")+|(?<=^|,)(?=,|$)/g), (match) => match[0]);
  // Anything the pattern skipped (a quote left open) makes the header malformed.
  if (elements.join(',') !== header) throw new Problem(400, 'The Forwarded header is malformed');
  const last = (elements.at(-1) as string).trim();
  if (last === '') throw new Problem(400, 'The Forwarded header has an empty last element');
  const element: { proto?: string; host?: string } = {};
  for (const [pair] of last.matchAll(/(?:[^;"]|"(?:[^"\\]|\\.)*")+/g)) {
    if (pair.trim() === '') continue; // `a=1; ;b=2`: an empty pair says nothing
    const match = /^\s*(?<name>[A-Za-z]+)=(?:"(?<quoted>(?:[^"\\]|\\.)*)"|(?<token>[^\s";,]*))\s*$/.exec(pair);
    if (!match?.groups) throw new Problem(400, 'The Forwarded header is malformed');
    const name = (match.groups.name as string).toLowerCase();
    const value = match.groups.quoted?.replace(/\\(.)/g, '$1') ?? (match.groups.token as string);
    if (name === 'proto') element.proto = value;
    else if (name === 'host') element.host = value;
  }
  return element;
}

/** `application/json`, or any `type/subtype+json`, with optional parameters, as one pattern. */
export function isJsonMediaTypeByRegex(header: string): boolean {
  return /^\s*(?:application\/json|[a-z0-9!#$&^_.-]+\/[a-z0-9!#$&^_.+-]+\+json)\s*(?:;.*)?$/is.test(header);
}
