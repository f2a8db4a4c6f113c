import { flushSync } from 'react-dom';
import type { RouteParams } from '@kit/kit-router';
import { ReadonlySearchParams } from '../router/readonly-search-params.js';
import type { NavigateOptions, Router, RouterHandle } from '../router/router.js';
import { withViewTransition } from '../router/view-transition.js';
import type { ActionResultState } from '../actions/action-result.js';
import type { ModuleRefState, NavigationPayload } from '../state/state.js';
import type { TreeLevel } from '../tree/level.js';
import { announceAndFocus } from './announce.js';
import { applyMeta } from './apply-meta.js';
import { buildLevels, type LoadedRoute } from './build-levels.js';
import { ModuleLoader } from './modules.js';
import { fetchPayload, type PayloadResult } from './payload.js';
import { ScrollMemory, type ScrollPosition } from './scroll-memory.js';

/** What the React root renders: the levels, the route and the router handle components read. */
export interface RouterSnapshot {
  readonly levels: readonly TreeLevel[];
  readonly handle: RouterHandle;
}

/** The route the navigator shows. */
export interface CurrentRoute {
  readonly pathname: string;
  readonly search: string;
  readonly params: RouteParams;
  readonly loading: ModuleRefState | null;
  readonly error: ModuleRefState | null;
  readonly loadingModule: LoadedRoute['loading'];
}

interface Go {
  readonly history: 'push' | 'replace' | 'pop' | 'none';
  /** Top (or the hash), a remembered position, or leave the scroll as it is. */
  readonly scroll: 'top' | 'keep' | ScrollPosition;
  readonly viewTransition: boolean;
  /** Skip the prefetch cache (refresh, dev updates). */
  readonly fresh: boolean;
  /** Import the chunks again under a new query (dev updates). */
  readonly version: number;
  /** A form's post to the page's action, in place of fetching the payload. */
  readonly submission?: { readonly action: string; readonly body: URLSearchParams | FormData };
}

const prefetchTtlMs = 30_000;

function entryKey(): string {
  return Math.random().toString(36).slice(2, 10);
}

/**
 * The client router: fetches navigation payloads (sharing prefetches), imports the chunks, renders the
 * new levels below the layouts the two pages share, keeps history entries with scroll positions, and
 * falls back to a document load when the server says so or the fetch fails. A newer navigation aborts
 * an older one.
 */
export class Navigator {
  private snapshot: RouterSnapshot;
  private readonly listeners = new Set<() => void>();
  private readonly modules = new ModuleLoader();
  private readonly scroll = new ScrollMemory();
  private readonly prefetches = new Map<string, { readonly at: number; readonly result: Promise<PayloadResult> }>();
  private current: AbortController | null = null;
  private key: string;
  private navigationCount = 0;
  private route: CurrentRoute;
  private levels: readonly TreeLevel[];
  private navigating = false;
  /** The answer of the page's last action; the next navigation or refresh clears it. */
  private actionResult: ActionResultState | null;
  private pendingAction: string | null = null;

  constructor(
    initial: { readonly route: CurrentRoute; readonly levels: readonly TreeLevel[]; readonly action?: ActionResultState | null },
    private readonly settings: { readonly clientEntry: string; readonly loadingDelayMs: number },
  ) {
    this.route = initial.route;
    this.levels = initial.levels;
    this.actionResult = initial.action ?? null;
    this.snapshot = this.makeSnapshot();
    const state = (history.state ?? {}) as { kitKey?: unknown };
    this.key = typeof state.kitKey === 'string' ? state.kitKey : entryKey();
    history.replaceState({ ...(history.state as object | null), kitKey: this.key }, '');
    history.scrollRestoration = 'manual';
  }

  /** Starts listening to the browser: back/forward, scrolling and leaving the page. Returns a stop function. */
  start(): () => void {
    const onPop = (event: PopStateEvent) => void this.onPop(event);
    let pending = false;
    const onScroll = () => {
      if (pending) return;
      pending = true;
      requestAnimationFrame(() => {
        pending = false;
        if (!this.navigating) this.scroll.save(this.key);
      });
    };
    const onHide = () => {
      this.scroll.save(this.key);
      this.scroll.persist();
    };
    window.addEventListener('popstate', onPop);
    window.addEventListener('scroll', onScroll, { passive: true });
    window.addEventListener('pagehide', onHide);
    // A reload of this entry comes back where the reader was.
    const remembered = this.scroll.get(this.key);
    if (remembered !== undefined) window.scrollTo(remembered.x, remembered.y);
    return () => {
      window.removeEventListener('popstate', onPop);
      window.removeEventListener('scroll', onScroll);
      window.removeEventListener('pagehide', onHide);
    };
  }

