import type { KitContext } from './context.js';

/** Runs around a route: may answer itself, or call `next` and change its response. */
export type MiddlewareHandler = (args: { request: Request; ctx: KitContext; next: () => Promise<Response> }) => Promise<Response>;

/** A named middleware. */
export interface MiddlewareDefinition {
  readonly name: string;
  readonly handler: MiddlewareHandler;
}

/**
 * Declares a middleware from a definition or a bare handler (named `anonymous`).
 *
 * @example
 * ```ts
 * import { defineMiddleware } from '@kit/kit-core';
 *
 * export const poweredBy = defineMiddleware({
 *   name: 'powered-by',
 *   handler: async ({ next }) => {
 *     const response = await next();
 *     response.headers.set('X-Powered-By', 'kit');
 *     return response;
 *   },
 * });
 * ```
 */
export function defineMiddleware(def: MiddlewareDefinition | MiddlewareHandler): MiddlewareDefinition {
  return typeof def === 'function' ? { name: def.name || 'anonymous', handler: def } : def;
}
