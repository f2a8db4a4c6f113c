import { SpanKind, type Context } from '@opentelemetry/api';
import type { LLMOptions, LLMProvider, LLMResponse, LLMUsage } from '../llm/types.js';
import { inAgentSpan, inSpan, tracingOn, type SpanOutcome } from '../tracing/spans.js';
import type { CallOutcome, IdentifiedCall } from './call-outcome.js';
import type { AgentRunResult } from './run-result.js';

/**
 * The spans of the loop, after the OpenTelemetry GenAI conventions: `invoke_agent` per run (unless a harness
 * execution's `invoke_agent` span already holds it), `chat {model}` per model call and `execute_tool {name}`
 * per tool or task call.
 */

/** The providers kit makes are named `<protocol>:<model>`; their protocols and the provider names they stand for. */
const protocolProviders: Readonly<Record<string, string>> = { 'chat-completions': 'openai', responses: 'openai', messages: 'anthropic' };

/**
 * `gen_ai.provider.name` and the model a provider calls, read from its name: `chat-completions:gpt-x` is
 * `openai` and `gpt-x`; a name without a protocol (`scripted`) stands for both.
 */
export function providerAndModel(provider: LLMProvider): { provider: string; model: string } {
  const colon = provider.name.indexOf(':');
  if (colon < 0) return { provider: provider.name, model: provider.name };
  const protocol = provider.name.slice(0, colon);
  return { provider: protocolProviders[protocol] ?? protocol, model: provider.name.slice(colon + 1) };
}

function usageAttributes(usage: LLMUsage | undefined): SpanOutcome['attributes'] {
  return { 'gen_ai.usage.input_tokens': usage?.promptTokens, 'gen_ai.usage.output_tokens': usage?.completionTokens };
}

/** One call of one provider in a CLIENT span `chat {model}`; the reply's model, finish reason and usage are read onto it. */
export function inModelCallSpan(
  provider: LLMProvider,
  options: Omit<LLMOptions, 'signal'>,
  call: () => Promise<LLMResponse>,
): Promise<LLMResponse> {
  if (!tracingOn()) return call();
  const named = providerAndModel(provider);
  const attributes: Record<string, string | number | boolean> = {
    'gen_ai.operation.name': 'chat',
    'gen_ai.provider.name': named.provider,
    'gen_ai.request.model': named.model,
  };
  if (options.maxTokens !== undefined) attributes['gen_ai.request.max_tokens'] = options.maxTokens;
  if (options.temperature !== undefined) attributes['gen_ai.request.temperature'] = options.temperature;
  if (provider.stream) attributes['gen_ai.request.stream'] = true;
  return inSpan(`chat ${named.model}`, { kind: SpanKind.CLIENT, attributes }, call, (response) => ({
    attributes: {
      'gen_ai.response.model': response.model,
      'gen_ai.response.finish_reasons': response.finishReason === undefined ? undefined : [response.finishReason],
      ...usageAttributes(response.usage),
    },
  }));
}

/**
 * One tool or task call in an INTERNAL span `execute_tool {name}`, started from `parent` (the run's context,
 * so calls that start while a reply streams are not children of the model call). An `error` outcome marks it
 * failed with its code (`tool_failed`, `tool_timeout`).
 */
export function inToolCallSpan(
  call: IdentifiedCall,
  kind: 'tool' | 'task',
  parent: Context | undefined,
  run: () => Promise<CallOutcome>,
): Promise<CallOutcome> {
  if (!tracingOn()) return run();
  const attributes = {
    'gen_ai.operation.name': 'execute_tool',
    'gen_ai.tool.name': call.name,
    'gen_ai.tool.call.id': call.id,
    'gen_ai.tool.type': 'function',
    'kit.call.kind': kind,
  };
  return inSpan(
    `execute_tool ${call.name}`,
    { attributes },
    run,
    (outcome) => ({
      attributes: { 'kit.call.status': outcome.status },
      ...(outcome.status === 'error' ? { failure: { type: outcome.errorCode ?? '_OTHER', message: outcome.error ?? 'failed' } } : {}),
    }),
    parent ? { parent } : {},
  );
}

/** How a run ended, as attributes of its `invoke_agent` span; `fatal` marks it failed. */
export function runOutcome(result: AgentRunResult): SpanOutcome {
  return {
    attributes: { 'kit.agent.status': result.status, 'kit.agent.iterations': result.iterations, ...usageAttributes(result.usage) },
    ...(result.status === 'fatal' ? { failure: { type: 'fatal', message: result.error ?? 'the run failed' } } : {}),
  };
}

/** The attributes an `invoke_agent` span starts with, for an agent whose model is `llm`. */
export function agentAttributes(llm: LLMProvider): Record<string, string> {
  const named = providerAndModel(llm);
  return { 'gen_ai.operation.name': 'invoke_agent', 'gen_ai.provider.name': named.provider, 'gen_ai.request.model': named.model };
}

/** One call of `run` or `resume` in an INTERNAL span `invoke_agent`, unless it runs inside a harness execution's. */
export function inRunSpan(llm: LLMProvider, start: 'run' | 'resume', run: () => Promise<AgentRunResult>): Promise<AgentRunResult> {
  if (!tracingOn() || inAgentSpan()) return run();
  return inSpan('invoke_agent', { attributes: { ...agentAttributes(llm), 'kit.agent.start': start } }, run, runOutcome);
}
