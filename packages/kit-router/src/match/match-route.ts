import type { NotFoundBoundary, RouteManifest, RouteMatch, RouteSegment } from '../manifest.js';
import { compiledManifest, type TrieNode, type TrieRoute } from './compile-matcher.js';
import { decodeSegment, splitUrl } from './split-url.js';

/**
 * The route of `manifest` that serves `url`, with its parameters, or null. `url` is a path
 * (`/tickets/42?tab=2#top`) or an absolute URL; the query and hash are ignored, one trailing slash too.
 * Segments are URI-decoded before they are compared, so static segments match case-sensitively on the
 * decoded text and parameters hold decoded values; a malformed escape (`%E0`) or an empty segment where
 * a parameter is expected means no match. Precedence: segment by segment from the left, static beats
 * dynamic beats catch-all (the order of `manifest.routes`). Never throws on any string; the first call
 * for a manifest compiles it into a trie kept for that manifest object.
 *
 * @throws KitRouterError `invalid_manifest` when `manifest` is not shaped like a `RouteManifest`.
 *
 * @example
 * ```ts
 * import { matchRoute, scanRoutes } from '@kit/kit-router';
 *
 * const manifest = await scanRoutes('app/routes');
 * const match = matchRoute('/docs/guides/setup?lang=en', manifest);
 * if (match) console.log(match.route.file, match.params); // docs/[...path].page.tsx { path: ['guides', 'setup'] }
 * ```
 */
export function matchRoute(url: string, manifest: RouteManifest): RouteMatch | null {
  const { trie } = compiledManifest(manifest);
  if (typeof url !== 'string') return null;
  const raw = splitUrl(url);
  if (raw === null) return null;
  const segments: string[] = [];
  for (const segment of raw) {
    const decoded = decodeSegment(segment);
    if (decoded === null) return null;
    segments.push(decoded);
  }
  const values: string[] = [];
  const found = find(trie, segments, 0, values);
  if (found === null) return null;
  const params: Record<string, string | readonly string[]> = {};
  found.trieRoute.names.forEach((name, index) => {
    params[name] = index < values.length ? (values[index] as string) : segments.slice(found.restFrom);
  });
  return { route: found.trieRoute.route, params };
}

interface Found {
  readonly trieRoute: TrieRoute;
  /** Where the catch-all's segments start (the URL's length when there is no catch-all). */
  readonly restFrom: number;
}

/**
 * Depth first: static child, then dynamic child, then the catch-all. Every edge takes one segment, so a
 * node is visited at most once per URL and the walk is bounded by the trie, whatever the URL.
 */
function find(node: TrieNode, segments: readonly string[], index: number, values: string[]): Found | null {
  if (index === segments.length) return node.route === null ? null : { trieRoute: node.route, restFrom: index };
  const segment = segments[index] as string;
  const child = node.statics.get(segment);
  if (child !== undefined) {
    const found = find(child, segments, index + 1, values);
    if (found !== null) return found;
  }
  if (node.dynamic !== null && segment !== '') {
    values.push(segment);
    const found = find(node.dynamic, segments, index + 1, values);
    if (found !== null) return found;
    values.pop();
  }
  if (node.catchAll !== null) {
    for (let rest = index; rest < segments.length; rest += 1) if (segments[rest] === '') return null;
    return { trieRoute: node.catchAll, restFrom: index };
  }
  return null;
}

/**
 * The not-found page for a URL no route serves: the `NotFoundBoundary` of `manifest` with the longest
 * prefix that contains `url` (`/admin` contains `/admin` and `/admin/x/y`; `/` contains every URL), or null
 * when none does. Among prefixes of the same length the more static one wins. `url` is read as
 * `matchRoute` reads it; a prefix's dynamic segment takes any non-empty segment. Never throws on any string.
 *
 * @throws KitRouterError `invalid_manifest` when `manifest` is not shaped like a `RouteManifest`.
 *
 * @example
 * ```ts
 * import { matchNotFound, matchRoute, scanRoutes } from '@kit/kit-router';
 *
 * const manifest = await scanRoutes('app/routes');
 * const url = '/admin/no-such-page';
 * if (!matchRoute(url, manifest)) {
 *   const boundary = matchNotFound(url, manifest);
 *   console.log(boundary?.file ?? 'no not-found.tsx: a plain 404'); // admin/not-found.tsx
 * }
 * ```
 */
export function matchNotFound(url: string, manifest: RouteManifest): NotFoundBoundary | null {
  const { boundaries } = compiledManifest(manifest);
  if (typeof url !== 'string') return null;
  const segments = splitUrl(url);
  if (segments === null) return null;
  for (const { boundary, segments: prefix } of boundaries) if (containsUrl(prefix, segments)) return boundary;
  return null;
}

function containsUrl(prefix: readonly RouteSegment[], segments: readonly string[]): boolean {
  if (prefix.length > segments.length) return false;
  for (let index = 0; index < prefix.length; index += 1) {
    const segment = prefix[index] as RouteSegment;
    if (segment.type === 'catch-all') {
      for (let rest = index; rest < segments.length; rest += 1) if (segments[rest] === '') return false;
      return true;
    }
    const raw = segments[index] as string;
    if (raw === '') return false;
    if (segment.type === 'static' && raw !== segment.value && decodeSegment(raw) !== segment.value) return false;
  }
  return true;
}
