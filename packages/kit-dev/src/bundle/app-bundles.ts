import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { BuildOptions, BuildResult, Metafile, OutputFile, Plugin } from 'esbuild';
import type { RouteManifest } from '@kit/kit-router';
import type { AppLayout } from '../options/options.js';
import { toRootRelative } from './build-problem.js';
import { clientTransformPlugin } from './client-transform-plugin.js';
import { cssModulesPlugin, realInput } from './css-modules-plugin.js';
import { assetLoaders, clientUrlPrefix, entryKey, tsconfigRaw } from './esbuild.js';
import { routeFiles } from './route-files.js';
import type { TypeScriptApi } from './strip-for-client.js';
import { vendorExternalsPlugin } from './vendor.js';
import { virtualEntryPoint, virtualModule, virtualModulesPlugin } from './virtual-modules-plugin.js';

/** Development bundles (readable, React's development build) or production ones (minified, hashed). */
export type BuildMode = 'development' | 'production';

const stylesModule = 'styles';
const clientEntryModule = 'client-entry';
const configKey = 'kit.config';

/** Keys of the server entry points: route files by `entryKey`, plus the config. */
function serverEntries(layout: AppLayout, manifest: RouteManifest): Record<string, string> {
  const entries: Record<string, string> = {};
  for (const file of routeFiles(manifest).server) entries[entryKey(file)] = join(layout.routesDir, file);
  if (existsSync(layout.configFile)) entries[configKey] = layout.configFile;
  entries['kit-styles'] = virtualModule(stylesModule);
  return entries;
}

/** The generated module that imports every file with a chunk, in layout-first order: its CSS is the app's stylesheet. */
function stylesSource(layout: AppLayout, manifest: RouteManifest): string {
  return routeFiles(manifest)
    .client.map((file) => `import ${JSON.stringify(join(layout.routesDir, file))};`)
    .join('\n');
}

/** Bundled CSS (from packages too) is part of the app, never an import left for Node to run. */
function bundleCssPlugin(): Plugin {
  return {
    name: 'kit-bundle-css',
    setup(build) {
      build.onResolve({ filter: /\.css$/ }, async (args) => {
        if (args.pluginData === 'kit-bundle-css' || args.path.startsWith('.') || args.path.startsWith('/')) return undefined;
        const resolved = await build.resolve(args.path, {
          kind: args.kind,
          resolveDir: args.resolveDir,
          importer: args.importer,
          pluginData: 'kit-bundle-css',
        });
        return resolved.errors.length > 0 ? { errors: resolved.errors } : { path: resolved.path };
      });
    },
  };
}

/**
 * The server bundle: every route file, middleware and `kit.config.ts` for Node, packages left as
 * imports (so the server and the app share one React and one kit), split so modules the files share
 * (an in-memory store, a policy) exist once. Also yields the app's stylesheet.
 */
export function serverBuildOptions(layout: AppLayout, manifest: RouteManifest, outdir: string, mode: BuildMode): BuildOptions {
  return {
    absWorkingDir: layout.root,
    entryPoints: serverEntries(layout, manifest),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    packages: 'external',
    outdir,
    // .mjs: Node reads the bundle as ES modules whatever package.json (or none) the app has.
    outExtension: { '.js': '.mjs' },
    write: false,
    metafile: true,
    sourcemap: 'linked',
    jsx: 'automatic',
    tsconfigRaw,
    loader: assetLoaders,
    entryNames: '[dir]/[name]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    logLevel: 'silent',
    plugins: [
      virtualModulesPlugin(layout.root, { [stylesModule]: stylesSource(layout, manifest) }),
      cssModulesPlugin(layout.root),
      bundleCssPlugin(),
    ],
  };
}

/**
 * The browser bundle: a generated entry calling kit-react's `hydrate()` plus one entry per page,
 * layout, loading, error and not-found file, split so React and shared code load once. In development
 * React and kit-react stay imports of the vendor bundle (see `vendorExternalsPlugin`).
 */
export function clientBuildOptions(
  layout: AppLayout,
  manifest: RouteManifest,
  outdir: string,
  mode: BuildMode,
  ts: TypeScriptApi,
  conditions: readonly string[],
): BuildOptions {
  const entries: Record<string, string> = { 'kit-entry': virtualModule(clientEntryModule) };
  for (const file of routeFiles(manifest).client) entries[entryKey(file)] = join(layout.routesDir, file);
  const development = mode === 'development';
  return {
    absWorkingDir: layout.root,
    entryPoints: entries,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    outdir,
    write: false,
    metafile: true,
    sourcemap: 'linked',
    minify: !development,
    conditions: [...conditions],
    jsx: 'automatic',
    jsxDev: development,
    tsconfigRaw,
    loader: assetLoaders,
    publicPath: clientUrlPrefix.slice(0, -1),
    entryNames: '[dir]/[name]-[hash]',
    chunkNames: 'chunks/[name]-[hash]',
    assetNames: 'assets/[name]-[hash]',
    define: { 'process.env.NODE_ENV': JSON.stringify(mode) },
    legalComments: development ? 'inline' : 'none',
    logLevel: 'silent',
    plugins: [
      ...(development ? [vendorExternalsPlugin()] : []),
      virtualModulesPlugin(layout.root, { [clientEntryModule]: "import { hydrate } from '@kit/kit-react/client';\nhydrate();\n" }),
      clientTransformPlugin(ts, layout.routesDir),
      cssModulesPlugin(layout.root),
    ],
  };
}

