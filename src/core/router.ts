/**
 * The router is data: a table of (method, path pattern, handler) and one `match` that returns its result as a value, so that a reader sees
 * every route in one place. Patterns are literal segments and `{name}` parameters, the template syntax OpenAPI uses.
 */

/** `summary`: what the route serves, in a sentence, for a room that describes the routes. */
export type Route<H> = { readonly method: string; readonly path: string; readonly handler: H; readonly summary?: string };

/** `template` is the path pattern a request fits, whatever its method (a path that cannot be decoded may fit none). */
export type Match<H> =
  | { readonly kind: 'found'; readonly handler: H; readonly params: Readonly<Record<string, string>>; readonly template: string }
  | { readonly kind: 'options'; readonly allow: string; readonly template: string }
  | { readonly kind: 'method-not-allowed'; readonly allow: string; readonly template: string }
  | { readonly kind: 'not-found' }
  | { readonly kind: 'bad-path'; readonly template?: string };

/** Allow's order, the same whatever order the rooms add their routes in; a method not named here comes after these. */
const ORDER = ['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE'];
const rank = (method: string): number => (ORDER.includes(method) ? ORDER.indexOf(method) : ORDER.length);

/** The methods a path answers: GET brings HEAD (the same handler, no body), and every known path answers OPTIONS. */
const allowed = (methods: readonly string[]): string =>
  [...methods.flatMap((method) => (method === 'GET' ? ['GET', 'HEAD'] : [method])).sort((a, b) => rank(a) - rank(b)), 'OPTIONS'].join(', ');

/** A percent-decoded path segment, or undefined for a malformed escape (api.md, Endpoints, rule 6). */
function decoded(segment: string): string | undefined {
  try {
    return decodeURIComponent(segment);
  } catch {
    return undefined;
  }
}

export class Router<H> {
  /** Every method some path answers, as an Allow header writes them. */
  readonly allMethods: string;
  /** The routes of each path pattern, its segments compiled once: a literal, or a parameter's name. */
  private readonly groups: {
    template: string;
    pattern: ({ literal: string } | { param: string })[];
    handlers: Map<string, H>;
    allow: string;
  }[];

  constructor(routes: readonly Route<H>[]) {
    this.allMethods = allowed([...new Set(routes.map((route) => route.method))]);
    this.groups = [...new Set(routes.map((route) => route.path))].map((template) => {
      const here = routes.filter((route) => route.path === template);
      const pattern = template.split('/').map((part) => (/^\{\w+\}$/.test(part) ? { param: part.slice(1, -1) } : { literal: part }));
      return {
        template,
        pattern,
        handlers: new Map(here.map((route) => [route.method, route.handler])),
        allow: allowed(here.map((route) => route.method)),
      };
    });
  }

  /**
   * `path` is the raw, still-encoded path. A parameter matches one non-empty segment and is decoded, so `/books/a%3Fb` gives `a?b`, while
   * `/books/` and `/books/a/b` match nothing.
   */
  match(method: string, path: string): Match<H> {
    const segments = path.split('/');
    for (const { template, pattern, handlers, allow } of this.groups) {
      if (pattern.length !== segments.length) continue;
      const params: Record<string, string> = {};
      let malformed = false;
      const fits = pattern.every((part, index) => {
        const segment = segments[index] as string;
        if ('literal' in part) return segment === part.literal;
        const value = decoded(segment);
        malformed ||= value === undefined;
        params[part.param] = value ?? '';
        return segment !== '';
      });
      if (!fits) continue;
      // A malformed escape is a 400 at the route it fits, so that its answer varies as the route's others do.
      if (malformed) return { kind: 'bad-path', template };
      if (method === 'OPTIONS') return { kind: 'options', allow, template };
      const handler = handlers.get(method === 'HEAD' ? 'GET' : method);
      return handler === undefined ? { kind: 'method-not-allowed', allow, template } : { kind: 'found', handler, params, template };
    }
    return decoded(path) === undefined ? { kind: 'bad-path' } : { kind: 'not-found' };
  }
}
