import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMMessage, LLMToolCall } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import type { AgentCheckpoint, AgentCheckpointStage, PendingApproval, SmartAgentConfig } from './types.js';
import { taskRecord, toolRecord, type CallOutcome, type IdentifiedCall } from './call-outcome.js';
import { checkpointProblem, checkReturnedCheckpoint, FINAL_STAGES } from './check-checkpoint.js';
import { invokeHook } from './hook-call.js';
import { formatCallsAsText } from './parse-calls.js';
import { formatResultsMessage } from './results-message.js';
import { stringifyResult } from './tool-result-budget.js';

/**
 * The part of a run's state that goes from one iteration to the next and from one call of `run` or
 * `resume` to the next: a checkpoint is this state as plain JSON, with its stage and what it waits for.
 * Fields a checkpoint may leave out (it may come from an older run) are always set here.
 */
export interface SavedState extends Required<Omit<AgentCheckpoint, 'stage' | 'pendingApproval' | 'pendingCalls'>> {
  /** The conversation after the system prompt (which is recomposed before every call); `messages[0]` is the goal. */
  messages: LLMMessage[];
}

/** The state of a new run. */
export function initialState(goal: string, maxOutputTokens: number): SavedState {
  return {
    goal,
    messages: [{ role: 'user', content: goal }],
    iterations: 0,
    toolCalls: [],
    taskCalls: [],
    maxOutputTokens,
    compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
    activeSkills: [],
    loadedTools: [],
    outputTokensUsed: 0,
    nudgeSent: false,
  };
}

/** Extra fields of a checkpoint taken at a particular point. */
export interface CheckpointExtras {
  pendingApproval?: PendingApproval;
  pendingCalls?: LLMToolCall[];
  /** Replaces `state.messages` (a `task_wait` checkpoint holds the results received so far). */
  messages?: LLMMessage[];
  toolCalls?: AgentToolCallRecord[];
  taskCalls?: AgentTaskCallRecord[];
}

/**
 * A checkpoint of `state` at `stage`. It goes through `JSON.stringify`/`JSON.parse` here, so it is
 * plain JSON from the start (tool results included: a `Date` is already its ISO string, and a result
 * JSON cannot hold, such as a cycle or a BigInt, becomes its text), shares nothing with the live run,
 * and a copy that went through JSON resumes exactly like it.
 */
export function takeCheckpoint(state: SavedState, stage: AgentCheckpointStage, extras: CheckpointExtras = {}): AgentCheckpoint {
  const checkpoint: AgentCheckpoint = {
    stage,
    goal: state.goal,
    messages: extras.messages ?? state.messages,
    iterations: state.iterations,
    toolCalls: extras.toolCalls ?? state.toolCalls,
    taskCalls: extras.taskCalls ?? state.taskCalls,
    maxOutputTokens: state.maxOutputTokens,
    compaction: state.compaction,
    activeSkills: state.activeSkills,
    loadedTools: state.loadedTools,
    outputTokensUsed: state.outputTokensUsed,
    nudgeSent: state.nudgeSent,
  };
  if (extras.pendingApproval) checkpoint.pendingApproval = extras.pendingApproval;
  if (extras.pendingCalls && extras.pendingCalls.length > 0) checkpoint.pendingCalls = extras.pendingCalls;
  let text: string;
  try {
    text = JSON.stringify(checkpoint);
  } catch {
    // A tool returned something JSON cannot hold (a cycle, a BigInt): keep its text form instead.
    const plain = <T extends { result?: unknown }>(record: T): T =>
      'result' in record ? { ...record, result: JSON.parse(stringifyResult(record.result)) as unknown } : record;
    text = JSON.stringify({ ...checkpoint, toolCalls: checkpoint.toolCalls.map(plain), taskCalls: checkpoint.taskCalls.map(plain) });
  }
  return JSON.parse(text) as AgentCheckpoint;
}

/**
 * Checks a checkpoint given to `resume` and returns the state to continue from (a deep copy).
 * Final stages cannot be resumed: `completed` and `canceled` throw `KitAIError('invalid_checkpoint')`
 * naming the stage; so does a checkpoint with missing or mistyped fields (see `checkpointProblem`).
 */
