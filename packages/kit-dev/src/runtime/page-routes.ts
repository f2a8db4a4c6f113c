import { KitError, type CapabilityRegistry, type KitContext, quoteInput } from '@kit/kit-core';
import { requestHeaderOf } from '@kit/kit-core/http';
import type { ErrorModule, LayoutModule, LoadingModule, NotFoundModule, PageModule } from '@kit/kit-react';
import {
  PageCache,
  renderPage,
  type CachedPage,
  type RenderErrorInfo,
  type RenderPageOptions,
  type RouteModuleRef,
} from '@kit/kit-react/server';
import {
  matchNotFound,
  matchRoute,
  type ManifestRoute,
  type NotFoundBoundary,
  type RouteManifest,
  type RouteParams,
} from '@kit/kit-router';
import type { LoadedApp, RuntimeOptions } from './runtime-types.js';

/**
 * How long the server keeps a page for visitors who are not signed in: `cache.revalidate` seconds, for as
 * long as the process runs (`null`) for a page that is prerendered without `cache`, or not at all.
 */
export function keptFor(page: PageModule): number | null | undefined {
  if (page.cache !== undefined) return page.cache.revalidate;
  return page.prerender === undefined ? undefined : null;
}

/**
 * Whether a request may get (and leave) a page kept for everyone: a GET by someone the app's
 * authentication did not recognise, who sends no credentials of their own either. A signed-in person, or
 * an agent with a key, gets a page rendered for them.
 */
function isShared(request: Request, ctx: KitContext): boolean {
  return request.method === 'GET' && ctx.auth === undefined && requestHeaderOf(request, 'authorization') === null;
}

/** Whether a caller wants a page: a browser (`Accept` with `text/html`) or kit-react's client router. */
export function wantsPage(request: Request): boolean {
  return requestHeaderOf(request, 'kit-navigation') === '1' || (requestHeaderOf(request, 'accept') ?? '').includes('text/html');
}

/** The folder of a route file, `''` at the root. */
function folderOf(file: string): string {
  const slash = file.lastIndexOf('/');
  return slash === -1 ? '' : file.slice(0, slash);
}

function isUnder(folder: string, ancestor: string): boolean {
  return ancestor === '' || folder === ancestor || folder.startsWith(`${ancestor}/`);
}

/**
 * Renders the pages of a loaded app with kit-react: a page route with its layouts, loading and error
 * files, and the not-found view (the nearest `not-found.tsx`, with its layouts) for URLs no page serves.
 */
/** The files of a page route as the renderer takes them: the same for every request to the route. */
type RouteFiles = Pick<RenderPageOptions, 'layouts' | 'page' | 'notFound' | 'loading' | 'error'>;

export class PageRenderer {
  private readonly errorFiles: readonly string[];
  private readonly rootLayouts: readonly string[];
  // The loaded modules never change, so a file's ref and a route's files are made once.
  private readonly refs = new Map<string, RouteModuleRef<unknown>>();
  private readonly routeFiles = new WeakMap<ManifestRoute, Omit<RouteFiles, 'notFound'>>();

  /** `securityHeaders` of kit.config.ts: the same object for every page, so kit-react assembles it once. */
  private readonly securityHeaders: RenderPageOptions['securityHeaders'];
  /** `signInPage` of kit.config.ts: where a page's 401 sends a signed-out person. */
  private readonly signInPage: string | undefined;
  /** The app's API routes, which pages' actions call; set once the app is made. */
  registry: CapabilityRegistry | undefined;
  /**
   * The pages exported with `cache` or `prerender`, as rendered for visitors who are not signed in: in
   * this process's memory (seeded with the build's prerendered pages by `kit start`).
   */
  readonly cache: PageCache;

  constructor(
    private readonly loaded: LoadedApp,
    private readonly options: RuntimeOptions,
  ) {
    this.cache = new PageCache({
      onError: (error, path) => {
        const where = `regenerating the cached page ${path} (the last good one is served meanwhile)`;
        if (options.onPageError) options.onPageError(error, where);
        else console.error(`kit: ${where} failed:`, error);
      },
    });
    this.securityHeaders = loaded.config?.securityHeaders;
    this.signInPage = loaded.config?.signInPage;
    const errors = new Set<string>();
    for (const route of loaded.manifest.routes) if (route.error !== null) errors.add(route.error);
    // Deepest first, so the first folder that contains a boundary is the nearest.
    this.errorFiles = [...errors].sort((a, b) => b.split('/').length - a.split('/').length);
    this.rootLayouts = loaded.manifest.routes.find((route) => route.layouts[0] === '_layout.tsx')?.layouts.slice(0, 1) ?? [];
  }

  private get manifest(): RouteManifest {
    return this.loaded.manifest;
  }

  private ref<M>(file: string): RouteModuleRef<M> {
    let ref = this.refs.get(file);
    if (ref === undefined) {
      ref = { file, module: this.loaded.modules.get(file) ?? {}, url: this.loaded.clientUrls.get(file) ?? '' };
      this.refs.set(file, ref);
    }
    return ref as RouteModuleRef<M>;
  }

  private optionalRef<M>(file: string | null): RouteModuleRef<M> | null {
    return file === null ? null : this.ref<M>(file);
  }

