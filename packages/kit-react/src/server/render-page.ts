import { randomUUID } from 'node:crypto';
import { pageSecurityPolicy, requestHeaderOf, type PageSecurityPolicy } from '@kit/kit-core/http';
import { KitReactError } from '../errors/kit-react-error.js';
import { navigationHeader, type ActionRedirectPayload, type ReloadPayload } from '../state/state.js';
import { defaultTimeoutMs, type RenderErrorInfo, type RenderPageOptions } from './options.js';
import { planRoute } from './plan-route.js';
import { signInRedirect } from './sign-in-redirect.js';
import { renderHtml, type HtmlSettings } from './render-html.js';
import { runAction } from './run-action.js';
import { renderPayload } from './render-payload.js';
import { validateOptions } from './validate-options.js';

const reportTitles: Readonly<Record<RenderErrorInfo['phase'], (file: string | null) => string>> = {
  loader: (file) => `[kit-react] The loader of ${file} failed:`,
  action: (file) => `[kit-react] An action of ${file} failed:`,
  render: () => '[kit-react] A component threw while rendering:',
};

function defaultReport(error: unknown, info: RenderErrorInfo): void {
  console.error(reportTitles[info.phase](info.file), error);
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
  const navigation = requestHeaderOf(options.request, navigationHeader) === '1';
  const posted = options.request.method === 'POST';
  // A page that sends no JavaScript has no client tree to move into: the client loads it as a document.
  if (navigation && !posted && options.page?.module.hydrate === 'none') return reloadPayload();
  const security = navigation ? null : securityOf(options);
  // A form's post runs the page's action first; the page's loaders then run on what it changed.
  let action: HtmlSettings['action'] = null;
  let actionFailure: { error: unknown } | undefined;
  if (posted && options.page !== null) {
    const outcome = await runAction({
      ...options,
      file: options.page.file,
      module: options.page.module,
      registry: options.registry,
      pageCache: options.pageCache,
      timeoutMs,
    });
    if (outcome.kind === 'redirect') return actionRedirect(outcome.to, navigation);
    if (outcome.kind === 'result') action = outcome;
    else actionFailure = { error: outcome.error };
  }
  // A page without JavaScript cannot reveal content streamed after its shell: its loader is awaited first.
  // Nor can a page whose head metadata reads its data (the head goes with the shell), nor the answer to a post.
  const awaitPage = navigation || posted || options.page?.module.hydrate === 'none' || typeof options.page?.module.meta === 'function';
  const plan = await planRoute(options, { dev, timeoutMs, awaitPage, report, ...(actionFailure ? { actionFailure } : {}) });
  if (plan.status === 401 && options.signInPage !== undefined && options.ctx.auth === undefined) {
    const redirect = signInRedirect(options.request, options.signInPage);
    if (redirect) return redirect;
  }
  // One nonce per document, for the inline scripts of this response only.
  const settings: HtmlSettings = { dev, timeoutMs, report, security, nonce: security?.usesNonce ? randomUUID() : '', action };
  return navigation ? renderPayload(options, plan, settings) : renderHtml(options, plan, settings);
}

/**
 * The answer of an action that returned `redirect(to)`: a `303 See Other` for a form posted by the
 * browser, the same target as JSON for one sent by kit's `Form` (which navigates there itself).
 */
function actionRedirect(to: string, navigation: boolean): Response {
  if (navigation) {
    const body: ActionRedirectPayload = { kit: 1, redirect: to };
    return Response.json(body, { headers: { 'Cache-Control': 'no-store', 'X-Content-Type-Options': 'nosniff' } });
  }
  return new Response(null, { status: 303, headers: { Location: to, 'Cache-Control': 'no-store' } });
}

/** The navigation answer that has the client router load the URL as a document. */
function reloadPayload(): Response {
  const body: ReloadPayload = { kit: 1, reload: true };
  return Response.json(body, { headers: { 'Cache-Control': 'no-store' } });
}
