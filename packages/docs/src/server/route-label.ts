const knownPaths = new Set([
  '/api/docs',
  '/api/search',
  '/api/examples',
  '/api/health',
  '/openapi.json',
  '/mcp',
  '/a2a',
  '/.well-known/agent.json',
  '/.well-known/agent-card.json',
  '/metrics',
  '/llms.txt',
  '/llms-full.txt',
  '/',
]);

/**
 * The route a path belongs to, as metrics and logs label it. Unknown paths share one label, so a
 * scanner probing random urls cannot grow the number of time series without bound.
 */
export function routeLabel(path: string): string {
  if (knownPaths.has(path)) return path;
  if (path.startsWith('/docs/')) return path.endsWith('.md') ? '/docs/{slug}.md' : '/docs/{slug}';
  return 'other';
}

/** The path of a request target (`/api/search?q=x` gives `/api/search`). */
export function pathOf(target: string | undefined): string {
  if (!target) return '/';
  const query = target.indexOf('?');
  return query === -1 ? target : target.slice(0, query);
}

const knownMethods = new Set(['GET', 'HEAD', 'POST', 'PUT', 'PATCH', 'DELETE', 'OPTIONS']);

/** The method as metrics and logs label it: a client can send any token, so unknown ones share one label. */
export function methodLabel(method: string | undefined): string {
  return method && knownMethods.has(method) ? method : 'OTHER';
}
