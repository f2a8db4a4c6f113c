import type { KitApp } from '../app/kit-app.js';
import type { AnyAPIDefinition, RouteKey } from '../definitions/routes.js';
import type { MiddlewareDefinition } from '../definitions/define-middleware.js';
import type { PolicyDefinition } from '../definitions/define-policy.js';
import type { WebSocketDefinition } from '../websocket/define-websocket.js';

/**
 * An extension of an application: routes, policies, middleware and WebSocket endpoints added as one
 * unit through `KitConfig.plugins`, and a `setup` step that runs once the app is built.
 */
export interface PluginDefinition {
  /** Names the plugin in errors; unique among the plugins of one app. */
  readonly name: string;
  /** Typed routes by key, served like the app's own; a key the app or another plugin uses is an error. */
  readonly routes?: Readonly<Record<RouteKey, AnyAPIDefinition>>;
  /** Policies its routes (or the app's) may name; a key defined twice is an error. */
  readonly policies?: readonly PolicyDefinition[];
  /**
   * Middleware run after the app's own (plugins in list order). One with `authenticate` joins the
   * authentication phase, after the app's own authenticators.
   */
  readonly middleware?: readonly MiddlewareDefinition[];
  /** WebSocket endpoints; a path defined twice is an error. */
  readonly websockets?: readonly WebSocketDefinition[];
  /**
   * Runs once, synchronously, when `createKitApp` has registered every route (the app's and every
   * plugin's) and before the app serves a request: add raw endpoints with `app.get` or `app.mount`,
   * watch calls with `app.registry.observe`. A throw stops `createKitApp` with an error naming the plugin.
   */
  readonly setup?: (app: KitApp) => void;
  /**
   * Runs once when the app closes (`KitApp.close()`, which `app.listen()`'s `close`, `kit start` and
   * `kit dev` call once the server stopped taking requests): stop the workers, timers and connections the
   * plugin started, so the process can end. Plugins close in reverse list order; a failure is reported and
   * the others still close.
   */
  readonly close?: () => void | Promise<void>;
}

/**
 * Declares a plugin and returns it unchanged, after checking its shape: a `TypeError` names what is
 * wrong (no name, a `setup` that is not a function) so a bad plugin fails where it is written.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI, defineMiddleware, definePlugin } from '@kit/kit-core';
 *
 * const status = definePlugin({
 *   name: 'status',
 *   routes: {
 *     'GET /api/status': defineAPI({ output: z.strictObject({ up: z.boolean() }), handler: async () => ({ up: true }) }),
 *   },
 *   middleware: [
 *     defineMiddleware({
 *       name: 'served-by',
 *       handler: async ({ next }) => {
 *         const response = await next();
 *         response.headers.set('X-Served-By', 'status-plugin');
 *         return response;
 *       },
 *     }),
 *   ],
 *   setup: (app) => app.get('/healthz', () => new Response('ok')),
 * });
 *
 * const app = createKitApp({ routes: {}, plugins: [status] });
 * ```
 */
export function definePlugin(def: PluginDefinition): PluginDefinition {
  checkPlugin(def, 'definePlugin');
  return def;
}

/** Throws a `TypeError` naming what is wrong with a plugin definition. */
export function checkPlugin(def: unknown, where: string): asserts def is PluginDefinition {
  if (typeof def !== 'object' || def === null)
    throw new TypeError(`${where}: a plugin must be an object from definePlugin({ name, ... }), got ${def === null ? 'null' : typeof def}`);
  const { name, setup, routes, policies, middleware, websockets } = def as Record<string, unknown>;
  if (typeof name !== 'string' || name.trim() === '') {
    throw new TypeError(
      `${where}: a plugin needs a name, a non-empty string that names it in errors, got ${JSON.stringify(name) ?? 'undefined'}`,
    );
  }
  if (setup !== undefined && typeof setup !== 'function')
    throw new TypeError(`${where}: setup of plugin "${name}" must be a function (app) => void, got ${typeof setup}`);
  const { close } = def as Record<string, unknown>;
  if (close !== undefined && typeof close !== 'function')
    throw new TypeError(`${where}: close of plugin "${name}" must be a function () => void | Promise<void>, got ${typeof close}`);
  if (routes !== undefined && (typeof routes !== 'object' || routes === null || Array.isArray(routes))) {
    throw new TypeError(
      `${where}: routes of plugin "${name}" must be an object of route definitions by key ('GET /api/x'), got ${Array.isArray(routes) ? 'an array' : typeof routes}`,
    );
  }
  for (const [field, value] of [
    ['policies', policies],
    ['middleware', middleware],
    ['websockets', websockets],
  ] as const) {
    if (value !== undefined && !Array.isArray(value))
      throw new TypeError(`${where}: ${field} of plugin "${name}" must be an array, got ${typeof value}`);
  }
}
