/**
 * Properties of the matcher over generated manifests: no string makes it throw, every route's own pattern
 * filled with random values matches that route with those values back, and the trie walk agrees with a
 * plain first-match scan of `manifest.routes` (the precedence order) on any URL.
 */
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import type { ManifestRoute, RouteManifest, RouteParams, RouteSegment } from '../manifest.js';
import { buildManifest } from '../scan/build-manifest.js';
import { generateRouteTree } from '../testing/generate-routes.js';
import { matchNotFound, matchRoute } from './match-route.js';

const folderName = fc.constantFrom('a', 'b', 'new', 'café', '[id]', '[slug]', '[...rest]', '(g)', '(h)');
const fileName = fc.tuple(
  fc.constantFrom('index', 'a', 'edit', 'new', '[id]', '[key]', '[...all]'),
  fc.constantFrom('.page.tsx', '.api.ts'),
);
const routeFile = fc
  .tuple(fc.array(folderName, { maxLength: 4 }), fileName)
  .map(([folders, [base, suffix]]) => [...folders, `${base}${suffix}`].join('/'));
const notFoundFile = fc.array(folderName, { maxLength: 3 }).map((folders) => [...folders, 'not-found.tsx'].join('/'));
/** Random route trees, conflicts and invalid names included: the builder leaves those out. */
const randomManifest = fc
  .tuple(fc.uniqueArray(routeFile, { minLength: 1, maxLength: 40 }), fc.uniqueArray(notFoundFile, { maxLength: 5 }))
  .map(([routes, notFound]) => buildManifest('/app/routes', [...routes, ...notFound]));
// Built once: a generated app of 150 routes per seed (building one per run would dominate the test's time).
const generatedManifest = fc.constantFrom(
  ...[1, 2, 3, 4].map((seed) => buildManifest('/app/routes', Object.keys(generateRouteTree(150, seed)))),
);
const anyManifest = fc.oneof(randomManifest, generatedManifest);

const anyString = fc.oneof(
  fc.string({ unit: 'binary', maxLength: 80 }),
  fc.webUrl({ withQueryParameters: true, withFragments: true }),
  fc
    .array(
      fc.constantFrom(
        '/',
        'a',
        'new',
        '[id]',
        '%',
        '%E0',
        '%2F',
        '%zz',
        '?',
        '#',
        '..',
        '.',
        '',
        'http:',
        '//',
        'café',
        '\u0000',
        '\ud800',
      ),
      { maxLength: 12 },
    )
    .map((parts) => parts.join('')),
);

/** Segment values that cannot equal a static segment of the manifest (which would win over a parameter). */
function valueFor(manifest: RouteManifest): fc.Arbitrary<string> {
  const statics = new Set(
    manifest.routes.flatMap((route) => route.segments.filter((segment) => segment.type === 'static').map((segment) => segment.value)),
  );
  return fc.string({ unit: 'grapheme', minLength: 1, maxLength: 12 }).filter((value) => !statics.has(value));
}

function fill(route: ManifestRoute, manifest: RouteManifest): fc.Arbitrary<{ url: string; params: RouteParams }> {
  const value = valueFor(manifest);
  const parts = route.segments.map((segment): fc.Arbitrary<string | string[]> =>
    segment.type === 'static'
      ? fc.constant(segment.value)
      : segment.type === 'dynamic'
        ? value
        : fc.array(value, { minLength: 1, maxLength: 4 }),
  );
  return fc.tuple(...parts).map((values) => {
    const params: Record<string, string | readonly string[]> = {};
    route.segments.forEach((segment, index) => {
      if (segment.type !== 'static') params[segment.value] = values[index] as string | string[];
    });
    const path = values.map((part) => (Array.isArray(part) ? part.map(encodeURIComponent).join('/') : encodeURIComponent(part))).join('/');
    return { url: `/${path}`, params };
  });
}

