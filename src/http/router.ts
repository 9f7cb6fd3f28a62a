/**
 * The router is data: a table of (method, path pattern, handler) and one `match` that returns its
 * result as a value, so that a reader sees every route in one place. Patterns are literal segments
 * and `{name}` parameters.
 */
import { REQUEST_MESSAGES } from '../messages.ts';
import { problems } from './problem.ts';

export interface Route<H> {
  readonly method: string;
  /** e.g. `/books/{isbn}`; the same template syntax as OpenAPI's. */
  readonly path: string;
  readonly handler: H;
}

export type Match<H> =
  | { readonly kind: 'found'; readonly handler: H; readonly params: Readonly<Record<string, string>> }
  | { readonly kind: 'options'; readonly allow: string }
  | { readonly kind: 'method-not-allowed'; readonly allow: string }
  | { readonly kind: 'not-found' };

/** The methods a path answers: GET implies HEAD (same handler, no body), and every known path answers OPTIONS. */
function allowedMethods(methods: readonly string[]): string {
  return [...methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])), 'OPTIONS'].join(', ');
}

/** One segment of a pattern: a literal to compare, or the name of a parameter to capture. */
type PatternSegment = { readonly literal: string } | { readonly param: string };

/** The routes of one path pattern, compiled once. */
interface PathGroup<H> {
  readonly path: string;
  readonly pattern: readonly PatternSegment[];
  readonly handlers: ReadonlyMap<string, H>;
  readonly allow: string;
}

export class Router<H> {
  readonly routes: readonly Route<H>[];
  /** Every method some path answers, as an Allow header writes them. */
  readonly allMethods: string;
  private readonly groups: PathGroup<H>[] = [];

  constructor(routes: readonly Route<H>[]) {
    this.routes = routes;
    this.allMethods = allowedMethods([...new Set(routes.map((route) => route.method))]);
    for (const path of new Set(routes.map((route) => route.path))) {
      const here = routes.filter((route) => route.path === path);
      this.groups.push({
        path,
        pattern: path.split('/').map(compileSegment),
        handlers: new Map(here.map((route) => [route.method, route.handler])),
        allow: allowedMethods(here.map((route) => route.method)),
      });
    }
  }

  /** `path` is the raw, still-encoded path; a malformed escape anywhere in it is a 400 HttpProblem. */
  match(method: string, path: string): Match<H> {
    decodeSegment(path);
    const segments = path.split('/');
    for (const { pattern, handlers, allow } of this.groups) {
      const params = capture(pattern, segments);
      if (!params) continue;
      if (method === 'OPTIONS') return { kind: 'options', allow };
      const handler = handlers.get(method === 'HEAD' ? 'GET' : method);
      if (handler === undefined) return { kind: 'method-not-allowed', allow };
      return { kind: 'found', handler, params };
    }
    return { kind: 'not-found' };
  }

  /** The template of the routes whose pattern `path` fits, whatever the method, or undefined. */
  templateOf(path: string): string | undefined {
    for (const group of this.groups) if (fits(group.pattern, path)) return group.path;
    return undefined;
  }
}

/** Whether `path` fits a pattern, segment by segment, read in place: metrics ask it of every request. */
function fits(pattern: readonly PatternSegment[], path: string): boolean {
  let start = 0;
  for (let index = 0; index < pattern.length; index++) {
    const part = pattern[index] as PatternSegment;
    const slash = path.indexOf('/', start);
    const last = index === pattern.length - 1;
    if (last !== slash < 0) return false;
    const end = last ? path.length : slash;
    if ('literal' in part ? end - start !== part.literal.length || !path.startsWith(part.literal, start) : end === start) return false;
    start = end + 1;
  }
  return true;
}

/** Decodes one path segment; a malformed escape is a 400 (api.md, Endpoints, rule 6). */
function decodeSegment(segment: string): string {
  try {
    return decodeURIComponent(segment);
  } catch {
    throw problems.badRequest(REQUEST_MESSAGES.malformedPathEscape);
  }
}

function compileSegment(part: string): PatternSegment {
  const name = /^\{(\w+)\}$/.exec(part)?.[1];
  return name === undefined ? { literal: part } : { param: name };
}

/**
 * The decoded parameters when the path's segments fit the pattern's, else undefined. A parameter
 * matches one non-empty segment and is percent-decoded, so `/books/a%2Fb` gives the parameter `a/b`,
 * while `/books/` and `/books/a/b` match nothing.
 */
function capture(pattern: readonly PatternSegment[], segments: readonly string[]): Record<string, string> | undefined {
  if (pattern.length !== segments.length) return undefined;
  const params: Record<string, string> = {};
  for (const [index, part] of pattern.entries()) {
    const segment = segments[index] as string;
    if ('literal' in part) {
      if (segment !== part.literal) return undefined;
    } else if (segment === '')
      return undefined; // a parameter is never empty
    else params[part.param] = decodeSegment(segment);
  }
  return params;
}
