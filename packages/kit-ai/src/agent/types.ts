import type { LLMMessage, LLMProvider, LLMTimeoutConfig, LLMUsage } from '../llm/types.js';
import type { AgentTask, AgentTaskCallRecord, AgentTool, AgentToolCallRecord, ToolArgs } from '../tools/types.js';
import type { AgentSkill } from '../skills/types.js';
import type { PromptComposerConfig } from '../prompt/types.js';
import type { SmartAgentMemoryConfig } from '../memory/types.js';
import type { EvolutionConfig } from '../evolution/types.js';
import type { AgentCheckpoint, AgentRunResult } from './run-result.js';
import type { AgentRunStream, AgentStreamOptions } from './run-events.js';

export type {
  AgentRunStatus,
  AgentCheckpointStage,
  PendingApproval,
  CompactionState,
  AgentCheckpoint,
  AgentRunResult,
} from './run-result.js';

/** The agent returned by `createSmartAgent`. */
export interface SmartAgent {
  run(goal: string): Promise<AgentRunResult>;
  resume(checkpoint: AgentCheckpoint, message: string): Promise<AgentRunResult>;
  /**
   * Runs towards `goal` like `run`, with every step streamed as it happens: the model's text as it
   * is written, each reply, each call and its outcome, each checkpoint, and `done` with the result.
   */
  stream(goal: string, options?: AgentStreamOptions): AgentRunStream;
  /** Goes on from `checkpoint` like `resume`, streamed like `stream`. */
  streamResume(checkpoint: AgentCheckpoint, message: string, options?: AgentStreamOptions): AgentRunStream;
}

/** A post-response quality gate. */
export interface StopHook {
  name: string;
  evaluate(context: StopHookContext): Promise<StopHookResult>;
}

/** What a stop hook sees. */
export interface StopHookContext {
  response: string;
  messages: LLMMessage[];
  toolCalls: AgentToolCallRecord[];
  goal: string;
}

/** A stop hook's verdict; `feedback` goes back to the model when `pass` is false. */
export interface StopHookResult {
  pass: boolean;
  feedback?: string;
}

/** What `beforeToolCall` and `beforeTaskCall` receive. */
export interface CallRequest {
  id: string;
  name: string;
  args: ToolArgs;
  iteration: number;
  goal: string;
}

/** A before-hook's verdict: `allowed: false` ends the run `approval_required` with `reason`. */
export interface CallDecision {
  allowed: boolean;
  reason?: string;
}

/** The action `getControlState` returns. */
export type ControlAction = 'continue' | 'pause' | 'cancel';

/** The moment `getControlState` is asked at. */
export type ControlPoint = 'before_llm' | 'before_tools' | 'after_tools';

/** What `getControlState` receives. */
export interface ControlContext {
  point: ControlPoint;
  iteration: number;
  goal: string;
}

/** What `afterIteration` receives after each iteration. */
export interface IterationSnapshot {
  /** The iteration that ended (1-based, counted across resumes). */
  iteration: number;
  goal: string;
  /**
   * Tool calls made in this iteration. In the first snapshot of a `resume` call, the calls of the
   * checkpoint's `pendingCalls` that ran at the start of that call come first; they keep the
   * `iteration` of the reply that asked for them, so their records show an earlier iteration. (When
   * the resume call ends before its first iteration does, no snapshot reports them.)
   */
  toolCalls: AgentToolCallRecord[];
  /**
   * Task calls made in this iteration; pending task calls run by `resume` are reported as in
   * `toolCalls`. With `backgroundTasks`, a task is reported in the iteration in which the loop
   * reported its outcome, with the `iteration` of the reply that started it.
   */
  taskCalls: AgentTaskCallRecord[];
  /** Tokens the provider reported for this iteration's LLM call. */
  usage?: LLMUsage;
  /** `estimateTokens` of the conversation after the iteration. */
  estimatedTokens: number;
  messageCount: number;
  /** Compaction stages that ran before this iteration's LLM call. */
  compactions: ('snip' | 'microcompact' | 'autocompact' | 'reactive')[];
  /** Whether the model gave a final answer (no calls) in this iteration. */
  finalAnswer: boolean;
  durationMs: number;
}