/** The reference matcher: the first route of `manifest.routes` whose pattern matches the path. */
function firstMatch(path: string, manifest: RouteManifest): { file: string; params: RouteParams } | null {
  const trimmed = path.replace(/^\//, '').replace(/\/$/, '');
  const parts: string[] = [];
  for (const raw of trimmed === '' ? [] : trimmed.split('/')) {
    try {
      parts.push(decodeURIComponent(raw));
    } catch {
      return null;
    }
  }
  for (const route of manifest.routes) {
    const params = patternParams(route.segments, parts);
    if (params) return { file: route.file, params };
  }
  return null;
}

function patternParams(segments: readonly RouteSegment[], parts: readonly string[]): RouteParams | null {
  const params: Record<string, string | readonly string[]> = {};
  for (const [index, segment] of segments.entries()) {
    if (segment.type === 'catch-all') {
      const rest = parts.slice(index);
      if (rest.length === 0 || rest.includes('')) return null;
      params[segment.value] = rest;
      return params;
    }
    const part = parts[index];
    if (part === undefined) return null;
    if (segment.type === 'static' && part !== segment.value) return null;
    if (segment.type === 'dynamic') {
      if (part === '') return null;
      params[segment.value] = part;
    }
  }
  return parts.length === segments.length ? params : null;
}

describe('matchRoute and matchNotFound (properties)', () => {
  it('never throw on any string', () => {
    fc.assert(
      fc.property(anyManifest, anyString, (manifest, url) => {
        const match = matchRoute(url, manifest);
        if (match !== null) expect(manifest.routes).toContain(match.route);
        const boundary = matchNotFound(url, manifest);
        if (boundary !== null) expect(manifest.notFound).toContain(boundary);
      }),
      { numRuns: 300 },
    );
  });

  it("match every route's own pattern, filled with random values, to that route with those values back", () => {
    const routeAndUrl = anyManifest
      .filter((manifest) => manifest.routes.length > 0)
      .chain((manifest) =>
        fc.nat({ max: manifest.routes.length - 1 }).chain((index) => {
          const route = manifest.routes[index] as ManifestRoute;
          return fill(route, manifest).map((filled) => ({ manifest, route, ...filled }));
        }),
      );
    let own = 0;
    let runs = 0;
    fc.assert(
      fc.property(routeAndUrl, ({ manifest, route, url, params }) => {
        runs += 1;
        const match = matchRoute(url, manifest);
        if (match?.route !== route) {
          // A catch-all filled with few values can also be what a dynamic route ahead of it serves
          // (`/*all` with ['x'] is `/:key`): then that route wins, as precedence says.
          expect(match).not.toBeNull();
          const winner = match as NonNullable<typeof match>;
          expect(route.segments.some((segment) => segment.type === 'catch-all')).toBe(true);
          expect(manifest.routes.indexOf(winner.route)).toBeLessThan(manifest.routes.indexOf(route));
          expect(firstMatch(url, manifest)).toEqual({ file: winner.route.file, params: winner.params });
          return;
        }
        own += 1;
        expect(match.params).toEqual(params);
      }),
      { numRuns: 300 },
    );
    expect(own / runs).toBeGreaterThan(0.8);
  });

  it('agree with a first-match scan of manifest.routes on any path', () => {
    const segment = fc.oneof(
      fc.constantFrom('a', 'b', 'new', 'edit', 'index', 'caf%C3%A9', 'café', '', '%E0', 'x', 'tickets', 'api', '1'),
      fc.string({ maxLength: 4 }).map(encodeURIComponent),
    );
    const path = fc
      .tuple(fc.array(segment, { maxLength: 6 }), fc.boolean())
      .map(([parts, slash]) => `/${parts.join('/')}${slash && parts.length > 0 ? '/' : ''}`);
    fc.assert(
      fc.property(anyManifest, path, (manifest, url) => {
        const match = matchRoute(url, manifest);
        const expected = firstMatch(url, manifest);
        expect(match === null ? null : { file: match.route.file, params: match.params }).toEqual(expected);
      }),
      { numRuns: 500 },
    );
  });
});
