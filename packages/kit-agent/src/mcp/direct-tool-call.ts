import { servesAsTool, type CapabilityRegistry, type KitContext } from '@kit/kit-core';
import type { CallToolResult } from '@modelcontextprotocol/sdk/types.js';
import type { McpSdk } from './sdk.js';
import { toolCallResult } from './tool-call.js';

/**
 * What `answerDirectly` made of a request: the answer (`response`), or the JSON it read from the body for the
 * SDK to handle (`parsedBody`), or undefined when it read nothing and the SDK must handle the request whole.
 */
export type DirectOutcome = { readonly response: Response } | { readonly parsedBody: unknown } | undefined;

const jsonHeaders = { 'Content-Type': 'application/json' } as const;

/** An error answer as the SDK's transport writes one (`createJsonErrorResponse`). */
function transportError(status: number, code: number, message: string): Response {
  return new Response(JSON.stringify({ jsonrpc: '2.0', error: { code, message }, id: null }), { status, headers: jsonHeaders });
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  const prototype = Object.getPrototypeOf(value) as object | null;
  return prototype === Object.prototype || prototype === null;
}

/** Whether every own key of `value` is one of `allowed`. */
function hasOnlyKeys(value: Record<string, unknown>, allowed: readonly string[]): boolean {
  for (const key of Object.keys(value)) if (!allowed.includes(key)) return false;
  return true;
}

/**
 * The one message this path answers itself: a single JSON-RPC request `tools/call` with nothing but a tool name
 * and its arguments, as clients send it. Anything else (a batch, a notification, `_meta`, a task, a malformed id)
 * goes to the SDK, whose answer is the reference.
 */
function isPlainToolCall(message: unknown): message is { id: string | number; params: { name: string; arguments?: unknown } } {
  if (!isPlainObject(message) || !hasOnlyKeys(message, ['jsonrpc', 'id', 'method', 'params'])) return false;
  if (message.jsonrpc !== '2.0' || message.method !== 'tools/call') return false;
  const id = message.id;
  if (typeof id !== 'string' && !Number.isSafeInteger(id)) return false;
  const params = message.params;
  if (!isPlainObject(params) || !hasOnlyKeys(params, ['name', 'arguments']) || typeof params.name !== 'string') return false;
  return params.arguments === undefined || isPlainObject(params.arguments);
}

/**
 * The streamable-HTTP POST of a single `tools/call`, answered without building an SDK server and transport for
 * it. kit serves MCP statelessly, so each request used to get a fresh SDK `Server` (with its JSON Schema
 * validator, handlers and transport), which cost several times the call itself. This path does what the SDK
 * does for that one message, with the SDK's own functions wherever the answer depends on them: the checks of
 * `Accept` and `Content-Type` (a failing request is left to the SDK, unread), the body read (as `readRequestBody`
 * does, with the SDK's limit and its answers to a body too large, unreadable or not JSON), the protocol version,
 * the request schema (`CallToolRequestSchema`, whose output gives the arguments), the result schema
 * (`CallToolResultSchema`, whose output is what is sent), and the JSON-RPC answer, byte for byte. Whatever does
 * not fit (another method, a batch, an unknown tool, an invalid request) is read once and handed to the SDK as
 * `parsedBody`. The tests compare the two paths on the same requests.
 */