/** Lifecycle hooks, all optional. A hook that throws ends the run `fatal` with its message. */
export interface SmartAgentHooks {
  beforeToolCall?(call: CallRequest): CallDecision | Promise<CallDecision>;
  afterToolCall?(record: AgentToolCallRecord): void | Promise<void>;
  beforeTaskCall?(call: CallRequest): CallDecision | Promise<CallDecision>;
  afterTaskCall?(record: AgentTaskCallRecord): void | Promise<void>;
  /**
   * At initialization, before a reply's calls run when `checkpointBeforeCalls` is set (`tool_call`),
   * after tool results, right after each task starts (`task_wait`) and at every
   * ending but `fatal`. Returning nothing (or `null`) keeps the checkpoint; a returned checkpoint
   * replaces the state the run carries on from (`initialized`, `tool_result`), the checkpoint a
   * `fatal` result would carry (`tool_call`, `task_wait`) or `AgentRunResult.checkpoint` (endings). At every stage
   * it must be a valid checkpoint with the stage it was given; otherwise the run ends `fatal` with
   * `hooks.onCheckpoint returned an invalid checkpoint at stage "<stage>": <problem>; return the
   * checkpoint it received (changed or not) or nothing.` and carries the last checkpoint kept before.
   */
  onCheckpoint?(checkpoint: AgentCheckpoint): AgentCheckpoint | void | Promise<AgentCheckpoint | void>;
  /** Asked before each LLM call and before and after tools run. */
  getControlState?(context: ControlContext): { action: ControlAction } | Promise<{ action: ControlAction }>;
  /**
   * Once at the end of each `run` or `resume` call, with the result it will resolve with. A throw makes
   * that result `fatal` with `hooks.onRunComplete threw: <message>`; like every fatal result it then
   * carries the last checkpoint the run could resume from: its own when the ending can be resumed
   * (`paused`, `max_iterations`, `approval_required`), else (`completed`, `canceled`) the one before it,
   * such as `tool_result`, or none. The other fields stay as they were.
   */
  onRunComplete?(result: AgentRunResult): void | Promise<void>;
  afterIteration?(snapshot: IterationSnapshot): void | Promise<void>;
  /** Raised when the model has made no progress for `stallWarningMs`. */
  onStallWarning?(info: { provider: string; waitedMs: number; iteration: number }): void;
  /**
   * Raised when memory or evolution work around a run fails: the evolution store queried before the
   * run, the session summary and post-run evolution after it. Such failures never change the run's
   * result; without this hook they are written to `console.warn`. A throw from this hook is ignored.
   */
  onPostRunError?(info: PostRunErrorInfo): void;
}

/** What `onPostRunError` receives. */
export interface PostRunErrorInfo {
  /** Which work failed: `evolution_query` (strategies and skills before the run), `session_summary` or `evolution` (after it). */
  stage: 'evolution_query' | 'session_summary' | 'evolution';
  error: unknown;
}

/** Snip: drop the oldest messages, keeping the system prompt, the goal and the last `preserveTail` messages. */
export interface SnipConfig {
  preserveTail: number;
}

/** Microcompact: shorten old tool results over `maxToolResultChars`; the last `protectedTail` messages are never touched. */
export interface MicrocompactConfig {
  maxToolResultChars: number;
  protectedTail: number;
}

/** Autocompact: summarise the conversation with the model when it passes `threshold` (a fraction of the context window). */
export interface AutocompactConfig {
  threshold: number;
  maxFailures: number;
  bufferTokens?: number;
}

/** The `compaction` field: set only the stages to tune. */
export interface CompactionConfig {
  snip?: SnipConfig;
  microcompact?: MicrocompactConfig;
  autocompact?: AutocompactConfig;
}

/** Concurrent tool execution. */
export interface StreamingExecutorConfig {
  maxConcurrency: number;
}

/** Deferred tool loading: above `deferThreshold` tools, the model sees names only and loads definitions on demand. */
export interface ToolCatalogConfig {
  deferThreshold: number;
}

/**
 * Output token limits.
 *
 * @example
 * ```ts
 * import type { TokenBudgetConfig } from '@kit/kit-ai';
 *
 * // 1024 tokens per call; a reply cut off at the cap may double it twice (2048, then 4096) for the rest of the run.
 * const tokenBudget: TokenBudgetConfig = { maxOutputTokensPerTurn: 1024, nudgeAtPercent: 80, maxEscalations: 2 };
 * console.log(tokenBudget.maxEscalations);
 * ```
 */
export interface TokenBudgetConfig {
  /** The cap on the output tokens of each model call, sent as `LLMOptions.maxTokens`; a positive integer. */
  maxOutputTokensPerTurn: number;
  /** When the run's output tokens reach this percentage of `maxOutputTokensPerTurn × maxIterations`, the model is asked once to wrap up. */
  nudgeAtPercent?: number;
  /**
   * How many times a reply cut off at the cap (finish reason `length` or `max_tokens`) may double the cap
   * for the rest of the run, each time asking the model to continue; an integer of 0 or more. Default 0:
   * the cap holds, and a cut-off reply without calls is the final answer.
   */
  maxEscalations?: number;
}

/** Size limits of tool results. */
export interface ToolResultBudgetConfig {
  maxChars: number;
  preserveStructure?: boolean;
  persistDir?: string;
  /** Total result characters per iteration. Default 200000. */
  maxAggregateCharsPerIteration?: number;
}

/**
 * The options of `backgroundTasks` (`true` means `{ onFinalAnswer: 'wait' }`).
 *
 * @example
 * ```ts
 * import type { BackgroundTasksConfig } from '@kit/kit-ai';
 *
 * // A final answer given while tasks still run ends the run at once, and the running tasks are canceled.
 * const backgroundTasks: BackgroundTasksConfig = { onFinalAnswer: 'cancel' };
 * console.log(backgroundTasks.onFinalAnswer);
 * ```
 */
