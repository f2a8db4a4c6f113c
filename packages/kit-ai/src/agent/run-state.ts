import type { LLMToolCall, LLMUsage } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import type { AgentCheckpoint } from './types.js';
import { initialState, NO_RESUME_POINT, stateFromCheckpoint, type ResumePoint, type SavedState } from './checkpoint.js';

/** How a run call starts. */
export type RunStart = { kind: 'run'; goal: string } | { kind: 'resume'; checkpoint: AgentCheckpoint; message: string };

/** Tool and task call records, kept apart as a run result keeps them. */
export interface CallRecords {
  toolCalls: AgentToolCallRecord[];
  taskCalls: AgentTaskCallRecord[];
}

/**
 * Everything one call of `run` or `resume` works on, complete before its first iteration: what the
 * next checkpoint will hold, and what only this call counts. Every field has its value from the
 * start, so a run that fails at any point can still report where it got to.
 */
export interface RunState {
  /** What a checkpoint holds. Replaced whole when `onCheckpoint` hands back a checkpoint to carry on from. */
  saved: SavedState;
  /** Calls a resumed checkpoint was waiting for; they run before the first iteration. Empty for a new run. */
  readonly pendingCalls: readonly LLMToolCall[];
  /**
   * Records of `pendingCalls` once they ran, for the first `IterationSnapshot`: they keep the iteration
   * of the reply that asked for them, so that snapshot's filter by iteration would miss them.
   */
  carriedCalls: CallRecords;
  /** Iterations of this call, bounded by `maxIterations` (`saved.iterations` counts the whole run). */
  iterationsThisCall: number;
  /** Tokens the provider reported in this call; `undefined` while it has reported none, as the result leaves it out then. */
  usage: LLMUsage | undefined;
  /** The model's last reply in this call, which the result shows; `undefined` before the first. */
  lastReply: string | undefined;
  /** Where a `fatal` result would resume from. */
  resumePoint: ResumePoint;
}

/** No call records. */
export function noCalls(): CallRecords {
  return { toolCalls: [], taskCalls: [] };
}

/**
 * The state a run call starts with: a new run from its goal, or a resumed one from its checkpoint,
 * which throws `KitAIError('invalid_checkpoint')` when `resume` cannot accept it (see
 * `stateFromCheckpoint`). A resumed run has no resume point yet: its checkpoint becomes one once the
 * run is under way.
 */
export function openRunState(start: RunStart, maxOutputTokens: number): RunState {
  const resumed = start.kind === 'resume';
  return {
    saved: resumed ? stateFromCheckpoint(start.checkpoint) : initialState(start.goal, maxOutputTokens),
    pendingCalls: resumed ? (start.checkpoint.pendingCalls ?? []) : [],
    carriedCalls: noCalls(),
    iterationsThisCall: 0,
    usage: undefined,
    lastReply: undefined,
    resumePoint: NO_RESUME_POINT,
  };
}

/** `total` with `usage` added; providers that report nothing leave it as it was. */
export function addUsage(total: LLMUsage | undefined, usage: LLMUsage | undefined): LLMUsage | undefined {
  if (!usage) return total;
  if (!total) return { ...usage };
  return {
    promptTokens: total.promptTokens + usage.promptTokens,
    completionTokens: total.completionTokens + usage.completionTokens,
    totalTokens: total.totalTokens + usage.totalTokens,
  };
}
