import { ApprovalRequiredError, type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
import type { AgentTool, AgentToolExecutionContext } from '@kit/kit-ai';
import { policyHold } from './policy-holds.js';
import { routeFailure, syntheticAgentContext, toolRoutes, type ToolRoute } from './tool-routes.js';

/** Options of `registryAgentTools`. */
export interface RegistryAgentToolsOptions {
  /** Keeps only the routes it returns `true` for; every route that serves as a tool when omitted. */
  readonly filter?: (route: ToolRoute) => boolean;
  /**
   * The context each call runs with, so the route's policies know who calls: the person an assistant
   * acts for, as `authType: 'agent'`, is the usual choice. By default an `agent` call with no identity
   * and a synthetic request to the route.
   */
  readonly context?: (route: RegisteredRoute, call: AgentToolExecutionContext | undefined) => KitContext;
}

/**
 * The routes of a `CapabilityRegistry` as kit-ai `AgentTool`s, one per route that `filter` keeps, so a
 * smart agent (or a harness run) works with the app's own API: named by the operation id
 * (`post_api_tickets_id_close`), described by the route's description, with the route's input JSON
 * Schema. A call goes through `CapabilityRegistry.invoke` with the context `context` gives, so input
 * validation, policies, redaction and approvals apply exactly as over HTTP and MCP: one policy, written
 * once, holds an agent's call wherever it comes from. `read` routes may run side by side
 * (`isConcurrencySafe`). A failed call throws the route's `KitError`, whose message the model reads. A
 * call an `approve` policy holds throws kit-ai's `CallHeldError` with the app's approval id (`heldBy`
 * `policy:<key>`): a smart agent's run ends `approval_required` on it, and a harness run waits for that
 * approval, which `harnessRoutes` decides too.
 *
 * @example
 * ```ts
 * import { z } from 'zod';
 * import { createKitApp, defineAPI } from '@kit/kit-core';
 * import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 * import { registryAgentTools } from '@kit/kit-agent';
 *
 * const app = createKitApp({
 *   routes: {
 *     'GET /api/tickets/:id': defineAPI({
 *       description: 'Reads a ticket.',
 *       input: z.strictObject({ id: z.string() }),
 *       handler: async ({ input }) => ({ id: input.id, title: 'Refund not received', priority: 'normal' }),
 *     }),
 *   },
 * });
 *
 * const replies = ['{"tool": "get_api_tickets_id", "arguments": {"id": "T-7"}}', 'T-7 is about a refund.'];
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
 * const agent = createSmartAgent({ llm, tools: registryAgentTools(app.registry) });
 * console.log((await agent.run('What is T-7 about?')).result); // T-7 is about a refund.
 * ```
 */
export function registryAgentTools(registry: CapabilityRegistry, options: RegistryAgentToolsOptions = {}): AgentTool[] {
  const routes = toolRoutes('registryAgentTools', registry, options.filter);
  const context = options.context ?? ((route: RegisteredRoute) => syntheticAgentContext('agent.invalid', route));
  return routes.map((route): AgentTool => {
    const original = registry.get(route.operationId) ?? route;
    return {
      name: route.operationId,
      description: route.description ?? `${route.method} ${route.path}`,
      parameters: { type: 'object', ...route.inputSchema },
      isConcurrencySafe: route.capability === 'read',
      // The route validates its input itself, with messages naming each field.
      validate: () => ({ valid: true }),
      execute: async (args, call) => {
        try {
          return await registry.invoke(original, args, context(original, call));
        } catch (error) {
          throw error instanceof ApprovalRequiredError ? policyHold(error) : routeFailure(error, original);
        }
      },
    };
  });
}
