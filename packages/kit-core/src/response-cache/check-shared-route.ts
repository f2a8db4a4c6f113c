import type { AnyAPIDefinition, HttpMethod } from '../definitions/routes.js';

/** What of the app decides whether a route's answer may be shared. */
export interface SharingContext {
  /** Names of the middleware that authenticate callers. */
  readonly authentication: readonly string[];
  /** `ResponseCacheOptions.cacheable`, when the app gives it. */
  readonly cacheable: ((path: string) => boolean) | undefined;
}

/**
 * Refuses, when the app is made, a route whose answer would be kept for every caller although it may
 * differ between them: one declared `cache: 'shared'` that is not a GET, that names a policy (which may
 * deny, hold or redact per caller) or that sits in an app authenticating its callers; and a GET route
 * with a policy whose path `cacheable` accepts. Each `TypeError` names the route and the fix. A path
 * with parameters cannot be put to `cacheable` here; its policy is the app's to keep in mind.
 */
export function checkSharedRoute(method: HttpMethod, path: string, definition: AnyAPIDefinition, context: SharingContext): void {
  const route = `${method} ${path}`;
  if (definition.cache === 'shared') {
    if (method !== 'GET')
      throw new TypeError(
        `createKitApp: route "${route}" is declared cache: 'shared', which only a GET route can be; remove it from this route`,
      );
    if (definition.policy !== undefined)
      throw new TypeError(
        `createKitApp: route "${route}" is declared cache: 'shared' but is guarded by policy "${definition.policy}", so one caller's answer would be given to callers the policy treats differently; remove cache: 'shared' (the default 'etag' still answers If-None-Match with 304)`,
      );
    if (context.authentication.length > 0)
      throw new TypeError(
        `createKitApp: route "${route}" is declared cache: 'shared' but the app authenticates its callers (middleware ${context.authentication.map((name) => `"${name}"`).join(', ')}), so one caller's answer could be given to another; remove cache: 'shared' (the default 'etag' still answers If-None-Match with 304)`,
      );
  }
  if (definition.policy !== undefined && method === 'GET' && !path.includes(':') && context.cacheable?.(path) === true)
    throw new TypeError(
      `createKitApp: responseCache.cacheable accepts "${path}", but its route "${route}" is guarded by policy "${definition.policy}", so one caller's answer would be given to callers the policy treats differently; make cacheable return false for "${path}"`,
    );
}
