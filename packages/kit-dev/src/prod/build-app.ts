import { createHash } from 'node:crypto';
import { mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import type { KitConfig } from '@kit/kit-core';
import { dirname, join, relative, resolve } from 'node:path';
import { scanRoutes, type RouteDiagnostic, type RouteManifest } from '@kit/kit-router';
import { clientBuildOptions, readClientBundle, readServerBundle, serverBuildOptions } from '../bundle/app-bundles.js';
import { isEsbuildFailure, problemFromEsbuild } from '../bundle/build-problem.js';
import { clientUrlPrefix, loadEsbuild } from '../bundle/esbuild.js';
import { loadTypeScript } from '../bundle/strip-for-client.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import { resolveConditions, resolveLayout, type AppLayoutOptions, type BundleOptions } from '../options/options.js';
import { createRuntimeApp } from '../runtime/create-runtime-app.js';
import { importModules } from '../runtime/import-modules.js';
import { buildFormat, type BuildManifest } from './build-manifest.js';
import { prerenderPages, type RenderedPage } from './prerender-pages.js';

/** Options of `buildApp`. */
export interface BuildAppOptions extends AppLayoutOptions, BundleOptions {
  /** Where the build goes, inside the app so its packages resolve. Default `<root>/.kit/build`. */
  readonly outDir?: string;
}

/** What `buildApp` wrote. */
export interface BuildAppResult {
  readonly outDir: string;
  readonly manifest: RouteManifest;
  /** Warnings of the route scan (errors stop the build). */
  readonly diagnostics: readonly RouteDiagnostic[];
  /** Every file written, relative to `outDir`. */
  readonly files: readonly string[];
  readonly durationMs: number;
}

/** The default output folder of an app. */
export function defaultOutDir(root: string): string {
  return join(root, '.kit', 'build');
}

/**
 * Imports the server bundle just written and renders the pages exported with `prerender` through the
 * app it makes, without a listening server; nothing is imported when no page asks for it.
 */
async function prerenderBuild(outDir: string, build: BuildManifest, routesDir: string): Promise<RenderedPage[]> {
  const serverDir = join(outDir, 'server');
  const mentions = await Promise.all(
    Object.entries(build.server.modules).map(async ([file, output]) =>
      file.endsWith('.page.tsx') && (await readFile(join(serverDir, output), 'utf8')).includes('prerender') ? file : null,
    ),
  );
  if (mentions.every((file) => file === null)) return [];
  const imported = await importModules({
    modules: new Map(Object.entries(build.server.modules).map(([file, output]) => [file, join(serverDir, output)])),
    config: build.server.config === null ? null : join(serverDir, build.server.config),
    rootPath: (file) => file,
  });
  const manifest = { ...build.routes, root: routesDir };
  const app = createRuntimeApp(
    {
      manifest,
      modules: imported.modules,
      config: imported.config as KitConfig | null,
      clientUrls: new Map(Object.entries(build.client.urls)),
      assets: { clientEntry: build.client.entry, styles: build.client.styles },
    },
    { dev: false, mcp: false, a2a: false },
  );
  try {
    return await prerenderPages(app, manifest, imported.modules);
  } finally {
    await app.close();
  }
}

/** An 8-character content hash in esbuild's alphabet, so hashed names look alike. */
function contentHash(contents: string | Uint8Array): string {
  const digits = '0123456789ABCDEFGHIJKLMNOPQRSTUV';
  const bytes = createHash('sha256').update(contents).digest();
  let out = '';
  for (let index = 0; index < 8; index++) out += digits[(bytes[index] ?? 0) % 32];
  return out;
}

/**
 * Builds the app in `root` for production: the server bundle (route files, middleware and
 * `kit.config.ts` for Node, packages left as imports) in `outDir/server`, the browser bundle (minified,
 * split, content-hashed names, React's production build, `ServerOnly` children and loaders removed)
 * and the minified stylesheet in `outDir/client`, the pages exported with `prerender` rendered into
 * `outDir/prerendered`, and `outDir/manifest.json` tying them to the route manifest. `startApp` serves the result without any bundler.
 *
 * @throws KitDevError `route_errors` when the route scan reports errors, `build_failed` with the
 *   `file:line:column` of the first esbuild error, `load_failed` or `prerender_failed` when a page to
 *   prerender cannot be rendered.
 *
 * @example
 * ```ts
 * import { buildApp } from '@kit/kit-dev';
 *
 * const result = await buildApp({ root: './my-app' });
 * console.log(`${result.files.length} files in ${result.outDir} (${result.durationMs} ms)`);
 * ```
 */
export async function buildApp(options: BuildAppOptions = {}): Promise<BuildAppResult> {
  const started = performance.now();
  const layout = resolveLayout('buildApp', options, true);
  const conditions = resolveConditions('buildApp', options);
  if (options.outDir !== undefined && (typeof options.outDir !== 'string' || options.outDir === '')) {
    throw new KitDevError('invalid_option', `buildApp: outDir must be a non-empty path, got ${JSON.stringify(options.outDir)}`);
  }
  const outDir = options.outDir === undefined ? defaultOutDir(layout.root) : resolve(layout.root, options.outDir);
  const manifest = await scanRoutes(layout.routesDir);
  const errors = manifest.diagnostics.filter((diagnostic) => diagnostic.severity === 'error');
  if (errors.length > 0) {
    throw new KitDevError(
      'route_errors',
      `buildApp: the route folder has ${errors.length} error${errors.length === 1 ? '' : 's'}: ${errors.map((error) => `${error.code}: ${error.message}. ${error.fix}`).join(' ')}`,
    );
  }
  const [esbuild, ts] = await Promise.all([loadEsbuild(), loadTypeScript()]);
  const serverDir = join(outDir, 'server');
  const clientDir = join(outDir, 'client');
  let serverResult;
  let clientResult;
  try {
    [serverResult, clientResult] = await Promise.all([
      esbuild.build(serverBuildOptions(layout, manifest, serverDir, 'production')),
      esbuild.build(clientBuildOptions(layout, manifest, clientDir, 'production', ts, conditions)),
    ]);
  } catch (error) {
    if (!isEsbuildFailure(error)) throw error;
    const problem = problemFromEsbuild(layout.root, error.errors);
    throw new KitDevError('build_failed', `buildApp: ${problem.file}:${problem.line}:${problem.column}: ${problem.message}`, {
      location: problem,
      cause: error,
    });
  }
  const server = readServerBundle(layout, manifest, serverResult, serverDir);
  const client = readClientBundle(layout, manifest, clientResult, clientDir);

  const written: { path: string; contents: string | Uint8Array }[] = [];
  for (const file of server.files)
    if (!file.path.endsWith('.css') && !file.path.endsWith('.css.map')) written.push({ path: file.path, contents: file.contents });
  for (const file of client.files) written.push({ path: join(clientDir, file.path), contents: file.contents });
  for (const asset of server.assets) written.push({ path: join(clientDir, relative(serverDir, asset.path)), contents: asset.contents });
  const styles: string[] = [];
  if (server.css !== null && server.css.trim() !== '') {
    const { code } = await esbuild.transform(server.css, { loader: 'css', minify: true, legalComments: 'none' });
    const name = `app-${contentHash(code)}.css`;
    written.push({ path: join(clientDir, name), contents: code });
    styles.push(`${clientUrlPrefix}${name}`);
  }
  const buildManifest: BuildManifest = {
    format: buildFormat,
    builtAt: new Date().toISOString(),
    routes: manifest,
    server: {
      modules: Object.fromEntries([...server.modules].map(([file, output]) => [file, relative(serverDir, output).split('\\').join('/')])),
      config: server.config === null ? null : relative(serverDir, server.config).split('\\').join('/'),
    },
    client: { entry: client.entry, urls: Object.fromEntries(client.urls), styles },
  };

  await rm(outDir, { recursive: true, force: true });
  const unique = new Map(written.map((file) => [file.path, file.contents]));
  const writeAll = (files: Iterable<[string, string | Uint8Array]>) =>
    Promise.all(
      [...files].map(async ([path, contents]) => {
        await mkdir(dirname(path), { recursive: true });
        await writeFile(path, contents);
      }),
    );
  await writeAll(unique);
  // Pages exported with `prerender` are rendered by the built server itself, so they are what `kit start` would answer.
  const prerendered = await prerenderBuild(outDir, buildManifest, layout.routesDir);
  const pages = new Map(prerendered.map((page) => [join(outDir, 'prerendered', page.entry.file), page.html] as [string, string]));
  const finalManifest: BuildManifest =
    prerendered.length === 0 ? buildManifest : { ...buildManifest, prerendered: prerendered.map((page) => page.entry) };
  pages.set(join(outDir, 'manifest.json'), `${JSON.stringify(finalManifest, null, 2)}\n`);
  await writeAll(pages);
  for (const path of pages.keys()) unique.set(path, '');
  return {
    outDir,
    manifest,
    diagnostics: manifest.diagnostics,
    files: [...unique.keys()].map((path) => relative(outDir, path).split('\\').join('/')).sort(),
    durationMs: Math.round(performance.now() - started),
  };
}