export interface BackgroundTasksConfig {
  /**
   * What a reply without calls does while background tasks still run (or their results have not been
   * reported yet). `wait` (the default): it is not the final answer; the loop waits for the next task
   * to finish, reports it and asks the model again, in a new iteration. `cancel`: it is the final
   * answer once the stop hooks pass; the running tasks' `context.signal` is aborted and each is
   * recorded as an `error` saying the run ended before it finished.
   */
  onFinalAnswer?: 'wait' | 'cancel';
}

/** The argument of `createSmartAgent`. */
export interface SmartAgentConfig {
  llm: LLMProvider;
  tools: AgentTool[];
  tasks?: AgentTask[];
  /**
   * Runs task calls in the background: the loop starts a task and goes on without waiting for it.
   * Default off: a task call holds its reply's batch until it ends, like a tool call.
   *
   * When on, the results message of the reply says `Started in the background: task <name> (call
   * <id>); its result will come in a later message.` (tool calls of the same reply run as usual).
   * Before each model call the tasks that finished since the previous one are reported: their
   * records join `taskCalls` (with their real `durationMs`), `afterTaskCall` receives them, the
   * iteration's `IterationSnapshot` lists them, and their results reach the model in one user message
   * in the format and result budget of every results message (`Result of task <name> (call <id>):`).
   * The system prompt lists the tasks still running, with their call ids and how long they have run.
   * A reply without calls while tasks run is handled by `onFinalAnswer`. `timeout` and
   * `failureMode: 'hard'` apply as usual; a hard failure ends the run `fatal` where the loop reports it.
   *
   * Any other ending aborts the running tasks' `context.signal` without waiting for them to stop:
   * `canceled` records each as an `error` (`... was canceled with the run`); `paused`,
   * `max_iterations`, `approval_required` and `fatal` leave them unrecorded and put their calls in
   * the checkpoint's `pendingCalls`, so `resume` starts them again with the same call ids. Every
   * checkpoint taken while tasks run lists them in `pendingCalls` too (a run resumed from it after a
   * crash starts them again), and holds the outcomes of tasks that finished before it was taken as
   * if they had been reported, so no call runs twice.
   *
   * @example
   * ```ts
   * import { setTimeout as sleep } from 'node:timers/promises';
   * import { createSmartAgent, type AgentTask, type LLMProvider } from '@kit/kit-ai';
   *
   * // A scripted model: it starts the build, answers while it runs, then answers again with its result.
   * const replies = ['{"tool": "build", "arguments": {}}', 'The build is still running.', 'The build passed.'];
   * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
   *
   * const build: AgentTask = {
   *   name: 'build',
   *   description: 'Builds the project; takes a while',
   *   timeout: 600_000,
   *   execute: async (_args, { signal }) => {
   *     await sleep(50, undefined, { signal });
   *     return { ok: true };
   *   },
   * };
   *
   * // The second reply has no calls while the build runs: the loop waits for it and asks again.
   * const agent = createSmartAgent({ llm, tools: [], tasks: [build], backgroundTasks: { onFinalAnswer: 'wait' } });
   * const outcome = await agent.run('Build the project and tell me how it went.');
   * console.log(outcome.status, outcome.result, outcome.taskCalls[0]?.status); // completed The build passed. success
   * ```
   */
  backgroundTasks?: boolean | BackgroundTasksConfig;
  memory?: SmartAgentMemoryConfig;
  prompt?: PromptComposerConfig;
  stopHooks?: StopHook[];
  /** Most loop iterations (model calls) of one `run` or `resume` call. Default 10. */
  maxIterations?: number;
  /**
   * Most loop iterations of a run in all, over `run` and every `resume` of its checkpoints: the count is
   * the checkpoint's `iterations`. Reached, the call ends `max_iterations`, and a `resume` of that
   * checkpoint ends so at once without calling the model. Default 10 × `maxIterations` (100).
   */
  maxTotalIterations?: number;
  contextWindowSize?: number;
  compaction?: CompactionConfig;
  streaming?: StreamingExecutorConfig;
  toolCatalog?: ToolCatalogConfig;
  hooks?: SmartAgentHooks;
  fallbackLlm?: LLMProvider;
  tokenBudget?: number | TokenBudgetConfig;
  toolResultBudget?: ToolResultBudgetConfig;
  skills?: AgentSkill[];
  evolution?: EvolutionConfig;
  llmTimeout?: LLMTimeoutConfig;
  /**
   * Take a `tool_call` checkpoint after each reply that asks for calls, with the calls in
   * `pendingCalls`: a run resumed from it runs those calls again (same ids) instead of asking the
   * model again. For durable runs that must survive a process dying mid-call (the harness sets it).
   * Default false.
   */
  checkpointBeforeCalls?: boolean;
}