export async function answerDirectly(
  request: Request,
  api: McpSdk,
  registry: CapabilityRegistry,
  callContext: () => KitContext,
): Promise<DirectOutcome> {
  if (request.method !== 'POST') return undefined;
  const accept = request.headers.get('accept');
  if (!accept?.includes('application/json') || !accept.includes('text/event-stream')) return undefined;
  if (!api.isJsonContentType(request.headers.get('content-type'))) return undefined;

  let message: unknown;
  try {
    const max = api.DEFAULT_MAX_REQUEST_BODY_SIZE;
    if (Number(request.headers.get('content-length')) > max)
      return { response: transportError(413, -32000, api.requestBodyTooLargeMessage(max)) };
    // Read whole, as the SDK's readRequestBody does, but with text(): kit has already read a JSON body of a
    // mounted endpoint under the app's limit (far below the SDK's), and the Node adapter serves it from
    // memory, where reading the body stream would first build a full fetch Request around it.
    message = JSON.parse(await request.text());
  } catch {
    return { response: transportError(400, -32700, 'Parse error: Invalid JSON') };
  }

  const version = request.headers.get('mcp-protocol-version');
  if (!isPlainToolCall(message) || (version !== null && !api.SUPPORTED_PROTOCOL_VERSIONS.includes(version))) return { parsedBody: message };
  const parsed = api.safeParse(api.CallToolRequestSchema, message);
  if (!parsed.success) return { parsedBody: message };
  const route = registry.get(parsed.data.params.name);
  // A route that is no tool (an event stream, one declared agents: false) is the SDK's to refuse as unknown.
  if (!route || !servesAsTool(route.definition)) return { parsedBody: message };

  const id = message.id;
  let answer: string;
  try {
    const result = await toolCallResult(registry, route, parsed.data.params.arguments ?? {}, callContext(), { id });
    const checked = api.safeParse(api.CallToolResultSchema, result);
    if (!checked.success) {
      const why = checked.error instanceof Error ? checked.error.message : String(checked.error);
      throw new api.McpError(api.ErrorCode.InvalidParams, `Invalid tools/call result: ${why}`);
    }
    answer = successAnswer(result, checked.data, id) ?? JSON.stringify({ result: checked.data, jsonrpc: '2.0', id });
  } catch (error) {
    answer = JSON.stringify({ jsonrpc: '2.0', id, error: rpcError(error) });
  }
  return { response: new Response(answer, { status: 200, headers: jsonHeaders }) };
}

/** Whether `value` has exactly `keys`, in that order. */
function keysAre(value: object, keys: readonly string[]): boolean {
  const own = Object.keys(value);
  return own.length === keys.length && own.every((key, index) => key === keys[index]);
}

/**
 * The answer to a call that succeeded, written around the JSON text its result already carries. `successResult`
 * made that text from the structured content, so writing the structured content again would serialize the route's
 * output a second time. Only for a result the schema left as it was (a text and the structured content, nothing
 * else) and structured content that serializes as its copy does (no own `__proto__` key, which the copy drops,
 * and no `toJSON`); undefined otherwise, and the answer is written whole.
 */
function successAnswer(result: CallToolResult, data: Record<string, unknown>, id: string | number): string | undefined {
  const structured = result.structuredContent;
  const [item] = result.content;
  if (result.isError !== undefined || structured === undefined || result.content.length !== 1 || item?.type !== 'text') return undefined;
  if (Object.hasOwn(structured, '__proto__') || typeof (structured as { toJSON?: unknown }).toJSON === 'function') return undefined;
  const content = data.content as readonly object[] | undefined;
  const checkedItem = content?.[0] as { text?: unknown } | undefined;
  if (!keysAre(data, ['content', 'structuredContent']) || content?.length !== 1 || checkedItem === undefined) return undefined;
  if (!keysAre(checkedItem, ['type', 'text']) || checkedItem.text !== item.text) return undefined;
  return `{"result":{"content":[{"type":"text","text":${JSON.stringify(item.text)}}],"structuredContent":${item.text}},"jsonrpc":"2.0","id":${JSON.stringify(id)}}`;
}

/** The `error` of a JSON-RPC answer to a request whose handler failed, as the SDK's protocol words it. */
function rpcError(error: unknown): { code: number; message: string; data?: unknown } {
  const fields = (typeof error === 'object' && error !== null ? error : {}) as { code?: unknown; message?: unknown; data?: unknown };
  return {
    code: Number.isSafeInteger(fields.code) ? (fields.code as number) : -32603,
    message: (fields.message as string | undefined) ?? 'Internal error',
    ...(fields.data !== undefined && { data: fields.data }),
  };
}
