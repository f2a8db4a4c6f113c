import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { KitRouterError } from '../errors.js';
import type { RouteManifest } from '../manifest.js';
import { scanRoutes } from '../scan/scan-routes.js';
import { files, routeTree, tempRouteTree } from '../testing/route-tree.js';
import { thrownBy } from '../../../../test-support/rejection.js';
import { matchNotFound, matchRoute } from './match-route.js';

const tree = files(
  'index.page.tsx',
  'about.page.tsx',
  '[slug].page.tsx',
  '[...rest].page.tsx',
  'tickets/index.page.tsx',
  'tickets/new.page.tsx',
  'tickets/[id].page.tsx',
  'tickets/[id]/edit.page.tsx',
  'tickets/[id]/[...rest].page.tsx',
  'docs/index.page.tsx',
  'docs/[...path].page.tsx',
  'docs/api/[name].page.tsx',
  'api/tickets/[id].api.ts',
  'api/tickets/[id]/comments.api.ts',
  'users/[userId]/posts/[postId].page.tsx',
  'café/index.page.tsx',
  'not-found.tsx',
  'admin/not-found.tsx',
  'admin/users/[id]/not-found.tsx',
  'admin/users/me/not-found.tsx',
  'files/[...path]/not-found.tsx',
);

let manifest: RouteManifest;
let removeTree: (() => Promise<void>) | undefined;
beforeAll(async () => {
  const written = await tempRouteTree(tree);
  removeTree = written.remove;
  manifest = await scanRoutes(written.dir);
  expect(manifest.diagnostics).toEqual([]);
});
afterAll(() => removeTree?.());

describe('matchRoute precedence', () => {
  it.each([
    ['/', 'index.page.tsx', {}],
    ['', 'index.page.tsx', {}],
    ['/?x=1', 'index.page.tsx', {}],
    ['/#top', 'index.page.tsx', {}],
    ['/about', 'about.page.tsx', {}],
    ['/about/', 'about.page.tsx', {}],
    ['about', 'about.page.tsx', {}],
    ['/about?next=/tickets#x', 'about.page.tsx', {}],
    ['/About', '[slug].page.tsx', { slug: 'About' }],
    ['/x', '[slug].page.tsx', { slug: 'x' }],
    ['/tickets', 'tickets/index.page.tsx', {}],
    ['/tickets/new', 'tickets/new.page.tsx', {}],
    ['/tickets/42', 'tickets/[id].page.tsx', { id: '42' }],
    ['/tickets/42/', 'tickets/[id].page.tsx', { id: '42' }],
    ['/tickets/42/edit', 'tickets/[id]/edit.page.tsx', { id: '42' }],
    ['/tickets/new/edit', 'tickets/[id]/edit.page.tsx', { id: 'new' }],
    ['/tickets/42/history', 'tickets/[id]/[...rest].page.tsx', { id: '42', rest: ['history'] }],
    ['/tickets/42/a/b', 'tickets/[id]/[...rest].page.tsx', { id: '42', rest: ['a', 'b'] }],
    ['/docs', 'docs/index.page.tsx', {}],
    ['/docs/api/fetch', 'docs/api/[name].page.tsx', { name: 'fetch' }],
    ['/docs/api', 'docs/[...path].page.tsx', { path: ['api'] }],
    ['/docs/api/fetch/more', 'docs/[...path].page.tsx', { path: ['api', 'fetch', 'more'] }],
    ['/docs/guides/setup?lang=en', 'docs/[...path].page.tsx', { path: ['guides', 'setup'] }],
    ['/api/tickets/7', 'api/tickets/[id].api.ts', { id: '7' }],
    ['/api/tickets/7/comments', 'api/tickets/[id]/comments.api.ts', { id: '7' }],
    ['/api/tickets', '[...rest].page.tsx', { rest: ['api', 'tickets'] }],
    ['/users/1/posts/2', 'users/[userId]/posts/[postId].page.tsx', { userId: '1', postId: '2' }],
    ['/nothing/deep/path', '[...rest].page.tsx', { rest: ['nothing', 'deep', 'path'] }],
    ['/tickets/a%2Fb', 'tickets/[id].page.tsx', { id: 'a/b' }],
    ['/tickets/caf%C3%A9%20au%20lait', 'tickets/[id].page.tsx', { id: 'café au lait' }],
    ['/tickets/a+b', 'tickets/[id].page.tsx', { id: 'a+b' }],
    ['/caf%C3%A9', 'café/index.page.tsx', {}],
    ['/café', 'café/index.page.tsx', {}],
    ['/tick%65ts/new', 'tickets/new.page.tsx', {}],
    ['/docs/a%2Fb/c', 'docs/[...path].page.tsx', { path: ['a/b', 'c'] }],
    ['http://example.com/tickets/42?x=1#y', 'tickets/[id].page.tsx', { id: '42' }],
    ['https://example.com', 'index.page.tsx', {}],
    ['https://example.com/docs/a/../b', 'docs/[...path].page.tsx', { path: ['b'] }],
  ])('%s -> %s', (url, file, params) => {
    const match = matchRoute(url, manifest);
    expect(match?.route.file).toBe(file);
    expect(match?.params).toEqual(params);
  });

  it.each([
    ['/tickets/%E0', 'a malformed escape'],
    ['/tickets/%zz/edit', 'an escape that is no hex'],
    ['/tickets//edit', 'an empty segment where a parameter is expected'],
    ['//x', 'an empty first segment'],
    ['/docs/a//b', 'an empty segment inside a catch-all'],
    ['http://[::1', 'an absolute URL the parser refuses'],
  ])('%s -> no match (%s)', (url) => {
    expect(matchRoute(url, manifest)).toBeNull();
  });

  it('returns the route object of the manifest itself', () => {
    expect(manifest.routes).toContain(matchRoute('/tickets/1', manifest)?.route);
  });

  it('answers null when no route matches and there is no catch-all', async () => {
    const small = await scanRoutes(await routeTree(files('index.page.tsx', 'a/[id].page.tsx')));
    expect(matchRoute('/b', small)).toBeNull();
    expect(matchRoute('/a', small)).toBeNull();
    expect(matchRoute('/a/1/2', small)).toBeNull();
    expect(matchRoute('/a/1', small)?.params).toEqual({ id: '1' });
  });

  it('answers null for a url that is not a string', () => {
    expect(matchRoute(42 as unknown as string, manifest)).toBeNull();
    expect(matchNotFound(null as unknown as string, manifest)).toBeNull();
  });
});

