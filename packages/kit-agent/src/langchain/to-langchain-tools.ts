import { KitError, type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
import type { RunnableConfig } from '@langchain/core/runnables';
import type { DynamicStructuredTool } from '@langchain/core/tools';
import { routeFailure, syntheticAgentContext, toolRoutes, type ToolRoute } from '../registry-tools/tool-routes.js';

/** A route as `filter` sees it: the registered route with its capability (`read` when omitted) and description at hand. */
export type LangChainRoute = ToolRoute;

/** Options of `toLangChainTools`. */
export interface ToLangChainToolsOptions {
  /** Keeps only the routes it returns `true` for; every route when omitted. */
  readonly filter?: (route: LangChainRoute) => boolean;
  /**
   * The context a call runs with, so policies can tell callers apart. By default an `agent` call
   * with a synthetic request (`http://langchain.invalid` plus the route's path and method) and a
   * fresh request id. `config` is the LangChain run's configuration (`configurable` can carry who
   * is calling).
   */
  readonly context?: (route: RegisteredRoute, config: RunnableConfig | undefined) => KitContext;
}

/**
 * `@langchain/core/tools`, loaded on the first conversion rather than at import: it takes about
 * 170 ms to load, which every program importing `@kit/kit-agent` (a server that only serves MCP)
 * would otherwise pay.
 */
let langChainTools: Promise<typeof import('@langchain/core/tools')> | undefined;

function defaultContext(route: RegisteredRoute): KitContext {
  return syntheticAgentContext('langchain.invalid', route);
}

/**
 * The error a failed call throws. Invalid arguments are LangChain's own `ToolInputParsingException`
 * (the error its schema check throws), with the route's message naming every field; any other
 * failure is the route's `KitError` (a policy's `forbidden`, a handler's `not_found`), whose message
 * an agent shows the model. A handler's unexpected error becomes a `KitError('internal')` that
 * reveals nothing, as over HTTP; the original stays in `cause`.
 */
function toolError(
  error: unknown,
  route: RegisteredRoute,
  input: unknown,
  parsingException: typeof import('@langchain/core/tools').ToolInputParsingException,
): Error {
  if (error instanceof KitError && error.code === 'invalid_input') {
    const exception = new parsingException(error.message, JSON.stringify(input));
    Object.defineProperty(exception, 'cause', { value: error, configurable: true, writable: true });
    return exception;
  }
  return routeFailure(error, route);
}

/**
 * Converts the routes of a `CapabilityRegistry` into structured tools of `@langchain/core`
 * (`DynamicStructuredTool`), one per route that `filter` keeps: named by the operation id
 * (`get_api_orders`), described by the route's description (or its method and path), with the
 * route's input JSON Schema. A call goes through `CapabilityRegistry.invoke`, so input validation and
 * the route's policy apply as over HTTP, and the output comes back as a JSON string (a `ToolMessage`
 * when the tool is invoked with a `ToolCall`). A failure throws: `ToolInputParsingException` for
 * invalid arguments, the route's `KitError` otherwise; LangChain's agents turn either into an error
 * `ToolMessage` the model reads. Asynchronous because LangChain is loaded on first use.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { toLangChainTools } from '@kit/kit-agent';
 *
 * const app = createKitApp({
 *   routes: {
 *     'GET /api/orders': defineAPI({
 *       description: 'Lists recent orders.',
 *       capability: 'read',
 *       output: z.strictObject({ ids: z.array(z.string()) }),
 *       handler: async () => ({ ids: ['o-1', 'o-2'] }),
 *     }),
 *     'POST /api/orders/cancel': defineAPI({
 *       description: 'Cancels an order.',
 *       capability: 'write',
 *       input: z.strictObject({ id: z.string() }),
 *       handler: async () => ({ canceled: true }),
 *     }),
 *   },
 * });
 *
 * // Only the read route becomes a tool.
 * const tools = await toLangChainTools(app.registry, { filter: (route) => route.capability === 'read' });
 * const message = await tools[0]!.invoke({ type: 'tool_call', id: 'call_1', name: 'get_api_orders', args: {} });
 * console.log(message.content); // {"ids":["o-1","o-2"]}
 * ```
 */
export async function toLangChainTools(
  registry: CapabilityRegistry,
  options: ToLangChainToolsOptions = {},
): Promise<DynamicStructuredTool[]> {
  const routes = toolRoutes('toLangChainTools', registry, options.filter);
  langChainTools ??= import('@langchain/core/tools');
  const { DynamicStructuredTool, ToolInputParsingException } = await langChainTools;
  const context = options.context ?? defaultContext;
  return routes.map((route) => {
    const original = registry.get(route.operationId) ?? route;
    return new DynamicStructuredTool({
      name: route.operationId,
      description: route.description ?? `${route.method} ${route.path}`,
      schema: { type: 'object', ...route.inputSchema },
      metadata: { operationId: route.operationId, method: route.method, path: route.path, capability: route.capability },
      func: async (input: unknown, _runManager: unknown, config?: RunnableConfig) => {
        try {
          const output = await registry.invoke(original, input, context(original, config));
          return JSON.stringify(output ?? null);
        } catch (error) {
          throw toolError(error, original, input, ToolInputParsingException);
        }
      },
    });
  });
}
