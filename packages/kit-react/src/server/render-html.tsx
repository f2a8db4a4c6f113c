import type { Writable } from 'node:stream';
import type { ReactNode } from 'react';
import { responseWithHeaderRecord, type PageSecurityPolicy } from '@kit/kit-core/http';
import { renderToPipeableStream, type PipeableStream } from 'react-dom/server';
import type { ActionResultState } from '../actions/action-result.js';
import { KitReactError } from '../errors/kit-react-error.js';
import { RouterContext } from '../router/router.js';
import { stateElementId, type BootstrapState, type LevelState } from '../state/state.js';
import { AppDocument } from '../tree/app-document.js';
import { levelChain } from '../tree/level-component.js';
import type { LevelView } from '../tree/level.js';
import { renderErrorInfo, renderErrorMessage } from '../tree/render-error.js';
import { LevelTracker, RenderModeContext, type RenderMode } from '../tree/render-mode.js';
import { attributeText, inlineJson } from './escape.js';
import { pageHeaders } from './headers.js';
import { HtmlBody, rememberBody } from './html-body.js';
import { HtmlSink, type SinkTail } from './html-sink.js';
import { Deadlines, type Deadlined } from './render-deadlines.js';
import { renderWhole, wholeDocument } from './render-whole.js';
import type { RenderErrorInfo, RenderPageOptions } from './options.js';
import type { RoutePlan } from './plan-route.js';
import { serverRouter } from './server-router.js';
import { metaHtml } from './meta-html.js';
import { routeMetaOf } from './route-meta-of.js';
import { traceMetaTags } from './trace-meta.js';

/** How much longer than `timeoutMs` the whole render may take before React is aborted. */
export const renderGraceMs = 1000;

/** The renders not whole yet, each stopped at its deadline. */
const runningRenders = new Deadlines();

export interface HtmlSettings {
  readonly dev: boolean;
  readonly timeoutMs: number;
  readonly report: (error: unknown, info: RenderErrorInfo) => void;
  /** The security headers of the document; null for the navigation payload. */
  readonly security: PageSecurityPolicy | null;
  /** The nonce of this response's inline scripts, or `''` when the policy names none. */
  readonly nonce: string;
  /** The answer of the action a form posted, which the page shows; null for any other request. */
  readonly action: { readonly result: ActionResultState; readonly status: number } | null;
}

/**
 * The status of the page: a loader's or the not-found view's when one decided it, 500 when a level
 * failed in the shell, else the action's (400 for bad fields, 202 held for approval) or 200.
 */
export function pageStatus(plan: RoutePlan, tracker: LevelTracker, settings: HtmlSettings): number {
  return plan.status !== 200 ? plan.status : tracker.failedBeforeShell ? 500 : (settings.action?.status ?? 200);
}

/** The answer when React could not render even the document (a bug, or the time ran out first). */
function shellFailure(status: number, message: string, settings: HtmlSettings): Response {
  const html = `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Error ${status}</title></head><body><main><h1>Error ${status}</h1><p>${attributeText(message)}</p></main></body></html>`;
  return responseWithHeaderRecord(html, status, pageHeaders('html', {}, settings.security, settings.nonce));
}

/**
 * React's render of one page and its deadline. React keeps its callbacks until the render's last
 * scheduled task has run (an immediate, after the whole turn of the event loop in which other pages are
 * served too), so they live here and reach only what they need: not the tree, not the loader data, which
 * would otherwise stay alive for a whole turn and be copied by every young collection in between.
 */
class PageRender implements Deadlined {
  readonly stream: PipeableStream;
  readonly shell: Promise<void>;
  readonly deadline: number;
  timedOut = false;
  /** Whether React rendered everything (or the render ended): its next flush is its last. */
  whole = false;
  // Let go of once the render is whole: React holds this object a while longer (see above).
  private tracker: LevelTracker | null;
  private settings: HtmlSettings | null;

  constructor(
    tree: ReactNode,
    tracker: LevelTracker,
    settings: HtmlSettings,
    private readonly pathname: string,
  ) {
    this.tracker = tracker;
    this.settings = settings;
    let ready: () => void = () => undefined;
    let failed: (error: unknown) => void = () => undefined;
    this.shell = new Promise<void>((resolve, reject) => {
      ready = resolve;
      failed = reject;
    });
    this.stream = renderToPipeableStream(tree, {
      // React puts it on the inline scripts it streams (the reveal of each Suspense boundary).
      nonce: settings.nonce === '' ? undefined : settings.nonce,
      onShellReady: () => ready(),
      onShellError: (error) => failed(error),
      onAllReady: () => this.done(),
      onError: (error, info) => this.reportError(error, info),
    });
    // Nothing may hang the response: loaders are cut at timeoutMs; a second later (a component suspended on
    // something of its own) React stops waiting and leaves the rest to the browser. An abandoned request
    // stops the render through its sink (the web stream is cancelled, or the Node response closes).
    this.deadline = performance.now() + settings.timeoutMs + renderGraceMs;
    runningRenders.watch(this);
  }

