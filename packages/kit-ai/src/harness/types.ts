import type { AgentCheckpoint, AgentRunResult, PendingApproval } from '../agent/run-result.js';
import type { LLMToolCall } from '../llm/types.js';
import type { CallFinishedData, CallStartedData, CheckpointData, ModelCallData } from '../agent/run-events.js';
import type { RunTraceContext } from '../tracing/spans.js';

/**
 * Where a harness run stands. `queued`: recorded, waiting for an executor (a new run, or one resumed
 * or decided). `running`: an executor holds its lease. `paused` and `approval_required`: held until
 * `resume` or `decide`. The others are endings; `max_iterations` can still be resumed with a message.
 */
export type RunStatus = 'queued' | 'running' | 'paused' | 'approval_required' | 'completed' | 'max_iterations' | 'canceled' | 'fatal';

/** A JSON object, as run metadata and event data are stored. */
export type JsonObject = { [key: string]: unknown };

/** Who executes a run, and until when, unless the lease is renewed. */
export interface RunLease {
  /** The executor's id (a harness or a worker). */
  owner: string;
  /** ISO time the lease runs out; after it, another worker may take the run over. */
  expiresAt: string;
}

/**
 * What the next execution of a run does. Stored with the run so that whichever process takes it
 * next knows: start from the goal, or resume the checkpoint with a message and the calls a person
 * approved. With OpenTelemetry tracing on, `traceContext` holds where it was asked for (the span of the
 * request that started, resumed or decided the run), and the execution's span continues that trace.
 */
export type RunContinuation = (
  | { kind: 'start' }
  | {
      kind: 'resume';
      /** Joins the conversation after the checkpoint (empty for none). */
      message: string;
      /** Calls a person approved: run first, before the model is asked again. */
      approvedCalls?: LLMToolCall[];
    }
) & {
  /** The W3C trace context of the span that asked for this execution; only when tracing is on. */
  traceContext?: RunTraceContext;
};

/** A run as its store keeps it. Every field but the dates is plain JSON. */
export interface RunRecord {
  id: string;
  goal: string;
  status: RunStatus;
  metadata: JsonObject;
  /** ISO times. */
  createdAt: string;
  updatedAt: string;
  /** The last checkpoint the run can go on from. */
  checkpoint?: AgentCheckpoint;
  /** The result of the last execution that ended (held or final). */
  result?: AgentRunResult;
  /** What the next execution does; absent while nothing is due (held, ended). */
  next?: RunContinuation;
  /** A pause or cancel asked for while the run executes: the executor acts on it at its next control point. */
  requested?: 'pause' | 'cancel';
  /** The held call, with the id `decide` takes. */
  pendingApproval?: RunApproval;
  lease?: RunLease;
  /** How many executions of the run were started (each claim counts one). */
  attempts: number;
  /** The sequence number of the run's last event (0 before the first). */
  lastSequence: number;
}

/** A held call waiting for a person, as a run and its events record it. */
export interface RunApproval extends PendingApproval {
  /**
   * What to pass to `decide`: the held call's id, or, for a call that threw a `CallHeldError`, the
   * approval id it named (the app's own approval, decided on its approvals page too).
   */
  approvalId: string;
}

/** A run to record: `createRun` sets the dates, `attempts` and `lastSequence`. */
export interface NewRun {
  id: string;
  goal: string;
  metadata: JsonObject;
  next: RunContinuation;
  /** The run's first events, recorded with it (numbered from 1), in the same transaction. */
  events?: readonly NewRunEvent[];
}

/** Fields `updateRun` changes; `null` clears an optional field. */
export interface RunPatch {
  status?: RunStatus;
  checkpoint?: AgentCheckpoint | null;
  result?: AgentRunResult | null;
  next?: RunContinuation | null;
  requested?: 'pause' | 'cancel' | null;
  pendingApproval?: RunApproval | null;
  lease?: RunLease | null;
  /**
   * Events appended with the change, in the same transaction and under the same condition: a status
   * and the event that records it are written together or not at all.
   */
  events?: readonly NewRunEvent[];
}

/**
 * A condition on `updateRun` and `appendEvents`: the write happens only while it holds, so an
 * executor that lost its lease (it stalled and another took the run over) cannot overwrite the run.
 */
export interface RunCondition {
  /** The run's lease is held by this owner. */
  leaseOwner?: string;
  /** The run has one of these statuses. */
  status?: readonly RunStatus[];
}

/** What `listRuns` takes. */
export interface RunQuery {
  status?: RunStatus | readonly RunStatus[];
  /** At most this many runs (default 50, at most 500). */
  limit?: number;
  /** `nextCursor` of the page before. */
  cursor?: string;
}

/** One page of `listRuns`: newest first. */
export interface RunPage {
  runs: RunRecord[];
  /** Present when there are more runs. */
  nextCursor?: string;
}

/** What `claimRun` hands an executor. */
export interface ClaimedRun {
  /** The run, now `running` under the claimer's lease. */
  run: RunRecord;
  /** Whether the run was taken over from an executor whose lease ran out (it stopped mid-run). */
  reclaimed: boolean;
}