  private filesOf(route: ManifestRoute): Omit<RouteFiles, 'notFound'> {
    let files = this.routeFiles.get(route);
    if (files === undefined) {
      files = {
        layouts: route.layouts.map((file) => this.ref<LayoutModule>(file)),
        page: this.ref<PageModule>(route.file),
        loading: this.optionalRef<LoadingModule>(route.loading),
        error: this.optionalRef<ErrorModule>(route.error),
      };
      this.routeFiles.set(route, files);
    }
    return files;
  }

  private renderOptions(request: Request, ctx: KitContext, params: RouteParams, files: RouteFiles, failures: unknown[]): RenderPageOptions {
    const report = this.options.onPageError;
    return {
      onError: (error: unknown, info: RenderErrorInfo) => {
        if (info.phase === 'render') failures.push(error);
        const where = info.file ?? `rendering ${new URL(request.url).pathname}`;
        if (report) report(error, where);
        else console.error(`kit: ${where} failed:`, error);
      },
      request,
      ctx,
      params,
      // Every field written out, absent ones as undefined (which renderPage reads as absent): an object
      // literal with fields after a spread defines each of them through a call into the engine's runtime.
      assets: this.loaded.assets,
      dev: this.options.dev,
      securityHeaders: this.securityHeaders,
      registry: this.registry,
      pageCache: this.cache,
      signInPage: this.signInPage,
      devEventsUrl: this.options.devEventsUrl,
      layouts: files.layouts,
      page: files.page,
      notFound: files.notFound,
      loading: files.loading,
      error: files.error,
    };
  }

  /** Whether the page of a route file exports actions, which forms post to. */
  hasActions(file: string): boolean {
    const actions = (this.loaded.modules.get(file) as { actions?: unknown } | undefined)?.actions;
    return typeof actions === 'object' && actions !== null && Object.keys(actions).length > 0;
  }

  /** Serves `page` (rendered into the build) for `path`, as long as its page says to keep it. */
  seed(path: string, page: CachedPage): void {
    const match = matchRoute(path.split('?')[0]!, this.manifest);
    if (!match || match.route.kind !== 'page') return;
    const module = this.filesOf(match.route).page?.module;
    const revalidate = module === undefined ? undefined : keptFor(module);
    if (revalidate !== undefined) this.cache.seed(path, 'html', revalidate, page);
  }

  /** The page that serves the request's URL, or the not-found view when none does. */
  render(request: Request, ctx: KitContext): Promise<Response> {
    // Parsed once here: the router takes the path as it is, instead of parsing the absolute URL again.
    const pathname = new URL(request.url).pathname;
    const match = matchRoute(pathname, this.manifest);
    if (!match || match.route.kind !== 'page') return this.renderNotFound(request, ctx, pathname);
    const boundary = matchNotFound(pathname, this.manifest);
    const route = this.filesOf(match.route);
    const notFound = boundary ? this.ref<NotFoundModule>(boundary.file) : null;
    const files: RouteFiles = { layouts: route.layouts, page: route.page, notFound, loading: route.loading, error: route.error };
    const render = () => this.guard(request, (failures) => renderPage(this.renderOptions(request, ctx, match.params, files, failures)));
    const revalidate = files.page === null ? undefined : keptFor(files.page.module);
    // Nothing is kept in development, where every request shows the files as they are now.
    if (revalidate === undefined || this.options.dev || !isShared(request, ctx)) return render();
    const url = new URL(request.url);
    const kind = requestHeaderOf(request, 'kit-navigation') === '1' ? 'payload' : 'html';
    return this.cache.answer(url.pathname + url.search, kind, revalidate, render);
  }

  /** The nearest not-found view (404), or for callers that want no page, the 404 problem. */
  async renderNotFound(request: Request, ctx: KitContext, pathname = new URL(request.url).pathname): Promise<Response> {
    if (!wantsPage(request)) {
      throw new KitError('not_found', `No page or endpoint at ${quoteInput(pathname)}; see /openapi.json for the API.`);
    }
    const boundary = matchNotFound(pathname, this.manifest);
    const files: RouteFiles = {
      layouts: (boundary?.layouts ?? this.rootLayouts).map((file) => this.ref<LayoutModule>(file)),
      page: null,
      notFound: boundary ? this.ref<NotFoundModule>(boundary.file) : null,
      loading: null,
      error: this.optionalRef<ErrorModule>(this.errorFileFor(boundary)),
    };
    return this.guard(request, (failures) => renderPage(this.renderOptions(request, ctx, {}, files, failures)));
  }

  private errorFileFor(boundary: NotFoundBoundary | null): string | null {
    const folder = boundary ? folderOf(boundary.file) : '';
    return this.errorFiles.find((file) => isUnder(folder, folderOf(file))) ?? null;
  }

  /**
   * Renders, handing errors to `onRenderError` (the dev overlay): a rejected render, and a page whose
   * shell failed to render (status 500 after a component threw), whose stack names the component's file.
   */
  private async guard(request: Request, render: (failures: unknown[]) => Promise<Response>): Promise<Response> {
    const failures: unknown[] = [];
    let response: Response;
    try {
      response = await render(failures);
    } catch (error) {
      const answer = this.options.onRenderError?.(error, request);
      if (answer) return answer;
      throw error;
    }
    const [failure] = failures;
    if (response.status >= 500 && failure !== undefined) {
      const answer = this.options.onRenderError?.(failure, request);
      if (answer) {
        await response.body?.cancel();
        return answer;
      }
    }
    return response;
  }
}
