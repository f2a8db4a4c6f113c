import type { KitApp } from '../app/kit-app.js';
import type { KitConfig } from '../definitions/define-config.js';
import type { AnyAPIDefinition, RouteKey } from '../definitions/routes.js';
import type { PolicyDefinition } from '../definitions/define-policy.js';
import type { WebSocketDefinition } from '../websocket/define-websocket.js';
import { checkPlugin, type PluginDefinition } from './define-plugin.js';

const appOwner = 'the app';
const ownerOf = (plugin: PluginDefinition) => `plugin "${plugin.name}"`;

/**
 * The configuration with every plugin folded in: routes and WebSocket endpoints added (a key or path
 * taken twice is a `TypeError` naming both owners), policies added (a key defined twice likewise),
 * middleware appended after the app's own in plugin order. Without plugins the configuration is
 * returned as it is.
 */
export function applyPlugins(config: KitConfig): KitConfig {
  const plugins = config.plugins ?? [];
  if (plugins.length === 0) return config;
  const names = new Set<string>();
  for (const plugin of plugins) {
    checkPlugin(plugin, 'createKitApp');
    if (names.has(plugin.name))
      throw new TypeError(`createKitApp: two plugins are named "${plugin.name}"; give each plugin its own name, or list it once`);
    names.add(plugin.name);
  }

  const routes: Record<RouteKey, AnyAPIDefinition> = { ...config.routes };
  const routeOwners = new Map<string, string>(Object.keys(config.routes ?? {}).map((key) => [key, appOwner]));
  for (const plugin of plugins) {
    for (const [key, definition] of Object.entries(plugin.routes ?? {}) as [RouteKey, AnyAPIDefinition][]) {
      const owner = routeOwners.get(key);
      if (owner)
        throw new TypeError(
          `createKitApp: route "${key}" is defined by both ${owner} and ${ownerOf(plugin)}; change the method or path of one of them, or leave it out of one`,
        );
      routeOwners.set(key, ownerOf(plugin));
      routes[key] = definition;
    }
  }

  const policies: PolicyDefinition[] = [...(config.policies ?? [])];
  const policyOwners = new Map<string, string>(policies.map((policy) => [policy.key, appOwner]));
  for (const plugin of plugins) {
    for (const policy of plugin.policies ?? []) {
      const owner = policyOwners.get(policy.key);
      if (owner)
        throw new TypeError(
          `createKitApp: policy "${policy.key}" is defined by both ${owner} and ${ownerOf(plugin)}; give each policy its own key`,
        );
      policyOwners.set(policy.key, ownerOf(plugin));
      policies.push(policy);
    }
  }

  const websockets: WebSocketDefinition[] = [...(config.websockets ?? [])];
  const pathOwners = new Map<string, string>(websockets.map((definition) => [definition.path, appOwner]));
  for (const plugin of plugins) {
    for (const definition of plugin.websockets ?? []) {
      const owner = pathOwners.get(definition.path);
      if (owner)
        throw new TypeError(
          `createKitApp: WebSocket endpoint "${definition.path}" is defined by both ${owner} and ${ownerOf(plugin)}; give each endpoint its own path`,
        );
      pathOwners.set(definition.path, ownerOf(plugin));
      websockets.push(definition);
    }
  }

  return {
    ...config,
    routes,
    policies,
    websockets,
    middleware: [...(config.middleware ?? []), ...plugins.flatMap((plugin) => plugin.middleware ?? [])],
  };
}

/**
 * Runs the `setup` of every plugin, in list order, on the built app. A throw (or a `setup` that
 * returns a promise, whose failure nobody would see) becomes an `Error` naming the plugin.
 */
export function setUpPlugins(plugins: readonly PluginDefinition[], app: KitApp): void {
  for (const plugin of plugins) {
    if (!plugin.setup) continue;
    let result: unknown;
    try {
      result = plugin.setup(app);
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new Error(`createKitApp: setup of plugin "${plugin.name}" failed: ${reason}`, { cause: error });
    }
    if (typeof (result as PromiseLike<unknown> | undefined)?.then === 'function') {
      // Its outcome would surface nowhere, so it must not be left to reject unseen.
      Promise.resolve(result).catch(() => undefined);
      throw new TypeError(
        `createKitApp: setup of plugin "${plugin.name}" returned a promise; setup must be synchronous, so start asynchronous work from a route handler or before createKitApp`,
      );
    }
  }
}

/**
 * Runs the `close` of every plugin that has one, in reverse list order (a plugin closes before those it
 * may build on). A failure is logged with the plugin's name and the others still close.
 */
export async function closePlugins(plugins: readonly PluginDefinition[]): Promise<void> {
  for (const plugin of [...plugins].reverse()) {
    if (!plugin.close) continue;
    try {
      await plugin.close();
    } catch (error) {
      console.error(`kit-core: close of plugin "${plugin.name}" failed:`, error);
    }
  }
}
