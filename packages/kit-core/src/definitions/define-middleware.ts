import type { KitContext } from './context.js';

/**
 * Runs around a route: may answer itself, or call `next` and change its response. Passing a context to
 * `next` replaces the context for the rest of the chain and the route (to add what the middleware learned).
 */
export type MiddlewareHandler = (args: {
  request: Request;
  ctx: KitContext;
  next: (ctx?: KitContext) => Promise<Response>;
}) => Promise<Response>;

/**
 * Resolves who is calling before anything else runs: returns the context with `authType` and `auth`
 * set, or throws a `KitError` (`unauthorized`, `forbidden`) when the credentials presented are bad.
 */
export type Authenticator = (args: { request: Request; ctx: KitContext }) => Promise<KitContext>;

/** A named middleware. */
export interface MiddlewareDefinition {
  readonly name: string;
  readonly handler: MiddlewareHandler;
  /**
   * An authentication step. `createKitApp` runs the `authenticate` of every middleware that has one
   * first, in list order, before rate limits (which count by the resolved auth type) and before the
   * handlers of the chain; the `handler` of such a middleware is what runs where no app does that
   * (a middleware chain of your own).
   */
  readonly authenticate?: Authenticator;
  /**
   * The `WWW-Authenticate` challenges of the credentials `authenticate` accepts (`Bearer realm="api"`).
   * `createKitApp` sends them with every 401 that has none of its own, and a `deny` policy that
   * refuses an anonymous caller of such an app answers 401 with them rather than 403.
   */
  readonly challenges?: readonly string[];
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
