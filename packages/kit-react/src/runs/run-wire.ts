/**
 * What the run routes of `harnessRoutes` (`@kit/kit-agent`) send, as the browser receives it: JSON
 * only. kit-react does not depend on the server packages; the tests check that their types fit these.
 */

/**
 * Where a run stands. `queued` and `running` work; `paused` and `approval_required` wait for a person;
 * the others are endings (`max_iterations`, and `fatal` with a checkpoint, can still be resumed).
 */
export type RunStatus = 'queued' | 'running' | 'paused' | 'approval_required' | 'completed' | 'max_iterations' | 'canceled' | 'fatal';

/** A call a run holds until a person approves or denies it. */
export interface RunApprovalRequest {
  /** Pass it to decide the call (`approve` and `deny` of `useRun` do). */
  approvalId: string;
  kind: 'tool' | 'task';
  /** The tool or task called. */
  tool: string;
  args: unknown;
  /** Why it waits for a person. */
  reason: string;
}

/** A tool or task call as its events describe it. */
interface RunCallData {
  callId: string;
  kind: 'tool' | 'task';
  name: string;
  args: unknown;
  iteration: number;
}

/** What each stored event of a run carries, by type. */
export interface RunEventPayloads {
  status: { from: RunStatus | null; to: RunStatus; reason?: string };
  claimed: { owner: string; attempt: number; reclaimed: boolean };
  /** One reply of the model; `finalAnswer` when it asks for no call, so its text is the answer. */
  model_call: { iteration: number; durationMs: number; finalAnswer: boolean; text: string; usage?: unknown };
  call_started: RunCallData & { rerun: boolean };
  call_finished: RunCallData & { status: 'success' | 'error' | 'denied'; result?: unknown; error?: string; durationMs: number };
  checkpoint: { stage: string; iterations: number };
  approval_requested: RunApprovalRequest;
  approval_decided: { approvalId: string; approved: boolean; note?: string };
  verification: { verifier: string; attempt: number; pass: boolean; feedback?: string };
  artifact: { id: string; runId: string; name: string; contentType: string; size: number; createdAt: string };
  /** A message given with `resume`. */
  resumed: { message: string };
}

/** The type of a stored run event. */
export type RunEventType = keyof RunEventPayloads;

/** A stored run event, numbered from 1 within its run: the `data:` of one server-sent event of the stream. */
export type RunStreamEvent = {
  [T in RunEventType]: { type: T; runId: string; sequence: number; at: string; data: RunEventPayloads[T] };
}[RunEventType];

/** A piece of the model's text as it streams (live only, never stored): the `data:` of a `text` event. */
export interface RunTextPiece {
  iteration: number;
  text: string;
}

/** A run as the routes answer it (`RunView` of `@kit/kit-agent`), and the `data:` of the stream's `end` event. */
export interface RunSnapshot {
  id: string;
  goal: string;
  status: RunStatus;
  metadata: Record<string, unknown>;
  createdAt: string;
  updatedAt: string;
  attempts: number;
  /** The sequence number of the run's last event. */
  lastSequence: number;
  /** A pause or cancel asked for, which the run acts on at its next control point. */
  requested?: 'pause' | 'cancel';
  pendingApproval?: RunApprovalRequest;
  /** The outcome of the last execution that stopped; `result` is the answer of a completed run. */
  result?: { status: string; result: unknown; iterations: number; error?: string };
}

/** The names of the stored events, each a named event of the stream. */
export const runEventTypes: readonly RunEventType[] = [
  'status',
  'claimed',
  'model_call',
  'call_started',
  'call_finished',
  'checkpoint',
  'approval_requested',
  'approval_decided',
  'verification',
  'artifact',
  'resumed',
];

/** Statuses after which the stream ends (with an `end` event) unless the run is resumed. */
export const endedStatuses: ReadonlySet<RunStatus> = new Set<RunStatus>(['completed', 'max_iterations', 'canceled', 'fatal']);