describe('matchNotFound', () => {
  it.each([
    ['/', 'not-found.tsx'],
    ['/nothing', 'not-found.tsx'],
    ['/administrator', 'not-found.tsx'],
    ['/admin', 'admin/not-found.tsx'],
    ['/admin/', 'admin/not-found.tsx'],
    ['/admin/x/y?z=1', 'admin/not-found.tsx'],
    ['/admin/users', 'admin/not-found.tsx'],
    ['/admin/users/7', 'admin/users/[id]/not-found.tsx'],
    ['/admin/users/7/posts', 'admin/users/[id]/not-found.tsx'],
    ['/admin/users/me/x', 'admin/users/me/not-found.tsx'],
    ['/admin/users/m%65', 'admin/users/me/not-found.tsx'],
    ['/files/a', 'files/[...path]/not-found.tsx'],
    ['/files/a/b/c', 'files/[...path]/not-found.tsx'],
    ['/files', 'not-found.tsx'],
    ['/admin/%E0', 'admin/not-found.tsx'],
    ['http://example.com/admin/x', 'admin/not-found.tsx'],
  ])('%s -> %s', (url, file) => {
    expect(matchNotFound(url, manifest)?.file).toBe(file);
  });

  it('answers null when no not-found page contains the URL', async () => {
    const small = await scanRoutes(await routeTree(files('admin/not-found.tsx')));
    expect(matchNotFound('/admin/x', small)?.prefix).toBe('/admin');
    expect(matchNotFound('/other', small)).toBeNull();
    expect(matchNotFound('http://[::1', small)).toBeNull();
  });
});

describe('the compiled matcher', () => {
  it('compiles a manifest once: later changes to the same object are not seen, a new object is', async () => {
    const scanned = await scanRoutes(await routeTree(files('a.page.tsx', 'b.page.tsx')));
    const mutable = { ...scanned, routes: [...scanned.routes] };
    expect(matchRoute('/b', mutable)?.route.file).toBe('b.page.tsx');
    mutable.routes.pop();
    expect(matchRoute('/b', mutable)?.route.file).toBe('b.page.tsx');
    expect(matchRoute('/b', { ...mutable })).toBeNull();
  });

  it('matches a manifest read back from JSON, and a hand-built one in any order, by the same precedence', () => {
    const copy = JSON.parse(JSON.stringify(manifest)) as RouteManifest;
    const reversed: RouteManifest = { ...copy, routes: [...copy.routes].reverse(), notFound: [...copy.notFound].reverse() };
    for (const url of ['/', '/tickets/new', '/tickets/1/x', '/docs/api', '/docs/api/x', '/zzz', '/users/1/posts/2']) {
      expect(matchRoute(url, copy)).toEqual(matchRoute(url, manifest));
      expect(matchRoute(url, reversed)).toEqual(matchRoute(url, manifest));
    }
    for (const url of ['/admin/users/7', '/admin/users/me', '/files/x', '/x']) {
      expect(matchNotFound(url, reversed)).toEqual(matchNotFound(url, manifest));
    }
  });

  it.each([
    [null, 'it is not an object'],
    [{ root: '/app', routes: 'nope', notFound: [] }, '`routes` is not an array'],
    [{ root: '/app', routes: [], notFound: {} }, '`notFound` is not an array'],
    [
      { root: '/app', routes: [{ segments: [{ type: 'regex', value: 'x' }] }], notFound: [] },
      "routes[0].segments[0] is not { type: 'static' | 'dynamic' | 'catch-all', value: string }",
    ],
    [
      {
        root: '/app',
        routes: [
          {
            segments: [
              { type: 'catch-all', value: 'a' },
              { type: 'static', value: 'b' },
            ],
          },
        ],
        notFound: [],
      },
      'routes[0] has a catch-all before its last segment',
    ],
    [
      { root: '/app', routes: [], notFound: [{ file: 'not-found.tsx', prefix: 'admin' }] },
      'notFound[0].prefix is not a path such as /admin',
    ],
  ])('throws invalid_manifest for a manifest that is not one (%#)', (bad, problem) => {
    const error = thrownBy(() => matchRoute('/', bad as unknown as RouteManifest), KitRouterError);
    expect(error.code).toBe('invalid_manifest');
    expect(error.message).toBe(
      `kit-router cannot match against this manifest: ${problem}; pass the RouteManifest that scanRoutes returned (or its JSON read back)`,
    );
  });
});