  /** The deadline passed before React was done: it stops waiting and ends the document as it stands. */
  expire(): void {
    this.timedOut = true;
    const allowed = (this.settings?.timeoutMs ?? 0) + renderGraceMs;
    this.stream.abort(new KitReactError('loader_timeout', `The page ${this.pathname} did not finish rendering within ${allowed} ms.`));
  }

  /** Every boundary has rendered (or the render ended): the deadline is no longer needed. */
  done(): void {
    this.whole = true;
    runningRenders.forget(this);
    this.tracker = null;
    this.settings = null;
  }

  private reportError(error: unknown, info: { componentStack?: string | null } | undefined): void {
    const settings = this.settings;
    if (settings === null) return;
    this.tracker?.fail(renderErrorInfo(error, settings.dev));
    settings.report(error, { phase: 'render', file: null, ...(info?.componentStack ? { componentStack: info.componentStack } : {}) });
  }
}

/** Stands for the route of a request that matched no page, for `renderWhole`. */
const noPageRoute = {};

/** The tree of a page: the render mode, the router, the document and the levels. */
function pageTree(options: RenderPageOptions, plan: RoutePlan, settings: HtmlSettings, url: URL, tracker: LevelTracker): ReactNode {
  const mode: RenderMode = { kind: 'server', dev: settings.dev, tracker, serverOnlyTag: null };
  return (
    <RenderModeContext value={mode}>
      <RouterContext value={serverRouter(url, options.params, settings.action?.result ?? null)}>
        <AppDocument styles={options.assets.styles}>{levelChain(plan.levels)}</AppDocument>
      </RouterContext>
    </RenderModeContext>
  );
}

/** What one page's document says besides its tree, shared by the whole render and the streamed one. */
class DocumentParts {
  readonly hydration: 'load' | 'idle' | 'none';
  readonly nonce: string;
  /** The JSON of the levels when they are known before React renders, else null. */
  readonly levelsJson: string | null;

  constructor(
    private readonly options: RenderPageOptions,
    private readonly plan: RoutePlan,
    private readonly settings: HtmlSettings,
    private readonly url: URL,
  ) {
    this.hydration = options.page?.module.hydrate ?? 'load';
    this.nonce = settings.nonce === '' ? '' : ` nonce="${settings.nonce}"`;
    // The loader data is written into the page as JSON anyway; writing it before React renders it is
    // cheaper than after. JSON.stringify leaves every string it reads flat (a string built by `+` or a
    // template is a tree of pieces until something flattens it), so React then escapes flat text; the
    // other way round React's escaping flattens each string piece by piece, at about five times the cost.
    this.levelsJson =
      this.hydration !== 'none' && options.request.method !== 'HEAD' && plan.settledStates !== null ? inlineJson(plan.settledStates) : null;
  }

  /**
   * What goes in front of `</head>`: the head metadata of the levels rendered in the shell (a page whose
   * meta reads its data is awaited), the trace context (so the requests the page makes later join this
   * request's trace), and module preloads for the client entry and the level chunks. React's
   * preloadModule() would do the same through its resource bookkeeping, at several times the cost. They
   * carry the nonce too, so a policy with 'strict-dynamic' (which ignores 'self') still loads them. A page
   * that hydrates nothing gets no preload.
   */
  head(): string {
    // A loop, not flatMap, which V8 leaves to a slow generic path.
    const shown: LevelView[] = [];
    for (const level of this.plan.levels) if (level.content.status === 'ready') shown.push(level.content.view);
    const { options, nonce } = this;
    return (
      metaHtml(routeMetaOf(options, shown, this.settings.report)) +
      traceMetaTags() +
      (this.hydration === 'none'
        ? ''
        : [options.assets.clientEntry, ...this.plan.preloads]
            .map((href) => `<link rel="modulepreload" href="${attributeText(href)}"${nonce}/>`)
            .join(''))
    );
  }

