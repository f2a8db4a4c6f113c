import type { LLMMessage, LLMToolCall, LLMUsage } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';

/** How a run ended. */
export type AgentRunStatus = 'completed' | 'max_iterations' | 'approval_required' | 'paused' | 'canceled' | 'fatal';

/** Where a checkpoint was taken. */
export type AgentCheckpointStage =
  'initialized' | 'tool_call' | 'tool_result' | 'task_wait' | 'approval_required' | 'paused' | 'completed' | 'max_iterations' | 'canceled';

/** A call that is waiting for approval. */
export interface PendingApproval {
  kind: 'tool' | 'task';
  tool: string;
  args: unknown;
  reason: string;
  /** The id of the held call; an approved call runs again with it. */
  callId?: string;
  /** The approval that holds the call elsewhere, when the call threw a `CallHeldError`. */
  approvalId?: string;
  /** What holds it elsewhere (`CallHeldError.heldBy`). */
  heldBy?: string;
}

/** Counters of the compaction stages, carried across resumes. */
export interface CompactionState {
  autocompactFailures: number;
  reactiveCompactRetries: number;
  /** Times a cut-off reply doubled the output cap; at most `tokenBudget.maxEscalations`. */
  tokenEscalations: number;
}

/** A serializable snapshot of a run: `JSON.parse(JSON.stringify(checkpoint))` resumes exactly as the original. */
export interface AgentCheckpoint {
  stage: AgentCheckpointStage;
  goal: string;
  messages: LLMMessage[];
  /** Iterations of the run so far, over `run` and every `resume`; `maxTotalIterations` bounds it. */
  iterations: number;
  toolCalls: AgentToolCallRecord[];
  taskCalls: AgentTaskCallRecord[];
  /** The output-token cap of the next LLM call (0 when there is none). */
  maxOutputTokens: number;
  compaction: CompactionState;
  pendingApproval?: PendingApproval;
  /**
   * Calls the model asked for that have not run yet (a pause before tools, tasks still running,
   * background tasks that had not finished); `resume` runs them first, with the same ids, as calls of
   * the checkpoint's last iteration (`iterations`), and reports them in its first `IterationSnapshot`.
   */
  pendingCalls?: LLMToolCall[];
  /** Skills activated so far. */
  activeSkills?: string[];
  /** Deferred tools the model has loaded so far. */
  loadedTools?: string[];
  /** Output tokens the model has produced so far in the run (reported, or estimated at 4 characters a token); drives the `nudgeAtPercent` nudge. */
  outputTokensUsed?: number;
  /** Whether the wrap-up nudge of `tokenBudget.nudgeAtPercent` was already sent (it is sent once per run). */
  nudgeSent?: boolean;
}

/** What `run` and `resume` return. */
export interface AgentRunResult {
  /** The final answer (the model's last reply) when `completed`; otherwise the last reply, if any. */
  result: unknown;
  /** Iterations of the whole run, across resumes. */
  iterations: number;
  toolCalls: AgentToolCallRecord[];
  taskCalls: AgentTaskCallRecord[];
  status: AgentRunStatus;
  /** Present when `status` is `fatal`. */
  error?: string;
  /**
   * Present for every status that can be resumed, and on `completed` and `canceled` as a record. On
   * `fatal`, the last checkpoint the run could resume from (never a `completed` or `canceled` one),
   * absent when the run failed before taking any.
   */
  checkpoint?: AgentCheckpoint;
  pendingApproval?: PendingApproval;
  /** Tokens reported by the provider over this call of `run` or `resume`. */
  usage?: LLMUsage;
}
