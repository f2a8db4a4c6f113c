import { ApprovalRequiredError, type CapabilityRegistry, type KitContext, type RegisteredRoute } from '@kit/kit-core';
import { failSpan } from '@kit/kit-core/internal';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import { inMcpToolCallSpan, type McpRequestTrace } from '../tracing.js';
import { errorResult, successResult } from './tool-result.js';

/**
 * One call of a route as an MCP tool: through `CapabilityRegistry.invoke` (validation, policies, approvals),
 * answered with the route's output as `structuredContent`, or with a result marked `isError` that carries the
 * problem document (or, for a call held for approval, the approval to wait for). With tracing on, the call is
 * a span `tools/call {tool}`; `request` is the JSON-RPC request's id and `_meta`.
 */
export function toolCallResult(
  registry: CapabilityRegistry,
  route: RegisteredRoute,
  args: Record<string, unknown>,
  ctx: KitContext,
  request: McpRequestTrace = {},
): Promise<CallToolResult> {
  return inMcpToolCallSpan(route.operationId, request, async (span) => {
    try {
      const output = await registry.invoke(route, args, ctx);
      return successResult(output, route.outputSchema as Record<string, unknown> | undefined);
    } catch (error) {
      if (error instanceof ApprovalRequiredError) return approvalResult(error);
      if (span) failSpan(span, error, 'tool_error');
      return errorResult(error);
    }
  });
}

/**
 * A call waiting for a person's approval. It is an error result, so a model does not take it for the
 * tool's output, worded so that the model knows to wait and call again rather than change its call.
 */
function approvalResult(error: ApprovalRequiredError): CallToolResult {
  const text = `${error.message} Do not change the arguments: call this tool again with the same ones after the approval is given, or read the status URL.`;
  return {
    isError: true,
    content: [
      { type: 'text', text },
      { type: 'text', text: JSON.stringify(error.pendingBody()) },
    ],
  };
}
