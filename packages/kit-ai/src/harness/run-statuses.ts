import type { AgentRunResult } from '../agent/types.js';
import type { RunRecord, RunStatus } from './types.js';

/** Statuses after which nothing happens to a run unless someone resumes it (`max_iterations`, `fatal`) or nothing more can. */
export const ENDED: ReadonlySet<RunStatus> = new Set<RunStatus>(['completed', 'max_iterations', 'canceled', 'fatal']);

/** Statuses in which a run waits for a person. */
export const HELD: ReadonlySet<RunStatus> = new Set<RunStatus>(['paused', 'approval_required']);

/** Whether a run is waiting for an executor or executing. */
export function isActive(status: RunStatus): boolean {
  return status === 'queued' || status === 'running';
}

/**
 * The result a run reports once it stops executing: the one its last execution recorded, or, for a
 * run paused or canceled before any execution ended, one made from what the run holds.
 */
export function resultOfRun(run: RunRecord): AgentRunResult {
  if (run.result && run.result.status === run.status) return run.result;
  const checkpoint = run.checkpoint;
  const result: AgentRunResult = {
    result: run.result?.result,
    iterations: checkpoint?.iterations ?? 0,
    toolCalls: checkpoint?.toolCalls ?? [],
    taskCalls: checkpoint?.taskCalls ?? [],
    status: run.status === 'queued' || run.status === 'running' ? 'paused' : run.status,
  };
  if (checkpoint) result.checkpoint = checkpoint;
  if (run.pendingApproval) {
    const { approvalId: _id, ...pending } = run.pendingApproval;
    result.pendingApproval = pending;
  }
  return result;
}
