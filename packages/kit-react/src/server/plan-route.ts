import type { ErrorModule, ErrorPageProps } from '../modules/types.js';
import {
  builtinErrorFile,
  builtinNotFoundFile,
  type ErrorInfo,
  type LevelKind,
  type LevelState,
  type ModuleRefState,
} from '../state/state.js';
import { BuiltinErrorView, BuiltinNotFoundView } from '../tree/builtin-views.js';
import { errorFileCovers } from '../tree/error-scope.js';
import type { LevelView, TreeLevel, ViewModule } from '../tree/level.js';
import { isKitError, isNotFound, isReportable, loaderErrorInfo } from './loader-error.js';
import type { RenderErrorInfo, RenderPageOptions, RouteModuleRef } from './options.js';
import { runLoader, type LoaderOutcome } from './run-loader.js';

/** A view with the URL of its client chunk (empty for built-in views). */
interface PlannedView extends LevelView {
  readonly url: string;
  /** Its module keeps its data on the server: the client's state of the level goes without it. */
  readonly keepData?: boolean;
}

/** What the renderer needs once the loaders it must wait for have settled. */
export interface RoutePlan {
  readonly levels: readonly TreeLevel[];
  /** The status as far as the loaders that settled before rendering tell. */
  readonly status: number;
  /** Headers of a KitError that decided the status (`WWW-Authenticate`, `Retry-After`). */
  readonly headers: Readonly<Record<string, string>>;
  /** Module chunks worth preloading: the levels known before rendering. */
  readonly preloads: readonly string[];
  /** The levels as the client gets them, once the page has settled. */
  readonly states: Promise<readonly LevelState[]>;
  /** The same, when the page had settled before rendering (no waiting needed). */
  readonly settledStates: readonly LevelState[] | null;
  readonly loading: ModuleRefState | null;
  readonly error: ModuleRefState | null;
}

export interface PlanSettings {
  readonly dev: boolean;
  readonly timeoutMs: number;
  /** Wait for the page's loader before rendering (no `_loading.tsx`, or a navigation payload). */
  readonly awaitPage: boolean;
  readonly report: (error: unknown, info: RenderErrorInfo) => void;
  /** The page's action failed: the page level shows its failure, and the page's loader does not run. */
  readonly actionFailure?: { readonly error: unknown };
}

const builtinError: ViewModule<ErrorPageProps> & { url: string } = { file: builtinErrorFile, Component: BuiltinErrorView, url: '' };

function errorModuleFor(ref: RouteModuleRef<ErrorModule> | null, level: { kind: LevelKind; file: string }) {
  return ref !== null && errorFileCovers(ref.file, level) ? { file: ref.file, Component: ref.module.default, url: ref.url } : builtinError;
}

function stateOf(view: PlannedView): LevelState {
  return {
    file: view.file,
    url: view.url,
    data: view.keepData ? null : view.data,
    kind: view.kind === 'loading' ? 'page' : view.kind,
    ...(view.error ? { error: view.error } : {}),
    ...(view.keepData ? { dataKept: true as const } : {}),
  };
}

function notFoundViewOf(options: RenderPageOptions): PlannedView {
  return options.notFound === null
    ? { kind: 'not-found', file: builtinNotFoundFile, url: '', Component: BuiltinNotFoundView, data: null }
    : { kind: 'not-found', file: options.notFound.file, url: options.notFound.url, Component: options.notFound.module.default, data: null };
}

function failureViewOf(
  options: RenderPageOptions,
  settings: PlanSettings,
  error: unknown,
  file: string,
  covered: { kind: LevelKind; file: string },
  phase: 'loader' | 'action' = 'loader',
): PlannedView {
  if (isReportable(error)) settings.report(error, { phase, file });
  if (isNotFound(error)) return notFoundViewOf(options);
  const view = errorModuleFor(options.error, covered);
  const info: ErrorInfo = loaderErrorInfo(error, settings.dev);
  return { kind: 'error', file: view.file, url: view.url, Component: view.Component, data: null, error: info };
}

function statusOf(view: PlannedView): number {
  return view.kind === 'not-found' ? 404 : view.kind === 'error' ? (view.error?.status ?? 500) : 200;
}

function headersOf(outcome: LoaderOutcome | undefined): Readonly<Record<string, string>> {
  return outcome && !outcome.ok && isKitError(outcome.error) ? outcome.error.headers : {};
}

/**
 * Runs every loader of the route at once (layouts and page), waits for the layouts' (and, when asked,
 * the page's), and decides the levels: the layouts down to the first whose loader failed, then the page
 * or the view that replaces it (not-found for `KitError('not_found')`, else the error view), pending
 * when the page's loader has not settled and a `_loading.tsx` can stand in.
 */
