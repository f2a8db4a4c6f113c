import type { WebSocketService } from '@kit/kit-core';
import { join } from 'node:path';
import type { HttpBindings } from '@hono/node-server';
import { matchNotFound, matchRoute, type RouteDiagnostic, type RouteManifest } from '@kit/kit-router';
import type { BuildProblem } from '../bundle/build-problem.js';
import { toRootRelative } from '../bundle/build-problem.js';
import type { BundledFile } from '../bundle/vendor.js';
import { vendorUrlPrefix } from '../bundle/vendor.js';
import { clientUrlPrefix } from '../bundle/esbuild.js';
import { healthPath, healthResponse } from '../http/health.js';
import { bytesResponse, devCache, serveFolderFile } from '../http/static-files.js';
import { listenFetch, type Listening } from '../http/listen.js';
import {
  resolveConditions,
  resolveLayout,
  resolveServe,
  urlFor,
  type AppLayout,
  type AppLayoutOptions,
  type BundleOptions,
  type ResolvedServe,
  type ServeOptions,
} from '../options/options.js';
import { KitDevError } from '../errors/kit-dev-error.js';
import { wantsPage } from '../runtime/page-routes.js';
import { DevBuilder, type BuildOutcome, type Generation } from './dev-builder.js';
import { DevEvents, devEventsPath } from './dev-events.js';
import { devStylesheetUrl } from './dev-paths.js';
import { errorOverlayResponse } from './error-overlay.js';
import { locateError } from './stack-location.js';
import { isIgnoredPath, watchFiles, type FileChange, type FileWatcher } from './watch-files.js';

/** Options of `createDevServer`. */
export interface DevServerOptions extends AppLayoutOptions, ServeOptions, BundleOptions {
  /** Watch the app's files and rebuild on change. Default true. */
  readonly watch?: boolean;
  /** How long the watcher waits after a change for more before it rebuilds, in milliseconds. Default 50. */
  readonly debounceMs?: number;
}

/** A rebuild the dev server now serves. */
export interface DevReloadEvent {
  /** `css`: only stylesheets changed (the app kept running); `routes`: the app was rebuilt and swapped. */
  readonly kind: 'routes' | 'css';
  /** The number of the build now served, from 1. */
  readonly generation: number;
  /** How long the build took (scan, bundles, import), in milliseconds. */
  readonly durationMs: number;
  /** The changed files that caused it, relative to the root (empty for the first build). */
  readonly changedFiles: readonly string[];
}

/** A build that failed; the dev server goes on serving the last good one. */
export interface DevErrorEvent extends BuildProblem {
  readonly durationMs: number;
  readonly changedFiles: readonly string[];
}

/** The events of a dev server. */
export interface DevServerEvents {
  readonly reload: DevReloadEvent;
  readonly error: DevErrorEvent;
}

/** Where a listening dev server is. */
export interface DevServerAddress {
  readonly url: string;
  readonly port: number;
}

/** The development server made by `createDevServer`. */
export interface DevServer {
  /** Builds the app the first time and starts the watcher; `listen` and `fetch` call it. Resolves even when the build fails (see `error`). */
  ready(): Promise<void>;
  /** Starts serving over HTTP on the configured host and port. */
  listen(): Promise<DevServerAddress>;
  /** Answers one request, as the HTTP server would. */
  fetch(request: Request, bindings?: HttpBindings): Promise<Response>;
  /** Stops the watcher, the event streams, the HTTP server and esbuild, and deletes `.kit/dev`. */
  close(): Promise<void>;
  /** Rebuilds now, as a change would (for tools; the watcher calls it by itself). */
  rebuild(): Promise<void>;
  /** The route manifest of the latest scan, or null before the first. */
  readonly manifest: RouteManifest | null;
  /** The diagnostics of the latest scan (`route_conflict`, `unknown_convention`, ...). */
  readonly diagnostics: readonly RouteDiagnostic[];
  /** The problem of the latest build when it failed, else null. */
  readonly error: BuildProblem | null;
  /** Subscribes to an event; returns the function that unsubscribes. */
  on<E extends keyof DevServerEvents>(event: E, listener: (payload: DevServerEvents[E]) => void): () => void;
  /** Shorthand for `on('reload', listener)`. */
  onReload(listener: (event: DevReloadEvent) => void): () => void;
}

/** The files a page request depends on: its route's (or not-found boundary's) files, relative to the route folder. */
function filesServing(url: string, manifest: RouteManifest): string[] {
  const match = matchRoute(url, manifest);
  if (match) {
    const { route } = match;
    return [
      route.file,
      ...route.layouts,
      ...route.middleware,
      ...(route.loading ? [route.loading] : []),
      ...(route.error ? [route.error] : []),
    ];
  }
  const boundary = matchNotFound(url, manifest);
  return boundary ? [boundary.file, ...boundary.layouts, ...boundary.middleware] : [];
}

