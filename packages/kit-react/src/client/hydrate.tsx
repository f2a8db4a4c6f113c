import { hydrateRoot } from 'react-dom/client';
import { KitReactError } from '../errors/kit-react-error.js';
import { stateElementId, type BootstrapState } from '../state/state.js';
import { browserIdle } from '../tree/browser-idle.js';
import type { RenderMode } from '../tree/render-mode.js';
import { buildLevels } from './build-levels.js';
import { ClientRoot } from './client-root.js';
import { listenToDevEvents } from './dev-events.js';
import { ModuleLoader } from './modules.js';
import { Navigator } from './navigator.js';

/** Options of `hydrate`. */
export interface HydrateOptions {
  /**
   * How long a navigation to another path may load before the current route's `_loading.tsx` takes
   * the page's place (when the route has one). Default 150 ms.
   */
  readonly loadingDelayMs?: number;
  /** Told about errors React recovered from (a level the server could not render, re-rendered here). */
  readonly onRecoverableError?: (error: unknown) => void;
}

function readState(): BootstrapState {
  const element = document.getElementById(stateElementId);
  if (element === null) {
    throw new KitReactError(
      'invalid_bootstrap_state',
      `hydrate() found no <script id="${stateElementId}"> in the page: call it only on pages rendered by renderPage of @kit/kit-react/server.`,
    );
  }
  const state = JSON.parse(element.textContent ?? '') as BootstrapState;
  if (state?.kit !== 1 || !Array.isArray(state.levels)) {
    throw new KitReactError(
      'invalid_bootstrap_state',
      `The <script id="${stateElementId}"> of this page is not kit's bootstrap state: render the page with renderPage of the same kit-react version.`,
    );
  }
  return state;
}

/**
 * Starts the app in the browser (the generated client entry calls it): reads the bootstrap state,
 * imports the chunks of the page's levels (and of its `_error.tsx` and `_loading.tsx`), hydrates the
 * whole document with the tree the server rendered, then starts the client router (links, history,
 * scroll restoration) and, in dev, the dev server's event stream. Resolves once hydration has started.
 *
 * @throws KitReactError `invalid_bootstrap_state` on a page renderPage did not render.
 * @example
 * ```ts
 * import { hydrate } from '@kit/kit-react/client';
 *
 * await hydrate();
 * ```
 */
export async function hydrate(options: HydrateOptions = {}): Promise<void> {
  const state = readState();
  const modules = new ModuleLoader();
  const [levels, error, loading] = await Promise.all([
    Promise.all(state.levels.map((level) => modules.load(level))),
    state.error === null ? null : modules.load(state.error),
    state.loading === null ? null : modules.load(state.loading).catch(() => null),
  ]);
  const treeLevels = buildLevels(state, { levels, error, loading }, () => ({ kind: 'document' }));
  const navigator = new Navigator(
    {
      route: {
        pathname: state.pathname,
        search: state.search,
        params: state.params,
        loading: state.loading,
        error: state.error,
        loadingModule: loading,
      },
      levels: treeLevels,
      action: state.action ?? null,
    },
    { clientEntry: state.clientEntry, loadingDelayMs: options.loadingDelayMs ?? 150 },
  );
  const mode: RenderMode = { kind: 'client', dev: state.dev };
  // A page exported with hydrate = 'idle' waits for the browser to be idle (its modules loaded meanwhile).
  if (state.hydrate === 'idle') await browserIdle();
  hydrateRoot(
    document,
    <ClientRoot navigator={navigator} mode={mode} styles={state.styles} />,
    options.onRecoverableError ? { onRecoverableError: options.onRecoverableError } : {},
  );
  navigator.start();
  if (state.dev && state.devEventsUrl) listenToDevEvents(state.devEventsUrl, (version) => navigator.refresh(version));
}