export function stateFromCheckpoint(checkpoint: AgentCheckpoint): SavedState {
  const stage = (checkpoint as { stage?: unknown } | null)?.stage;
  if (FINAL_STAGES.has(stage as AgentCheckpointStage)) {
    throw new KitAIError(
      'invalid_checkpoint',
      `resume: the checkpoint is at stage "${String(stage)}", which is final; start a new run with run(goal) instead.`,
    );
  }
  const problem = checkpointProblem(checkpoint);
  if (problem !== undefined) {
    throw new KitAIError(
      'invalid_checkpoint',
      `resume: ${problem}; pass the checkpoint of a run result or of onCheckpoint, unchanged or through JSON.`,
    );
  }
  return restoreState(checkpoint);
}

/** The state a valid checkpoint holds, as a deep copy; fields an older checkpoint lacks get their start values. */
export function restoreState(checkpoint: AgentCheckpoint): SavedState {
  const copy = JSON.parse(JSON.stringify(checkpoint)) as AgentCheckpoint;
  return {
    goal: copy.goal,
    messages: copy.messages,
    iterations: copy.iterations,
    toolCalls: copy.toolCalls,
    taskCalls: copy.taskCalls,
    maxOutputTokens: copy.maxOutputTokens,
    compaction: copy.compaction,
    activeSkills: copy.activeSkills ?? [],
    loadedTools: copy.loadedTools ?? [],
    outputTokensUsed: copy.outputTokensUsed ?? 0,
    nudgeSent: copy.nudgeSent ?? false,
  };
}

/** A copy of `state` that later changes of the run do not reach, for a checkpoint made only if it is asked for. */
function snapshotOf(state: SavedState): SavedState {
  return {
    ...state,
    messages: state.messages.slice(),
    toolCalls: state.toolCalls.slice(),
    taskCalls: state.taskCalls.slice(),
    compaction: { ...state.compaction },
    activeSkills: state.activeSkills.slice(),
    loadedTools: state.loadedTools.slice(),
  };
}

/**
 * The last checkpoint a run could resume from, which a `fatal` result carries. Without `onCheckpoint`
 * nobody looks at checkpoints until a run fails, so they are made only when asked for.
 */
export type ResumePoint = () => Promise<AgentCheckpoint | undefined>;

/** Before its first checkpoint a run has nothing to resume from. */
export const NO_RESUME_POINT: ResumePoint = async () => undefined;

/** A resume point at a checkpoint already made. */
export function resumePointAt(checkpoint: AgentCheckpoint): ResumePoint {
  return async () => checkpoint;
}

/** What the checkpoint code reads of the configuration; read at each checkpoint, as the rest of the run reads it. */
export type CheckpointConfig = Pick<SmartAgentConfig, 'hooks' | 'toolResultBudget'>;

/**
 * Hands `checkpoint` to `onCheckpoint`, if set, and returns what it gave back: a checked copy, or
 * `undefined` for nothing. A throw or an invalid checkpoint rejects, so the run's resume point stays
 * as it was.
 */
export async function offerCheckpoint(config: CheckpointConfig, checkpoint: AgentCheckpoint): Promise<AgentCheckpoint | undefined> {
  const hook = config.hooks?.onCheckpoint;
  if (!hook) return undefined;
  const returned: unknown = await invokeHook('onCheckpoint', () => hook(checkpoint));
  return checkReturnedCheckpoint(returned, checkpoint);
}

/** What a checkpoint the run carries on from leaves behind. */
export interface CarriedCheckpoint {
  resumePoint: ResumePoint;
  /** The state of the checkpoint `onCheckpoint` returned: the run carries on from it instead of its own. */
  replacement: SavedState | undefined;
}

/**
 * A checkpoint the run carries on from: `initialized` when a run starts, `tool_result` after the
 * results of a reply are in the conversation. Only `onCheckpoint` can replace the run's state.
 * `pendingCalls` are the background tasks still running: a run resumed from it starts them again.
 */
export async function carryCheckpoint(
  config: CheckpointConfig,
  state: SavedState,
  stage: 'initialized' | 'tool_result',
  pendingCalls: readonly IdentifiedCall[] = [],
): Promise<CarriedCheckpoint> {
  const extras = { pendingCalls: pendingCalls.slice() };
  if (!config.hooks?.onCheckpoint) {
    const snapshot = snapshotOf(state);
    return { resumePoint: async () => takeCheckpoint(snapshot, stage, extras), replacement: undefined };
  }
  const checkpoint = takeCheckpoint(state, stage, extras);
  const returned = await offerCheckpoint(config, checkpoint);
  return { resumePoint: resumePointAt(returned ?? checkpoint), replacement: returned ? restoreState(returned) : undefined };
}

