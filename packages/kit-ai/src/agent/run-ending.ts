import type { AgentRunResult, PendingApproval } from './types.js';
import type { IdentifiedCall } from './call-outcome.js';
import { canResumeFrom, endingCheckpoint, resumePointAt, type CheckpointConfig } from './checkpoint.js';
import type { RunState } from './run-state.js';

/** How a run call ends, before its checkpoint and result are made. */
export type Ending =
  | { status: 'completed' | 'canceled' }
  | { status: 'paused' | 'max_iterations'; pendingCalls?: IdentifiedCall[] }
  | { status: 'approval_required'; pendingApproval: PendingApproval; pendingCalls?: IdentifiedCall[] }
  | { status: 'fatal'; error: string };

/** The result of an ending: every ending but `fatal` carries a fresh checkpoint, which becomes the resume point when it can be resumed. */
export async function resultOf(config: CheckpointConfig, state: RunState, ending: Ending): Promise<AgentRunResult> {
  if (ending.status === 'fatal') return fatalResult(state, ending.error);
  const pendingApproval = ending.status === 'approval_required' ? ending.pendingApproval : undefined;
  const pendingCalls = 'pendingCalls' in ending ? ending.pendingCalls : undefined;
  const checkpoint = await endingCheckpoint(config, state.saved, ending.status, {
    ...(pendingApproval ? { pendingApproval } : {}),
    ...(pendingCalls ? { pendingCalls } : {}),
  });
  if (canResumeFrom(checkpoint)) state.resumePoint = resumePointAt(checkpoint);
  const result: AgentRunResult = {
    result: state.lastReply,
    iterations: state.saved.iterations,
    toolCalls: state.saved.toolCalls,
    taskCalls: state.saved.taskCalls,
    status: ending.status,
    checkpoint,
  };
  if (pendingApproval) result.pendingApproval = pendingApproval;
  if (state.usage) result.usage = state.usage;
  return result;
}

/** A `fatal` result: the run as far as it got, with the last checkpoint it could resume from (none before the first). */
export async function fatalResult(state: RunState, error: string): Promise<AgentRunResult> {
  const result: AgentRunResult = {
    result: state.lastReply,
    iterations: state.saved.iterations,
    toolCalls: state.saved.toolCalls,
    taskCalls: state.saved.taskCalls,
    status: 'fatal',
    error,
  };
  const checkpoint = await state.resumePoint();
  if (checkpoint) result.checkpoint = checkpoint;
  if (state.usage) result.usage = state.usage;
  return result;
}

/**
 * `result` turned `fatal` after it was made (by `onRunComplete`). Like every fatal result it carries
 * the last checkpoint the run could resume from: the ending's own when it can be resumed, else the
 * one before it (none when there was none), never a final one. The other fields stay as they were.
 */
export async function fatalAfterEnding(state: RunState, result: AgentRunResult, error: string): Promise<AgentRunResult> {
  const { checkpoint: own, ...rest } = result;
  const fatal: AgentRunResult = { ...rest, status: 'fatal', error };
  const checkpoint = own && canResumeFrom(own) ? own : await state.resumePoint();
  if (checkpoint) fatal.checkpoint = checkpoint;
  return fatal;
}
