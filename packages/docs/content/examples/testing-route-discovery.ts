// ---
// title: A test that important URLs reach the right route files
// description: A vitest file that scans a routes folder once, asserts that it has no diagnostics, and checks with matchRoute and matchNotFound that each URL reaches the intended file with the right params, catching a renamed or misnamed route file before users do.
// topics: [testing, routing]
// relatedDocs: /docs/testing#testing-route-discovery
// ---
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { matchNotFound, matchRoute, scanRoutes } from '@kit/kit-router';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

let dir: string;
let manifest: Awaited<ReturnType<typeof scanRoutes>>;

beforeAll(async () => {
  // A fixture tree keeps the test self-contained; in an app, scan 'app/routes' itself.
  dir = await mkdtemp(join(tmpdir(), 'kit-routes-test-'));
  const files = [
    'index.page.tsx',
    'not-found.tsx',
    'tickets/index.page.tsx',
    'tickets/new.page.tsx',
    'tickets/[id].page.tsx',
    'admin/_layout.tsx',
    'admin/not-found.tsx',
    'admin/users.page.tsx',
    'api/tickets/index.api.ts',
    'api/tickets/[id].api.ts',
  ];
  for (const file of files) {
    await mkdir(dirname(join(dir, file)), { recursive: true });
    await writeFile(join(dir, file), 'export default {};\n');
  }
  manifest = await scanRoutes(dir);
});

afterAll(async () => {
  await rm(dir, { recursive: true, force: true });
});

describe('route discovery', () => {
  it('finds no misnamed or conflicting files', () => {
    expect(manifest.diagnostics).toEqual([]);
  });

  it.each([
    ['/', 'index.page.tsx', {}],
    ['/tickets', 'tickets/index.page.tsx', {}],
    ['/tickets/new', 'tickets/new.page.tsx', {}],
    ['/tickets/42', 'tickets/[id].page.tsx', { id: '42' }],
    ['/tickets/caf%C3%A9', 'tickets/[id].page.tsx', { id: 'café' }],
    ['/admin/users', 'admin/users.page.tsx', {}],
    ['/api/tickets/7', 'api/tickets/[id].api.ts', { id: '7' }],
  ])('serves %s with %s', (url, file, params) => {
    const match = matchRoute(url, manifest);
    expect(match?.route.file).toBe(file);
    expect(match?.params).toEqual(params);
  });

  it('wraps admin pages in the admin layout', () => {
    expect(matchRoute('/admin/users', manifest)?.route.layouts).toEqual(['admin/_layout.tsx']);
  });

  it('answers unknown URLs with the nearest not-found page', () => {
    expect(matchRoute('/admin/nothing', manifest)).toBeNull();
    expect(matchNotFound('/admin/nothing', manifest)?.file).toBe('admin/not-found.tsx');
    expect(matchNotFound('/elsewhere', manifest)?.file).toBe('not-found.tsx');
  });
});
