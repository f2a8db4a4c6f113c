import { randomUUID } from 'node:crypto';
import { pageSecurityPolicy, type PageSecurityPolicy } from '@kit/kit-core/http';
import { KitReactError } from '../errors/kit-react-error.js';
import { navigationHeader, type ReloadPayload } from '../state/state.js';
import { defaultTimeoutMs, type RenderErrorInfo, type RenderPageOptions } from './options.js';
import { planRoute } from './plan-route.js';
import { signInRedirect } from './sign-in-redirect.js';
import { renderHtml } from './render-html.js';
import { renderPayload } from './render-payload.js';
import { validateOptions } from './validate-options.js';

function defaultReport(error: unknown, info: RenderErrorInfo): void {
  console.error(
    info.phase === 'loader' ? `[kit-react] The loader of ${info.file} failed:` : '[kit-react] A component threw while rendering:',
    error,
  );
}

/** The security headers of the options, checked and assembled once per `securityHeaders` object. */
function securityOf(options: RenderPageOptions): PageSecurityPolicy {
  try {
    return pageSecurityPolicy(options.securityHeaders);
  } catch (error) {
    throw new KitReactError('invalid_render_options', `renderPage(): ${(error as Error).message}.`);
  }
}

/**
 * Answers a page request. With `Kit-Navigation: 1` it returns the navigation payload (JSON, every
 * loader settled); otherwise the HTML document, streamed: the shell (layouts, and the `_loading.tsx`
 * view while the page's loader runs) first, then the page, then the bootstrap state and the client
 * entry. Every loader of the route runs at once; layout loaders are awaited before the shell, and so
 * is the page's when there is no `_loading.tsx`. The status is decided when the shell is ready: 404
 * for no page or a loader's `KitError('not_found')`, the KitError's status or 500 for other loader
 * failures (504 for a timeout), 500 when a level threw while rendering; a failure after the shell
 * streams its view inside the 200. With `signInPage`, a 401 for a caller who is not signed in is a 303 to it. Both answers carry `Vary: Kit-Navigation`. The document carries
 * the security headers of `securityHeaders` (strict by default: see `RenderPageOptions`), with a nonce
 * made for this response on every inline script; the payload carries `nosniff`.
 *
 * @throws KitReactError `invalid_render_options` when the options are malformed.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { createKitApp } from '@kit/kit-core';
 * import { renderPage } from '@kit/kit-react/server';
 *
 * const app = createKitApp({ routes: {} });
 * app.get('/', (request, ctx) =>
 *   renderPage({
 *     request,
 *     ctx,
 *     params: {},
 *     layouts: [],
 *     page: { file: 'index.page.tsx', url: '/_kit/index.js', module: { default: () => createElement('h1', null, 'Hello') } },
 *     notFound: null,
 *     loading: null,
 *     error: null,
 *     assets: { clientEntry: '/_kit/entry.js', styles: [] },
 *   }),
 * );
 * ```
 */
export async function renderPage(options: RenderPageOptions): Promise<Response> {
  validateOptions(options);
  const dev = options.dev ?? false;
  const timeoutMs = options.timeoutMs ?? defaultTimeoutMs;
  const report = (error: unknown, info: RenderErrorInfo) => {
    try {
      (options.onError ?? defaultReport)(error, info);
    } catch {
      // A failing reporter must not break the page it reports on.
    }
  };
  const navigation = options.request.headers.get(navigationHeader) === '1';
  // A page that sends no JavaScript has no client tree to move into: the client loads it as a document.
  if (navigation && options.page?.module.hydrate === 'none') return reloadPayload();
  const security = navigation ? null : securityOf(options);
  // A page without JavaScript cannot reveal content streamed after its shell: its loader is awaited first.
  // Nor can a page whose head metadata reads its data (the head goes with the shell).
  const awaitPage = navigation || options.page?.module.hydrate === 'none' || typeof options.page?.module.meta === 'function';
  const plan = await planRoute(options, { dev, timeoutMs, awaitPage, report });
  if (plan.status === 401 && options.signInPage !== undefined && options.ctx.auth === undefined) {
    const redirect = signInRedirect(options.request, options.signInPage);
    if (redirect) return redirect;
  }
  // One nonce per document, for the inline scripts of this response only.
  const settings = { dev, timeoutMs, report, security, nonce: security?.usesNonce ? randomUUID() : '' };
  return navigation ? renderPayload(options, plan, settings) : renderHtml(options, plan, settings);
}

/** The navigation answer that has the client router load the URL as a document. */
function reloadPayload(): Response {
  const body: ReloadPayload = { kit: 1, reload: true };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
