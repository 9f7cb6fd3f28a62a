/**
 * The `Forwarded` header (RFC 7239 section 4), read by a small scanner that looks at each character
 * once, so that a long header of quotes and backslashes costs what its length costs, where a pattern
 * that backtracks would try the same characters again and again.
 */
import type { IncomingHttpHeaders } from 'node:http';
import { Problem } from '../../core/failures.ts';

/** What a link needs from the element the nearest proxy wrote; other parameters are ignored. */
export interface ForwardedElement {
  proto?: string;
  host?: string;
}

/**
 * What the nearest proxy says, unchecked: the last element of `Forwarded` wins over the
 * X-Forwarded-* family, and X-Forwarded-Port and -Prefix apply on top.
 */
export function forwardedValues(headers: IncomingHttpHeaders): { proto?: string; host?: string; port?: string; prefix?: string } {
  const forwarded = forwardedElement(headers.forwarded);
  return {
    proto: forwarded.proto ?? lastItem(headers['x-forwarded-proto'], 'X-Forwarded-Proto'),
    host: forwarded.host ?? lastItem(headers['x-forwarded-host'], 'X-Forwarded-Host'),
    port: lastItem(headers['x-forwarded-port'], 'X-Forwarded-Port'),
    prefix: lastItem(headers['x-forwarded-prefix'], 'X-Forwarded-Prefix'),
  };
}

const malformed = (): Problem => new Problem(400, 'The Forwarded header is malformed');

/**
 * `proto` and `host` of the last element of a Forwarded header: the one the nearest proxy
 * wrote. Earlier elements are not read, but must split cleanly (no quoted string left open).
 */
export function forwardedElement(header: string | undefined): ForwardedElement {
  if (header === undefined) return {};
  const last = (splitOutsideQuotes(header, ',').at(-1) as string).trim();
  if (last === '') throw new Problem(400, 'The Forwarded header has an empty last element');
  const element: ForwardedElement = {};
  for (const pair of splitOutsideQuotes(last, ';')) {
    if (pair.trim() === '') continue; // `a=1; ;b=2`: an empty pair says nothing
    const { name, value } = parsePair(pair.trim());
    // A repeated parameter: the later one counts.
    if (name === 'proto') element.proto = value;
    else if (name === 'host') element.host = value;
  }
  return element;
}

/**
 * Splits `text` at every `separator` outside a quoted string; a string left open is a 400.
 * Elements are separated by commas and pairs by semicolons, and inside a quoted string a backslash
 * escapes any character.
 */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const pieces: string[] = [];
  let start = 0;
  let quoted = false;
  for (let index = 0; index < text.length; index++) {
    const char = text[index];
    if (quoted) {
      if (char === '\\')
        index++; // the escaped character belongs to the string, whatever it is
      else if (char === '"') quoted = false;
    } else if (char === '"') quoted = true;
    else if (char === separator) {
      pieces.push(text.slice(start, index));
      start = index + 1;
    }
  }
  if (quoted) throw malformed();
  pieces.push(text.slice(start));
  return pieces;
}

// One character class each, anchored at both ends: a single pass with nothing to backtrack.
const NAME = /^[A-Za-z]+$/;
const TOKEN = /^[^\s";,]*$/;

/**
 * `name=value`, with no space around `=`; the value is a token (possibly empty) or one quoted
 * string. The name is compared in any case.
 */
function parsePair(pair: string): { name: string; value: string } {
  const equals = pair.indexOf('=');
  if (equals < 0 || !NAME.test(pair.slice(0, equals))) throw malformed();
  const raw = pair.slice(equals + 1);
  const value = raw.startsWith('"') ? unquote(raw) : TOKEN.test(raw) ? raw : undefined;
  if (value === undefined) throw malformed();
  return { name: pair.slice(0, equals).toLowerCase(), value };
}

/** The text of a quoted string that makes up all of `text`, escapes undone; else undefined. */
function unquote(text: string): string | undefined {
  let value = '';
  for (let index = 1; index < text.length; index++) {
    const char = text[index];
    if (char === '\\') value += text[++index] ?? '';
    else if (char === '"') return index === text.length - 1 ? value : undefined;
    else value += char;
  }
  return undefined; // never closed
}

/**
 * The last item of a header that proxies append to with commas: the one the nearest proxy wrote.
 * Earlier items came from further away and are not read. An empty last item is a 400.
 */
function lastItem(value: string | string[] | undefined, name: string): string | undefined {
  if (value === undefined) return undefined;
  // node joins a repeated header into one value with commas; an array is joined the same way.
  const text = [value].flat().join(',');
  const last = text.slice(text.lastIndexOf(',') + 1).trim();
  if (last === '') throw new Problem(400, `${name} has an empty last value`);
  return last;
}
