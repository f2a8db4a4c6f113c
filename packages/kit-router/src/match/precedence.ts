import type { RouteSegment } from '../manifest.js';

const rank: Readonly<Record<RouteSegment['type'], number>> = { static: 0, dynamic: 1, 'catch-all': 2 };

/**
 * Match precedence of two segment lists: negative when `a` is tried first. Kinds are compared segment by
 * segment from the left (static, then dynamic, then catch-all); when one list runs out with all kinds
 * equal the longer one goes first; then static texts in code-unit order. The trie walk of the matcher
 * (static child, then dynamic child, then catch-all, depth first) returns exactly the first route in this
 * order whose pattern matches, which is why the manifest lists routes sorted by it.
 */
export function compareSegments(a: readonly RouteSegment[], b: readonly RouteSegment[]): number {
  const shared = Math.min(a.length, b.length);
  for (let index = 0; index < shared; index += 1) {
    const difference = rank[(a[index] as RouteSegment).type] - rank[(b[index] as RouteSegment).type];
    if (difference !== 0) return difference;
  }
  if (a.length !== b.length) return b.length - a.length;
  for (let index = 0; index < shared; index += 1) {
    const x = a[index] as RouteSegment;
    const y = b[index] as RouteSegment;
    if (x.type === 'static' && x.value !== y.value) return x.value < y.value ? -1 : 1;
  }
  return 0;
}

/** The pattern text of segments: `/tickets/:id`, `/docs/*path`, `/` for none. */
export function patternOf(segments: readonly RouteSegment[]): string {
  return `/${segments.map((segment) => (segment.type === 'static' ? segment.value : `${segment.type === 'dynamic' ? ':' : '*'}${segment.value}`)).join('/')}`;
}

/**
 * The URLs segments serve, without parameter names: `/tickets/:param` for both `[id]` and `[ticketId]`.
 * Two routes with the same shape serve exactly the same URLs.
 */
export function shapeOf(segments: readonly RouteSegment[]): string {
  return `/${segments.map((segment) => (segment.type === 'static' ? segment.value : segment.type === 'dynamic' ? ':param' : '*param')).join('/')}`;
}
