/**
 * The router is data: a table of (method, path pattern, handler), compiled once, and one `match`
 * that returns its result as a value. Patterns are literal segments and `{name}` parameters;
 * a parameter matches one non-empty segment and is percent-decoded, so `/books/a%2Fb` names the
 * isbn `a/b` while `/books/` and `/books/a/b` match nothing.
 */
import { decodeSegment } from './request.js';

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

/** All the routes of one path pattern. */
interface PathGroup<H> {
  /** The pattern's segments after its leading slash: `/books/{isbn}` is `books`, then a parameter. */
  readonly segments: readonly Segment[];
  readonly handlers: ReadonlyMap<string, H>;
  readonly allow: string;
}

type Segment = { readonly literal: string } | { readonly param: string };

const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;
const SLASH = 0x2f;
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});
const NOT_FOUND = { kind: 'not-found' } as const;

export class Router<H> {
  /** Patterns without parameters, by path: most requests are found with one lookup. */
  private readonly literal = new Map<string, PathGroup<H>>();
  private readonly templates: PathGroup<H>[] = [];

  constructor(readonly routes: readonly Route<H>[]) {
    const byPath = new Map<string, Route<H>[]>();
    for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
    for (const [path, group] of byPath) {
      const segments = path
        .slice(1)
        .split('/')
        .map((segment): Segment => {
          const param = PARAM.exec(segment)?.[1];
          return param === undefined ? { literal: segment } : { param };
        });
      const methods = group.map((route) => route.method);
      // GET implies HEAD (same handler, no body); every known path answers OPTIONS.
      const allow = methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      const compiled = { segments, handlers: new Map(group.map((route) => [route.method, route.handler])), allow: [...allow, 'OPTIONS'].join(', ') };
      if (segments.every((segment) => 'literal' in segment)) this.literal.set(path, compiled);
      else this.templates.push(compiled);
    }
  }

  /** `path` is the raw, still-encoded path; a malformed escape throws a 400 HttpProblem. */
  match(method: string, path: string): Match<H> {
    if (path.includes('%')) decodeSegment(path); // DECISIONS D: malformed anywhere in the path is a 400
    const literal = this.literal.get(path);
    if (literal) return select(literal, method, NO_PARAMS);
    for (const group of this.templates) {
      const params = capture(group.segments, path);
      if (params) return select(group, method, params);
    }
    return NOT_FOUND;
  }
}

function select<H>(group: PathGroup<H>, method: string, params: Readonly<Record<string, string>>): Match<H> {
  if (method === 'OPTIONS') return { kind: 'options', allow: group.allow };
  const handler = group.handlers.get(method === 'HEAD' ? 'GET' : method);
  if (handler === undefined) return { kind: 'method-not-allowed', allow: group.allow };
  return { kind: 'found', handler, params };
}

/**
 * The decoded parameters when `path` has the pattern's shape, else undefined. It walks the path
 * from slash to slash instead of splitting it, since nearly every request goes through here.
 */
function capture(segments: readonly Segment[], path: string): Record<string, string> | undefined {
  const params: Record<string, string> = {};
  let slash = 0; // where the current segment's leading slash should be
  for (const segment of segments) {
    if (path.charCodeAt(slash) !== SLASH) return undefined; // fewer segments than the pattern
    const start = slash + 1;
    const next = path.indexOf('/', start);
    const end = next < 0 ? path.length : next;
    if ('param' in segment) {
      if (end === start) return undefined; // a parameter is never empty
      params[segment.param] = decodeSegment(path.slice(start, end));
    } else if (end - start !== segment.literal.length || !path.startsWith(segment.literal, start)) return undefined;
    slash = end;
  }
  return slash === path.length ? params : undefined; // and not more
}
