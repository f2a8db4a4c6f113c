import type { LLMProvider } from '../llm/types.js';

/** Arguments of a tool or task call: the JSON object the model sent. */
export type ToolArgs = Record<string, unknown>;

/** What `AgentTool.validate` returns. */
export interface ToolValidationResult {
  valid: boolean;
  /** Why the arguments are invalid, written for the model. */
  error?: string;
}

/** How a failing tool or task affects the run: `soft` (default) reports the error to the model, `hard` ends the run `fatal`. */
export type FailureMode = 'soft' | 'hard';

/** A tool the model can call. */
export interface AgentTool {
  /** Unique among the agent's tools and tasks. */
  name: string;
  /** Shown to the model. */
  description: string;
  /** JSON Schema of the arguments; checked with `validateArgs` before `execute` unless `validate` is given. */
  parameters?: Record<string, unknown>;
  /** May run at the same time as other concurrency-safe calls. Default false. */
  isConcurrencySafe?: boolean;
  failureMode?: FailureMode;
  /**
   * Runs the call. The loop always passes `context`; code that calls a tool itself may leave it out.
   * `context.callId` stays the same when a durable run executes the call again after a crash, so a
   * tool with side effects can use it (with `context.runId` under a harness) as an idempotency key.
   */
  execute(args: ToolArgs, context?: AgentToolExecutionContext): Promise<unknown>;
  /** Checks the arguments instead of the schema; a failure is an error the model sees, and `execute` is not called. */
  validate?(args: ToolArgs): ToolValidationResult;
  /** Per-call timeout in milliseconds; no timeout when absent. */
  timeout?: number;
}

/** What the loop gives a tool's `execute` besides its arguments. */
export interface AgentToolExecutionContext {
  /** The id of this call (also in the `AgentToolCallRecord`); the same when a resumed run runs the call again. */
  callId: string;
  /** The id of the harness run the call belongs to; absent outside a harness. */
  runId?: string;
  /** The goal of the run. */
  goal: string;
  /** The iteration whose reply asked for the call. */
  iteration: number;
  /** Aborted when the call passes its `timeout`; long work should stop when it fires. */
  signal: AbortSignal;
}

/** The kinds of background task the task fabric knows. */
export type AgentTaskKind = 'shell' | 'workflow' | 'remote' | 'subagent' | 'custom';

/** What the task fabric gives a task's `execute` besides its arguments. */
export interface AgentTaskExecutionContext {
  /** The id of this call (also in the `AgentTaskCallRecord`); the same when a resumed run runs the call again. */
  callId: string;
  /** The id of the harness run the call belongs to; absent outside a harness. */
  runId?: string;
  /** The goal of the run that submitted the task. */
  goal: string;
  /** The iteration that submitted it. */
  iteration: number;
  /**
   * Aborted when the task passes its `timeout`; long work should stop when it fires. Without
   * `backgroundTasks` the smart agent never aborts it otherwise: a pause or cancel from
   * `getControlState` takes effect at the next control point, after the running calls have settled.
   * With `backgroundTasks` it is also aborted when the run ends (paused, canceled, ...) while the
   * task still runs; the run does not wait for it to stop. Code that calls `execute` itself may pass
   * a signal of its own.
   */
  signal: AbortSignal;
  /** The run's model, for tasks that need one (a subagent uses it unless given its own). */
  llm: LLMProvider;
}

/**
 * A background task run through the task fabric. The model calls it like a tool, by name. By default
 * its call holds the reply's batch until it ends; with `SmartAgentConfig.backgroundTasks` the loop
 * starts it and goes on, and reports its result before a later model call.
 */
export interface AgentTask {
  name: string;
  description: string;
  kind?: AgentTaskKind;
  parameters?: Record<string, unknown>;
  isConcurrencySafe?: boolean;
  failureMode?: FailureMode;
  execute(args: ToolArgs, context: AgentTaskExecutionContext): Promise<unknown>;
  /** Per-call timeout in milliseconds; when it passes the call fails and `context.signal` is aborted. No timeout when absent. */
  timeout?: number;
}

/** How a call ended: `success`, `error` (it threw, timed out or had invalid arguments) or `denied` (a before-hook refused it). */
export type CallStatus = 'success' | 'error' | 'denied';

/** What the records of tool calls and of task calls have in common. */
export interface AgentCallRecord {
  /** The provider's call id, or one the loop made (`call_<iteration>_<n>`). */
  id: string;
  args: ToolArgs;
  status: CallStatus;
  /** The value `execute` returned (before any result budget), when `status` is `success`. */
  result?: unknown;
  /** The error message, when `status` is not `success`. */
  error?: string;
  /** The iteration (1-based) whose reply asked for the call. */
  iteration: number;
  startedAt: string;
  durationMs: number;
}

/** One tool call of a run, as recorded in `AgentRunResult.toolCalls`. */
export interface AgentToolCallRecord extends AgentCallRecord {
  /** The name of the tool called. */
  tool: string;
}

/** One task call of a run, as recorded in `AgentRunResult.taskCalls`. */
export interface AgentTaskCallRecord extends AgentCallRecord {
  /** The name of the task called. */
  task: string;
  /** The task's kind (`custom` when it gives none). */
  kind: AgentTaskKind;
}
