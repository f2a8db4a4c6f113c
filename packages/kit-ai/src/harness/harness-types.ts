import type { AgentRunResult, CallRequest, SmartAgentConfig } from '../agent/types.js';
import type {
  ArtifactRecord,
  JsonObject,
  NewArtifact,
  RunEvent,
  RunPage,
  RunQuery,
  RunRecord,
  RunStatus,
  RunStore,
  RunTextEvent,
} from './types.js';

/** What a verifier sees: the run as recorded and the result of the execution that just completed. */
export interface VerifyContext {
  run: RunRecord;
  result: AgentRunResult;
  /** 1 for the first check of this run, 2 after one retry, ... */
  attempt: number;
}

/** A verifier's verdict: `true`, or `{ pass: false, feedback }` to send the run back with the feedback. */
export type VerifyOutcome = boolean | { pass: boolean; feedback?: string };

/** A check of a completed run. Its `name` (or `verifier_<n>`) names it in the events. */
export type Verifier = (context: VerifyContext) => VerifyOutcome | Promise<VerifyOutcome>;

/** Options of the file sandbox of `HarnessConfig.sandbox`. */
export interface HarnessFileSandboxOptions {
  /** The folder the agent may work in; nothing outside it is listed, read or written. */
  root: string;
  /** Offer `run_command`. Default true. */
  commands?: boolean;
  commandTimeoutMs?: number;
  maxOutputBytes?: number;
}

/** Options of the browser sandbox of `HarnessConfig.sandbox`. */
export interface HarnessBrowserSandboxOptions {
  /** Origins the browser may reach (`http://127.0.0.1:4000`); every other request is refused. */
  allowedOrigins: string[];
  /** The Chromium to run; found on the system when absent. */
  executablePath?: string;
  navigationTimeoutMs?: number;
}

/** The argument of `createHarness`. */
export interface HarnessConfig {
  /**
   * The agent of every run, or a function that makes it for a run (read `run.metadata` to pick
   * tools or a model). Its hooks keep working; the harness adds its own around them.
   */
  agent: SmartAgentConfig | ((run: RunRecord) => SmartAgentConfig | Promise<SmartAgentConfig>);
  store: RunStore;
  sandbox?: { fs?: HarnessFileSandboxOptions; browser?: HarnessBrowserSandboxOptions };
  /** Checks of every completed run, in order; the first that fails sends the run back with its feedback. */
  verify?: Verifier[];
  /** How many times failed checks may send a run back. Default 2. */
  maxVerifyRetries?: number;
  /**
   * Calls that wait for a person before they run: tool or task names, or a function that returns
   * the reason a call must wait (or `false`). Asked after the agent's own `beforeToolCall`.
   */
  requireApproval?: readonly string[] | ((call: CallRequest) => string | false | undefined);
  /**
   * `here` (default): `start`, `resume` and `decide` execute the run in this process. `workers`:
   * they only record it, and `createHarnessWorker` processes execute it.
   */
  executeRuns?: 'here' | 'workers';
  /** How long an executor's lease on a run lasts without renewal; it is renewed every third of it. Default 30 000 ms. */
  leaseMs?: number;
  /** How often `events()` and `wait()` look for changes another process wrote. Default 250 ms. */
  pollIntervalMs?: number;
  /** This executor's id in leases and events. Default `<host>:<pid>:<random>`. */
  executorId?: string;
}

/** What `harness.start` takes. */
export interface StartRunOptions {
  goal: string;
  /** The run's id; a new UUID when absent. Starting an id that exists is `run_exists`. */
  runId?: string;
  /** JSON data kept with the run (who started it, the ticket it is about, ...). */
  metadata?: JsonObject;
}

/** What `events()` takes. */
export interface RunEventsOptions {
  /** Replay the events after this sequence number (default 0: all of them). */
  after?: number;
  /** Stop following once the run is held (`paused`, `approval_required`) as well as when it ends. Default false. */
  untilHeld?: boolean;
  /**
   * Also yield `text` events: the model's text as it streams, live, between the stored events. Only the
   * process that executes the run has them; a reader elsewhere gets each reply's text in its `model_call`
   * event. Default false.
   */
  text?: boolean;
  /** Ends the iteration when aborted. */
  signal?: AbortSignal;
}

/** A person's decision on a held call. */
export interface ApprovalDecision {
  approved: boolean;
  /** Shown to the model with a denial, and recorded. */
  note?: string;
}

/** A run of the harness, whichever process executes it. */
export interface RunHandle {
  readonly id: string;
  /** The run as its store holds it now. */
  get(): Promise<RunRecord>;
  status(): Promise<RunStatus>;
  /**
   * The run's events after `after`, then the new ones as they are recorded, until the run ends
   * (`completed`, `max_iterations`, `canceled`, `fatal`).
   */
  events(options: RunEventsOptions & { text: true }): AsyncIterable<RunEvent | RunTextEvent>;
  events(options?: RunEventsOptions): AsyncIterable<RunEvent>;
  /**
   * The result once the run stops executing: it ended or it is held (`paused`, `approval_required`).
   * Rejects with `KitAIError('invalid_run_state')` after `timeoutMs` (default: no limit), and with
   * `KitAIError('aborted')` when `signal` aborts; the run itself goes on either way.
   */
  wait(options?: { timeoutMs?: number; signal?: AbortSignal }): Promise<AgentRunResult>;
  /** Pauses the run: at once when it waits to execute, at its next control point when it executes. */
  pause(): Promise<void>;
  /** Sends a paused (or `max_iterations`) run back to execution; `message` joins the conversation. */
  resume(message?: string): Promise<void>;
  /** Cancels the run: at once unless it executes, else at its next control point. */
  cancel(): Promise<void>;
  /** Decides the held call `approvalId`: approved, it runs first when the run goes on; denied, the model is told. */
  decide(approvalId: string, decision: ApprovalDecision): Promise<void>;
  saveArtifact(artifact: NewArtifact): Promise<ArtifactRecord>;
  artifacts(): Promise<ArtifactRecord[]>;
  readArtifact(artifactId: string): Promise<{ artifact: ArtifactRecord; data: Uint8Array } | undefined>;
}

/** The harness: records runs in its store and executes them here or leaves them to workers. */
export interface Harness {
  /** Records a run and, unless `executeRuns` is `workers`, executes it in this process. */
  start(options: StartRunOptions): Promise<RunHandle>;
  /** A handle on a recorded run; `run_not_found` when the store has none with this id. */
  get(runId: string): Promise<RunHandle>;
  list(query?: RunQuery): Promise<RunPage>;
  /**
   * Stops executing: runs this process executes are handed back at their next control point (queued
   * again, for a worker or a later `start` of the harness to pick up), and `close` resolves once they
   * are. The store is not closed: it is the caller's.
   */
  close(): Promise<void>;
  /** The store, the executor id and the settings, for `createHarnessWorker`. */
  readonly config: Readonly<HarnessConfig>;
}

/** What `createHarnessWorker` takes. */
export interface HarnessWorkerOptions {
  harness: Harness;
  /** Runs executed at once. Default 1. */
  concurrency?: number;
  /** How long to wait before looking again when no run is waiting. Default 500 ms. */
  pollIntervalMs?: number;
}

/** A worker that claims runs from the harness's store and executes them. */
export interface HarnessWorker {
  /** Runs it executes now. */
  readonly active: number;
  /** Stops claiming, hands back the runs it executes, and resolves once they are. */
  close(): Promise<void>;
}
