import {
  createKitApp,
  type AnyAPIDefinition,
  type KitApp,
  type KitConfig,
  type KitContext,
  type MiddlewareDefinition,
  type RouteKey,
} from '@kit/kit-core';
import { pageSecurityPolicy } from '@kit/kit-core/http';
import { createMcpServer } from '@kit/kit-agent';
import { KitDevError } from '../errors/kit-dev-error.js';
import { mountA2A, servesOwnA2A } from './a2a-endpoints.js';
import { apiRoutesOf } from './api-routes.js';
import { PageRenderer, wantsPage } from './page-routes.js';
import type { LoadedApp, RuntimeOptions } from './runtime-types.js';
import { middlewareOf, scopedMiddleware } from './scoped-middleware.js';

const defaultInfo = { title: 'kit app', version: '0.0.0' } as const;

/** Hono's spelling of a manifest pattern: a catch-all `*name` is `*` (the renderer matches again with the router). */
function honoPath(pattern: string): string {
  return pattern.replace(/\*[^/]*$/, '*');
}

/** The app's routes: those of `kit.config.ts` first, then each API file's, a key defined twice being an error. */
function mergedRoutes(loaded: LoadedApp, configRoutes: NonNullable<KitConfig['routes']>): Record<RouteKey, AnyAPIDefinition> {
  const routes: Record<RouteKey, AnyAPIDefinition> = { ...configRoutes };
  const owners = new Map<RouteKey, string>(Object.keys(configRoutes).map((key) => [key as RouteKey, 'kit.config.ts']));
  for (const route of loaded.manifest.routes) {
    if (route.kind !== 'api') continue;
    for (const [key, definition] of apiRoutesOf(route.file, route.pattern, loaded.modules.get(route.file) ?? {})) {
      const owner = owners.get(key);
      if (owner !== undefined) {
        throw new KitDevError('duplicate_route', `${route.file}: ${key} is already served by ${owner}; remove one of the two definitions`, {
          location: { file: route.file, line: 1, column: 1 },
        });
      }
      owners.set(key, route.file);
      routes[key] = definition;
    }
  }
  return routes;
}

function checkConfig(value: unknown): KitConfig | null {
  if (value === null) return null;
  if (typeof value !== 'object' || Array.isArray(value)) {
    throw new KitDevError(
      'load_failed',
      `kit.config.ts: the default export must be the app's configuration (export default defineConfig({ ... })), got ${Array.isArray(value) ? 'an array' : typeof value}`,
      {
        location: { file: 'kit.config.ts', line: 1, column: 1 },
      },
    );
  }
  const config = value as KitConfig;
  try {
    // Checked here, once, so a mistake shows when the app is built rather than on every page.
    pageSecurityPolicy(config.securityHeaders);
  } catch (error) {
    throw new KitDevError('load_failed', `kit.config.ts: ${(error as Error).message}`, {
      location: { file: 'kit.config.ts', line: 1, column: 1 },
      cause: error,
    });
  }
  return config;
}

/**
 * One kit app for a loaded set of route files: the API files' routes beside the routes of
 * `kit.config.ts` (so OpenAPI and MCP list them all), the middleware files scoped to their folders after
 * the config's middleware, every page pattern answering GET and HEAD with kit-react's renderer, unknown
 * URLs answered with the nearest not-found page (HTML callers) or a 404 problem (the others), the MCP
 * server at `/mcp`, and A2A at `/a2a` with its agent card at `/.well-known/agent.json` and
 * `/.well-known/agent-card.json`. A page that exports actions takes POST too (its forms). Pages carry the security headers of `config.securityHeaders` (kit-react's strict
 * defaults otherwise), and every endpoint the body and cross-site limits of kit-core.
 */
export function createRuntimeApp(loaded: LoadedApp, options: RuntimeOptions): KitApp {
  const config = checkConfig(loaded.config);
  const routes = mergedRoutes(loaded, config?.routes ?? {});
  const middlewareFiles = new Map<string, MiddlewareDefinition>();
  for (const [file, module] of loaded.modules)
    if (file === '_middleware.ts' || file.endsWith('/_middleware.ts')) middlewareFiles.set(file, middlewareOf(file, module));
  const pages = new PageRenderer(loaded, options);
  const configNotFound = config?.notFound;
  const app = createKitApp({
    ...config,
    info: config?.info ?? defaultInfo,
    routes,
    middleware: [
      ...(config?.middleware ?? []),
      ...scopedMiddleware(loaded.manifest, middlewareFiles, middlewareFiles.has('_middleware.ts')),
    ],
    notFound: async (request, ctx) => {
      if (!wantsPage(request) && configNotFound) return configNotFound(request, ctx);
      return pages.render(request, ctx);
    },
  });
  pages.registry = app.registry;
  for (const { path, page } of options.prerendered ?? []) pages.seed(path, page);
  for (const route of loaded.manifest.routes) {
    if (route.kind !== 'page') continue;
    const render = (request: Request, ctx: KitContext) => pages.render(request, ctx);
    app.get(honoPath(route.pattern), render);
    // A page with actions takes its forms' posts, behind the same cross-site check, body limits,
    // authentication, rate limits and middleware as every other endpoint.
    if (pages.hasActions(route.file)) app.mount(honoPath(route.pattern), ['POST'], render);
  }
  const info = config?.info ?? defaultInfo;
  const servesMcp = Object.keys(routes).some((key) => key.endsWith(' /mcp'));
  if (options.mcp && !servesMcp) {
    const mcp = createMcpServer({ registry: app.registry, name: info.title, version: info.version });
    app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request, ctx) => mcp.handleHttp(request, ctx));
  }
  if (options.a2a && !servesOwnA2A(app)) mountA2A(app, info);
  return app;
}
