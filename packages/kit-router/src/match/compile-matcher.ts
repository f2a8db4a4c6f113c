import { KitRouterError } from '../errors.js';
import type { ManifestRoute, NotFoundBoundary, RouteManifest, RouteSegment } from '../manifest.js';
import { comparePaths } from '../paths.js';
import { compareSegments } from './precedence.js';

/** A route at the end of a trie path, with its parameter names in URL order. */
export interface TrieRoute {
  readonly route: ManifestRoute;
  readonly names: readonly string[];
}

/** One node of the route trie: a position in the URL after some segments. */
export interface TrieNode {
  readonly statics: Map<string, TrieNode>;
  dynamic: TrieNode | null;
  /** The route whose pattern ends here. */
  route: TrieRoute | null;
  /** The route whose catch-all takes the rest of the URL from here (one or more segments). */
  catchAll: TrieRoute | null;
}

/** A not-found boundary with its prefix read back into segments. */
export interface CompiledBoundary {
  readonly boundary: NotFoundBoundary;
  readonly segments: readonly RouteSegment[];
}

/** What a manifest compiles to: built once per manifest object, then only read. */
export interface CompiledManifest {
  readonly trie: TrieNode;
  /** Deepest prefix first, then by precedence. */
  readonly boundaries: readonly CompiledBoundary[];
}

const cache = new WeakMap<RouteManifest, CompiledManifest>();

/**
 * The compiled form of a manifest, from the cache when this manifest object was compiled before. A
 * manifest is treated as immutable: changing one after its first match is not seen (scan again instead).
 */
export function compiledManifest(manifest: RouteManifest): CompiledManifest {
  if (typeof manifest !== 'object' || manifest === null) throw invalid(manifest, 'it is not an object');
  const known = cache.get(manifest);
  if (known) return known;
  const compiled = compile(manifest);
  cache.set(manifest, compiled);
  return compiled;
}

function compile(manifest: RouteManifest): CompiledManifest {
  if (!Array.isArray(manifest.routes)) throw invalid(manifest, '`routes` is not an array');
  if (!Array.isArray(manifest.notFound)) throw invalid(manifest, '`notFound` is not an array');
  const routes = manifest.routes.map((route: unknown, index) => checkedRoute(manifest, route, index));
  // Inserting in precedence order means the first route to reach a trie slot is the one that wins it,
  // so a hand-built manifest in any order matches like a scanned one.
  const ordered = routes
    .map((route, index) => ({ route, index }))
    .sort((a, b) => compareSegments(a.route.segments, b.route.segments) || a.index - b.index);
  const trie = emptyNode();
  for (const { route } of ordered) insert(trie, route);

  const boundaries = manifest.notFound
    .map((boundary: unknown, index): CompiledBoundary => checkedBoundary(manifest, boundary, index))
    .sort(
      (a, b) =>
        b.segments.length - a.segments.length || compareSegments(a.segments, b.segments) || comparePaths(a.boundary.file, b.boundary.file),
    );
  return { trie, boundaries };
}

function insert(trie: TrieNode, route: ManifestRoute): void {
  const names = route.segments.filter((segment) => segment.type !== 'static').map((segment) => segment.value);
  let node = trie;
  for (const segment of route.segments) {
    if (segment.type === 'catch-all') {
      node.catchAll ??= { route, names };
      return;
    }
    if (segment.type === 'dynamic') node = node.dynamic ??= emptyNode();
    else {
      let child = node.statics.get(segment.value);
      if (!child) {
        child = emptyNode();
        node.statics.set(segment.value, child);
      }
      node = child;
    }
  }
  node.route ??= { route, names };
}

function emptyNode(): TrieNode {
  return { statics: new Map(), dynamic: null, route: null, catchAll: null };
}

function checkedRoute(manifest: RouteManifest, route: unknown, index: number): ManifestRoute {
  if (typeof route !== 'object' || route === null) throw invalid(manifest, `routes[${index}] is not an object`);
  const segments = (route as { segments?: unknown }).segments;
  checkSegments(manifest, segments, `routes[${index}]`);
  return route as ManifestRoute;
}

function checkedBoundary(manifest: RouteManifest, boundary: unknown, index: number): CompiledBoundary {
  const prefix = typeof boundary === 'object' && boundary !== null ? (boundary as { prefix?: unknown }).prefix : undefined;
  if (typeof prefix !== 'string' || !prefix.startsWith('/'))
    throw invalid(manifest, `notFound[${index}].prefix is not a path such as /admin`);
  const segments = prefix === '/' ? [] : prefix.slice(1).split('/').map(segmentOfPattern);
  checkSegments(manifest, segments, `notFound[${index}]`);
  return { boundary: boundary as NotFoundBoundary, segments };
}

function segmentOfPattern(text: string): RouteSegment {
  if (text.startsWith(':')) return { type: 'dynamic', value: text.slice(1) };
  if (text.startsWith('*')) return { type: 'catch-all', value: text.slice(1) };
  return { type: 'static', value: text };
}

function checkSegments(manifest: RouteManifest, segments: unknown, where: string): void {
  if (!Array.isArray(segments)) throw invalid(manifest, `${where}.segments is not an array`);
  segments.forEach((segment: unknown, position) => {
    const { type, value } = (typeof segment === 'object' && segment !== null ? segment : {}) as { type?: unknown; value?: unknown };
    if ((type !== 'static' && type !== 'dynamic' && type !== 'catch-all') || typeof value !== 'string') {
      throw invalid(manifest, `${where}.segments[${position}] is not { type: 'static' | 'dynamic' | 'catch-all', value: string }`);
    }
    if (type === 'catch-all' && position !== segments.length - 1)
      throw invalid(manifest, `${where} has a catch-all before its last segment`);
    if (type !== 'static' && (value === '' || value === '__proto__'))
      throw invalid(manifest, `${where}.segments[${position}] has no usable parameter name`);
  });
}

function invalid(manifest: unknown, problem: string): KitRouterError {
  const root =
    typeof manifest === 'object' && manifest !== null && typeof (manifest as { root?: unknown }).root === 'string'
      ? (manifest as { root: string }).root
      : '';
  return new KitRouterError(
    'invalid_manifest',
    root,
    `kit-router cannot match against this manifest: ${problem}; pass the RouteManifest that scanRoutes returned (or its JSON read back)`,
  );
}
