import { toProblem } from '@kit/kit-core/http';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * MCP's structured content is always a JSON object, so a route whose output is anything else (an array, a
 * string, a union) has it wrapped as `{ result: <output> }`. The rule is decided once per route, from its
 * output schema when it has one, so the tool's `outputSchema` and every result agree.
 */
export function wrapsOutput(outputSchema: Record<string, unknown> | undefined, output?: unknown): boolean {
  if (outputSchema) return outputSchema.type !== 'object';
  return !(typeof output === 'object' && output !== null && !Array.isArray(output));
}

/** The `outputSchema` of a tool: the route's object schema, or an object with the route's schema as `result`. */
export function toolOutputSchema(outputSchema: Record<string, unknown>): Record<string, unknown> {
  return wrapsOutput(outputSchema) ? { type: 'object', properties: { result: outputSchema }, required: ['result'] } : outputSchema;
}

/**
 * The result of a successful call: the route's output as `structuredContent` (wrapped as `wrapsOutput`
 * says), and the same JSON as text for clients that only read `content`.
 */
export function successResult(output: unknown, outputSchema?: Record<string, unknown>): CallToolResult {
  const structured = (wrapsOutput(outputSchema, output) ? { result: output } : output) as Record<string, unknown>;
  return { content: [{ type: 'text', text: JSON.stringify(structured) }], structuredContent: structured };
}

/**
 * A failed call. A tool's own failure (invalid arguments, unknown slug) is a result with `isError`
 * that carries the same problem document the HTTP API would send, so the model can read it and
 * correct its call; only protocol faults (an unknown tool) are JSON-RPC errors.
 */
export function errorResult(error: unknown): CallToolResult {
  return { isError: true, content: [{ type: 'text', text: JSON.stringify(toProblem(error)) }] };
}
