import type { CapabilityRegistry, KitContext, PageSecurityHeaders } from '@kit/kit-core';
import type { RouteParams } from '@kit/kit-router';
import type { PageCache } from './page-cache/page-cache.js';
import type { ErrorModule, LayoutModule, LoadingModule, NotFoundModule, PageModule } from '../modules/types.js';

/**
 * A route file as the renderer gets it: its path (relative to the routes folder, as in the route
 * manifest), the loaded server module and the URL of its client chunk.
 *
 * @example
 * ```ts
 * import type { RouteModuleRef } from '@kit/kit-react/server';
 * import type { PageModule } from '@kit/kit-react';
 *
 * const home: RouteModuleRef<PageModule> = { file: 'index.page.tsx', module: { default: () => null }, url: '/_kit/index.page.js' };
 * ```
 */
export interface RouteModuleRef<M> {
  readonly file: string;
  readonly module: M;
  /** The module's client chunk. */
  readonly url: string;
}

/** Where a failure reported to `RenderPageOptions.onError` happened. */
export interface RenderErrorInfo {
  /**
   * `loader`: a loader threw, timed out or returned a value that is not JSON; `action`: a page's action
   * did; `render`: a component threw.
   */
  readonly phase: 'loader' | 'action' | 'render';
  /** The file whose loader failed; null for render errors (React names the component in `componentStack`). */
  readonly file: string | null;
  readonly componentStack?: string;
}

/** What `renderPage` renders: the request, the matched route's modules and the client assets. */
export interface RenderPageOptions {
  readonly request: Request;
  readonly ctx: KitContext;
  readonly params: RouteParams;
  /** The route's layouts, root first. */
  readonly layouts: readonly RouteModuleRef<LayoutModule>[];
  /** The page; null renders the not-found view with 404. */
  readonly page: RouteModuleRef<PageModule> | null;
  /** The not-found view for 404s; null uses a built-in plain one. */
  readonly notFound: RouteModuleRef<NotFoundModule> | null;
  /** The nearest `_loading.tsx`: with one, the shell streams before the page's loader settles. */
  readonly loading: RouteModuleRef<LoadingModule> | null;
  /** The nearest `_error.tsx`; null uses a built-in plain one. */
  readonly error: RouteModuleRef<ErrorModule> | null;
  /** URLs of the client entry (a module script) and the stylesheets. */
  readonly assets: { readonly clientEntry: string; readonly styles: readonly string[] };
  /** Dev: error messages are shown and the client connects to `devEventsUrl`. Default false. */
  readonly dev?: boolean;
  /** Dev only: the server-sent events URL the client listens to (`/_kit/events`). */
  readonly devEventsUrl?: string;
  /**
   * Changes to the security headers of the page (`KitConfig.securityHeaders`, which kit-dev passes):
   * by default a Content-Security-Policy allowing the app's own scripts and inline scripts that carry
   * this response's nonce (React's streamed scripts, the bootstrap state and the client entry carry
   * it), `frame-ancestors 'none'` with `X-Frame-Options: DENY`, `X-Content-Type-Options: nosniff` and
   * `Referrer-Policy: strict-origin-when-cross-origin`. Pass the same object for every request: it is
   * checked and assembled once.
   */
  readonly securityHeaders?: PageSecurityHeaders;
  /**
   * The path of the sign-in page (`KitConfig.signInPage`, which kit-dev passes). When a loader that
   * settled before the shell throws `unauthorized` (401) and the caller is not signed in (`ctx.auth`
   * absent), the answer is `303 See Other` to this path with `next` set to the page's path and query,
   * rather than the error view. A page already at this path is never sent to itself.
   */
  readonly signInPage?: string;
  /**
   * The app's API routes (`KitApp.registry`, which kit-dev passes): what an action's `call` reaches. Without
   * it, an action that calls a route fails.
   */
  readonly registry?: CapabilityRegistry;
  /**
   * The server's kept pages (kit-dev's `PageCache`), which an action's `revalidate(path)` lets go of.
   * Without it, `revalidate` does nothing.
   */
  readonly pageCache?: Pick<PageCache, 'invalidate'>;
  /** How long a loader, an action (and the streaming of the whole page) may take, in milliseconds. Default 30000. */
  readonly timeoutMs?: number;
  /**
   * Told about loader failures (not `not_found`, nor KitErrors under 500) and errors thrown while
   * rendering. Default: `console.error` with the file.
   */
  readonly onError?: (error: unknown, info: RenderErrorInfo) => void;
}

/** The default of `RenderPageOptions.timeoutMs`. */
export const defaultTimeoutMs = 30_000;
