import { randomBytes } from 'node:crypto';
import type { ReactNode } from 'react';
import { prerender } from 'react-dom/static';
import { RouterContext } from '../router/router.js';
import type { NavigationPayload } from '../state/state.js';
import { levelChain } from '../tree/level-component.js';
import { renderErrorInfo } from '../tree/render-error.js';
import { LevelTracker, RenderModeContext, type RenderMode } from '../tree/render-mode.js';
import { responseWithHeaderRecord } from '@kit/kit-core/http';
import { pageHeaders } from './headers.js';
import type { RenderPageOptions } from './options.js';
import type { RoutePlan } from './plan-route.js';
import { serverRouter } from './server-router.js';
import { routeMetaOf } from './route-meta-of.js';
import { serverOnlyBlocks } from './server-only-blocks.js';
import { pageStatus, renderGraceMs, type HtmlSettings } from './render-html.js';
import { renderWhole } from './render-whole.js';

/**
 * The levels rendered by React's static renderer, which waits for everything: what a payload's tree needs
 * when it cannot be rendered whole in one pass (a component waits for data of its own, or throws, which
 * this render reports). The client renders the levels anyway: on a failure only ServerOnly blocks are
 * missing, and the error is reported.
 */
async function prerenderLevels(tree: ReactNode, tracker: LevelTracker, settings: HtmlSettings, pathname: string): Promise<string> {
  const controller = new AbortController();
  const deadline = settings.timeoutMs + renderGraceMs;
  const timer = setTimeout(
    () => controller.abort(new Error(`The page ${pathname} did not finish rendering within ${deadline} ms.`)),
    deadline,
  );
  try {
    const { prelude } = await prerender(tree, {
      signal: controller.signal,
      onError(error, info) {
        tracker.fail(renderErrorInfo(error, settings.dev));
        settings.report(error, { phase: 'render', file: null, ...(info?.componentStack ? { componentStack: info.componentStack } : {}) });
      },
    });
    return await new Response(prelude).text();
  } catch (error) {
    settings.report(error, { phase: 'render', file: null });
    return '';
  } finally {
    clearTimeout(timer);
  }
}

/** Stands for the route of a request that matched no page, for `renderWhole`. */
const payloadWithoutPage = {};

/**
 * The navigation payload: the levels with their data (every loader settled), the route's loading and
 * error views, and the HTML of the `ServerOnly` blocks of each level, which the server renders here
 * the same way as for a document (the client never renders their children): whole in one pass when it
 * can be (see `renderWhole`), else by the static renderer.
 */
export async function renderPayload(options: RenderPageOptions, plan: RoutePlan, settings: HtmlSettings): Promise<Response> {
  const url = new URL(options.request.url);
  const tag = `kit-so-${randomBytes(8).toString('hex')}`;
  const tracker = new LevelTracker();
  const treeFor = (levelTracker: LevelTracker) => {
    const mode: RenderMode = { kind: 'server', dev: settings.dev, tracker: levelTracker, serverOnlyTag: tag };
    return (
      <RenderModeContext value={mode}>
        <RouterContext value={serverRouter(url, options.params, settings.action?.result ?? null)}>{levelChain(plan.levels)}</RouterContext>
      </RenderModeContext>
    );
  };
  // A refused whole render leaves its tracker marked: the static render gets a tracker of its own.
  const html =
    renderWhole(options.page?.module ?? payloadWithoutPage, () => treeFor(new LevelTracker())) ??
    (await prerenderLevels(treeFor(tracker), tracker, settings, url.pathname));
  const levels = await plan.states;
  const status = pageStatus(plan, tracker, settings);
  const payload: NavigationPayload = {
    kit: 1,
    status,
    pathname: url.pathname,
    search: url.search,
    params: options.params,
    levels,
    loading: plan.loading,
    error: plan.error,
    clientEntry: options.assets.clientEntry,
    styles: options.assets.styles,
    serverOnly: serverOnlyBlocks(html, tag, levels.length),
    meta: routeMetaOf(options, levels, settings.report),
    ...(settings.action === null ? {} : { action: settings.action.result }),
  };
  const body = options.request.method === 'HEAD' ? null : JSON.stringify(payload);
  return responseWithHeaderRecord(body, status, pageHeaders('payload', plan.headers, null, ''));
}
