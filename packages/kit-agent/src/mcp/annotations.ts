import type { RegisteredRoute } from '@kit/kit-core';
import type { ToolAnnotations } from '@modelcontextprotocol/sdk/types.js';

/**
 * The MCP hints of a route's tool, from its `capability` (`read` when omitted) and its method:
 *
 * - `read`: `readOnlyHint: true`, `openWorldHint: false`.
 * - `write`: `readOnlyHint: false`, `openWorldHint: false`, and the method's effect as HTTP defines it:
 *   POST only adds (`destructiveHint: false`, `idempotentHint: false`); PUT replaces and DELETE removes
 *   (`destructiveHint: true`, `idempotentHint: true`); PATCH changes in place (`destructiveHint: true`,
 *   `idempotentHint: false`); GET changes nothing (`destructiveHint: false`, `idempotentHint: true`).
 * - `external`: like `write`, but `openWorldHint: true`, since the route reaches outside the app.
 *
 * Every hint is given explicitly, since the protocol's defaults for absent ones (`destructiveHint`
 * and `openWorldHint` true) would describe most routes wrongly.
 */
export function toolAnnotations(route: RegisteredRoute): ToolAnnotations {
  const capability = route.definition.capability ?? 'read';
  if (capability === 'read') return { readOnlyHint: true, openWorldHint: false };
  const method = route.method;
  return {
    readOnlyHint: false,
    destructiveHint: method === 'PUT' || method === 'PATCH' || method === 'DELETE',
    idempotentHint: method === 'GET' || method === 'PUT' || method === 'DELETE',
    openWorldHint: capability === 'external',
  };
}