function devProblem(status: number, title: string, detail: string): Response {
  return new Response(JSON.stringify({ type: 'about:blank', title, status, detail }), {
    status,
    headers: {
      'Content-Type': 'application/problem+json; charset=utf-8',
      'Cache-Control': 'no-store',
      'X-Content-Type-Options': 'nosniff',
    },
  });
}

class KitDevServer implements DevServer {
  private readonly layout: AppLayout;
  private readonly serve: ResolvedServe;
  private readonly builder: DevBuilder;
  private readonly events = new DevEvents();
  private readonly listeners: { [E in keyof DevServerEvents]: Set<(payload: DevServerEvents[E]) => void> } = {
    reload: new Set(),
    error: new Set(),
  };
  private readonly watchEnabled: boolean;
  private readonly debounceMs: number;
  private started: Promise<void> | undefined;
  private watcher: FileWatcher | undefined;
  private listening: Listening | undefined;
  private websockets: WebSocketService | undefined;
  private current: Generation | null = null;
  private previous: Generation | null = null;
  private latestManifest: RouteManifest | null = null;
  private problem: BuildProblem | null = null;
  private vendorFiles = new Map<string, Uint8Array>();
  private pending: FileChange[] = [];
  private running: Promise<void> | null = null;
  private closed = false;

  constructor(options: DevServerOptions) {
    this.layout = resolveLayout('createDevServer', options, true);
    this.serve = resolveServe('createDevServer', options);
    const conditions = resolveConditions('createDevServer', options);
    const { watch = true, debounceMs = 50 } = options;
    if (typeof watch !== 'boolean')
      throw new KitDevError('invalid_option', `createDevServer: watch must be true or false, got ${JSON.stringify(watch)}`);
    if (!Number.isFinite(debounceMs) || debounceMs < 0)
      throw new KitDevError(
        'invalid_option',
        `createDevServer: debounceMs must be a number of milliseconds from 0, got ${JSON.stringify(debounceMs)}`,
      );
    this.watchEnabled = watch;
    this.debounceMs = debounceMs;
    this.builder = new DevBuilder(this.layout, conditions, {
      dev: true,
      devEventsUrl: devEventsPath,
      mcp: this.serve.mcp,
      a2a: this.serve.a2a,
      onRenderError: (error, request) => this.renderErrorPage(error, request),
      onPageError: (error, where) =>
        this.serve.log('error', `${where}: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`),
    });
  }

  get manifest(): RouteManifest | null {
    return this.latestManifest;
  }

  get diagnostics(): readonly RouteDiagnostic[] {
    return this.latestManifest?.diagnostics ?? [];
  }

  get error(): BuildProblem | null {
    return this.problem;
  }

  on<E extends keyof DevServerEvents>(event: E, listener: (payload: DevServerEvents[E]) => void): () => void {
    const set = this.listeners[event] as Set<(payload: DevServerEvents[E]) => void>;
    set.add(listener);
    return () => set.delete(listener);
  }

  onReload(listener: (event: DevReloadEvent) => void): () => void {
    return this.on('reload', listener);
  }

  private emit<E extends keyof DevServerEvents>(event: E, payload: DevServerEvents[E]): void {
    for (const listener of this.listeners[event] as Set<(payload: DevServerEvents[E]) => void>) {
      try {
        listener(payload);
      } catch (error) {
        this.serve.log('error', `a ${event} listener threw: ${error instanceof Error ? error.message : String(error)}`);
      }
    }
  }

  ready(): Promise<void> {
    this.started ??= this.start();
    return this.started;
  }

  private async start(): Promise<void> {
    await this.builder.clean();
    const vendor = await this.builder.vendor();
    this.vendorFiles = new Map(vendor.map((file: BundledFile) => [file.path, file.contents]));
    if (this.watchEnabled) this.watcher = await watchFiles(this.layout.root, this.debounceMs, (changes) => this.schedule(changes));
    await this.runBuild([]);
  }

  rebuild(): Promise<void> {
    return this.ready().then(() => this.runBuild([]));
  }

  /** Whether a change can affect the app: route files, the config, anything the last build read, any CSS. */
  private relevant(change: FileChange): boolean {
    const { path } = change;
    if (isIgnoredPath(this.layout.root, path)) return false;
    if (path.startsWith(this.layout.publicDir)) return false;
    if (this.problem !== null || this.current === null) return true;
    if (path === this.layout.configFile || path.startsWith(this.layout.routesDir) || path.endsWith('.css')) return true;
    return this.current.inputs.has(path);
  }

