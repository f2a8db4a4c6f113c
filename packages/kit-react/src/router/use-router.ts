import { useContext } from 'react';
import { KitReactError } from '../errors/kit-react-error.js';
import { RouterContext, type Router } from './router.js';

/**
 * The router of the kit app: the current `pathname`, `params` and `searchParams`, `isNavigating`, and
 * `navigate`, `back`, `forward`, `refresh` and `prefetch`. Components using it re-render on every
 * navigation. On the server it describes the request; its navigation functions throw there.
 *
 * @throws KitReactError `router_outside_app` outside a tree rendered by kit.
 * @example
 * ```ts
 * import { createElement } from 'react';
 * import { useRouter } from '@kit/kit-react';
 *
 * export function StatusFilter() {
 *   const router = useRouter();
 *   const status = router.searchParams.get('status') ?? 'open';
 *   return createElement('button', { onClick: () => router.navigate(`?status=${status === 'open' ? 'closed' : 'open'}`, { scroll: false }) }, status);
 * }
 * ```
 */
export function useRouter(): Router {
  const handle = useContext(RouterContext);
  if (handle === null) {
    throw new KitReactError(
      'router_outside_app',
      'useRouter() was called outside a kit app: call it in a component rendered by a page or a layout.',
    );
  }
  return handle.router;
}