  subscribe = (listener: () => void): (() => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getSnapshot = (): RouterSnapshot => this.snapshot;

  private publish(): void {
    this.snapshot = this.makeSnapshot();
    for (const listener of this.listeners) listener();
  }

  private makeSnapshot(): RouterSnapshot {
    const router: Router = {
      pathname: this.route.pathname,
      params: this.route.params,
      searchParams: new ReadonlySearchParams(this.route.search),
      isNavigating: this.navigating,
      navigate: (to, options) => this.navigate(to, options),
      back: () => history.back(),
      forward: () => history.forward(),
      refresh: () => this.refresh(),
      prefetch: (to) => this.prefetch(to),
    };
    return {
      levels: this.levels,
      handle: { interactive: true, router, action: this.actionResult, pendingAction: this.pendingAction, submit: this.submit },
    };
  }

  /**
   * Sends a form to its page's action (the page the browser shows) and shows the page it answers with,
   * as a refresh does: fresh data, same scroll, shared layouts keep their state. An action's redirect
   * is a navigation; a refusal before the action ran (429, 413) becomes a `refused` result. Resolves
   * with the page's action result once it is shown.
   */
  submit = async (form: HTMLFormElement, submitter: HTMLElement | null, action: string | null): Promise<ActionResultState | null> => {
    const fields = new FormData(form, submitter !== null && isSubmitButton(submitter, form) ? submitter : null);
    const hasFile = [...fields.values()].some((value) => typeof value !== 'string');
    const body = hasFile ? fields : new URLSearchParams(fields as unknown as string[][]);
    this.pendingAction = action ?? '';
    this.publish();
    try {
      await this.go(new URL(window.location.href), {
        history: 'none',
        scroll: 'keep',
        viewTransition: false,
        fresh: true,
        version: 0,
        submission: { action: action ?? '', body },
      });
    } finally {
      this.pendingAction = null;
      this.publish();
    }
    return this.actionResult;
  };

  navigate(to: string, options: NavigateOptions = {}): Promise<void> {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) {
      window.location.assign(url.href);
      return Promise.resolve();
    }
    const history = options.replace ? 'replace' : 'push';
    if (url.pathname === this.route.pathname && url.search === this.route.search && url.hash !== '') {
      return this.goToHash(url, history, options.scroll !== false);
    }
    return this.go(url, {
      history,
      scroll: options.scroll === false ? 'keep' : 'top',
      viewTransition: options.viewTransition ?? false,
      fresh: false,
      version: 0,
    });
  }

  /** Loads the current URL again: fresh data, same scroll, shared layouts keep their state. */
  refresh(version = 0): Promise<void> {
    return this.go(new URL(window.location.href), { history: 'none', scroll: 'keep', viewTransition: false, fresh: true, version });
  }

  async prefetch(to: string): Promise<void> {
    const url = new URL(to, window.location.href);
    if (url.origin !== window.location.origin) return;
    const result = await this.payloadFor(url, false, true);
    if (result.kind === 'payload') await this.load(result.payload, 0).catch(() => undefined);
  }

  private payloadFor(url: URL, fresh: boolean, keep: boolean, signal?: AbortSignal): Promise<PayloadResult> {
    const cacheKey = url.pathname + url.search;
    const cached = this.prefetches.get(cacheKey);
    if (!fresh && cached !== undefined && Date.now() - cached.at < prefetchTtlMs) {
      // A navigation uses a prefetch once; the next visit fetches fresh data.
      if (!keep) this.prefetches.delete(cacheKey);
      return cached.result;
    }
    if (!keep) return fetchPayload(url, signal);
    const result = fetchPayload(url);
    result.catch(() => this.prefetches.delete(cacheKey));
    this.prefetches.set(cacheKey, { at: Date.now(), result });
    return result;
  }

  private async load(payload: NavigationPayload, version: number): Promise<LoadedRoute> {
    const [levels, error, loading] = await Promise.all([
      Promise.all(payload.levels.map((level) => this.modules.load(level, version))),
      payload.error === null ? null : this.modules.load(payload.error, version),
      payload.loading === null ? null : this.modules.load(payload.loading, version),
    ]);
    return { levels, error, loading };
  }

  private setNavigating(value: boolean): void {
    if (this.navigating === value) return;
    this.navigating = value;
    this.publish();
  }

  private async goToHash(url: URL, mode: 'push' | 'replace', scroll: boolean): Promise<void> {
    this.scroll.save(this.key);
    this.key = entryKey();
    history[mode === 'push' ? 'pushState' : 'replaceState']({ kitKey: this.key }, '', url.href);
    if (scroll) scrollToHash(url.hash);
  }

  private async onPop(event: PopStateEvent): Promise<void> {
    const state = (event.state ?? {}) as { kitKey?: unknown };
    const url = new URL(window.location.href);
    this.key = typeof state.kitKey === 'string' ? state.kitKey : entryKey();
    const remembered = this.scroll.get(this.key);
    if (url.pathname === this.route.pathname && url.search === this.route.search) {
      if (remembered !== undefined) window.scrollTo(remembered.x, remembered.y);
      else if (url.hash) scrollToHash(url.hash);
      return;
    }
    await this.go(url, { history: 'pop', scroll: remembered ?? 'top', viewTransition: false, fresh: false, version: 0 });
  }

