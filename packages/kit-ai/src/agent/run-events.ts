import type { LLMUsage } from '../llm/types.js';
import type { CallStatus } from '../tools/types.js';
import type { AgentCheckpoint, AgentRunResult } from './run-result.js';

/** Whether a call was of a tool or of a task. */
export type CallKind = 'tool' | 'task';

/** One complete model reply. */
export interface ModelCallData {
  /** The iteration whose reply it is. */
  iteration: number;
  durationMs: number;
  usage?: LLMUsage;
  /** Whether the reply asks for no call: it is the answer (unless a stop hook sends it back). */
  finalAnswer: boolean;
  /** The whole text of the reply. */
  text: string;
}

/** A tool or task call that its before-hook let run, as it starts. */
export interface CallStartedData {
  callId: string;
  kind: CallKind;
  name: string;
  args: unknown;
  iteration: number;
}

/** A tool or task call that ended. */
export interface CallFinishedData {
  callId: string;
  kind: CallKind;
  name: string;
  args: unknown;
  iteration: number;
  status: CallStatus;
  result?: unknown;
  error?: string;
  durationMs: number;
}

/** A checkpoint the run can go on from. */
export interface CheckpointData {
  stage: AgentCheckpoint['stage'];
  iterations: number;
}

/**
 * One step of a streamed run (`agent.stream`), in the order it happens:
 * - `text`: a piece of a reply as the model writes it (the whole reply at once from a provider without `stream`);
 * - `model_call`: the reply is complete, with its whole text and usage;
 * - `call_started` and `call_finished`: a tool or task call its before-hook let run, and its outcome;
 * - `checkpoint`: a point the run can be resumed from;
 * - `done`: the last one, with the run's result.
 */
export type AgentStreamEvent =
  | { type: 'text'; data: { iteration: number; text: string } }
  | { type: 'model_call'; data: ModelCallData }
  | { type: 'call_started'; data: CallStartedData }
  | { type: 'call_finished'; data: CallFinishedData }
  | { type: 'checkpoint'; data: CheckpointData }
  | { type: 'done'; data: { result: AgentRunResult } };

/** What `agent.stream` and `agent.streamResume` take. */
export interface AgentStreamOptions {
  /** Cancels the run at its next control point when aborted: it ends `canceled`. */
  signal?: AbortSignal;
}

/**
 * A run in progress: iterate it for its steps as they happen (once), or await `result`, or both.
 * Leaving the iteration early cancels the run at its next control point.
 */
export interface AgentRunStream extends AsyncIterable<AgentStreamEvent> {
  /** The run's result, as `run` would resolve it; rejects as `run` would reject. */
  readonly result: Promise<AgentRunResult>;
}
