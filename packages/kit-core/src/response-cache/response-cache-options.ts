/**
 * How a kit app keeps answers it may share between callers (`KitConfig.responseCache`). An answer is
 * kept when its route is declared `cache: 'shared'` or its path is one `cacheable` accepts, and when it
 * is a storable 200: not `no-store` or `private`, no `Set-Cookie`, `Vary` on nothing but `Accept` and
 * `Accept-Encoding`, not already content-encoded. A kept answer is found by the request target (path
 * and query) alone, or by the target and `Accept` when it says `Vary: Accept`; the `Host`, cookies and
 * credentials are not part of the key, so only answers that are the same for every caller may be kept.
 *
 * @example
 * ```ts
 * import { createKitApp, type ResponseCacheOptions } from '@kit/kit-core';
 *
 * let contentVersion = 1;
 * const responseCache: ResponseCacheOptions = {
 *   version: () => contentVersion, // bump it when the content is reloaded: every kept answer is dropped
 *   cacheable: (path) => path === '/' || path.startsWith('/docs/'),
 *   maxEntries: 5_000,
 * };
 * const app = createKitApp({ routes: {}, responseCache });
 * app.get('/', () => new Response(`<h1>Version ${contentVersion}</h1>`, { headers: { 'Content-Type': 'text/html' } }));
 * ```
 */
export interface ResponseCacheOptions {
  /**
   * The version of what the kept answers were computed from (content, a data set): when the value it
   * returns changes, every kept answer is dropped before the next lookup, and an answer computed while
   * it changed is not kept. It is called on every lookup, so make it a field read. Default: one version
   * for the life of the process, for answers that change only with a deploy.
   */
  readonly version?: () => string | number;
  /**
   * Whether the answers of a path (as the request sent it, without the query) may be kept and given to
   * every caller, in addition to the routes declared `cache: 'shared'`: for pages and documents added
   * with `app.get`, which have no route declaration. Return true only for paths whose answer depends on
   * nothing but the URL and `version`, never on the caller, a cookie or the `Host`. Default: none.
   */
  readonly cacheable?: (path: string) => boolean;
  /** Most answers kept; the least recently used go first. Default 2000. */
  readonly maxEntries?: number;
  /** Most bytes of bodies kept, compressed copies included; the least recently used go first. Default 64 MiB. */
  readonly maxBytes?: number;
}

/**
 * What the response cache has done since the app was made (`hits`, `misses`) and what it holds now
 * (`entries`, `bytes`), for metrics.
 *
 * @example
 * ```ts
 * import { createKitApp, type ResponseCacheStats } from '@kit/kit-core';
 *
 * const app = createKitApp({ routes: {}, responseCache: { cacheable: (path) => path === '/' } });
 * const stats: ResponseCacheStats | undefined = app.responseCacheStats();
 * console.log(stats); // { hits: 0, misses: 0, entries: 0, bytes: 0 }
 * ```
 */
export interface ResponseCacheStats {
  /** Requests answered with a kept answer (304s included). */
  readonly hits: number;
  /** Requests that could have been answered from the cache but had to be computed. */
  readonly misses: number;
  /** Answers kept now. */
  readonly entries: number;
  /** Bytes of the kept bodies, compressed copies included. */
  readonly bytes: number;
}
