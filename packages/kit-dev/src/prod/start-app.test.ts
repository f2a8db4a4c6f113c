import { readdir, readFile, writeFile } from 'node:fs/promises';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { copyFixture, type FixtureCopy } from '../testing/fixture.js';
import { fixtureHttpChecks } from '../testing/http-checks.js';
import { buildApp, type BuildAppResult } from './build-app.js';
import type { BuildManifest } from './build-manifest.js';
import { startApp, type StartedApp } from './start-app.js';

let copy: FixtureCopy;
let build: BuildAppResult;
let server: StartedApp;

beforeAll(async () => {
  copy = await copyFixture();
  build = await buildApp({ root: copy.root, conditions: ['kit-source'] });
  server = await startApp({ root: copy.root, port: 0, log: false });
});

afterAll(async () => {
  await server?.close();
  await copy?.remove();
});

async function filesUnder(folder: string): Promise<string[]> {
  const entries = await readdir(folder, { recursive: true, withFileTypes: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => join(entry.parentPath, entry.name));
}

describe('prerendered and cached pages', () => {
  it('writes the prerendered pages into the build and serves them from the start', async () => {
    const manifest = JSON.parse(await readFile(join(build.outDir, 'manifest.json'), 'utf8')) as BuildManifest;
    expect(manifest.prerendered?.map((page) => [page.path, page.file]).sort()).toEqual([
      ['/about', 'about.html'],
      ['/docs/guides/setup', 'docs/guides/setup.html'],
    ]);
    expect(await readFile(join(build.outDir, 'prerendered', 'about.html'), 'utf8')).toContain('<h1>About</h1>');
    const about = await fetch(`${server.url}/about`, { headers: { accept: 'text/html' } });
    expect(about.headers.get('kit-page-cache')).toBe('hit');
    const html = await about.text();
    expect(html).toContain('<h1>About</h1>');
    // The kept page carries a nonce of its own, which its policy names.
    const nonce = /'nonce-([^']+)'/.exec(about.headers.get('content-security-policy') ?? '')?.[1];
    expect(nonce).toBeTruthy();
    expect(html).toContain(`nonce="${nonce}"`);
    expect(nonce).not.toBe(manifest.prerendered?.find((page) => page.path === '/about')?.nonce);
  });

  it('keeps a page declared cache for visitors who are not signed in, and never for a caller with credentials', async () => {
    const get = (path: string, headers: Record<string, string> = {}) =>
      fetch(`${server.url}${path}`, { headers: { accept: 'text/html', ...headers } });
    expect((await get('/docs/guides/setup')).headers.get('kit-page-cache')).toBe('hit');
    expect((await get('/docs/reference')).headers.get('kit-page-cache')).toBe('miss');
    const again = await get('/docs/reference');
    expect(again.headers.get('kit-page-cache')).toBe('hit');
    expect(await again.text()).toMatch(/You are reading <!-- -->reference/);
    const withKey = await get('/docs/reference', { authorization: 'Bearer kit_someone' });
    expect(withKey.headers.get('kit-page-cache')).toBeNull();
  });
});

describe('buildApp', () => {
  it('writes the server bundle, hashed browser files, one minified stylesheet and manifest.json', async () => {
    expect(build.outDir).toBe(join(copy.root, '.kit', 'build'));
    expect(build.files).toContain('manifest.json');
    const manifest = JSON.parse(await readFile(join(build.outDir, 'manifest.json'), 'utf8')) as BuildManifest;
    expect(manifest.format).toBe(1);
    expect(manifest.routes.routes.map((route) => route.pattern)).toContain('/tickets/:id');
    expect(Object.keys(manifest.server.modules)).toEqual(
      expect.arrayContaining(['index.page.tsx', 'api/tickets/index.api.ts', '_middleware.ts', 'admin/_middleware.ts', 'not-found.tsx']),
    );
    expect(manifest.server.config).toBe('kit.config.mjs');
    expect(manifest.client.entry).toMatch(/^\/_kit\/client\/kit-entry-[A-Z0-9]{8}\.js$/);
    expect(manifest.client.urls['tickets/[id].page.tsx']).toMatch(/^\/_kit\/client\/routes\/tickets\/_id_\.page-[A-Z0-9]{8}\.js$/);
    expect(manifest.client.styles).toEqual([expect.stringMatching(/^\/_kit\/client\/app-[A-Z0-9]{8}\.css$/)]);
    const css = await readFile(join(build.outDir, 'client', manifest.client.styles[0]!.slice('/_kit/client/'.length)), 'utf8');
    expect(css).toContain('home_');
    expect(css).not.toMatch(/\n\s+color/);
  });

  it('keeps ServerOnly content, loaders and server modules out of every browser file, and ships React for production', async () => {
    const files = await filesUnder(join(build.outDir, 'client'));
    expect(files.length).toBeGreaterThan(5);
    let scripts = '';
    for (const file of files) {
      const text = await readFile(file, 'utf8');
      expect(text, file).not.toContain('KIT-SERVER-ONLY-MARKER');
      expect(text, file).not.toContain('node:os');
      expect(text, file).not.toContain('The boom loader failed on purpose');
      if (file.endsWith('.js')) scripts += text;
    }
    expect(scripts).not.toContain('process.env.NODE_ENV');
    // React's development build carries its warnings; the production build has none of them.
    expect(scripts).toContain('hydrateRoot');
    expect(scripts).not.toContain('cannot be a child of');
  });
});

describe('startApp serves the build over HTTP', () => {
  fixtureHttpChecks(() => server.url);

  it('caches hashed browser files for a year and revalidates the rest', async () => {
    const manifest = JSON.parse(await readFile(join(build.outDir, 'manifest.json'), 'utf8')) as BuildManifest;
    const entry = await fetch(`${server.url}${manifest.client.entry}`);
    expect(entry.status).toBe(200);
    expect(entry.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    expect(entry.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    const robots = await fetch(`${server.url}/robots.txt`);
    expect(robots.headers.get('cache-control')).toBe('no-cache');
    expect((await fetch(`${server.url}/_kit/client/nothing-here.js`, { headers: { accept: 'application/json' } })).status).toBe(404);
    expect((await fetch(`${server.url}/_kit/client/..%2fmanifest.json`, { headers: { accept: 'application/json' } })).status).toBe(404);
  });

  it('serves the public files there were when it started, not one added later', async () => {
    await writeFile(join(copy.root, 'public', 'added-later.txt'), 'later');
    const later = await fetch(`${server.url}/added-later.txt`, { headers: { accept: 'application/json' } });
    expect(later.status).toBe(404);
    expect((await fetch(`${server.url}/favicon.svg`)).headers.get('content-type')).toBe('image/svg+xml');
  });
});
