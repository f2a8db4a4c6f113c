import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMMessage, LLMToolCall } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import type { AgentCheckpoint, AgentCheckpointStage, PendingApproval } from './types.js';
import { checkpointProblem, FINAL_STAGES } from './check-checkpoint.js';
import { stringifyResult } from './tool-result-budget.js';

/**
 * Everything a run carries from one iteration to the next; a checkpoint is this state as plain JSON, with
 * its stage and what it waits for. Fields a checkpoint may leave out (it may come from an older run) are
 * always set here.
 */
export interface RunState extends Required<Omit<AgentCheckpoint, 'stage' | 'pendingApproval' | 'pendingCalls'>> {
  /** The conversation after the system prompt (which is recomposed before every call); `messages[0]` is the goal. */
  messages: LLMMessage[];
}

/** The state of a new run. */
export function initialState(goal: string, maxOutputTokens: number): RunState {
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
export function takeCheckpoint(state: RunState, stage: AgentCheckpointStage, extras: CheckpointExtras = {}): AgentCheckpoint {
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
    const plain = <T extends { result?: unknown }>(record: T): T => ('result' in record ? { ...record, result: JSON.parse(stringifyResult(record.result)) as unknown } : record);
    text = JSON.stringify({ ...checkpoint, toolCalls: checkpoint.toolCalls.map(plain), taskCalls: checkpoint.taskCalls.map(plain) });
  }
  return JSON.parse(text) as AgentCheckpoint;
}

/**
 * Checks a checkpoint given to `resume` and returns the state to continue from (a deep copy).
 * Final stages cannot be resumed: `completed` and `canceled` throw `KitAIError('invalid_checkpoint')`
 * naming the stage; so does a checkpoint with missing or mistyped fields (see `checkpointProblem`).
 */
export function stateFromCheckpoint(checkpoint: AgentCheckpoint): RunState {
  const stage = (checkpoint as { stage?: unknown } | null)?.stage;
  if (FINAL_STAGES.has(stage as AgentCheckpointStage)) {
    throw new KitAIError('invalid_checkpoint', `resume: the checkpoint is at stage "${String(stage)}", which is final; start a new run with run(goal) instead.`);
  }
  const problem = checkpointProblem(checkpoint);
  if (problem !== undefined) {
    throw new KitAIError('invalid_checkpoint', `resume: ${problem}; pass the checkpoint of a run result or of onCheckpoint, unchanged or through JSON.`);
  }
  return restoreState(checkpoint);
}

/** The state a valid checkpoint holds, as a deep copy; fields an older checkpoint lacks get their start values. */
export function restoreState(checkpoint: AgentCheckpoint): RunState {
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