export async function planRoute(options: RenderPageOptions, settings: PlanSettings): Promise<RoutePlan> {
  const input = { request: options.request, ctx: options.ctx, params: options.params, timeoutMs: settings.timeoutMs };
  const layoutRuns = options.layouts.map((layout) => runLoader(layout.file, layout.module.loader, input));
  const pageRun =
    options.page === null || settings.actionFailure !== undefined ? null : runLoader(options.page.file, options.page.module.loader, input);
  // Layouts without a loader have settled already: no need to wait a turn for them.
  const layoutOutcomes = layoutRuns.every((run) => run.settled !== null)
    ? layoutRuns.map((run) => run.settled!)
    : await Promise.all(layoutRuns.map((run) => run.outcome));
  const failedAt = layoutOutcomes.findIndex((outcome) => !outcome.ok);
  const layoutCount = failedAt < 0 ? options.layouts.length : failedAt;

  const levels: TreeLevel[] = [];
  const layoutStates: LevelState[] = [];
  for (let index = 0; index < layoutCount; index++) {
    const layout = options.layouts[index]!;
    const outcome = layoutOutcomes[index]!;
    const view: PlannedView = {
      kind: 'layout',
      file: layout.file,
      url: layout.url,
      Component: layout.module.default,
      data: outcome.ok ? outcome.data : null,
      ...(layout.module.keepDataOnServer === true ? { keepData: true } : {}),
    };
    layoutStates.push(stateOf(view));
    levels.push({
      key: layout.file,
      index,
      file: layout.file,
      content: { status: 'ready', view },
      errorView: errorModuleFor(options.error, { kind: 'layout', file: layout.file }),
      loadingView: null,
      serverOnly: { kind: 'document' },
    });
  }

  let final: PlannedView | Promise<PlannedView>;
  let decided: LoaderOutcome | undefined;
  let bottomFile: string;
  let covered: { kind: LevelKind; file: string };
  if (failedAt >= 0) {
    const failed = options.layouts[failedAt]!;
    decided = layoutOutcomes[failedAt];
    pageRun?.abort(new Error(`${failed.file} failed to load`));
    covered = { kind: 'layout', file: failed.file };
    bottomFile = failed.file;
    final = failureViewOf(options, settings, (decided as { error: unknown }).error, failed.file, covered);
  } else if (options.page !== null && settings.actionFailure !== undefined) {
    // The action failed: its error takes the page's place, and the page's loader never ran.
    bottomFile = options.page.file;
    covered = { kind: 'page', file: bottomFile };
    final = failureViewOf(options, settings, settings.actionFailure.error, bottomFile, covered, 'action');
  } else if (options.page === null || pageRun === null) {
    final = notFoundViewOf(options);
    bottomFile = final.file;
    covered = { kind: 'not-found', file: final.file };
  } else {
    const page = options.page;
    bottomFile = page.file;
    covered = { kind: 'page', file: page.file };
    const pageView = (outcome: LoaderOutcome): PlannedView =>
      outcome.ok
        ? {
            kind: 'page',
            file: page.file,
            url: page.url,
            Component: page.module.default,
            data: outcome.data,
            ...(page.module.keepDataOnServer === true ? { keepData: true } : {}),
          }
        : failureViewOf(options, settings, outcome.error, page.file, covered);
    if ((settings.awaitPage || options.loading === null) && pageRun.settled === null) await pageRun.outcome;
    decided = pageRun.settled ?? undefined;
    final = pageRun.settled ? pageView(pageRun.settled) : pageRun.outcome.then(pageView);
  }

  const errorView = errorModuleFor(options.error, covered);
  const loadingView = options.loading === null ? null : { file: options.loading.file, Component: options.loading.module.default };
  levels.push({
    key: bottomFile,
    index: layoutCount,
    file: bottomFile,
    content: final instanceof Promise ? { status: 'pending', promise: final } : { status: 'ready', view: final },
    errorView,
    loadingView,
    serverOnly: { kind: 'document' },
  });
  const preloads = levels
    .map((level) => (level.content.status === 'ready' ? (level.content.view as PlannedView).url : (options.page?.url ?? '')))
    .filter((url) => url !== '');
  const settledStates = final instanceof Promise ? null : [...layoutStates, stateOf(final)];
  return {
    levels,
    status: final instanceof Promise ? 200 : statusOf(final),
    headers: final instanceof Promise ? {} : headersOf(decided),
    preloads,
    // Made here even when nothing waits on it: a lazy getter's closure would hold this whole scope (the
    // options, the loader runs and their data) for as long as React holds the tail, past the young
    // generation, which measured as a third more CPU per page under load.
    states:
      settledStates !== null
        ? Promise.resolve(settledStates)
        : (final as Promise<PlannedView>).then((view) => [...layoutStates, stateOf(view)]),
    settledStates,
    loading: options.loading === null ? null : { file: options.loading.file, url: options.loading.url },
    error: options.error === null ? null : { file: options.error.file, url: options.error.url },
  };
}
