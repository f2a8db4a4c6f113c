import { mkdir, readdir, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import type { BuildContext, BuildResult, Metafile } from 'esbuild';
import type { KitApp } from '@kit/kit-core';
import { scanRoutes, type RouteManifest } from '@kit/kit-router';
import { clientBuildOptions, readClientBundle, readServerBundle, serverBuildOptions, type ClientBundle } from '../bundle/app-bundles.js';
import { isEsbuildFailure, problemFromEsbuild, toRootRelative, type BuildProblem } from '../bundle/build-problem.js';
import { loadEsbuild, type EsbuildApi } from '../bundle/esbuild.js';
import { routeFiles } from '../bundle/route-files.js';
import { loadTypeScript, type TypeScriptApi } from '../bundle/strip-for-client.js';
import { buildVendor, type BundledFile } from '../bundle/vendor.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import type { AppLayout } from '../options/options.js';
import { createRuntimeApp } from '../runtime/create-runtime-app.js';
import { importModules } from '../runtime/import-modules.js';
import type { RuntimeOptions } from '../runtime/runtime-types.js';
import { devStylesheetUrl } from './dev-paths.js';
import { forgetSourceMaps, locateError } from './stack-location.js';

/** One served generation of the app: a successful build, imported and assembled. */
export interface Generation {
  readonly number: number;
  readonly manifest: RouteManifest;
  readonly app: KitApp;
  readonly client: ClientBundle;
  readonly css: string;
  /** Every source file (absolute) the generation was built from. */
  readonly inputs: ReadonlySet<string>;
  /** Route file -> the source files (absolute) it depends on, itself included. */
  readonly closures: ReadonlyMap<string, ReadonlySet<string>>;
  /** The folder of its server bundle. */
  readonly serverDir: string;
}

/** What one build attempt gave. */
export type BuildOutcome =
  | { readonly ok: true; readonly generation: Generation; readonly durationMs: number }
  | { readonly ok: false; readonly problem: BuildProblem; readonly manifest: RouteManifest | null; readonly durationMs: number };

/** The route file -> sources map of a server build, following the chunks each entry imports. */
function entryClosures(layout: AppLayout, metafile: Metafile, modules: ReadonlyMap<string, string>): Map<string, Set<string>> {
  const byOutput = new Map(Object.entries(metafile.outputs).map(([path, meta]) => [join(layout.root, path), meta]));
  const closures = new Map<string, Set<string>>();
  for (const [file, output] of modules) {
    const seen = new Set<string>();
    const inputs = new Set<string>([join(layout.routesDir, file)]);
    const visit = (path: string) => {
      if (seen.has(path)) return;
      seen.add(path);
      const meta = byOutput.get(path);
      if (!meta) return;
      for (const input of Object.keys(meta.inputs)) if (!input.includes(':')) inputs.add(join(layout.root, input));
      for (const imported of meta.imports) if (!imported.external) visit(join(layout.root, imported.path));
    };
    visit(output);
    closures.set(file, inputs);
  }
  return closures;
}

/**
 * Builds the app for the dev server: scans the routes, rebuilds the server and browser bundles with
 * incremental esbuild contexts (made anew when the set of route files changes), writes the server
 * bundle to a fresh folder, imports it and assembles the kit app. One build runs at a time.
 */
export class DevBuilder {
  private esbuild: EsbuildApi | undefined;
  private ts: TypeScriptApi | undefined;
  private contexts: { readonly key: string; readonly server: BuildContext; readonly client: BuildContext } | undefined;
  private counter = 0;
  private vendorFiles: readonly BundledFile[] | undefined;
  readonly outRoot: string;

  constructor(
    private readonly layout: AppLayout,
    private readonly conditions: readonly string[],
    private readonly runtime: RuntimeOptions,
  ) {
    this.outRoot = join(layout.root, '.kit', 'dev');
  }

  /** The route file's path relative to the app's root. */
  rootPath(file: string): string {
    return toRootRelative(this.layout.root, join(this.layout.routesDir, file));
  }

  /** React and kit-react for the browser, bundled once. */
  async vendor(): Promise<readonly BundledFile[]> {
    this.esbuild ??= await loadEsbuild();
    this.vendorFiles ??= await buildVendor(this.esbuild, this.layout.root, this.conditions);
    return this.vendorFiles;
  }

  /** Removes what earlier runs left in `.kit/dev`. */
  async clean(): Promise<void> {
    await rm(this.outRoot, { recursive: true, force: true });
  }

  /**
   * Deletes the server folders of generations older than the oldest of `keep` (in-flight requests of
   * the previous generation finish on modules already in memory). Newer folders are left alone: the
   * next build may be writing one.
   */
  async prune(keep: readonly Generation[]): Promise<void> {
    const oldest = Math.min(...keep.map((generation) => generation.number));
    let names: string[];
    try {
      names = await readdir(this.outRoot);
    } catch {
      return;
    }
    forgetSourceMaps();
    const stale = names.filter((name) => {
      const number = /^server-(\d+)$/.exec(name)?.[1];
      return number !== undefined && Number(number) < oldest;
    });
    await Promise.all(stale.map((name) => rm(join(this.outRoot, name), { recursive: true, force: true })));
  }

  private async contextsFor(manifest: RouteManifest): Promise<{ server: BuildContext; client: BuildContext }> {
    const files = routeFiles(manifest);
    const key = JSON.stringify([files.server, files.client]);
    if (this.contexts?.key === key) return this.contexts;
    await this.disposeContexts();
    const esbuild = (this.esbuild ??= await loadEsbuild());
    const ts = (this.ts ??= await loadTypeScript());
    // The configured folder has the depth of the real ones (server-<n>), so source maps stay valid there.
    const server = await esbuild.context(serverBuildOptions(this.layout, manifest, join(this.outRoot, 'server'), 'development'));
    const client = await esbuild.context(
      clientBuildOptions(this.layout, manifest, join(this.outRoot, 'client'), 'development', ts, this.conditions),
    );
    this.contexts = { key, server, client };
    return this.contexts;
  }

  /** A build; with `cssOnly`, only the stylesheet is rebuilt and `current` keeps serving. */
  async build(current: Generation | null, options: { readonly cssOnly?: boolean } = {}): Promise<BuildOutcome> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    let manifest: RouteManifest | null = null;
    try {
      manifest = await scanRoutes(this.layout.routesDir);
      const contexts = await this.contextsFor(manifest);
      const [serverResult, clientResult] = await Promise.all([
        contexts.server.rebuild(),
        options.cssOnly && current ? Promise.resolve(null) : contexts.client.rebuild(),
      ]);
      const serverBundle = readServerBundle(this.layout, manifest, serverResult, join(this.outRoot, 'server'));
      if (options.cssOnly && current) {
        return { ok: true, generation: { ...current, css: serverBundle.css ?? '' }, durationMs: elapsed() };
      }
      const generation = await this.assemble(manifest, serverResult, clientResult as BuildResult);
      return { ok: true, generation, durationMs: elapsed() };
    } catch (error) {
      return { ok: false, problem: this.problemOf(error, manifest), manifest, durationMs: elapsed() };
    }
  }

  private async assemble(manifest: RouteManifest, serverResult: BuildResult, clientResult: BuildResult): Promise<Generation> {
    const number = ++this.counter;
    const configured = join(this.outRoot, 'server');
    const serverDir = join(this.outRoot, `server-${number}`);
    const serverBundle = readServerBundle(this.layout, manifest, serverResult, configured);
    const client = readClientBundle(this.layout, manifest, clientResult, join(this.outRoot, 'client'));
    await Promise.all(
      serverBundle.files.map(async (file) => {
        const target = join(serverDir, file.path.slice(configured.length + 1));
        await mkdir(dirname(target), { recursive: true });
        await writeFile(target, file.contents);
      }),
    );
    const relocate = (path: string) => join(serverDir, path.slice(configured.length + 1));
    const imported = await importModules({
      modules: new Map([...serverBundle.modules].map(([file, output]) => [file, relocate(output)])),
      config: serverBundle.config === null ? null : relocate(serverBundle.config),
      rootPath: (file) => this.rootPath(file),
      locate: (error) => locateError(error, this.layout.root, this.outRoot),
    });
    // Assets the stylesheet references come from the server build; those of the browser build from it.
    const assets = serverBundle.assets.map((file) => ({
      path: file.path
        .slice(configured.length + 1)
        .split('\\')
        .join('/'),
      contents: file.contents,
    }));
    const clientFiles = {
      ...client,
      files: [...client.files, ...assets.filter((asset) => !client.files.some((file) => file.path === asset.path))],
    };
    const app = createRuntimeApp(
      {
        manifest,
        modules: imported.modules,
        config: imported.config as never,
        clientUrls: client.urls,
        assets: { clientEntry: client.entry, styles: [devStylesheetUrl] },
      },
      this.runtime,
    );
    const closures = entryClosures(this.layout, serverResult.metafile!, serverBundle.modules);
    return {
      number,
      manifest,
      app,
      client: clientFiles,
      css: serverBundle.css ?? '',
      inputs: new Set([...serverBundle.inputs, ...client.inputs]),
      closures,
      serverDir,
    };
  }

  private problemOf(error: unknown, manifest: RouteManifest | null): BuildProblem {
    if (isEsbuildFailure(error)) return problemFromEsbuild(this.layout.root, error.errors);
    if (error instanceof KitDevError) {
      const location = error.location;
      const known =
        manifest !== null && location !== undefined && location.file !== 'kit.config.ts' && isManifestFile(manifest, location.file);
      const file = location ? (known ? this.rootPath(location.file) : location.file) : '';
      return { file, line: location?.line ?? 0, column: location?.column ?? 0, message: error.message };
    }
    const message = error instanceof Error ? error.message : String(error);
    const location = locateError(error, this.layout.root, this.outRoot);
    return { file: location?.file ?? '', line: location?.line ?? 0, column: location?.column ?? 0, message };
  }

  private async disposeContexts(): Promise<void> {
    const contexts = this.contexts;
    this.contexts = undefined;
    if (contexts) await Promise.all([contexts.server.dispose(), contexts.client.dispose()]);
  }

  /** Stops esbuild's contexts. */
  async close(): Promise<void> {
    await this.disposeContexts();
  }
}

function isManifestFile(manifest: RouteManifest, file: string): boolean {
  return (
    manifest.routes.some((route) => route.file === file || route.middleware.includes(file) || route.layouts.includes(file)) ||
    manifest.notFound.some((boundary) => boundary.file === file)
  );
}