  /**
   * What goes in front of the closing tags: the bootstrap state and the client entry; for a page that
   * hydrates nothing, the dev server's reload script in dev and nothing otherwise.
   */
  tail(status: number, levels: readonly LevelState[]): SinkTail {
    const { options, settings, url, nonce } = this;
    if (this.hydration === 'none') return devReload(settings, options.devEventsUrl, nonce);
    const state: Omit<BootstrapState, 'levels'> = {
      kit: 1,
      status,
      pathname: url.pathname,
      search: url.search,
      params: options.params,
      loading: this.plan.loading,
      error: this.plan.error,
      dev: settings.dev,
      devEventsUrl: settings.dev ? (options.devEventsUrl ?? null) : null,
      clientEntry: options.assets.clientEntry,
      styles: options.assets.styles,
      ...(this.hydration === 'idle' ? { hydrate: 'idle' as const } : {}),
      ...(settings.action === null ? {} : { action: settings.action.result }),
    };
    // The levels go last, as their own part: their JSON, the largest text of the page, is written as it
    // is rather than copied into one string. The rest always has a key, so it ends in `}` after one.
    const rest = inlineJson(state);
    return [
      `<script type="application/json" id="${stateElementId}"${nonce}>${rest.slice(0, -1)},"levels":`,
      this.levelsJson ?? inlineJson(levels),
      `}</script><script type="module"${nonce} src="${attributeText(options.assets.clientEntry)}"></script>`,
    ];
  }
}

/**
 * The page's document. A page whose loaders have all settled is first rendered whole, in one pass
 * (see `renderWhole`), and sent as one text. Otherwise, or when that render is refused, it is streamed:
 * the document with the layouts (and the loading view of a page whose loader is still running) as soon
 * as React's shell is ready, then the page when it settles, then the bootstrap state and the client
 * entry. The status is fixed when the shell is ready. React starts writing when the body is first read,
 * or when a Node server takes the response with `sendPageToNode`.
 */
export async function renderHtml(options: RenderPageOptions, plan: RoutePlan, settings: HtmlSettings): Promise<Response> {
  const url = new URL(options.request.url);
  const parts = new DocumentParts(options, plan, settings, url);
  const posted = options.request.method === 'POST';
  const route = options.page?.module ?? noPageRoute;
  if (plan.settledStates !== null && options.request.method !== 'HEAD') {
    const tracker = new LevelTracker();
    const html = renderWhole(route, () => pageTree(options, plan, settings, url, tracker));
    if (html !== null) {
      const status = pageStatus(plan, tracker, settings);
      const headers = pageHeaders('html', plan.headers, settings.security, settings.nonce, posted);
      const document = wholeDocument(html, parts.head(), parts.tail(status, plan.settledStates));
      return rememberBody(responseWithHeaderRecord(document, status, headers), document);
    }
  }
  return streamHtml(options, plan, settings, url, parts);
}

/** The streamed document (see `renderHtml`). */
async function streamHtml(
  options: RenderPageOptions,
  plan: RoutePlan,
  settings: HtmlSettings,
  url: URL,
  parts: DocumentParts,
): Promise<Response> {
  const tracker = new LevelTracker();
  const render = new PageRender(pageTree(options, plan, settings, url, tracker), tracker, settings, url.pathname);
  try {
    await render.shell;
  } catch (error) {
    render.done();
    return shellFailure(render.timedOut ? 504 : 500, settings.dev && error instanceof Error ? error.message : renderErrorMessage, settings);
  }
  tracker.shellReady = true;
  const status = pageStatus(plan, tracker, settings);
  const headers = pageHeaders('html', plan.headers, settings.security, settings.nonce, options.request.method === 'POST');
  if (options.request.method === 'HEAD') {
    render.stream.abort();
    render.done();
    return responseWithHeaderRecord(null, status, headers);
  }

  // The levels are known by the time React ends (it waited for the page), so the tail is usually ready then.
  let levels = plan.settledStates;
  if (levels === null) {
    plan.states.then(
      (states) => (levels = states),
      () => undefined,
    );
  }
  const tail = () => (levels !== null ? parts.tail(status, levels) : plan.states.then((states) => parts.tail(status, states)));
  const sink = new HtmlSink(tail, parts.head(), render);
  const body = new HtmlBody(sink, {
    pipe: (into) => render.stream.pipe(into as unknown as Writable),
    abort: (reason) => render.stream.abort(reason),
  });
  return rememberBody(responseWithHeaderRecord(body.body, status, headers), body);
}

/**
 * What a page without JavaScript gets in dev only: a script that reloads it when the dev server reports a
 * change, which hydrated pages do through the client entry. Nothing outside dev.
 */
function devReload(settings: HtmlSettings, devEventsUrl: string | undefined, nonce: string): string {
  if (!settings.dev || devEventsUrl === undefined) return '';
  return `<script type="module"${nonce}>new EventSource(${inlineJson(devEventsUrl)}).addEventListener('update', () => location.reload());</script>`;
}
