import type { ComponentType } from 'react';
import type { KitContext } from '@kit/kit-core';
import type { RouteParams } from '@kit/kit-router';
import type { AnyActionDefinition } from '../actions/define-action.js';
import type { RouteMeta } from '../meta/route-meta.js';

/**
 * What a loader receives: the route's parameters, the query string, the request and the kit context
 * (the caller's identity, set by middleware), plus a signal that aborts when the loader is cut by the
 * renderer's `timeoutMs` or the client goes away.
 *
 * @example
 * ```ts
 * import type { LoaderArgs } from '@kit/kit-react';
 *
 * export async function loader({ params, searchParams }: LoaderArgs) {
 *   return { id: String(params.id), tab: searchParams.get('tab') ?? 'details' };
 * }
 * ```
 */
export interface LoaderArgs {
  readonly params: RouteParams;
  readonly searchParams: URLSearchParams;
  readonly request: Request;
  readonly ctx: KitContext;
  /** Aborted when the loader is cut by the timeout or the request is abandoned: pass it on to fetch or queries. */
  readonly signal: AbortSignal;
}

/**
 * A page's or layout's loader: runs on the server before the component renders, and its result (plain
 * JSON: strings, finite numbers, booleans, null, arrays and plain objects) is what `useLoaderData()`
 * returns. Throw `new KitError('not_found', ...)` for the not-found view, any other error for the error view.
 *
 * @example
 * ```ts
 * import type { Loader } from '@kit/kit-react';
 *
 * export const loader: Loader<{ greeting: string }> = async ({ params }) => ({ greeting: `Hello ${String(params.name)}` });
 * ```
 */
export type Loader<T = unknown> = (args: LoaderArgs) => T | Promise<T>;

/**
 * What a `meta` function of a route file receives: its level's loader data (`null` without a loader),
 * the route's parameters and the page's path.
 *
 * @example
 * ```ts
 * import type { MetaArgs, RouteMeta } from '@kit/kit-react';
 *
 * export function meta({ data }: MetaArgs<{ title: string }>): RouteMeta {
 *   return { title: `${data.title} · Help desk` };
 * }
 * ```
 */
export interface MetaArgs<T = unknown> {
  readonly data: T;
  readonly params: RouteParams;
  readonly pathname: string;
}

/**
 * The `meta` export of a page or layout: the metadata itself, or a function of the level's loader data
 * that returns it. See `RouteMeta` for how levels merge.
 *
 * @example
 * ```ts
 * import type { RouteMetaExport } from '@kit/kit-react';
 *
 * export const meta: RouteMetaExport<{ title: string }> = ({ data }) => ({ title: data.title, openGraph: { type: 'article' } });
 * ```
 */
export type RouteMetaExport<T = unknown> = RouteMeta | ((args: MetaArgs<T>) => RouteMeta);

/**
 * How a page's document comes alive in the browser, as its route file exports it (`export const hydrate`):
 * - `'load'` (the default): the client entry hydrates the page, its layouts and their data as soon as it
 *   loads, and the client router takes over links;
 * - `'idle'`: the same once the browser is idle (`requestIdleCallback`, within 2 s), so the page's own
 *   scripts, images and first paint come first;
 * - `'none'`: the document is sent as plain HTML, with no script, no module preload and no loader data; its
 *   links and forms work as links and forms do without JavaScript, and a client navigation to it loads it as
 *   a document. For pages with nothing interactive: sign-in forms, articles, legal pages.
 *
 * It is the page's choice for the whole document, its layouts included.
 *
 * @example
 * ```ts
 * import type { PageHydration } from '@kit/kit-react';
 *
 * // app/routes/login.page.tsx: a plain form post, which needs no JavaScript.
 * export const hydrate: PageHydration = 'none';
 * ```
 */
export type PageHydration = 'load' | 'idle' | 'none';

/** Every value of `PageHydration`, for checking what a route file exports. */
export const pageHydrations: readonly PageHydration[] = ['load', 'idle', 'none'];

/**
 * A page's `cache` export: the server keeps the page it rendered for a visitor who is not signed in and
 * gives it to the next ones, rendering it again in the background once it is `revalidate` seconds old
 * (the old page is served meanwhile). A signed-in person always gets a page rendered for them.
 *
 * @example
 * ```ts
 * import type { PageCacheSettings } from '@kit/kit-react';
 *
 * // app/routes/pricing.page.tsx: the same for every visitor, fresh within a minute.
 * export const cache: PageCacheSettings = { revalidate: 60 };
 * ```
 */
export interface PageCacheSettings {
  /** Seconds a kept page is served before it is rendered again (a positive number). */
  readonly revalidate: number;
}

