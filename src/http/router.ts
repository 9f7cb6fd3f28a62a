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
  readonly segments: readonly string[];
  /** Index of each `{name}` segment, with its name. */
  readonly params: readonly (readonly [number, string])[];
  readonly handlers: ReadonlyMap<string, H>;
  readonly allow: string;
}

const PARAM = /^\{([A-Za-z_][A-Za-z0-9_]*)\}$/;

export class Router<H> {
  private readonly groups: PathGroup<H>[] = [];

  constructor(readonly routes: readonly Route<H>[]) {
    const byPath = new Map<string, Route<H>[]>();
    for (const route of routes) byPath.set(route.path, [...(byPath.get(route.path) ?? []), route]);
    for (const [path, group] of byPath) {
      const segments = path.split('/');
      const params = segments.flatMap((segment, index) => {
        const name = PARAM.exec(segment)?.[1];
        return name === undefined ? [] : [[index, name] as const];
      });
      const methods = group.map((route) => route.method);
      // GET implies HEAD (same handler, no body); every known path answers OPTIONS.
      const allow = methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method]));
      this.groups.push({
        segments,
        params,
        handlers: new Map(group.map((route) => [route.method, route.handler])),
        allow: [...allow, 'OPTIONS'].join(', '),
      });
    }
  }

  /** `path` is the raw, still-encoded path; a malformed escape throws a 400 HttpProblem. */
  match(method: string, path: string): Match<H> {
    if (path.includes('%')) decodeSegment(path); // DECISIONS D: malformed anywhere in the path is a 400
    const segments = path.split('/');
    for (const group of this.groups) {
      if (!sameShape(group.segments, segments)) continue;
      if (method === 'OPTIONS') return { kind: 'options', allow: group.allow };
      const handler = group.handlers.get(method === 'HEAD' ? 'GET' : method);
      if (handler === undefined) return { kind: 'method-not-allowed', allow: group.allow };
      const params: Record<string, string> = {};
      for (const [index, name] of group.params) params[name] = decodeSegment(segments[index] as string);
      return { kind: 'found', handler, params };
    }
    return { kind: 'not-found' };
  }
}

function sameShape(pattern: readonly string[], segments: readonly string[]): boolean {
  if (pattern.length !== segments.length) return false;
  for (let i = 0; i < pattern.length; i++) {
    const expected = pattern[i] as string;
    const actual = segments[i] as string;
    if (expected.startsWith('{') ? actual === '' : expected !== actual) return false;
  }
  return true;
}
