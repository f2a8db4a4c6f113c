import { context, propagation, ROOT_CONTEXT, SpanKind, SpanStatusCode, trace, type Span, type TextMapGetter } from '@opentelemetry/api';
import { inSpan, tracingOn } from '@kit/kit-core/internal';

/**
 * The OpenTelemetry spans of kit-agent's machine surfaces: one per MCP `tools/call` and one per A2A message,
 * children of the request's span (kit-core's), made only when an SDK is registered.
 */
const scope = '@kit/kit-agent';

/** Reads `traceparent`, `tracestate` and `baggage` from an MCP request's `params._meta`. */
const metaGetter: TextMapGetter<Record<string, unknown>> = {
  keys: (meta) => Object.keys(meta),
  get: (meta, key) => (typeof meta[key] === 'string' ? meta[key] : undefined),
};

/** The JSON-RPC request of an MCP tool call, as far as its span needs it. */
export interface McpRequestTrace {
  readonly id?: string | number;
  /** `params._meta`, where a client may send the trace context of its call. */
  readonly meta?: Record<string, unknown>;
}

/**
 * One MCP tool call in a SERVER span `tools/call {tool}` (`mcp.method.name`, `gen_ai.tool.name`,
 * `gen_ai.operation.name` `execute_tool`, `jsonrpc.request.id`). A trace context the client sent in
 * `params._meta` is its parent and the request's span a link, as the MCP conventions ask; else the request's
 * span is its parent. `call` marks a result that is an error.
 */
export function inMcpToolCallSpan<R>(tool: string, request: McpRequestTrace, call: (span: Span | undefined) => Promise<R>): Promise<R> {
  if (!tracingOn()) return call(undefined);
  const attributes: Record<string, string> = {
    'mcp.method.name': 'tools/call',
    'gen_ai.tool.name': tool,
    'gen_ai.operation.name': 'execute_tool',
    'network.protocol.name': 'http',
    'network.transport': 'tcp',
  };
  if (request.id !== undefined) attributes['jsonrpc.request.id'] = String(request.id);
  const sent = typeof request.meta?.traceparent === 'string' ? propagation.extract(ROOT_CONTEXT, request.meta, metaGetter) : undefined;
  const remote = sent && trace.getSpanContext(sent);
  const ambient = trace.getSpanContext(context.active());
  const links = remote && ambient ? [{ context: ambient }] : [];
  return inSpan(scope, `tools/call ${tool}`, { kind: SpanKind.SERVER, attributes, links }, call, remote ? sent : undefined);
}

/** An A2A message, as far as its span needs it. */
export interface A2AMessageTrace {
  /** `SendMessage` or `SendStreamingMessage`. */
  readonly method: string;
  /** The operation id of the route the message calls. */
  readonly skill: string;
  readonly taskId: string;
  readonly contextId: string;
  readonly messageId: string | undefined;
}

/**
 * The skill call of one A2A message in a SERVER span named after its method (`SendMessage`), with the task,
 * context and message ids and the skill; `run` resolves with the task's final state (`TASK_STATE_COMPLETED`),
 * and `TASK_STATE_FAILED` or `TASK_STATE_REJECTED` marks the span failed.
 */
export function inA2AMessageSpan(message: A2AMessageTrace, run: () => Promise<string | undefined>): Promise<string | undefined> {
  if (!tracingOn()) return run();
  const attributes: Record<string, string> = {
    'a2a.method.name': message.method,
    'a2a.task.id': message.taskId,
    'gen_ai.conversation.id': message.contextId,
    'kit.a2a.skill': message.skill,
  };
  if (message.messageId) attributes['a2a.message.id'] = message.messageId;
  return inSpan(scope, message.method, { kind: SpanKind.SERVER, attributes }, async (span) => {
    const state = await run();
    if (span && state !== undefined) {
      span.setAttribute('a2a.task.state', state);
      if (state === 'TASK_STATE_FAILED' || state === 'TASK_STATE_REJECTED') {
        span.setAttribute('error.type', state);
        span.setStatus({ code: SpanStatusCode.ERROR });
      }
    }
    return state;
  });
}
