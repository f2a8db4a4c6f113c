/**
 * The endpoints of an app whose path has no parameter (`GET /api/hello`, most of them), found by one
 * map lookup on the request's method and path instead of a router. It answers exactly what the router
 * would: a static path is left out when a route added before it, with parameters, could match it too
 * (the router takes the first route that matches), and a request it cannot decide the way the router
 * does (HEAD, which the router answers with GET; a percent-encoded path, which it decodes) is left to
 * the router.
 */
export class StaticRoutes<Endpoint> {
  /** Endpoints by method, then by path: two lookups cost less than building a `method path` key per request. */
  readonly #endpoints = new Map<string, Map<string, Endpoint>>();
  /** The patterns of routes with parameters added so far, by method; null when too complex to test. */
  readonly #patterns: { readonly method: string; readonly pattern: RegExp | null }[] = [];

  /** Adds a route, in the order the router gets it. */
  add(method: string, path: string, endpoint: Endpoint): void {
    if (!isStatic(path)) {
      this.#patterns.push({ method, pattern: patternOf(path) });
      return;
    }
    let byPath = this.#endpoints.get(method);
    if (byPath?.has(path)) return;
    const shadowed = this.#patterns.some(
      (earlier) => earlier.method === method && (earlier.pattern === null || earlier.pattern.test(path)),
    );
    if (shadowed) return;
    if (!byPath) this.#endpoints.set(method, (byPath = new Map()));
    byPath.set(path, endpoint);
  }

  /** The endpoint of a request, by its method and full URL, or undefined when the router must decide. */
  match(method: string, url: string): Endpoint | undefined {
    if (method === 'HEAD') return undefined;
    const byPath = this.#endpoints.get(method);
    if (byPath === undefined) return undefined;
    const path = plainPathOf(url);
    return path === undefined ? undefined : byPath.get(path);
  }
}

function isStatic(path: string): boolean {
  return !/[:*{}()?]/.test(path);
}

/**
 * A path with `:name` segments (and perhaps a final `*`) as a regular expression that matches at least
 * every path the router's pattern matches, or null for any other kind of pattern: a static path that
 * such a pattern might match is left to the router, so being broad is safe.
 */
function patternOf(path: string): RegExp | null {
  const wildcard = path.endsWith('/*');
  const segments = (wildcard ? path.slice(0, -2) : path).split('/').map((segment) => {
    if (/^:[A-Za-z0-9_]+$/.test(segment)) return '[^/]+';
    if (/[:*{}()?]/.test(segment)) return null;
    return segment.replace(/[.+^$|[\]\\]/g, '\\$&');
  });
  return segments.includes(null) ? null : new RegExp(`^${segments.join('/')}${wildcard ? '(?:/.*)?' : ''}$`);
}

/**
 * The path of a full URL, as far as the query or fragment, the way the router reads it; undefined when
 * it is percent-encoded (the router decodes it) or missing.
 */
function plainPathOf(url: string): string | undefined {
  const start = url.indexOf('/', url.indexOf(':') + 4);
  if (start < 0) return undefined;
  let end = start;
  for (; end < url.length; end++) {
    const code = url.charCodeAt(end);
    if (code === 37) return undefined;
    if (code === 63 || code === 35) break;
  }
  return url.slice(start, end);
}
