import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import type { KitApp, KitConfig } from '@kit/kit-core';
import { KitDevError } from '../errors/kit-dev-error.js';
import { clientUrlPrefix } from '../bundle/esbuild.js';
import { healthPath, healthResponse } from '../http/health.js';
import { listenFetch } from '../http/listen.js';
import { immutableCache, indexFolder, isHashedName, revalidateCache, serveIndexedFile } from '../http/static-files.js';
import { resolveLayout, resolveServe, urlFor, type AppLayoutOptions, type ServeOptions } from '../options/options.js';
import { createRuntimeApp } from '../runtime/create-runtime-app.js';
import { importModules } from '../runtime/import-modules.js';
import { buildFormat, type BuildManifest } from './build-manifest.js';
import { defaultOutDir } from './build-app.js';

/** Options of `startApp`. */
export interface StartAppOptions extends Omit<AppLayoutOptions, 'routesDir'>, ServeOptions {
  /** The folder `buildApp` wrote. Default `<root>/.kit/build`. */
  readonly outDir?: string;
}

/** A running production server. */
export interface StartedApp {
  readonly url: string;
  readonly port: number;
  /** The kit app behind the server (its registry, its OpenAPI document). */
  readonly app: KitApp;
  /** Answers one request as the server does. */
  fetch(request: Request, bindings?: HttpBindings): Promise<Response>;
  /** Stops accepting connections and resolves once open ones have finished (cut after a second). */
  close(): Promise<void>;
}

async function readBuildManifest(outDir: string): Promise<BuildManifest> {
  const path = join(outDir, 'manifest.json');
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch {
    throw new KitDevError(
      'build_missing',
      `startApp: there is no build at ${outDir} (no manifest.json); run buildApp (kit build) first, or pass the outDir it wrote`,
    );
  }
  let manifest: BuildManifest;
  try {
    manifest = JSON.parse(text) as BuildManifest;
  } catch (error) {
    throw new KitDevError('build_missing', `startApp: ${path} is not valid JSON; build the app again`, { cause: error });
  }
  if (manifest.format !== buildFormat) {
    throw new KitDevError(
      'build_missing',
      `startApp: ${path} has format ${JSON.stringify(manifest.format)}, this kit-dev reads format ${buildFormat}; build the app again with this version`,
    );
  }
  return manifest;
}

/** Whether an absolute URL's path is `/` (with or without a query), read without parsing the whole URL. */
function isRootPath(url: string): boolean {
  const start = url.indexOf('/', url.indexOf('//') + 2);
  if (start === -1) return true;
  const next = url.charCodeAt(start + 1);
  return Number.isNaN(next) || next === 63 /* ? */ || next === 35; /* # */
}

/**
 * Serves a production build written by `buildApp`: imports the server bundle, assembles the kit app
 * (API routes, scoped middleware, pages rendered by kit-react, not-found pages, `/openapi.json`,
 * `/mcp`, A2A at `/a2a` with its agent card at `/.well-known/agent.json`; the build's prerendered pages
 * kept from the start) and serves it with the browser files under `/_kit/client/` (hashed names cached for a year,
 * `immutable`), `public/`, the WebSocket endpoints of `kit.config.ts`, and health probes at `/_kit/health` (200 `{"status":"ok"}`, ahead of the app's
 * middleware). No bundler, compiler or watcher is loaded.
 *
 * @throws KitDevError `build_missing` without a usable build, `load_failed` when a module throws on
 *   import or an API file exports no route, `listen_failed` when the port is taken.
 *
 * @example
 * ```ts
 * import { startApp } from '@kit/kit-dev';
 *
 * const server = await startApp({ root: './my-app', port: Number(process.env.PORT ?? 3000), host: '0.0.0.0' });
 * console.log(`serving ${server.url}`);
 * process.on('SIGTERM', () => void server.close());
 * ```
 */
export async function startApp(options: StartAppOptions = {}): Promise<StartedApp> {
  const layout = resolveLayout('startApp', options, false);
  const serve = resolveServe('startApp', options);
  if (options.outDir !== undefined && (typeof options.outDir !== 'string' || options.outDir === '')) {
    throw new KitDevError('invalid_option', `startApp: outDir must be a non-empty path, got ${JSON.stringify(options.outDir)}`);
  }
  const outDir = options.outDir === undefined ? defaultOutDir(layout.root) : resolve(layout.root, options.outDir);
  const build = await readBuildManifest(outDir);
  const serverDir = join(outDir, 'server');
  const imported = await importModules({
    modules: new Map(Object.entries(build.server.modules).map(([file, output]) => [file, join(serverDir, output)])),
    config: build.server.config === null ? null : join(serverDir, build.server.config),
    rootPath: (file) => file,
  });
  const prerendered = await Promise.all(
    (build.prerendered ?? []).map(async ({ path, file, ...page }) => ({
      path,
      page: { ...page, body: await readFile(join(outDir, 'prerendered', file), 'utf8') },
    })),
  );
  const app = createRuntimeApp(
    {
      manifest: { ...build.routes, root: layout.routesDir },
      modules: imported.modules,
      config: imported.config as KitConfig | null,
      clientUrls: new Map(Object.entries(build.client.urls)),
      assets: { clientEntry: build.client.entry, styles: build.client.styles },
    },
    {
      dev: false,
      mcp: serve.mcp,
      a2a: serve.a2a,
      prerendered,
      onPageError: (error, where) =>
        serve.log('error', `${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    },
  );
  // Indexed once: a request for a path no file has (most of them: pages, API routes) never reaches the disk.
  const [clientFiles, publicFiles] = await Promise.all([indexFolder(join(outDir, 'client')), indexFolder(layout.publicDir)]);
  const fetch = async (request: Request, bindings?: HttpBindings): Promise<Response> => {
    // No file of public/ answers `/`: the home page goes straight to the app, without a look at the disk.
    if (isRootPath(request.url)) return app.fetch(request, bindings);
    const { pathname } = new URL(request.url);
    if (pathname === healthPath) return healthResponse(request);
    if (pathname.startsWith(clientUrlPrefix)) {
      const file = await serveIndexedFile(request, pathname, clientFiles, clientUrlPrefix, (name) =>
        isHashedName(name) ? immutableCache : revalidateCache,
      );
      if (file) return file;
    } else {
      const file = await serveIndexedFile(request, pathname, publicFiles, '/', () => revalidateCache);
      if (file) return file;
    }
    return app.fetch(request, bindings);
  };
  const listening = await listenFetch(fetch, {
    port: serve.port,
    host: serve.host,
    component: 'startApp',
    methods: () => [...new Set(['GET', 'HEAD', ...app.methods()])].sort(),
  });
  const websockets = app.serveWebSockets(listening.server);
  const url = urlFor(serve.host, listening.port);
  serve.log('info', `serving ${url}`);
  const close = async () => {
    // Open WebSocket connections would keep the server from closing: they get 1001 first.
    await websockets?.close();
    await listening.close();
    // What the app's plugins started (workers, timers) stops too, so the process can end.
    await app.close();
  };
  return { url, port: listening.port, app, fetch, close };
}
