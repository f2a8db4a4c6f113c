import { toProblem } from '@kit/kit-core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';

/**
 * The result of a successful call: the route's output as `structuredContent`, and the same JSON as
 * text for clients that only read `content`.
 */
export function successResult(output: unknown): CallToolResult {
  const structured = (typeof output === 'object' && output !== null && !Array.isArray(output) ? output : { result: output }) as Record<string, unknown>;
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
