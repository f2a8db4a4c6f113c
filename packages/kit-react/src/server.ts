/**
 * @kit/kit-react/server: the streaming server renderer of kit pages (Node only). kit-dev calls
 * `renderPage` for every request a page route (or a not-found boundary) matches.
 */
export { renderPage } from './server/render-page.js';
export { sendPageToNode } from './server/html-body.js';
export { type RenderErrorInfo, type RenderPageOptions, type RouteModuleRef } from './server/options.js';
export { cachedPageOf, PageCache, type CachedPage, type PageCacheOptions, type RevalidateSeconds } from './server/page-cache/page-cache.js';