  private schedule(changes: readonly FileChange[]): void {
    if (this.closed) return;
    const relevant = changes.filter((change) => this.relevant(change));
    if (relevant.length === 0) return;
    this.pending.push(...relevant);
    this.running ??= this.drain();
  }

  private async drain(): Promise<void> {
    try {
      while (this.pending.length > 0 && !this.closed) {
        const changes = this.pending;
        this.pending = [];
        await this.runBuild(changes);
      }
    } finally {
      this.running = null;
    }
  }

  private async runBuild(changes: readonly FileChange[]): Promise<void> {
    const cssOnly =
      changes.length > 0 &&
      this.current !== null &&
      this.problem === null &&
      changes.every((change) => change.kind === 'change' && change.path.endsWith('.css') && !change.path.endsWith('.module.css'));
    const outcome = await this.builder.build(this.current, { cssOnly });
    if (this.closed) return;
    // A file written and then changed within one batch (an editor's save, a test's write) is one change.
    const changedFiles = [...new Set(changes.map((change) => toRootRelative(this.layout.root, change.path)))];
    this.apply(outcome, changedFiles, cssOnly);
  }

  private apply(outcome: BuildOutcome, changedFiles: readonly string[], cssOnly: boolean): void {
    const before = JSON.stringify(this.latestManifest?.diagnostics ?? []);
    if (outcome.ok) this.latestManifest = outcome.generation.manifest;
    else if (outcome.manifest) this.latestManifest = outcome.manifest;
    if (JSON.stringify(this.diagnostics) !== before) {
      for (const diagnostic of this.diagnostics)
        this.serve.log(diagnostic.severity === 'error' ? 'error' : 'warn', `${diagnostic.code}: ${diagnostic.message}. ${diagnostic.fix}`);
    }
    if (!outcome.ok) {
      this.problem = outcome.problem;
      const { file, line, column, message } = outcome.problem;
      this.serve.log('error', `build failed${file ? ` at ${file}:${line}:${column}` : ''}: ${message}`);
      this.events.send({ event: 'error', data: { file, line, column, message } });
      this.emit('error', { ...outcome.problem, durationMs: outcome.durationMs, changedFiles });
      return;
    }
    const generation = outcome.generation;
    const kind = cssOnly ? 'css' : 'routes';
    if (!cssOnly && this.current) {
      // The generation before the previous one serves nothing more: what its plugins started stops.
      const dropped = this.previous;
      this.previous = this.current;
      if (dropped && dropped.app !== this.previous.app && dropped.app !== generation.app) void dropped.app.close();
    }
    const appChanged = this.current?.app !== generation.app;
    this.current = generation;
    if (appChanged) this.serveWebSockets();
    this.problem = null;
    void this.builder.prune([generation, ...(this.previous ? [this.previous] : [])]);
    this.serve.log('info', `${changedFiles.length === 0 ? 'built' : `rebuilt (${changedFiles.join(', ')})`} in ${outcome.durationMs} ms`);
    this.events.send({ event: 'update', data: { kind, generation: generation.number } });
    this.emit('reload', { kind, generation: generation.number, durationMs: outcome.durationMs, changedFiles });
  }

  /** Whether the current build error concerns the files that serve this URL. */
  private errorConcerns(request: Request): boolean {
    const problem = this.problem;
    if (problem === null) return false;
    if (problem.file === '') return true;
    const broken = join(this.layout.root, problem.file);
    if (broken === this.layout.configFile) return true;
    const manifest = this.latestManifest ?? this.current?.manifest;
    if (!manifest) return true;
    const files = filesServing(request.url, manifest);
    return files.some((file) => join(this.layout.routesDir, file) === broken || (this.current?.closures.get(file)?.has(broken) ?? false));
  }

  private renderErrorPage(error: unknown, request: Request): Response | null {
    if (!wantsPage(request) || request.headers.get('kit-navigation') === '1') return null;
    const message = error instanceof Error ? error.message : String(error);
    this.serve.log(
      'error',
      `rendering ${new URL(request.url).pathname} failed: ${error instanceof Error ? (error.stack ?? message) : message}`,
    );
    return errorOverlayResponse(this.layout.root, {
      title: 'Render error',
      message,
      location: locateError(error, this.layout.root, this.builder.outRoot),
      ...(error instanceof Error && error.stack ? { stack: error.stack } : {}),
    });
  }

  private clientFile(path: string): Uint8Array | undefined {
    for (const generation of [this.current, this.previous]) {
      const found = generation?.client.files.find((file) => file.path === path);
      if (found) return found.contents;
    }
    return undefined;
  }