/**
 * A page's `prerender` export: `kit build` renders the page (as a visitor who is not signed in) and
 * writes it into the build, and `kit start` serves that copy. `true` for a page without parameters; for
 * a page with some, the paths to render (`paths`, run at build time). With `cache` as well, the copy is
 * rendered again after `revalidate` seconds; without, it is served until the next build.
 *
 * @example
 * ```ts
 * import type { PagePrerender } from '@kit/kit-react';
 *
 * // app/routes/docs/[slug].page.tsx
 * export const prerender: PagePrerender = { paths: () => ['/docs/intro', '/docs/setup'] };
 * ```
 */
export type PagePrerender = true | { readonly paths: () => readonly string[] | Promise<readonly string[]> };

/**
 * A `*.page.tsx` module: a default component, an optional `loader` and an optional `hydrate`.
 *
 * @example
 * ```ts
 * import type { PageModule } from '@kit/kit-react';
 *
 * const page: PageModule = { default: () => null, loader: async () => ({ ok: true }), hydrate: 'none' };
 * ```
 */
export interface PageModule {
  readonly default: ComponentType;
  readonly loader?: Loader;
  /** How the document comes alive in the browser; `'load'` when absent. */
  readonly hydrate?: PageHydration;
  /** The page's head metadata; it wins over the layouts'. (`never`: a function typed for the page's own data fits.) */
  readonly meta?: RouteMetaExport<never>;
  /** The page's actions by name (see `defineAction`): what its forms post to. */
  readonly actions?: Readonly<Record<string, AnyActionDefinition>>;
  /** Keep the page rendered for visitors who are not signed in, for `revalidate` seconds. */
  readonly cache?: PageCacheSettings;
  /** Render the page into the build (`kit build`). */
  readonly prerender?: PagePrerender;
  /**
   * The level's loader data stays on the server: it is not sent to the browser (neither in the page's
   * bootstrap state nor in navigation payloads), so data the level reads only inside `ServerOnly`
   * (rendered Markdown, say) reaches the browser once, as HTML. Reading it with `useLoaderData()` outside
   * `ServerOnly` then fails in the browser with `loader_data_kept_on_server`.
   */
  readonly keepDataOnServer?: boolean;
}

/**
 * A `_layout.tsx` module: a default component that renders `<Outlet />` where the page goes, and an
 * optional `loader` whose data the layout reads with `useLoaderData()`.
 *
 * @example
 * ```ts
 * import type { LayoutModule } from '@kit/kit-react';
 *
 * const layout: LayoutModule = { default: () => null };
 * ```
 */
export interface LayoutModule {
  readonly default: ComponentType;
  readonly loader?: Loader;
  /** Head metadata for every page under the layout; a deeper layout or the page may replace it. */
  readonly meta?: RouteMetaExport<never>;
  /**
   * The level's loader data stays on the server: it is not sent to the browser (neither in the page's
   * bootstrap state nor in navigation payloads), so data the level reads only inside `ServerOnly`
   * (rendered Markdown, say) reaches the browser once, as HTML. Reading it with `useLoaderData()` outside
   * `ServerOnly` then fails in the browser with `loader_data_kept_on_server`.
   */
  readonly keepDataOnServer?: boolean;
}

/**
 * A `_loading.tsx` module: the component shown (without props) while a page's loader has not settled.
 *
 * @example
 * ```ts
 * import type { LoadingModule } from '@kit/kit-react';
 *
 * const loading: LoadingModule = { default: () => null };
 * ```
 */
export interface LoadingModule {
  readonly default: ComponentType;
}

/**
 * The props of an `_error.tsx` component. `message` is the `KitError`'s message, or outside dev a
 * generic text for any other error, so nothing internal reaches the page.
 *
 * @example
 * ```ts
 * import type { ErrorPageProps } from '@kit/kit-react';
 *
 * const props: ErrorPageProps = { error: { status: 403, code: 'forbidden', message: 'You may not see this ticket.' } };
 * ```
 */
export interface ErrorPageProps {
  readonly error: {
    readonly status: number;
    readonly code: string;
    readonly message: string;
  };
}

/**
 * An `_error.tsx` module: a default component taking `ErrorPageProps`.
 *
 * @example
 * ```ts
 * import type { ErrorModule } from '@kit/kit-react';
 *
 * const errorModule: ErrorModule = { default: ({ error }) => `${error.status}: ${error.message}` };
 * ```
 */
export interface ErrorModule {
  readonly default: ComponentType<ErrorPageProps>;
}

/**
 * A `not-found.tsx` module: a default component (no props) shown for URLs no page serves and for
 * loaders that throw `KitError('not_found')`.
 *
 * @example
 * ```ts
 * import type { NotFoundModule } from '@kit/kit-react';
 *
 * const notFound: NotFoundModule = { default: () => 'Nothing here.' };
 * ```
 */
export interface NotFoundModule {
  readonly default: ComponentType;
}
