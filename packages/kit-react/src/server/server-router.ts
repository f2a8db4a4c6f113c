import { KitReactError } from '../errors/kit-react-error.js';
import { ReadonlySearchParams } from '../router/readonly-search-params.js';
import type { RouterHandle } from '../router/router.js';
import type { ActionResultState } from '../actions/action-result.js';
import type { RouteParams } from '@kit/kit-router';

function browserOnly(name: string): never {
  throw new KitReactError(
    'router_on_server',
    `router.${name}() runs in the browser: call it from an event handler or an effect, not while rendering on the server.`,
  );
}

// One set for every request: the server router is made per page, its refusals need not be.
const navigate = (): never => browserOnly('navigate');
const back = (): never => browserOnly('back');
const forward = (): never => browserOnly('forward');
const refresh = (): never => browserOnly('refresh');
const prefetch = async (): Promise<void> => undefined;

/**
 * The router components see on the server: the request's URL and params, and the answer of the action
 * a form posted; navigation throws.
 */
export function serverRouter(url: URL, params: RouteParams, action: ActionResultState | null = null): RouterHandle {
  return {
    interactive: false,
    action,
    pendingAction: null,
    submit: null,
    router: {
      pathname: url.pathname,
      params,
      searchParams: new ReadonlySearchParams(url.search),
      isNavigating: false,
      navigate,
      back,
      forward,
      refresh,
      prefetch,
    },
  };
}
