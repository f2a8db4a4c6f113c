import type { AgentCheckpoint, CallDecision, CallRequest, ControlAction, SmartAgentConfig, SmartAgentHooks } from '../agent/types.js';
import { observedConfig } from '../agent/run-observer.js';
import type { AgentTask, AgentTool } from '../tools/types.js';
import { runEvent, type RunWriter } from './run-writer.js';
import type { RunTraceContext } from '../tracing/spans.js';

/** What the recording hooks of one execution share with the executor. */
export interface ExecutionState {
  writer: RunWriter;
  /** Calls an earlier execution began and never finished: they run again, and their events say so. */
  unfinishedCalls: ReadonlySet<string>;
  /** Calls a person approved: they run without asking again. */
  approvedCalls: ReadonlySet<string>;
  /** Whether the first checkpoint of this execution was saved (it clears the run's `next`). */
  checkpointSaved: boolean;
  /** The trace the execution continues, kept when the first checkpoint clears `next`, so a takeover continues it too. */
  traceContext: RunTraceContext | undefined;
  /** The reason a call must wait for a person, or `undefined`. */
  approvalReason(call: CallRequest): string | undefined;
  /** A pause or cancel asked for: from this process at once, from others through the store. */
  requestedAction(): ControlAction;
}

/** Where the text a model streams goes as it comes: to readers of the run in this process. */
export interface LiveText {
  text(delta: string, iteration: number): void;
  /** The reply is whole: its `model_call` event holds the text from now on. */
  replyEnded(): void;
}

/**
 * The agent of one execution: the app's configuration with every tool and task told the run id,
 * calls held for approval, and an observer that records model calls, calls and checkpoints after
 * the app's own hooks' verdicts. Every write is awaited, so nothing the run did is lost if the
 * process dies right after. Text the model streams goes to `live`, and is not stored.
 */
export function recordingAgent(
  config: SmartAgentConfig,
  state: ExecutionState,
  extraTools: AgentTool[],
  live?: LiveText,
): SmartAgentConfig {
  const runId = state.writer.runId;
  const gated: SmartAgentConfig = {
    ...config,
    tools: [...config.tools.map((tool) => toolWithRunId(tool, runId)), ...extraTools],
    hooks: gatedHooks(config.hooks ?? {}, state),
    checkpointBeforeCalls: true,
  };
  if (config.tasks) gated.tasks = config.tasks.map((task) => taskWithRunId(task, runId));
  const { writer } = state;
  return observedConfig(gated, {
    ...(live ? { text: (delta: string, iteration: number) => live.text(delta, iteration) } : {}),
    modelCall: (data) => {
      live?.replyEnded();
      return writer.defer('model_call', data);
    },
    callStarted: (data) => writer.event('call_started', { ...data, rerun: state.unfinishedCalls.has(data.callId) }),
    // Recorded with the next checkpoint, which also records the call's result: until then a process
    // that dies runs the call again, and its events say so.
    callFinished: (data) => writer.defer('call_finished', data),
    checkpoint: (checkpoint) => saveCheckpoint(state, checkpoint),
  });
}

function toolWithRunId(tool: AgentTool, runId: string): AgentTool {
  return { ...tool, execute: (args, context) => tool.execute(args, context && { ...context, runId }) };
}

function taskWithRunId(task: AgentTask, runId: string): AgentTask {
  return { ...task, execute: (args, context) => task.execute(args, { ...context, runId }) };
}

/** The app's hooks with calls held for a person's approval, and pauses and cancels asked for through the harness. */
function gatedHooks(own: SmartAgentHooks, state: ExecutionState): SmartAgentHooks {
  const before =
    (hook: SmartAgentHooks['beforeToolCall']) =>
    async (call: CallRequest): Promise<CallDecision> => {
      if (state.approvedCalls.has(call.id)) return { allowed: true };
      const decision = hook ? await hook(call) : undefined;
      const reason = decision && !decision.allowed ? (decision.reason ?? 'refused') : state.approvalReason(call);
      if (reason === undefined) return { allowed: true };
      return { allowed: false, reason };
    };
  return {
    ...own,
    beforeToolCall: before(own.beforeToolCall),
    beforeTaskCall: before(own.beforeTaskCall),
    getControlState: async (context) => {
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
  // What `next` asked for is done once a checkpoint holds it; its trace stays, for an executor that takes over.
  const next = state.traceContext ? { kind: 'resume' as const, message: '', traceContext: state.traceContext } : null;
  await state.writer.update(first ? { checkpoint, next, events } : { checkpoint, events });
}