/** What `claimRun` takes. */
export interface ClaimOptions {
  /** The claimer's id. */
  owner: string;
  /** How long the lease lasts unless renewed. */
  leaseMs: number;
  /** Claim this run only (a harness executing the run it just started); otherwise the oldest claimable one. */
  runId?: string;
}

/** An artifact a run saved: a file, a screenshot, an output. */
export interface ArtifactRecord {
  id: string;
  runId: string;
  name: string;
  contentType: string;
  /** Bytes. */
  size: number;
  createdAt: string;
}

/** An artifact to save. */
export interface NewArtifact {
  name: string;
  contentType: string;
  data: Uint8Array;
}

/**
 * Where a harness keeps runs, their events and artifacts. The in-memory store serves one process;
 * `kitDbRunStore` of `@kit/kit-db` serves workers on several machines (SQLite, PostgreSQL, MySQL).
 * Every method may reject: the harness reports a store that is down as `store_failed` and retries
 * nothing silently.
 */
export interface RunStore {
  /** Records a new run (`queued`); rejects with `KitAIError('run_exists')` when the id is taken. */
  createRun(run: NewRun): Promise<RunRecord>;
  getRun(runId: string): Promise<RunRecord | undefined>;
  listRuns(query?: RunQuery): Promise<RunPage>;
  /**
   * Changes a run; resolves with the run as changed, or `undefined` when `condition` does not hold.
   * Rejects with `KitAIError('run_not_found')` for an unknown id.
   */
  updateRun(runId: string, patch: RunPatch, condition?: RunCondition): Promise<RunRecord | undefined>;
  /**
   * Appends events with the next sequence numbers of the run, all or none; resolves with them as
   * stored, or `undefined` when `condition` does not hold. Rejects with `run_not_found` for an unknown id.
   */
  appendEvents(runId: string, events: readonly NewRunEvent[], condition?: RunCondition): Promise<RunEvent[] | undefined>;
  /** The run's events after sequence `after` (default 0), in order, at most `limit` (default 1000). */
  readEvents(runId: string, options?: { after?: number; limit?: number }): Promise<RunEvent[]>;
  /**
   * Takes a run to execute, atomically: a `queued` one, or a `running` one whose lease ran out; it
   * becomes `running` under the claimer's lease, `attempts` grows by one. Two claimers never get the
   * same run while its lease holds. Resolves `undefined` when there is none.
   */
  claimRun(options: ClaimOptions): Promise<ClaimedRun | undefined>;
  /** Extends a lease the owner still holds; `false` when it lost it. */
  renewLease(runId: string, owner: string, leaseMs: number): Promise<boolean>;
  saveArtifact(runId: string, artifact: NewArtifact): Promise<ArtifactRecord>;
  readArtifact(runId: string, artifactId: string): Promise<{ artifact: ArtifactRecord; data: Uint8Array } | undefined>;
  listArtifacts(runId: string): Promise<ArtifactRecord[]>;
  close(): Promise<void>;
}

/** The events of a run, by type, with what each carries. */
export interface RunEventData {
  /** A status change; `reason` says why (an error, a requested pause, a lease that ran out). */
  status: { from: RunStatus | null; to: RunStatus; reason?: string };
  /** An executor took the run; `reclaimed` when it took it over from one whose lease ran out. */
  claimed: { owner: string; attempt: number; reclaimed: boolean };
  /** One model call (an iteration of the loop), with its usage and its text. */
  model_call: ModelCallData;
  /** A tool or task call began; `rerun` when an earlier execution began it and stopped before it ended. */
  call_started: CallStartedData & { rerun: boolean };
  /** A tool or task call ended. */
  call_finished: CallFinishedData;
  /** The run saved a checkpoint it can go on from. */
  checkpoint: CheckpointData;
  /** A call waits for a person. */
  approval_requested: RunApproval;
  /** A person decided a held call. */
  approval_decided: { approvalId: string; approved: boolean; note?: string };
  /** A verifier checked the finished run. */
  verification: { verifier: string; attempt: number; pass: boolean; feedback?: string };
  /** The run saved an artifact. */
  artifact: ArtifactRecord;
  /** A message given with `resume`. */
  resumed: { message: string };
}

/** The type of a run event. */
export type RunEventType = keyof RunEventData;

/** An event to append: the store gives it its sequence number. */
export type NewRunEvent = { [T in RunEventType]: { type: T; at: string; data: RunEventData[T] } }[RunEventType];

/** A run event as stored: numbered from 1 within its run. */
export type RunEvent = NewRunEvent & { runId: string; sequence: number };

/**
 * A piece of a model reply's text as the provider streams it, sent live to the readers of `events({ text: true })`
 * in the process that executes the run, and never stored: the `model_call` event that follows holds the whole text.
 */
export interface RunTextEvent {
  type: 'text';
  runId: string;
  data: { iteration: number; text: string };
}
