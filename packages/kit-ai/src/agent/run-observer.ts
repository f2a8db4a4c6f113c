import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse, LLMStreamChunk, LLMToolCall } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import type { AgentCheckpoint } from './run-result.js';
import type { CallFinishedData, CallKind, CallStartedData, ModelCallData } from './run-events.js';
import type { CallDecision, CallRequest, SmartAgentConfig, SmartAgentHooks } from './types.js';
import { parseToolCalls } from './parse-calls.js';

/**
 * What watches a run from the inside, told each step as it happens. Every method may be left out.
 * The run waits for the promises the methods return, so an observer that records (the harness)
 * has written a step before the run goes past it; `text` is not waited for.
 */
export interface RunObserver {
  /** A piece of a reply's text as the provider streams it; a provider without `stream` gives the whole text at once. */
  text?(delta: string, iteration: number): void;
  /** A reply is complete. */
  modelCall?(data: ModelCallData): void | Promise<void>;
  /** A call starts: its before-hook, if any, let it. */
  callStarted?(data: CallStartedData): void | Promise<void>;
  /** A call ended. */
  callFinished?(data: CallFinishedData): void | Promise<void>;
  /** A checkpoint was taken (after `hooks.onCheckpoint`, so the one the app kept). */
  checkpoint?(checkpoint: AgentCheckpoint): void | Promise<void>;
}

/** What a complete reply's `model_call` data holds. */
export function modelCallData(iteration: number, durationMs: number, response: LLMResponse): ModelCallData {
  // A call written as text is JSON with a "tool" key: a reply without one is not parsed again.
  const asksForCalls =
    (response.toolCalls?.length ?? 0) > 0 || (response.content.includes('"tool"') && parseToolCalls(response.content).length > 0);
  return {
    iteration,
    durationMs,
    ...(response.usage ? { usage: response.usage } : {}),
    finalAnswer: !asksForCalls,
    text: response.content,
  };
}

/** What a finished call's data holds. */
export function callFinishedData(record: AgentToolCallRecord | AgentTaskCallRecord): CallFinishedData {
  return {
    callId: record.id,
    kind: 'tool' in record ? 'tool' : 'task',
    name: 'tool' in record ? record.tool : record.task,
    args: record.args,
    iteration: record.iteration,
    status: record.status,
    ...(record.status === 'success' ? { result: record.result } : {}),
    ...(record.error !== undefined ? { error: record.error } : {}),
    durationMs: record.durationMs,
  };
}

/**
 * The agent configuration with `observer` told every step: the model (and `fallbackLlm`) wrapped to
 * pass on text as it streams and each complete reply, and the hooks wrapped to pass on calls and
 * checkpoints. The app's own hooks run first and keep their say: a call a before-hook refused never
 * reaches `callStarted`, and a checkpoint `onCheckpoint` replaced reaches `checkpoint` replaced.
 */
export function observedConfig(config: SmartAgentConfig, observer: RunObserver): SmartAgentConfig {
  // The iteration whose model call comes next, from the `before_llm` control point.
  const position = { iteration: 0 };
  const observed: SmartAgentConfig = {
    ...config,
    llm: observedModel(config.llm, observer, position),
    hooks: observedHooks(config.hooks ?? {}, observer, position),
  };
  if (config.fallbackLlm) observed.fallbackLlm = observedModel(config.fallbackLlm, observer, position);
  return observed;
}

function observedModel(provider: LLMProvider, observer: RunObserver, position: { iteration: number }): LLMProvider {
  const model: LLMProvider = {
    name: provider.name,
    chat: async (messages: LLMMessage[], options?: LLMOptions) => {
      const started = Date.now();
      const response = await provider.chat(messages, options);
      if (response.content !== '') observer.text?.(response.content, position.iteration);
      await observer.modelCall?.(modelCallData(position.iteration, Date.now() - started, response));
      return response;
    },
  };
  const stream = provider.stream?.bind(provider);
  if (stream) {
    model.stream = async function* (messages: LLMMessage[], options?: LLMOptions): AsyncIterable<LLMStreamChunk> {
      const started = Date.now();
      let text = '';
      const toolCalls: LLMToolCall[] = [];
      for await (const chunk of stream(messages, options)) {
        if (chunk.type === 'text') {
          text += chunk.text;
          observer.text?.(chunk.text, position.iteration);
        } else if (chunk.type === 'tool_call') toolCalls.push(chunk.toolCall);
        else if (chunk.type === 'done') {
          const response: LLMResponse = { content: text, model: chunk.model, toolCalls };
          if (chunk.usage) response.usage = chunk.usage;
          await observer.modelCall?.(modelCallData(position.iteration, Date.now() - started, response));
        }
        yield chunk;
      }
    };
  }
  return model;
}

function observedHooks(own: SmartAgentHooks, observer: RunObserver, position: { iteration: number }): SmartAgentHooks {
  const before =
    (kind: CallKind, hook: SmartAgentHooks['beforeToolCall']) =>
    async (call: CallRequest): Promise<CallDecision> => {
      const decision = hook ? await hook(call) : { allowed: true };
      if (decision.allowed)
        await observer.callStarted?.({ callId: call.id, kind, name: call.name, args: call.args, iteration: call.iteration });
      return decision;
    };
  const hooks: SmartAgentHooks = {
    ...own,
    beforeToolCall: before('tool', own.beforeToolCall),
    beforeTaskCall: before('task', own.beforeTaskCall),
    afterToolCall: async (record) => {
      await own.afterToolCall?.(record);
      await observer.callFinished?.(callFinishedData(record));
    },
    afterTaskCall: async (record) => {
      await own.afterTaskCall?.(record);
      await observer.callFinished?.(callFinishedData(record));
    },
    getControlState: (context) => {
      if (context.point === 'before_llm') position.iteration = context.iteration;
      return own.getControlState ? own.getControlState(context) : { action: 'continue' };
    },
  };
  // Without an `onCheckpoint` hook the loop takes a checkpoint only when a result needs one: keep it so
  // for an observer that does not look at checkpoints.
  const { checkpoint } = observer;
  if (checkpoint) {
    hooks.onCheckpoint = async (taken) => {
      const replaced = (await own.onCheckpoint?.(taken)) ?? undefined;
      await checkpoint.call(observer, replaced ?? taken);
      return replaced;
    };
  }
  return hooks;
}
