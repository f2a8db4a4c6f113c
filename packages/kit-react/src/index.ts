/**
 * @kit/kit-react: what route files import. Isomorphic: it runs in the server renderer and in browser
 * bundles, so it imports neither react-dom/server nor node: modules.
 */
export { Outlet } from './components/outlet.js';
export { useLoaderData } from './components/use-loader-data.js';
export { ServerOnly, type ServerOnlyProps } from './components/server-only.js';
export { Link, type LinkProps } from './components/link.js';
export { useRouter } from './router/use-router.js';
export type { NavigateOptions, Router } from './router/router.js';
export { withViewTransition } from './router/view-transition.js';
export type {
  ErrorModule,
  ErrorPageProps,
  LayoutModule,
  Loader,
  LoaderArgs,
  LoadingModule,
  NotFoundModule,
  PageModule,
} from './modules/types.js';
export { KitReactError, type KitReactErrorCode } from './errors/kit-react-error.js';
