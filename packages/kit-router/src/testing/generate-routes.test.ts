import { describe, expect, it } from 'vitest';
import { matchRoute } from '../match/match-route.js';
import { scanRoutes } from '../scan/scan-routes.js';
import { generateRouteTree } from './generate-routes.js';
import { routeTree } from './route-tree.js';

const routeFile = /\.(page\.tsx|api\.ts)$/;

describe('generateRouteTree', () => {
  it.each([0, 1, 37, 1_000])('makes exactly %i route files', (count) => {
    const tree = generateRouteTree(count);
    expect(Object.keys(tree).filter((file) => routeFile.test(file))).toHaveLength(count);
  });

  it('gives the same tree for the same seed and another for another seed', () => {
    expect(generateRouteTree(300, 7)).toEqual(generateRouteTree(300, 7));
    expect(Object.keys(generateRouteTree(300, 7))).not.toEqual(Object.keys(generateRouteTree(300, 8)));
  });

  it('writes a realistic tree that scans without a diagnostic', async () => {
    const tree = generateRouteTree(1_000, 3);
    const manifest = await scanRoutes(await routeTree(tree));
    expect(manifest.diagnostics).toEqual([]);
    expect(manifest.routes).toHaveLength(1_000);
    const kinds = new Set(manifest.routes.flatMap((route) => route.segments.map((segment) => segment.type)));
    expect([...kinds].sort()).toEqual(['catch-all', 'dynamic', 'static']);
    expect(manifest.routes.filter((route) => route.kind === 'api').length).toBeGreaterThan(200);
    expect(manifest.routes.some((route) => route.layouts.length >= 3 && route.middleware.length >= 1 && route.loading !== null)).toBe(true);
    expect(manifest.notFound.length).toBeGreaterThan(1);
    // Non-route files (layouts, middleware, helpers) come on top of the routes.
    expect(Object.keys(tree).length / 1_000).toBeGreaterThan(1.2);
    expect(matchRoute('/tickets/42/edit', manifest)?.params).toEqual({ id: '42' });
  });

  it('refuses a count that is not a whole number', () => {
    expect(() => generateRouteTree(-1)).toThrow('generateRouteTree(count): count must be a whole number of routes, got -1');
    expect(() => generateRouteTree(1.5)).toThrow(RangeError);
  });
});