  async fetch(request: Request, bindings?: HttpBindings): Promise<Response> {
    await this.ready();
    const { pathname } = new URL(request.url);
    if (pathname.startsWith('/_kit/')) return this.kitAsset(request, pathname);
    const file = await serveFolderFile(request, this.layout.publicDir, '/', () => 'no-cache');
    if (file) return file;
    const generation = this.current;
    if (this.problem && (generation === null || (wantsPage(request) && this.errorConcerns(request)))) {
      const { file: where, line, column, message } = this.problem;
      if (wantsPage(request) && request.headers.get('kit-navigation') !== '1') {
        return errorOverlayResponse(this.layout.root, {
          title: 'Build error',
          message,
          location: where ? { file: where, line, column } : null,
        });
      }
      return devProblem(500, 'The app does not build', `${where ? `${where}:${line}:${column}: ` : ''}${message}`);
    }
    if (generation === null)
      return devProblem(503, 'The app is not built yet', 'The dev server has not finished its first build; try again.');
    return generation.app.fetch(request, bindings);
  }

  private kitAsset(request: Request, pathname: string): Response {
    if (pathname === devEventsPath) return this.events.connect(request);
    if (pathname === healthPath) return healthResponse(request);
    const notFound = () => devProblem(404, 'Not found', `No file at ${pathname} in the dev server's bundles.`);
    if (pathname === devStylesheetUrl)
      return new Response(this.current?.css ?? '', {
        headers: { 'Content-Type': 'text/css; charset=utf-8', 'Cache-Control': devCache, 'X-Content-Type-Options': 'nosniff' },
      });
    if (pathname.startsWith(vendorUrlPrefix)) {
      const contents = this.vendorFiles.get(pathname.slice(vendorUrlPrefix.length));
      return contents ? bytesResponse(request, contents, pathname, devCache) : notFound();
    }
    if (pathname.startsWith(clientUrlPrefix)) {
      const contents = this.clientFile(decodeURIComponent(pathname.slice(clientUrlPrefix.length)));
      return contents ? bytesResponse(request, contents, pathname, devCache) : notFound();
    }
    return notFound();
  }

  async listen(): Promise<DevServerAddress> {
    await this.ready();
    if (this.listening) return { url: urlFor(this.serve.host, this.listening.port), port: this.listening.port };
    this.listening = await listenFetch((request, bindings) => this.fetch(request, bindings), {
      port: this.serve.port,
      host: this.serve.host,
      component: 'createDevServer',
      methods: () => [...new Set(['GET', 'HEAD', ...(this.current?.app.methods() ?? [])])].sort(),
    });
    this.serveWebSockets();
    const url = urlFor(this.serve.host, this.listening.port);
    this.serve.log('info', `dev server at ${url}`);
    return { url, port: this.listening.port };
  }

  /**
   * Serves the WebSocket endpoints of the current build on the listening server: those of the build
   * before are closed first (1001, going away), so clients reconnect to the new code.
   */
  private serveWebSockets(): void {
    const old = this.websockets;
    // close() stops taking upgrades at once, before its first await, so two builds never answer one.
    if (old) void old.close();
    this.websockets = this.listening && this.current ? this.current.app.serveWebSockets(this.listening.server) : undefined;
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.events.close();
    await this.started?.catch(() => {});
    await this.watcher?.close();
    await this.running;
    await this.websockets?.close();
    await this.listening?.close();
    // What the served apps' plugins started (workers, timers) stops with the server.
    await this.current?.app.close();
    if (this.previous && this.previous.app !== this.current?.app) await this.previous.app.close();
    await this.builder.close();
    await this.builder.clean();
  }
}

/**
 * Creates the development server of the app in `root`: `app/routes` scanned with kit-router, the
 * route files and `kit.config.ts` bundled with esbuild for Node and for the browser, pages rendered by
 * kit-react with streaming and hydration, API routes served through one kit app (so `/openapi.json`,
 * `/mcp` and A2A at `/a2a`, with its card at `/.well-known/agent.json`, list them), `public/` served
 * as it is. A change to a route file, a component or a
 * stylesheet rebuilds and swaps the app without a restart and tells the browser through server-sent
 * events at `/_kit/events`; a build error keeps the last good build serving the other routes and
 * shows an overlay naming `file:line:column`. Creation does no work: `listen()` (or `ready()`,
 * `fetch()`) starts it.
 *
 * @example
 * ```ts
 * import { createDevServer } from '@kit/kit-dev';
 *
 * const devServer = createDevServer({ root: './my-app', port: 3000 });
 * devServer.onReload((event) => console.log(`rebuilt in ${event.durationMs} ms`));
 * const { url } = await devServer.listen();
 * console.log(`open ${url}`);
 * ```
 */
export function createDevServer(options: DevServerOptions = {}): DevServer {
  return new KitDevServer(options);
}
