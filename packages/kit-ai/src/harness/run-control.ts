import { KitAIError } from '../errors/kit-ai-error.js';
import { withTraceContext } from '../tracing/spans.js';
import type { ApprovalDecision } from './harness-types.js';
import { runEvent } from './run-writer.js';
import { resultOfRun } from './run-statuses.js';
import { fromStore } from './store-failure.js';
import type { NewRunEvent, RunContinuation, RunPatch, RunRecord, RunStatus, RunStore } from './types.js';

/** What a control call did: whether the run now waits for an executor (so this process may execute it). */
export interface ControlOutcome {
  queued: boolean;
  /** The run executes: the change reaches it at its next control point. */
  executing: boolean;
}

function refuse(run: RunRecord, action: string, fix: string): never {
  throw new KitAIError('invalid_run_state', `harness: cannot ${action} run "${run.id}": it is ${run.status}; ${fix}.`);
}

/** Reads a run, `run_not_found` when there is none. */
export async function requireRun(store: RunStore, runId: string): Promise<RunRecord> {
  const run = await fromStore(`harness: could not read run "${runId}"`, () => store.getRun(runId));
  if (!run)
    throw new KitAIError('run_not_found', `harness: no run "${runId}" in the run store; check the id (harness.list() shows the runs).`);
  return run;
}

/**
 * Changes a run from the status it was read in, with the event that records it. Another process may
 * change the run between the read and the write: then the write finds another status and nothing is
 * written, and the caller is told to look again.
 */
async function change(store: RunStore, run: RunRecord, action: string, patch: RunPatch, events: NewRunEvent[]): Promise<void> {
  const changed = await fromStore(`harness: could not ${action} run "${run.id}"`, () =>
    store.updateRun(run.id, { ...patch, events }, { status: [run.status] }),
  );
  if (!changed) {
    throw new KitAIError('invalid_run_state', `harness: run "${run.id}" changed while it was being ${action}d; read it again and retry.`);
  }
}

function statusEvent(from: RunStatus, to: RunStatus, reason: string): NewRunEvent {
  return runEvent('status', { from, to, reason });
}

/** Pauses a run: a waiting one at once, an executing one at its next control point. */
export async function pauseRun(store: RunStore, runId: string): Promise<ControlOutcome> {
  const run = await requireRun(store, runId);
  if (run.status === 'running') {
    await change(store, run, 'pause', { requested: 'pause' }, []);
    return { queued: false, executing: true };
  }
  if (run.status !== 'queued') refuse(run, 'pause', 'only a queued or running run can be paused');
  const paused: RunRecord = { ...run, status: 'paused' };
  await change(store, run, 'pause', { status: 'paused', result: resultOfRun(paused) }, [
    statusEvent('queued', 'paused', 'paused by request'),
  ]);
  return { queued: false, executing: false };
}

/** Cancels a run: at once unless it executes, else at its next control point. */
export async function cancelRun(store: RunStore, runId: string): Promise<ControlOutcome> {
  const run = await requireRun(store, runId);
  if (run.status === 'canceled') return { queued: false, executing: false };
  if (run.status === 'running') {
    await change(store, run, 'cancel', { requested: 'cancel' }, []);
    return { queued: false, executing: true };
  }
  if (run.status === 'completed') refuse(run, 'cancel', 'it has ended');
  const canceled: RunRecord = { ...run, status: 'canceled' };
  await change(store, run, 'cancel', { status: 'canceled', result: resultOfRun(canceled), next: null, pendingApproval: null }, [
    statusEvent(run.status, 'canceled', 'canceled by request'),
  ]);
  return { queued: false, executing: false };
}

/** Sends a held or stopped run back to execution, with a message for the model. */
export async function resumeRun(store: RunStore, runId: string, message: string): Promise<ControlOutcome> {
  const run = await requireRun(store, runId);
  if (run.status === 'approval_required') refuse(run, 'resume', 'decide its held call with decide(approvalId, { approved })');
  const resumable = run.status === 'paused' || run.status === 'max_iterations' || (run.status === 'fatal' && run.checkpoint !== undefined);
  if (!resumable) refuse(run, 'resume', 'only a paused run, or one that ended max_iterations or fatal with a checkpoint, can be resumed');
  // A run paused before it ever executed keeps what it was to do, with the message added.
  const earlier = run.next?.kind === 'resume' ? run.next.message : '';
  const joined = [earlier, message].filter((text) => text !== '').join('\n\n');
  const next = withTraceContext(
    run.next?.kind === 'resume' ? { ...run.next, message: joined } : { kind: 'resume' as const, message: joined },
  );
  await change(store, run, 'resume', { status: 'queued', next, requested: null }, [
    ...(message !== '' ? [runEvent('resumed', { message })] : []),
    statusEvent(run.status, 'queued', 'resumed by request'),
  ]);
  return { queued: true, executing: false };
}

/** Decides the held call: approved, it runs first when the run goes on; denied, the model is told so and goes on without it. */
export async function decideRun(store: RunStore, runId: string, approvalId: string, decision: ApprovalDecision): Promise<ControlOutcome> {
  if (typeof decision !== 'object' || decision === null || typeof decision.approved !== 'boolean') {
    throw new KitAIError('invalid_config', 'harness: decide needs { approved: true | false, note? }; got ' + JSON.stringify(decision));
  }
  const run = await requireRun(store, runId);
  const held = run.pendingApproval;
  if (run.status !== 'approval_required' || !held) refuse(run, 'decide a call of', 'only a run in approval_required holds a call');
  if (held.approvalId !== approvalId) {
    throw new KitAIError(
      'invalid_run_state',
      `harness: run "${run.id}" holds the call "${held.approvalId}" (${held.tool}), not "${approvalId}"; pass the approvalId of its approval_requested event.`,
    );
  }
  const note = decision.note?.trim() ?? '';
  const said = note === '' ? '' : `: ${note}`;
  const next = withTraceContext<RunContinuation>(
    decision.approved
      ? {
          kind: 'resume' as const,
          message: `A person approved the held call ${held.tool} (${held.approvalId})${said}. It has run; its result is above.`,
          approvedCalls: [{ id: held.callId ?? held.approvalId, name: held.tool, arguments: (held.args ?? {}) as Record<string, unknown> }],
        }
      : {
          kind: 'resume' as const,
          message: `A person denied the held call ${held.tool} (${held.approvalId})${said}. It did not run; do not call it again, go on without it.`,
        },
  );
  await change(store, run, 'decide', { status: 'queued', next, pendingApproval: null }, [
    runEvent('approval_decided', { approvalId, approved: decision.approved, ...(note !== '' ? { note } : {}) }),
    statusEvent('approval_required', 'queued', decision.approved ? 'approved' : 'denied'),
  ]);
  return { queued: true, executing: false };
}
