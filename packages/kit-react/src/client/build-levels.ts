import type { ErrorPageProps } from '../modules/types.js';
import { builtinErrorFile, type LevelState, type ModuleRefState } from '../state/state.js';
import { BuiltinErrorView } from '../tree/builtin-views.js';
import type { ServerOnlySource } from '../tree/contexts.js';
import { errorFileCovers } from '../tree/error-scope.js';
import type { TreeLevel, ViewModule } from '../tree/level.js';
import type { ClientModule } from './modules.js';

/** The modules a route's levels need on the client. */
export interface LoadedRoute {
  readonly levels: readonly ClientModule[];
  readonly error: ClientModule | null;
  readonly loading: ClientModule | null;
}

const builtinError: ViewModule<ErrorPageProps> = { file: builtinErrorFile, Component: BuiltinErrorView };

/** The key of a level: layouts by file (so they keep their state), the bottom level by file and path. */
export function levelKey(state: LevelState, pathname: string, last: boolean): string {
  return last ? `${state.file}|${pathname}` : state.file;
}

/**
 * The client's tree levels for a route state and its loaded modules, the same shape the server
 * rendered: each level's error view is the route's `_error.tsx` where it covers the level (see
 * errorFileCovers), else the built-in one; the bottom level shows `_loading.tsx` while it suspends.
 */
export function buildLevels(
  route: {
    readonly levels: readonly LevelState[];
    readonly pathname: string;
    readonly error: ModuleRefState | null;
    readonly loading: ModuleRefState | null;
  },
  loaded: LoadedRoute,
  serverOnly: (index: number) => ServerOnlySource,
): TreeLevel[] {
  return route.levels.map((state, index) => {
    const last = index === route.levels.length - 1;
    const module = loaded.levels[index]!;
    const errorView: ViewModule<ErrorPageProps> =
      route.error !== null && loaded.error !== null && errorFileCovers(route.error.file, state)
        ? { file: route.error.file, Component: loaded.error.default as ViewModule<ErrorPageProps>['Component'] }
        : builtinError;
    const loadingView =
      last && route.loading !== null && loaded.loading !== null
        ? { file: route.loading.file, Component: loaded.loading.default as ViewModule<object>['Component'] }
        : null;
    return {
      key: levelKey(state, route.pathname, last),
      index,
      file: state.file,
      content: {
        status: 'ready',
        view: {
          kind: state.kind,
          file: state.file,
          Component: module.default,
          data: state.data,
          ...(state.error ? { error: state.error } : {}),
          ...(state.dataKept ? { dataKept: true } : {}),
        },
      },
      errorView,
      loadingView,
      serverOnly: serverOnly(index),
    };
  });
}
