import { agentCardEndpoint, agentCardPaths, createA2AHandler } from '@kit/kit-agent';
import type { AppInfo, KitApp } from '@kit/kit-core';

/** Where the A2A JSON-RPC endpoint is mounted; the card names it. */
export const a2aPath = '/a2a';

/**
 * Whether the app serves A2A itself: a route of its own (in `kit.config.ts`, a plugin or an API file)
 * at the endpoint or at either card path. Such an app keeps its own, and kit adds none of the three.
 */
export function servesOwnA2A(app: KitApp): boolean {
  const paths = new Set([a2aPath, ...agentCardPaths]);
  return app.registry.routes.some((route) => paths.has(route.path));
}

/**
 * Serves the app's API routes as A2A skills: the JSON-RPC endpoint at `/a2a` (A2A 1.0 and 0.3, with
 * streaming) and the agent card at both well-known paths. Both are endpoints of the app, so requests
 * go through its middleware, authentication and rate limits, and each skill call through the route's
 * policy, as the caller the app authenticated. The card's URLs are made from the request's own (the
 * host and port the client reached), so the card is right behind any address the server answers on.
 * An app without API routes has no skill to offer and gets neither.
 */
export function mountA2A(app: KitApp, info: AppInfo): void {
  if (app.registry.routes.length === 0) return;
  const a2a = createA2AHandler({ registry: app.registry });
  app.mount(a2aPath, ['POST'], (request, ctx) => a2a(request, ctx));
  // The card needs a name, a description and a version; an app's info may leave them blank.
  const name = info.title.trim() || 'kit app';
  const version = info.version.trim() || '0.0.0';
  const description = info.description?.trim() || `${name}: its API routes as skills, one per route.`;
  const card = agentCardEndpoint({ registry: app.registry, name, description, version, endpointPath: a2aPath });
  for (const path of agentCardPaths) app.get(path, card);
}
