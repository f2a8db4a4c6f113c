import type { KitAIErrorCode } from '../errors/kit-ai-error.js';
import type { LLMToolCall } from '../llm/types.js';
import type { AgentCallRecord, AgentTaskCallRecord, AgentTaskKind, AgentToolCallRecord, CallStatus } from '../tools/types.js';

/** A call with the id the loop uses for it (the provider's, or `call_<iteration>_<n>`). */
export interface IdentifiedCall extends LLMToolCall {
  id: string;
}

/** How one call ended, before it becomes a record and a part of the results message. */
export interface CallOutcome {
  call: IdentifiedCall;
  /** `tool` for unknown names. */
  kind: 'tool' | 'task';
  taskKind: AgentTaskKind;
  status: CallStatus;
  value?: unknown;
  error?: string;
  errorCode?: KitAIErrorCode;
  /** A failure of a call with `failureMode: 'hard'`: the run ends `fatal`. */
  hardFailure?: boolean;
  /** The call threw a `CallHeldError`: it waits for a decision made elsewhere, and the run ends `approval_required`. */
  held?: { approvalId: string; heldBy?: string };
  iteration: number;
  startedAt: string;
  durationMs: number;
}

/**
 * The record of an outcome: the call's id, then the fields that name what was called, then the rest;
 * the key order is the one a run result shows as JSON.
 */
function record<R extends AgentCallRecord>(outcome: CallOutcome, named: Omit<R, keyof AgentCallRecord>): R {
  const record = {
    id: outcome.call.id,
    ...named,
    args: outcome.call.arguments,
    status: outcome.status,
    iteration: outcome.iteration,
    startedAt: outcome.startedAt,
    durationMs: outcome.durationMs,
  } as R;
  if (outcome.status === 'success') record.result = outcome.value;
  else record.error = outcome.error ?? '';
  return record;
}

/** The record of a tool outcome, as `AgentRunResult.toolCalls` holds it. */
export function toolRecord(outcome: CallOutcome): AgentToolCallRecord {
  return record<AgentToolCallRecord>(outcome, { tool: outcome.call.name });
}

/** The record of a task outcome, as `AgentRunResult.taskCalls` holds it. */
export function taskRecord(outcome: CallOutcome): AgentTaskCallRecord {
  return record<AgentTaskCallRecord>(outcome, { task: outcome.call.name, kind: outcome.taskKind });
}
