import { spawnSync } from 'node:child_process';
import { chmod, mkdir, symlink, writeFile } from 'node:fs/promises';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { KitRouterError } from '../errors.js';
import type { ManifestRoute, RouteManifest } from '../manifest.js';
import { files, routeTree } from '../testing/route-tree.js';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { scanRoutes } from './scan-routes.js';

function route(manifest: RouteManifest, file: string): ManifestRoute {
  const found = manifest.routes.find((candidate) => candidate.file === file);
  if (!found) throw new Error(`no route ${file} in ${manifest.routes.map((candidate) => candidate.file).join(', ')}`);
  return found;
}

function patterns(manifest: RouteManifest): Record<string, string> {
  return Object.fromEntries(manifest.routes.map((candidate) => [candidate.file, candidate.pattern]));
}

describe('scanRoutes: file names to URL patterns', () => {
  it('maps every convention, index files, groups, dynamic segments and catch-alls', async () => {
    const dir = await routeTree(
      files(
        'index.page.tsx',
        'about.page.tsx',
        'feed.xml.api.ts',
        'tickets/index.page.tsx',
        'tickets/[id].page.tsx',
        'tickets/[id]/edit.page.tsx',
        'tickets/new.page.tsx',
        '(marketing)/pricing.page.tsx',
        '(marketing)/(deep)/careers/index.page.tsx',
        'docs/[...path].page.tsx',
        'api/tickets/index.api.ts',
        'api/tickets/[id].api.ts',
        'api/health.api.ts',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(manifest.diagnostics).toEqual([]);
    expect(patterns(manifest)).toEqual({
      'index.page.tsx': '/',
      'about.page.tsx': '/about',
      'feed.xml.api.ts': '/feed.xml',
      'tickets/index.page.tsx': '/tickets',
      'tickets/[id].page.tsx': '/tickets/:id',
      'tickets/[id]/edit.page.tsx': '/tickets/:id/edit',
      'tickets/new.page.tsx': '/tickets/new',
      '(marketing)/pricing.page.tsx': '/pricing',
      '(marketing)/(deep)/careers/index.page.tsx': '/careers',
      'docs/[...path].page.tsx': '/docs/*path',
      'api/tickets/index.api.ts': '/api/tickets',
      'api/tickets/[id].api.ts': '/api/tickets/:id',
      'api/health.api.ts': '/api/health',
    });
    expect(route(manifest, 'tickets/[id]/edit.page.tsx')).toMatchObject({
      kind: 'page',
      segments: [
        { type: 'static', value: 'tickets' },
        { type: 'dynamic', value: 'id' },
        { type: 'static', value: 'edit' },
      ],
      params: ['id'],
    });
    expect(route(manifest, 'docs/[...path].page.tsx')).toMatchObject({
      segments: [
        { type: 'static', value: 'docs' },
        { type: 'catch-all', value: 'path' },
      ],
      params: ['path'],
    });
    expect(route(manifest, 'api/tickets/[id].api.ts').kind).toBe('api');
    expect(manifest.root).toBe(dir);
  });

  it('lists routes in match precedence order: static before dynamic before catch-all, longer first at equal kinds', async () => {
    const dir = await routeTree(
      files(
        'index.page.tsx',
        '[slug].page.tsx',
        '[...rest].page.tsx',
        'a/index.page.tsx',
        'a/[id].page.tsx',
        'a/b.page.tsx',
        'a/[id]/c.page.tsx',
        'a/[...rest].page.tsx',
        'b.page.tsx',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(manifest.routes.map((candidate) => candidate.pattern)).toEqual([
      '/a/b',
      '/a/:id/c',
      '/a/:id',
      '/a/*rest',
      '/a',
      '/b',
      '/:slug',
      '/*rest',
      '/',
    ]);
  });

  it('ignores helpers, components, styles, tests, hidden entries and node_modules', async () => {
    const dir = await routeTree(
      files(
        'tickets/index.page.tsx',
        'tickets/schemas.ts',
        'tickets/ticket-card.tsx',
        'tickets/list.page.css',
        'tickets/index.page.test.tsx',
        'tickets/_layout.test.tsx',
        'tickets/types.d.ts',
        'tickets/README.md',
        '.hidden/secret.page.tsx',
        'tickets/.draft.page.tsx',
        'node_modules/pkg/index.page.tsx',
        'tickets/node_modules/x.page.tsx',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['tickets/index.page.tsx']);
    expect(manifest.diagnostics).toEqual([]);
  });

  it('accepts a path relative to the working directory', async () => {
    const dir = await routeTree(files('index.page.tsx'));
    const manifest = await scanRoutes(relative(process.cwd(), dir));
    expect(manifest.root).toBe(dir);
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['index.page.tsx']);
  });

  it('reads an empty folder as an empty manifest', async () => {
    const dir = await routeTree({});
    expect(await scanRoutes(dir)).toEqual({ root: dir, routes: [], notFound: [], diagnostics: [] });
  });
});

describe('scanRoutes: layouts, middleware, loading and error', () => {
  it('chains every layout and middleware of the folder and the folders above, root first, groups included', async () => {
    const dir = await routeTree(
      files(
        '_layout.tsx',
        '_middleware.ts',
        '(app)/_layout.tsx',
        '(app)/_middleware.ts',
        '(app)/tickets/_layout.tsx',
        '(app)/tickets/[id]/_layout.tsx',
        '(app)/tickets/[id]/_middleware.ts',
        '(app)/tickets/[id].page.tsx',
        '(app)/tickets/[id]/edit.page.tsx',
        '(app)/tickets/[id]/status.api.ts',
        'about.page.tsx',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(route(manifest, '(app)/tickets/[id].page.tsx')).toMatchObject({
      layouts: ['_layout.tsx', '(app)/_layout.tsx', '(app)/tickets/_layout.tsx'],
      middleware: ['_middleware.ts', '(app)/_middleware.ts'],
    });
    expect(route(manifest, '(app)/tickets/[id]/edit.page.tsx')).toMatchObject({
      layouts: ['_layout.tsx', '(app)/_layout.tsx', '(app)/tickets/_layout.tsx', '(app)/tickets/[id]/_layout.tsx'],
      middleware: ['_middleware.ts', '(app)/_middleware.ts', '(app)/tickets/[id]/_middleware.ts'],
    });
    // API routes get middleware but no page furniture.
    expect(route(manifest, '(app)/tickets/[id]/status.api.ts')).toMatchObject({
      layouts: [],
      middleware: ['_middleware.ts', '(app)/_middleware.ts', '(app)/tickets/[id]/_middleware.ts'],
      loading: null,
      error: null,
    });
    expect(route(manifest, 'about.page.tsx')).toMatchObject({ layouts: ['_layout.tsx'], middleware: ['_middleware.ts'] });
  });

  it('gives each page the nearest loading and error page at or above its folder', async () => {
    const dir = await routeTree(
      files(
        '_error.tsx',
        'index.page.tsx',
        '(app)/_loading.tsx',
        '(app)/tickets/index.page.tsx',
        '(app)/tickets/[id]/_error.tsx',
        '(app)/tickets/[id]/index.page.tsx',
        '(app)/tickets/[id]/edit/_loading.tsx',
        '(app)/tickets/[id]/edit/index.page.tsx',
        'api/x.api.ts',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(route(manifest, 'index.page.tsx')).toMatchObject({ loading: null, error: '_error.tsx' });
    expect(route(manifest, '(app)/tickets/index.page.tsx')).toMatchObject({ loading: '(app)/_loading.tsx', error: '_error.tsx' });
    expect(route(manifest, '(app)/tickets/[id]/index.page.tsx')).toMatchObject({
      loading: '(app)/_loading.tsx',
      error: '(app)/tickets/[id]/_error.tsx',
    });
    expect(route(manifest, '(app)/tickets/[id]/edit/index.page.tsx')).toMatchObject({
      loading: '(app)/tickets/[id]/edit/_loading.tsx',
      error: '(app)/tickets/[id]/_error.tsx',
    });
    expect(route(manifest, 'api/x.api.ts')).toMatchObject({ loading: null, error: null });
  });
});

describe('scanRoutes: not-found pages', () => {
  it('gives each not-found.tsx the URL prefix of its folder, deepest first, with its layouts and middleware', async () => {
    const dir = await routeTree(
      files(
        'not-found.tsx',
        '_layout.tsx',
        '(app)/_middleware.ts',
        '(app)/admin/_layout.tsx',
        '(app)/admin/not-found.tsx',
        '(app)/admin/users/[id]/not-found.tsx',
        'docs/[...path]/not-found.tsx',
        'docs/[...path]/index.page.tsx',
      ),
    );
    const manifest = await scanRoutes(dir);
    expect(manifest.diagnostics).toEqual([]);
    expect(manifest.notFound).toEqual([
      {
        file: '(app)/admin/users/[id]/not-found.tsx',
        prefix: '/admin/users/:id',
        layouts: ['_layout.tsx', '(app)/admin/_layout.tsx'],
        middleware: ['(app)/_middleware.ts'],
      },
      { file: 'docs/[...path]/not-found.tsx', prefix: '/docs/*path', layouts: ['_layout.tsx'], middleware: [] },
      {
        file: '(app)/admin/not-found.tsx',
        prefix: '/admin',
        layouts: ['_layout.tsx', '(app)/admin/_layout.tsx'],
        middleware: ['(app)/_middleware.ts'],
      },
      { file: 'not-found.tsx', prefix: '/', layouts: ['_layout.tsx'], middleware: [] },
    ]);
  });
});

describe('scanRoutes: determinism', () => {
  it('gives deeply equal manifests for the same tree, written in a different order', async () => {
    const names = [
      'z.page.tsx',
      'a/[id].page.tsx',
      '(g)/b.page.tsx',
      'a/_layout.tsx',
      'not-found.tsx',
      'a/[ticketId]/x.page.tsx',
      'c/[...rest].api.ts',
      '_oops.tsx',
      'b.page.tsx',
    ];
    const first = await scanRoutes(await routeTree(files(...names)));
    const second = await scanRoutes(await routeTree(files(...[...names].reverse())));
    expect({ ...second, root: '' }).toEqual({ ...first, root: '' });
    expect(JSON.parse(JSON.stringify(first))).toEqual(first);
  });

  it('gives the same manifest on a second scan of the same folder', async () => {
    const dir = await routeTree(files('a.page.tsx', 'b/[id].api.ts', 'b/_middleware.ts', 'b/(x)/c.page.tsx', '[...all].page.tsx'));
    expect(await scanRoutes(dir)).toEqual(await scanRoutes(dir));
  });
});

describe('scanRoutes: symbolic links', () => {
  it('follows linked folders and files, and does not loop on a link back to a parent folder', async () => {
    const shared = await routeTree(files('index.page.tsx', '[id].page.tsx'));
    const dir = await routeTree(files('index.page.tsx', 'real.page.tsx'));
    await symlink(shared, join(dir, 'shared'));
    await symlink(join(dir, 'real.page.tsx'), join(dir, 'alias.page.tsx'));
    await mkdir(join(dir, 'loop'));
    await symlink(dir, join(dir, 'loop', 'back'));
    await symlink('.', join(dir, 'self'));
    const manifest = await scanRoutes(dir);
    expect(manifest.routes.map((candidate) => candidate.file).sort()).toEqual([
      'alias.page.tsx',
      'index.page.tsx',
      'real.page.tsx',
      'shared/[id].page.tsx',
      'shared/index.page.tsx',
    ]);
    expect(manifest.diagnostics).toEqual([]);
  });

  it('reports a broken link as unreadable_entry and goes on', async () => {
    const dir = await routeTree(files('index.page.tsx'));
    await symlink(join(dir, 'missing.page.tsx'), join(dir, 'broken.page.tsx'));
    await symlink('a', join(dir, 'b'));
    await symlink('b', join(dir, 'a'));
    const manifest = await scanRoutes(dir);
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['index.page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'unreadable_entry',
        severity: 'error',
        files: ['a'],
        message: 'a is a symbolic link whose target cannot be read (ELOOP); it is left out',
        fix: 'Point a at an existing file or folder, or delete the link.',
      },
      {
        code: 'unreadable_entry',
        severity: 'error',
        files: ['b'],
        message: 'b is a symbolic link whose target cannot be read (ELOOP); it is left out',
        fix: 'Point b at an existing file or folder, or delete the link.',
      },
      {
        code: 'unreadable_entry',
        severity: 'error',
        files: ['broken.page.tsx'],
        message: 'broken.page.tsx is a symbolic link whose target cannot be read (ENOENT); it is left out',
        fix: 'Point broken.page.tsx at an existing file or folder, or delete the link.',
      },
    ]);
  });
});

describe('scanRoutes: unreadable folders', () => {
  // Permissions do not stop root, so as root the scan runs in a child process as the user nobody.
  it('reports a folder it cannot list as unreadable_entry and scans the rest', async () => {
    const dir = await routeTree(files('index.page.tsx', 'locked/secret.page.tsx', 'open/page.page.tsx'));
    await chmod(dir, 0o755); // mkdtemp makes it private to its owner
    await chmod(join(dir, 'locked'), 0o000);
    const manifest = process.getuid?.() === 0 ? scanAsNobody(dir) : await scanRoutes(dir);
    await chmod(join(dir, 'locked'), 0o755);
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['open/page.page.tsx', 'index.page.tsx']);
    expect(manifest.diagnostics).toEqual([
      {
        code: 'unreadable_entry',
        severity: 'error',
        files: ['locked'],
        message: 'The folder locked could not be read (EACCES); the route files in it are left out',
        fix: 'Let the user running the process read locked (chmod a+rx), or move it out of the routes folder.',
      },
    ]);
  });

  it('throws routes_dir_unreadable for a routes folder it cannot list', async () => {
    const dir = await routeTree(files('index.page.tsx'));
    await chmod(dir, 0o000);
    const outcome = process.getuid?.() === 0 ? scanAsNobody(dir) : await scanRoutes(dir).catch((error: unknown) => error);
    await chmod(dir, 0o755);
    expect(outcome).toMatchObject({ name: 'KitRouterError', code: 'routes_dir_unreadable', path: dir });
    expect((outcome as Error).message).toBe(
      `scanRoutes could not read the routes folder ${dir} (EACCES); let the user running the process read it (chmod a+rx) or pass another folder`,
    );
  });
});

/** Runs scanRoutes on `dir` in a child process as the user nobody; returns the manifest or the error. */
function scanAsNobody(dir: string): RouteManifest {
  const source = fileURLToPath(new URL('./scan-routes.ts', import.meta.url));
  const script = `
    import { scanRoutes } from ${JSON.stringify(source)};
    scanRoutes(${JSON.stringify(dir)}).then(
      (manifest) => process.stdout.write(JSON.stringify(manifest)),
      (error) => process.stdout.write(JSON.stringify({ name: error.name, code: error.code, path: error.path, message: error.message })),
    );`;
  const tsx = fileURLToPath(import.meta.resolve('tsx'));
  const result = spawnSync(process.execPath, ['--import', tsx, '--input-type=module', '-e', script], {
    uid: 65534,
    gid: 65534,
    encoding: 'utf8',
    cwd: '/',
  });
  if (result.status !== 0) throw new Error(`the scan as nobody failed: ${result.stderr}`);
  return JSON.parse(result.stdout) as RouteManifest;
}

describe('scanRoutes: the routes folder itself', () => {
  it('throws routes_dir_missing naming the path and the fix', async () => {
    const dir = await routeTree({});
    const missing = join(dir, 'app', 'routes');
    const error = await rejectionOf(scanRoutes(missing), KitRouterError);
    expect(error).toBeInstanceOf(KitRouterError);
    expect(error).toMatchObject({ code: 'routes_dir_missing', path: missing });
    expect(error.message).toBe(
      `scanRoutes found no routes folder at ${missing}; create it, or pass the folder that holds your *.page.tsx and *.api.ts files, such as 'app/routes'`,
    );
    const fromRelative = await rejectionOf(scanRoutes('no/such/routes'), KitRouterError);
    expect(fromRelative.message).toContain(`(the path "no/such/routes" taken from ${process.cwd()})`);
  });

  it('throws routes_dir_not_a_folder for a file', async () => {
    const dir = await routeTree(files('index.page.tsx'));
    const file = join(dir, 'index.page.tsx');
    const error = await rejectionOf(scanRoutes(file), KitRouterError);
    expect(error).toMatchObject({ name: 'KitRouterError', code: 'routes_dir_not_a_folder', path: file });
    expect(error.message).toBe(
      `scanRoutes needs a folder, but ${file} is a file; pass the folder that holds the route files (such as ${dir})`,
    );
  });

  it('throws routes_dir_invalid for an empty path or a value that is not a string', async () => {
    expect(await rejectionOf(scanRoutes(''), KitRouterError)).toMatchObject({
      code: 'routes_dir_invalid',
      message: "scanRoutes(dir) needs the path of a routes folder, such as 'app/routes', and got an empty string",
    });
    expect(await rejectionOf(scanRoutes(undefined as unknown as string), KitRouterError)).toMatchObject({
      code: 'routes_dir_invalid',
      path: 'undefined',
    });
  });

  it('follows a routes folder that is itself a link', async () => {
    const dir = await routeTree(files('real/index.page.tsx'));
    await symlink(join(dir, 'real'), join(dir, 'linked'));
    const manifest = await scanRoutes(join(dir, 'linked'));
    expect(manifest.root).toBe(join(dir, 'linked'));
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['index.page.tsx']);
  });
});

describe('scanRoutes: file contents', () => {
  it('judges files by name only', async () => {
    const dir = await routeTree({ 'a.page.tsx': 'this is not even TypeScript {' });
    await writeFile(join(dir, 'b.api.ts'), Buffer.from([0xff, 0xfe, 0x00]));
    const manifest = await scanRoutes(dir);
    expect(manifest.routes.map((candidate) => candidate.file)).toEqual(['a.page.tsx', 'b.api.ts']);
  });
});