/** Where a reply's calls stand when one of its tasks has just started. */
export interface CallsInFlight {
  /** The outcomes so far. */
  finished: CallOutcome[];
  /** The calls still running or not started; a resume runs them again. */
  pending: IdentifiedCall[];
  /** The calls of a streamed reply that is not in the conversation yet, since its tasks start before it ends; `undefined` once it is. */
  unrecordedCalls: IdentifiedCall[] | undefined;
}

/**
 * A checkpoint of `snapshot` with calls in flight: the outcomes so far in a results message after the
 * conversation and in the call records, as if they had been reported, and the calls without one in
 * `pendingCalls`.
 */
async function inFlightCheckpoint(
  config: CheckpointConfig,
  snapshot: SavedState,
  stage: 'task_wait' | 'tool_call',
  calls: CallsInFlight,
): Promise<AgentCheckpoint> {
  const messages = snapshot.messages.slice();
  if (calls.unrecordedCalls) messages.push({ role: 'assistant', content: formatCallsAsText(calls.unrecordedCalls, '') });
  // Taking a checkpoint writes no files: results over the budget are cut here, and the results message after the batch persists them.
  const budget = config.toolResultBudget ? { ...config.toolResultBudget, persistDir: undefined } : undefined;
  const text = await formatResultsMessage(
    calls.finished.filter((item) => item.status !== 'denied'),
    budget,
  );
  if (text !== '') messages.push({ role: 'user', content: text });
  return takeCheckpoint(snapshot, stage, {
    messages,
    pendingCalls: calls.pending,
    toolCalls: [...snapshot.toolCalls, ...calls.finished.filter((item) => item.kind === 'tool').map(toolRecord)],
    taskCalls: [...snapshot.taskCalls, ...calls.finished.filter((item) => item.kind === 'task').map(taskRecord)],
  });
}

/**
 * The `task_wait` checkpoint: the results so far, and the calls without one in `pendingCalls`. It
 * cannot replace the run's state (the calls are still running), only the checkpoint a `fatal`
 * result would carry.
 */
export async function taskWaitCheckpoint(config: CheckpointConfig, state: SavedState, calls: CallsInFlight): Promise<ResumePoint> {
  const snapshot = snapshotOf(state);
  const make = (): Promise<AgentCheckpoint> => inFlightCheckpoint(config, snapshot, 'task_wait', calls);
  if (!config.hooks?.onCheckpoint) return make;
  const checkpoint = await make();
  return resumePointAt((await offerCheckpoint(config, checkpoint)) ?? checkpoint);
}

/**
 * The `tool_call` checkpoint, taken with `checkpointBeforeCalls` once a reply with calls is in the
 * conversation: the calls in `pendingCalls`, so a run that stops before their results are in (a
 * process that dies) runs them again, with the same ids, instead of asking the model again. Like
 * `task_wait`, it can replace only the checkpoint a `fatal` result would carry. With
 * `backgroundTasks`, `calls` also holds the background tasks still running, and `finished` the
 * outcomes not reported yet, which the checkpoint holds as if they had been.
 */
export async function callsCheckpoint(
  config: CheckpointConfig,
  state: SavedState,
  calls: IdentifiedCall[],
  finished: CallOutcome[] = [],
): Promise<ResumePoint> {
  // Without outcomes to add it is taken at once, so onCheckpoint sees it before the calls start.
  const checkpoint =
    finished.length === 0
      ? takeCheckpoint(state, 'tool_call', { pendingCalls: calls })
      : await inFlightCheckpoint(config, snapshotOf(state), 'tool_call', { finished, pending: calls, unrecordedCalls: undefined });
  return resumePointAt((await offerCheckpoint(config, checkpoint)) ?? checkpoint);
}

/** The checkpoint of a run call's ending (every ending but `fatal`), as `onCheckpoint` left it. */
export async function endingCheckpoint(
  config: CheckpointConfig,
  state: SavedState,
  stage: 'completed' | 'max_iterations' | 'canceled' | 'paused' | 'approval_required',
  extras: Pick<CheckpointExtras, 'pendingApproval' | 'pendingCalls'>,
): Promise<AgentCheckpoint> {
  const taken = takeCheckpoint(state, stage, extras);
  return (await offerCheckpoint(config, taken)) ?? taken;
}

/** Whether a run can go on from `checkpoint`; a `fatal` result only ever carries such a checkpoint. */
export function canResumeFrom(checkpoint: AgentCheckpoint): boolean {
  return !FINAL_STAGES.has(checkpoint.stage);
}