  private async go(url: URL, go: Go): Promise<void> {
    this.current?.abort();
    const controller = new AbortController();
    this.current = controller;
    const id = ++this.navigationCount;
    if (go.history !== 'pop') this.scroll.save(this.key);
    this.setNavigating(true);
    const changesPage = url.pathname !== this.route.pathname;
    const loadingTimer = changesPage ? setTimeout(() => this.showLoading(controller), this.settings.loadingDelayMs) : undefined;
    try {
      const result = go.submission
        ? await fetchPayload(url, controller.signal, go.submission.body)
        : await this.payloadFor(url, go.fresh, false, controller.signal);
      if (controller.signal.aborted) return;
      if (result.kind === 'redirect') {
        clearTimeout(loadingTimer);
        this.actionResult = null;
        if (this.current === controller) this.current = null;
        await this.navigate(result.to, { replace: result.to === url.pathname + url.search });
        return;
      }
      if (result.kind === 'refused') {
        const message = result.message;
        this.actionResult = { action: go.submission?.action ?? '', status: 'refused', httpStatus: result.status, message };
        return;
      }
      if (result.kind === 'reload' || result.payload.clientEntry !== this.settings.clientEntry) {
        documentLoad(url, go.history);
        return;
      }
      const { payload } = result;
      const loaded = await this.load(payload, go.version);
      if (controller.signal.aborted) return;
      const levels = buildLevels(payload, loaded, (index) => ({
        kind: 'payload',
        token: `${id}-${index}`,
        blocks: payload.serverOnly[index] ?? [],
      }));
      const target = result.url;
      const commit = () => {
        if (go.history === 'push' || go.history === 'replace') {
          this.key = entryKey();
          history[go.history === 'push' ? 'pushState' : 'replaceState']({ kitKey: this.key }, '', target.href);
        } else if (go.history === 'none' && target.href !== window.location.href) {
          history.replaceState(history.state, '', target.href);
        }
        this.route = {
          pathname: payload.pathname,
          search: payload.search,
          params: payload.params,
          loading: payload.loading,
          error: payload.error,
          loadingModule: loaded.loading,
        };
        this.levels = levels;
        this.actionResult = payload.action ?? null;
        this.navigating = false;
        flushSync(() => this.publish());
      };
      clearTimeout(loadingTimer);
      if (go.viewTransition) await withViewTransition(commit);
      else commit();
      if (go.scroll === 'top') {
        if (target.hash) scrollToHash(target.hash);
        else window.scrollTo(0, 0);
      } else if (go.scroll !== 'keep') {
        window.scrollTo(go.scroll.x, go.scroll.y);
      }
      this.scroll.save(this.key);
      applyMeta(payload.meta);
      if (changesPage) announceAndFocus(payload.pathname);
    } catch (error) {
      if (controller.signal.aborted) return;
      if (go.submission) {
        // Loading the page again would lose what the person typed: the form says the server is unreachable.
        const message = 'The server cannot be reached; check your connection and send the form again.';
        this.actionResult = { action: go.submission.action, status: 'refused', httpStatus: 0, message };
        return;
      }
      // The server could not be asked (offline, a proxy error): the browser loads the page itself.
      console.error('[kit-react] Client navigation failed; loading the page instead.', error);
      documentLoad(url, go.history);
    } finally {
      clearTimeout(loadingTimer);
      if (this.current === controller) {
        this.current = null;
        this.setNavigating(false);
      }
    }
  }

  /** After a short delay, the page being left gives way to the current route's `_loading.tsx`. */
  private showLoading(controller: AbortController): void {
    const { loading, loadingModule } = this.route;
    if (controller.signal.aborted || loading === null || loadingModule === null || this.levels.length === 0) return;
    const bottom = this.levels[this.levels.length - 1]!;
    const view = { kind: 'loading' as const, file: loading.file, Component: loadingModule.default, data: null };
    this.levels = [...this.levels.slice(0, -1), { ...bottom, key: `${loading.file}|loading`, content: { status: 'ready', view } }];
    this.publish();
  }
}

function scrollToHash(hash: string): void {
  const id = decodeURIComponent(hash.slice(1));
  const target = document.getElementById(id) ?? document.getElementsByName(id)[0];
  if (target) target.scrollIntoView();
  else if (id === '' || id === 'top') window.scrollTo(0, 0);
}

/** Whether `element` is a submit button of `form`, the only submitter `FormData` accepts. */
function isSubmitButton(element: HTMLElement, form: HTMLFormElement): boolean {
  const control = element as HTMLButtonElement | HTMLInputElement;
  return control.form === form && (control.type === 'submit' || control.type === 'image');
}

function documentLoad(url: URL, mode: Go['history']): void {
  if (mode === 'pop') window.location.reload();
  else if (mode === 'replace' || mode === 'none') window.location.replace(url.href);
  else window.location.assign(url.href);
}