/** What the server build produced, keyed for loading. */
export interface ServerBundle {
  readonly files: readonly OutputFile[];
  /** Route file (relative to the route folder) -> output file (absolute). */
  readonly modules: ReadonlyMap<string, string>;
  /** The output of `kit.config.ts`, or null when the app has none. */
  readonly config: string | null;
  /** The app's stylesheet, unminified, or null when no file imports CSS. */
  readonly css: string | null;
  /** Files emitted for `url()` references and `file` imports, relative to the output folder. */
  readonly assets: readonly OutputFile[];
  /** Every source file the bundle read (absolute), for the watcher. */
  readonly inputs: readonly string[];
  readonly metafile: Metafile;
}

function outputsByEntry(metafile: Metafile, root: string): Map<string, { js: string; css: string | undefined }> {
  const byEntry = new Map<string, { js: string; css: string | undefined }>();
  for (const [output, meta] of Object.entries(metafile.outputs)) {
    if (meta.entryPoint !== undefined && /\.m?js$/.test(output))
      byEntry.set(meta.entryPoint, {
        js: resolve(root, output),
        css: meta.cssBundle === undefined ? undefined : resolve(root, meta.cssBundle),
      });
  }
  return byEntry;
}

function inputsOf(metafile: Metafile, root: string): string[] {
  return Object.keys(metafile.inputs).flatMap((input) => {
    const real = realInput(input);
    return real === null ? [] : [resolve(root, real)];
  });
}

/** Reads a finished server build. */
export function readServerBundle(layout: AppLayout, manifest: RouteManifest, result: BuildResult, outdir: string): ServerBundle {
  const metafile = result.metafile!;
  const files = result.outputFiles ?? [];
  const byEntry = outputsByEntry(metafile, layout.root);
  const modules = new Map<string, string>();
  for (const file of routeFiles(manifest).server) {
    const output = byEntry.get(toRootRelative(layout.root, join(layout.routesDir, file)));
    if (output) modules.set(file, output.js);
  }
  const configOutput = existsSync(layout.configFile) ? (byEntry.get('kit.config.ts')?.js ?? null) : null;
  const stylesCss = byEntry.get(virtualEntryPoint(stylesModule))?.css;
  const css = stylesCss === undefined ? null : (files.find((file) => file.path === stylesCss)?.text ?? null);
  const assetsDir = join(outdir, 'assets');
  return {
    files,
    modules,
    config: configOutput,
    css,
    assets: files.filter((file) => file.path.startsWith(assetsDir)),
    inputs: inputsOf(metafile, layout.root),
    metafile,
  };
}

/** What the browser build produced. */
export interface ClientBundle {
  /** The JS files (with source maps) and assets, with paths relative to the output folder. */
  readonly files: readonly { readonly path: string; readonly contents: Uint8Array }[];
  /** URL of the generated entry that calls `hydrate()`. */
  readonly entry: string;
  /** Route file (relative to the route folder) -> URL of its chunk. */
  readonly urls: ReadonlyMap<string, string>;
  readonly inputs: readonly string[];
}

/** Reads a finished browser build; its CSS is dropped (the server build makes the stylesheet). */
export function readClientBundle(layout: AppLayout, manifest: RouteManifest, result: BuildResult, outdir: string): ClientBundle {
  const metafile = result.metafile!;
  const byEntry = outputsByEntry(metafile, layout.root);
  const url = (absolute: string) =>
    clientUrlPrefix +
    absolute
      .slice(outdir.length + 1)
      .split('\\')
      .join('/');
  const urls = new Map<string, string>();
  for (const file of routeFiles(manifest).client) {
    const output = byEntry.get(toRootRelative(layout.root, join(layout.routesDir, file)));
    if (output) urls.set(file, url(output.js));
  }
  const entry = byEntry.get(virtualEntryPoint(clientEntryModule));
  const files = (result.outputFiles ?? [])
    .filter((file) => !file.path.endsWith('.css') && !file.path.endsWith('.css.map'))
    .map((file) => ({
      path: file.path
        .slice(outdir.length + 1)
        .split('\\')
        .join('/'),
      contents: file.contents,
    }));
  return { files, entry: entry ? url(entry.js) : `${clientUrlPrefix}kit-entry.js`, urls, inputs: inputsOf(metafile, layout.root) };
}
