import type { AgentCheckpoint, CallDecision, CallRequest, ControlAction, SmartAgentConfig, SmartAgentHooks } from '../agent/types.js';
import { parseToolCalls } from '../agent/parse-calls.js';
import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse, LLMStreamChunk, LLMToolCall } from '../llm/types.js';
import type { AgentTask, AgentTaskCallRecord, AgentTool, AgentToolCallRecord } from '../tools/types.js';
import { runEvent, type RunWriter } from './run-writer.js';

/** What the recording hooks of one execution share with the executor. */
export interface ExecutionState {
  writer: RunWriter;
  /** The iteration whose model call comes next (from the `before_llm` control point). */
  iteration: number;
  /** Calls an earlier execution began and never finished: they run again, and their events say so. */
  unfinishedCalls: ReadonlySet<string>;
  /** Calls a person approved: they run without asking again. */
  approvedCalls: ReadonlySet<string>;
  /** The call refused last, whose id becomes the approval id. */
  refusedCall: CallRequest | undefined;
  /** Whether the first checkpoint of this execution was saved (it clears the run's `next`). */
  checkpointSaved: boolean;
  /** The reason a call must wait for a person, or `undefined`. */
  approvalReason(call: CallRequest): string | undefined;
  /** A pause or cancel asked for: from this process at once, from others through the store. */
  requestedAction(): ControlAction;
}

/**
 * The agent of one execution: the app's configuration with every tool and task told the run id,
 * the model recorded, and hooks that record calls, checkpoints and approvals before the app's own
 * hooks' verdicts are acted on. Every write is awaited, so nothing the run did is lost if the
 * process dies right after.
 */
export function recordingAgent(config: SmartAgentConfig, state: ExecutionState, extraTools: AgentTool[]): SmartAgentConfig {
  const runId = state.writer.runId;
  const recorded: SmartAgentConfig = {
    ...config,
    llm: recordingModel(config.llm, state),
    tools: [...config.tools.map((tool) => toolWithRunId(tool, runId)), ...extraTools],
    hooks: recordingHooks(config.hooks ?? {}, state),
    checkpointBeforeCalls: true,
  };
  if (config.tasks) recorded.tasks = config.tasks.map((task) => taskWithRunId(task, runId));
  if (config.fallbackLlm) recorded.fallbackLlm = recordingModel(config.fallbackLlm, state);
  return recorded;
}

function toolWithRunId(tool: AgentTool, runId: string): AgentTool {
  return { ...tool, execute: (args, context) => tool.execute(args, context && { ...context, runId }) };
}

function taskWithRunId(task: AgentTask, runId: string): AgentTask {
  return { ...task, execute: (args, context) => task.execute(args, { ...context, runId }) };
}

/** The reply's text and whether it asks for calls, as the `model_call` event records it. */
function recordReply(state: ExecutionState, started: number, response: LLMResponse): void {
  // A call written as text is JSON with a "tool" key: a reply without one is not parsed again.
  const asksForCalls =
    (response.toolCalls?.length ?? 0) > 0 || (response.content.includes('"tool"') && parseToolCalls(response.content).length > 0);
  state.writer.defer('model_call', {
    iteration: state.iteration,
    durationMs: Date.now() - started,
    ...(response.usage ? { usage: response.usage } : {}),
    finalAnswer: !asksForCalls,
    text: response.content,
  });
}

function recordingModel(provider: LLMProvider, state: ExecutionState): LLMProvider {
  const model: LLMProvider = {
    name: provider.name,
    chat: async (messages: LLMMessage[], options?: LLMOptions) => {
      const started = Date.now();
      const response = await provider.chat(messages, options);
      recordReply(state, started, response);
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
        if (chunk.type === 'text') text += chunk.text;
        else if (chunk.type === 'tool_call') toolCalls.push(chunk.toolCall);
        else if (chunk.type === 'done') {
          recordReply(state, started, { content: text, model: chunk.model, usage: chunk.usage, toolCalls });
        }
        yield chunk;
      }
    };
  }
  return model;
}

function recordingHooks(own: SmartAgentHooks, state: ExecutionState): SmartAgentHooks {
  const { writer } = state;
  const before =
    (kind: 'tool' | 'task', hook: SmartAgentHooks['beforeToolCall']) =>
    async (call: CallRequest): Promise<CallDecision> => {
      if (!state.approvedCalls.has(call.id)) {
        const decision = hook ? await hook(call) : undefined;
        const reason = decision && !decision.allowed ? (decision.reason ?? 'refused') : state.approvalReason(call);
        if (reason !== undefined) {
          state.refusedCall = call;
          return { allowed: false, reason };
        }
      }
      await writer.event('call_started', {
        callId: call.id,
        kind,
        name: call.name,
        args: call.args,
        iteration: call.iteration,
        rerun: state.unfinishedCalls.has(call.id),
      });
      return { allowed: true };
    };
  // Recorded with the next checkpoint, which also records the call's result: until then a process
  // that dies runs the call again, and its events say so.
  const after = (record: AgentToolCallRecord | AgentTaskCallRecord): void =>
    writer.defer('call_finished', {
      callId: record.id,
      kind: 'tool' in record ? 'tool' : 'task',
      name: 'tool' in record ? record.tool : record.task,
      args: record.args,
      iteration: record.iteration,
      status: record.status,
      ...(record.status === 'success' ? { result: record.result } : {}),
      ...(record.error !== undefined ? { error: record.error } : {}),
      durationMs: record.durationMs,
    });
  return {
    ...own,
    beforeToolCall: before('tool', own.beforeToolCall),
    beforeTaskCall: before('task', own.beforeTaskCall),
    afterToolCall: async (record) => {
      await own.afterToolCall?.(record);
      after(record);
    },
    afterTaskCall: async (record) => {
      await own.afterTaskCall?.(record);
      after(record);
    },
    onCheckpoint: async (checkpoint) => {
      const replaced = (await own.onCheckpoint?.(checkpoint)) ?? undefined;
      await saveCheckpoint(state, replaced ?? checkpoint);
      return replaced;
    },
    getControlState: async (context) => {
      if (context.point === 'before_llm') state.iteration = context.iteration;
      const decided = await own.getControlState?.(context);
      if (decided && decided.action !== 'continue') return decided;
      return { action: state.requestedAction() };
    },
  };
}

/** Saves the checkpoint the run goes on from; the first one of an execution also clears what the execution was started to do. */
async function saveCheckpoint(state: ExecutionState, checkpoint: AgentCheckpoint): Promise<void> {
  // Endings are saved with the result, in one write. A new run's `initialized` checkpoint holds nothing
  // the record lacks (the goal): a run that stops before its next one starts again from the goal.
  if (!['tool_call', 'tool_result', 'task_wait'].includes(checkpoint.stage)) return;
  const first = !state.checkpointSaved;
  state.checkpointSaved = true;
  const events = [runEvent('checkpoint', { stage: checkpoint.stage, iterations: checkpoint.iterations })];
  await state.writer.update(first ? { checkpoint, next: null, events } : { checkpoint, events });
}
