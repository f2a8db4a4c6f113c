/**
 * @kit/kit-react/client: the browser side of kit pages. The client entry kit-dev generates calls
 * `hydrate()`.
 */
export { hydrate, type HydrateOptions } from './client/hydrate.js';
