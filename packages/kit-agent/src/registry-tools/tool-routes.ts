import { KitError, servesAsTool, type Capability, type CapabilityRegistry, type RegisteredRoute } from '@kit/kit-core';
import { contextFor } from '@kit/kit-core/http';
import type { KitContext } from '@kit/kit-core';
import { KitAIError } from '@kit/kit-ai';

/** A route offered as a tool, as a `filter` sees it: the registered route with its capability (`read` when omitted) and description at hand. */
export interface ToolRoute extends RegisteredRoute {
  readonly capability: Capability;
  readonly description: string | undefined;
}

/**
 * The routes of `registry` that other agents' tools are made from: every route that serves as a tool
 * (not an event stream), kept by `filter` when given. A registry or filter of the wrong kind is a
 * `KitAIError('invalid_config')` naming `component`.
 */
export function toolRoutes(
  component: string,
  registry: CapabilityRegistry,
  filter: ((route: ToolRoute) => boolean) | undefined,
): ToolRoute[] {
  if (typeof registry !== 'object' || registry === null || !Array.isArray(registry.routes)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: registry must be a CapabilityRegistry (app.registry of createKitApp), got ${registry === null ? 'null' : typeof registry}`,
    );
  }
  if (filter !== undefined && typeof filter !== 'function') {
    throw new KitAIError(
      'invalid_config',
      `${component}: filter must be a function of a route returning true to keep it, got ${typeof filter}`,
    );
  }
  return registry.routes
    .filter((route) => servesAsTool(route.definition))
    .map((route): ToolRoute => ({ ...route, capability: route.definition.capability ?? 'read', description: route.definition.description }))
    .filter((route) => filter?.(route) ?? true);
}

/** The context of a call made by an agent with no request behind it: a synthetic request to the route on `host`. */
export function syntheticAgentContext(host: string, route: RegisteredRoute): KitContext {
  return contextFor(new Request(`http://${host}${route.path}`, { method: route.method }), 'agent');
}

/**
 * What a failed call throws: the route's `KitError` as it is (a policy's `forbidden`, a handler's
 * `not_found`, invalid input), whose message the model reads; an unexpected error becomes a
 * `KitError('internal')` that reveals nothing, as over HTTP, with the original in `cause`.
 */
export function routeFailure(error: unknown, route: RegisteredRoute): KitError {
  if (error instanceof KitError) return error;
  return new KitError('internal', `The route ${route.operationId} failed unexpectedly; the original error is this error's cause.`, {
    cause: error,
  });
}
