import { defineMiddleware, type KitContext, type MiddlewareDefinition, type MiddlewareHandler } from '@kit/kit-core';
import { matchNotFound, matchRoute, type RouteManifest } from '@kit/kit-router';
import { KitDevError } from '../errors/kit-dev-error.js';

/** The file every request is under: middleware of the route folder itself. */
const rootMiddlewareFile = '_middleware.ts';

/** A `_middleware.ts` default export, normalized; throws a load error naming the file otherwise. */
export function middlewareOf(file: string, module: Readonly<Record<string, unknown>>): MiddlewareDefinition {
  const value = module.default;
  const isDefinition = typeof value === 'object' && value !== null && typeof (value as { handler?: unknown }).handler === 'function';
  if (typeof value !== 'function' && !isDefinition) {
    throw new KitDevError(
      'load_failed',
      `${file}: a middleware file must export default a defineMiddleware(...) definition or a handler ({ request, ctx, next }) => Response; it exports ${value === undefined ? 'no default' : typeof value}`,
      {
        location: { file, line: 1, column: 1 },
      },
    );
  }
  return defineMiddleware(value as MiddlewareDefinition | MiddlewareHandler);
}

/**
 * The `_middleware.ts` files a request goes through, root first: those of the route the router
 * matches it to, else those of the not-found boundary it falls under, else (an endpoint the app adds
 * itself, such as `/openapi.json` or `/mcp`) the route folder's own `_middleware.ts`, which covers every URL.
 */
export function middlewareFilesFor(url: string, manifest: RouteManifest, hasRootMiddleware: boolean): readonly string[] {
  const match = matchRoute(url, manifest);
  if (match) return match.route.middleware;
  const boundary = matchNotFound(url, manifest);
  if (boundary) return boundary.middleware;
  return hasRootMiddleware ? [rootMiddlewareFile] : [];
}

/**
 * The middleware of the route files as two entries of `KitConfig.middleware`: one that runs the
 * `authenticate` steps of the request's chain in kit-core's authentication phase (before rate limits),
 * and one that runs the handlers of the chain's other middleware, outermost first. A middleware with an
 * `authenticate` step takes part in the authentication phase only, as it does in a kit app's list.
 */
export function scopedMiddleware(
  manifest: RouteManifest,
  definitions: ReadonlyMap<string, MiddlewareDefinition>,
  hasRootMiddleware: boolean,
): MiddlewareDefinition[] {
  // Without middleware files there is nothing to look up per request: no entries, no route matching.
  if (definitions.size === 0) return [];
  const chainFor = (request: Request): MiddlewareDefinition[] =>
    middlewareFilesFor(request.url, manifest, hasRootMiddleware).flatMap((file) => {
      const definition = definitions.get(file);
      return definition ? [definition] : [];
    });
  const authentication: MiddlewareDefinition = {
    name: 'route-middleware-authentication',
    authenticate: async ({ request, ctx }) => {
      let current = ctx;
      for (const definition of chainFor(request))
        if (definition.authenticate) current = await definition.authenticate({ request, ctx: current });
      return current;
    },
    handler: async ({ next }) => next(),
  };
  const handlers: MiddlewareDefinition = {
    name: 'route-middleware',
    handler: async ({ request, ctx, next }) => {
      const chain = chainFor(request).filter((definition) => !definition.authenticate);
      const run = (index: number, current: KitContext): Promise<Response> => {
        const definition = chain[index];
        return definition
          ? definition.handler({ request, ctx: current, next: (passed) => run(index + 1, passed ?? current) })
          : next(current);
      };
      return run(0, ctx);
    },
  };
  const all = [...definitions.values()];
  return [
    ...(all.some((definition) => definition.authenticate) ? [authentication] : []),
    ...(all.some((definition) => !definition.authenticate) ? [handlers] : []),
  ];
}
