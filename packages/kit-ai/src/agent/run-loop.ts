import { errorText } from '../llm/describe-value.js';
import { estimateTokens } from '../llm/messages.js';
import type { LLMResponse, LLMTimeoutConfig } from '../llm/types.js';
import type { MemoryAccessor } from '../memory/accessor.js';
import type { AgentCheckpoint, AgentRunResult, ControlAction, ControlPoint, SmartAgentConfig, TokenBudgetConfig } from './types.js';
import { inRunSpan } from './agent-spans.js';
import { ModelAsker, type CallOptions, type ReplyRequest } from './ask-model.js';
import { BackgroundTasks, type BackgroundInFlight } from './background-tasks.js';
import { toolCallable, type Callable } from './callable.js';
import { CallBatch, type CallBatchResult } from './call-batch.js';
import { applyCallEffects } from './call-effects.js';
import { taskRecord, toolRecord, type CallOutcome, type IdentifiedCall } from './call-outcome.js';
import { callsCheckpoint, carryCheckpoint, resumePointAt, taskWaitCheckpoint } from './checkpoint.js';
import { compactBeforeCall, type CompactionStage } from './compaction/compact.js';
import { invokeHook } from './hook-call.js';
import { loadToolsCallable } from './load-tools.js';
import { LoadedToolSet } from './loaded-tool-set.js';
import { formatCallsAsText, parseToolCalls } from './parse-calls.js';
import { formatResultsMessage } from './results-message.js';
import { fatalAfterEnding, fatalResult, resultOf, type Ending } from './run-ending.js';
import { finishRunExtras, prepareRunExtras, type ReportPostRunError, type RunExtras } from './run-extras.js';
import { addUsage, noCalls, openRunState, type RunStart, type RunState } from './run-state.js';
import { askControl, stopHookFeedback } from './steering-hooks.js';
import { SystemPrompt } from './system-prompt.js';
import { continueMessage, isCutOff, maxEscalationsOf, nudgeMessage, nudgeThreshold, outputTokensOf } from './token-budget.js';
import { ToolCatalog } from './tool-catalog.js';

/** What `createSmartAgent` settles once and every run shares. */
export interface AgentSetup {
  config: SmartAgentConfig;
  maxIterations: number;
  /** `maxTotalIterations`: the bound of the run's iterations over every call. */
  maxTotalIterations: number;
  budget: TokenBudgetConfig | undefined;
  timeouts: Required<LLMTimeoutConfig>;
  /** The user's tools, then tasks. */
  callables: Callable[];
  /** `streaming.maxConcurrency`, or 1 (one call after another) without `streaming`. */
  maxConcurrency: number;
  /** Whether `streaming` is set: calls of a streamed reply start as they arrive. */
  startEarly: boolean;
  /** `backgroundTasks` with its default; `undefined` when task calls hold their batch. */
  background: { onFinalAnswer: 'wait' | 'cancel' } | undefined;
  preserveTail: number;
  report: ReportPostRunError;
  /** `createMemoryAccessor(config.memory)`, made once per agent. */
  accessor: MemoryAccessor | undefined;
}

/**
 * One call of `run` or `resume`, to its result. The state is opened first, so whatever fails later
 * ends `fatal` with the run as far as it got; the work around the run (memory, evolution) comes after
 * it, and `onRunComplete` last. Throws only for a checkpoint `resume` cannot accept.
 */
export function runAgent(setup: AgentSetup, start: RunStart): Promise<AgentRunResult> {
  return inRunSpan(setup.config.llm, start.kind, () => driveRun(setup, start));
}

async function driveRun(setup: AgentSetup, start: RunStart): Promise<AgentRunResult> {
  const startedAt = Date.now();
  const state = openRunState(start, setup.budget?.maxOutputTokensPerTurn ?? 0);
  let extras: RunExtras | undefined;
  let result: AgentRunResult;
  try {
    extras = await prepareRunExtras(setup.config, state.saved.goal, setup.report, setup.accessor);
    result = await new AgentRun(setup, state, extras).drive(start);
  } catch (error) {
    result = await fatalResult(state, errorText(error));
  }
  // A run whose memory context could not be assembled has no extras, and nothing of them to finish.
  if (extras) {
    const finish = {
      goal: state.saved.goal,
      result,
      durationMs: Date.now() - startedAt,
      skillsUsed: [...state.saved.activeSkills],
      llm: setup.config.llm,
    };
    await finishRunExtras(setup.config, extras, finish, setup.report);
  }
  return reportCompletion(setup.config, state, result);
}

/** Hands the result to `onRunComplete`; a throw makes it `fatal`. */
async function reportCompletion(config: SmartAgentConfig, state: RunState, result: AgentRunResult): Promise<AgentRunResult> {
  const onRunComplete = config.hooks?.onRunComplete;
  if (!onRunComplete) return result;
  try {
    await invokeHook('onRunComplete', () => onRunComplete(result));
    return result;
  } catch (error) {
    return fatalAfterEnding(state, result, errorText(error));
  }
}

/** The user's tools and tasks, then the meta tools this run offers: `activate_skill` with skills, `load_tools` above the deferral threshold. */
function catalogOf(setup: AgentSetup, extras: RunExtras): ToolCatalog {
  const callables = [...setup.callables];
  if (extras.activateSkill) callables.push(toolCallable(extras.activateSkill, true));
  const threshold = setup.config.toolCatalog?.deferThreshold;
  // load_tools looks names up in the catalogue that contains it, so it reads it once it exists.
  if (threshold !== undefined && setup.callables.length > threshold) callables.push(loadToolsCallable(() => catalog));
  const catalog = new ToolCatalog(callables, threshold);
  return catalog;
}

/** The ending a `getControlState` action asks for; `undefined` to go on. */
function endingOf(action: ControlAction): Ending | undefined {
  return action === 'continue' ? undefined : { status: action === 'pause' ? 'paused' : 'canceled' };
}

/** The `fatal` ending of a call with `failureMode: 'hard'` that failed. */
function hardFailureEnding(outcome: CallOutcome): Ending {
  return { status: 'fatal', error: `${outcome.error ?? 'failed'} (failureMode: hard)` };
}

/**
 * The calls in flight for a checkpoint taken while a batch runs, with the background tasks added:
 * their outcomes not reported yet among the finished ones, their running calls among the pending
 * ones, each call once (a call of the batch started in the background may be either).
 */
function withBackground(
  background: BackgroundInFlight | undefined,
  finished: CallOutcome[],
  pending: IdentifiedCall[],
): { finished: CallOutcome[]; pending: IdentifiedCall[] } {
  if (!background) return { finished, pending };
  const done = new Set(background.finished.map((outcome) => outcome.call));
  const listed = new Set(pending);
  return {
    finished: [...background.finished, ...finished],
    pending: [...background.running.filter((call) => !listed.has(call)), ...pending.filter((call) => !done.has(call))],
  };
}

/** The error of a background task still running when the run ended `completed` or `canceled`. */
function endedBeforeFinishing(status: 'completed' | 'canceled'): (call: IdentifiedCall) => string {
  return status === 'canceled'
    ? (call) => `Task ${call.name} was canceled with the run`
    : (call) => `Task ${call.name} was canceled: the run ended before it finished (backgroundTasks.onFinalAnswer: 'cancel')`;
}

/**
 * The loop of one call of `run` or `resume`, over a state opened before it. Each iteration:
 * `getControlState('before_llm')`, the wrap-up nudge when due, the system prompt, compaction, one
 * model call (reactive compaction on a context overflow, `fallbackLlm` on other failures), then the
 * reply's calls, or, for a reply without calls, the stop hooks and the final answer. See
 * `createSmartAgent` for the full contract. With `backgroundTasks`, task calls start in `background`
 * and their outcomes are reported before the model call (and before a `tool_result` checkpoint and
 * at the ending) that follows their end.
 */
class AgentRun {
  private readonly catalog: ToolCatalog;
  private readonly loadedTools = new LoadedToolSet();
  private readonly prompt: SystemPrompt;
  private readonly model: ModelAsker;
  private readonly background: BackgroundTasks | undefined;

  constructor(
    private readonly setup: AgentSetup,
    private readonly state: RunState,
    private readonly extras: RunExtras,
  ) {
    this.catalog = catalogOf(setup, extras);
    this.loadedTools.sync(state.saved.loadedTools);
    this.prompt = new SystemPrompt(setup.config, extras, this.catalog);
    this.model = new ModelAsker(setup);
    this.background = setup.background ? new BackgroundTasks() : undefined;
  }

  private get config(): SmartAgentConfig {
    return this.setup.config;
  }

  async drive(start: RunStart): Promise<AgentRunResult> {
    try {
      const ending = start.kind === 'run' ? await this.begin() : await this.resume(start.checkpoint, start.message);
      return await resultOf(this.config, this.state, await this.endBackground(ending ?? (await this.loop())));
    } finally {
      // A run that failed on the way (a hook threw) leaves no task running either; its resume point lists them.
      this.background?.abortRunning();
    }
  }

  /** A new run starts with its `initialized` checkpoint. */
  private async begin(): Promise<undefined> {
    await this.carry('initialized');
    return undefined;
  }

  /** A resumed run can go back to its checkpoint; the calls it was waiting for run first, then the message joins the conversation. */
  private async resume(checkpoint: AgentCheckpoint, message: string): Promise<Ending | undefined> {
    this.state.resumePoint = resumePointAt(checkpoint);
    const ending = await this.runPendingCalls();
    if (ending) return ending;
    // A run that used all its iterations ends at once (in loop), without the message piling up in its checkpoint.
    if (message.trim() !== '' && !this.exhausted()) this.state.saved.messages.push({ role: 'user', content: message });
    return undefined;
  }

  /** The checkpoint's pending calls, run at the iteration of the reply that asked for them. */
  private async runPendingCalls(): Promise<Ending | undefined> {
    if (this.state.pendingCalls.length === 0) return undefined;
    const iteration = this.state.saved.iterations;
    const { batch } = this.newBatch(iteration, true);
    for (const call of this.state.pendingCalls) batch.add(call);
    const before = { tools: this.state.saved.toolCalls.length, tasks: this.state.saved.taskCalls.length };
    const ending = await this.processCalls(await batch.finish(), iteration);
    this.state.carriedCalls = {
      toolCalls: this.state.saved.toolCalls.slice(before.tools),
      taskCalls: this.state.saved.taskCalls.slice(before.tasks),
    };
    return ending;
  }

  private async loop(): Promise<Ending> {
    for (;;) {
      const stop = await this.stopBeforeIteration();
      if (stop) return stop;
      const ending = await this.iterate(this.state.saved.iterations + 1);
      if (ending) return ending;
    }
  }

  /** Whether the run has used `maxTotalIterations`, counted over every call in `saved.iterations`. */
  private exhausted(): boolean {
    return this.state.saved.iterations >= this.setup.maxTotalIterations;
  }

  /** The ending due before the next iteration: an iteration bound reached, or `getControlState` at `before_llm`. */
  private async stopBeforeIteration(): Promise<Ending | undefined> {
    if (this.state.iterationsThisCall >= this.setup.maxIterations || this.exhausted()) return { status: 'max_iterations' };
    return endingOf(await this.control('before_llm', this.state.saved.iterations + 1));
  }

  /** One iteration: the model is asked, then the reply's calls run, or a reply without calls gets a follow-up or is the final answer. */
  private async iterate(iteration: number): Promise<Ending | undefined> {
    const started = Date.now();
    const failed = await this.reportBackground(iteration);
    if (failed) return failed;
    this.nudgeWhenDue();
    const system = this.prompt.text(this.state.saved, this.loadedTools.current, iteration, this.background?.runningTasks());
    const compactions = await this.compact(system, iteration);
    const { batch, markRecorded } = this.newBatch(iteration, false);
    const { response, stages } = await this.model.reply(this.state, this.replyRequest(system, iteration, batch));
    this.countIteration(iteration, response);
    const calls = this.recordReply(response, batch);
    markRecorded();
    if (calls.length > 0 && this.config.checkpointBeforeCalls === true) {
      const inFlight = withBackground(this.background?.inFlight(), [], calls);
      this.state.resumePoint = await callsCheckpoint(this.config, this.state.saved, inFlight.pending, inFlight.finished);
    }
    const escalated = this.escalateWhenCutOff(response);
    let ending =
      calls.length > 0 ? await this.processCalls(await batch.finish(), iteration) : await this.answerWithoutCalls(response, escalated);
    if (ending) ending = await this.endBackground(ending, iteration);
    // Only a final answer completes a run: calls end it otherwise or not at all.
    await this.afterIteration(iteration, started, response, [...compactions, ...stages], ending?.status === 'completed');
    return ending;
  }

  /**
   * A reply without calls: continued when it was cut off and the cap doubled, revised when a stop hook
   * fails it, else the final answer. With background tasks outstanding and `onFinalAnswer: 'wait'` it
   * is none of these: the loop waits for the next task to finish and asks again.
   */
  private async answerWithoutCalls(response: LLMResponse, escalated: boolean): Promise<Ending | undefined> {
    if (!escalated && this.background?.outstanding && this.setup.background?.onFinalAnswer === 'wait') {
      await this.background.nextFinished();
      return undefined;
    }
    const followUp = escalated
      ? continueMessage(this.state.saved.maxOutputTokens)
      : await stopHookFeedback(this.config, response.content, this.state.saved);
    if (followUp === undefined) return { status: 'completed' };
    this.state.saved.messages.push({ role: 'user', content: followUp });
    return undefined;
  }

  /** Asks the model to wrap up, once per run, when its output tokens reach `nudgeAtPercent` of the budget. */
  private nudgeWhenDue(): void {
    const budget = this.setup.budget;
    const { saved } = this.state;
    if (saved.nudgeSent || !budget) return;
    const threshold = nudgeThreshold(budget, this.setup.maxIterations);
    if (threshold === undefined || saved.outputTokensUsed < threshold) return;
    saved.messages.push({ role: 'user', content: nudgeMessage(saved.outputTokensUsed, budget, this.setup.maxIterations) });
    saved.nudgeSent = true;
  }

  /** The compaction pass before the model call; returns the stages that changed the conversation. */
  private async compact(system: string, iteration: number): Promise<CompactionStage[]> {
    const outcome = await compactBeforeCall({
      system,
      messages: this.state.saved.messages,
      contextWindowSize: this.config.contextWindowSize,
      config: this.config.compaction,
      state: this.state.saved.compaction,
      summarise: (transcript) => this.model.summary(this.state, transcript, iteration),
    });
    this.state.saved.messages = outcome.messages;
    return outcome.stages;
  }

  /** What the model is asked with; with `streaming`, the calls of the reply join the batch as they arrive. */
  private replyRequest(system: string, iteration: number, batch: CallBatch): ReplyRequest {
    const request: ReplyRequest = { system, iteration, options: () => this.callOptions() };
    if (this.setup.startEarly) request.onToolCall = (call) => void batch.add(call);
    return request;
  }

  /** The tools the model sees and the output cap, as `LLMOptions`. */
  private callOptions(): CallOptions {
    const options: CallOptions = {};
    const tools = this.catalog.definitions(this.loadedTools.current);
    if (tools.length > 0) options.tools = tools;
    if (this.state.saved.maxOutputTokens > 0) options.maxTokens = this.state.saved.maxOutputTokens;
    return options;
  }

  /** The reply counts from here on: in the iterations, the token use and the result's last reply. */
  private countIteration(iteration: number, response: LLMResponse): void {
    this.state.saved.iterations = iteration;
    this.state.iterationsThisCall++;
    this.state.usage = addUsage(this.state.usage, response.usage);
    this.state.saved.outputTokensUsed += outputTokensOf(response);
    this.state.lastReply = response.content;
  }

  /**
   * The reply's calls, added to the batch unless they streamed in already (native calls win over
   * calls written as text), and the reply in the conversation. The conversation holds text only, so
   * native calls are written there in the text format, with their ids.
   */
  private recordReply(response: LLMResponse, batch: CallBatch): IdentifiedCall[] {
    const nativeCalls = response.toolCalls ?? [];
    const native = nativeCalls.length > 0;
    if (batch.size === 0) for (const call of native ? nativeCalls : parseToolCalls(response.content)) batch.add(call);
    const calls = batch.identifiedCalls();
    this.state.saved.messages.push({ role: 'assistant', content: native ? formatCallsAsText(calls, response.content) : response.content });
    return calls;
  }

  /** A reply cut off at the output cap doubles the cap for the rest of the run, at most `maxEscalations` times; returns whether it did. */
  private escalateWhenCutOff(response: LLMResponse): boolean {
    const { saved } = this.state;
    if (!isCutOff(response.finishReason) || saved.compaction.tokenEscalations >= maxEscalationsOf(this.setup.budget)) return false;
    saved.maxOutputTokens *= 2;
    saved.compaction.tokenEscalations++;
    return true;
  }

  /**
   * A batch for one reply. Until `markRecorded` is called the reply is still streaming and not in the
   * conversation, so a `task_wait` checkpoint records the calls received so far in its place.
   */
  private newBatch(iteration: number, recorded: boolean): { batch: CallBatch; markRecorded(): void } {
    let assistantRecorded = recorded;
    const batch: CallBatch = new CallBatch({
      ...(this.background ? { background: this.background } : {}),
      catalog: this.catalog,
      hooks: this.config.hooks ?? {},
      goal: this.state.saved.goal,
      iteration,
      llm: this.config.llm,
      maxConcurrency: this.setup.maxConcurrency,
      controlBeforeTools: () => this.control('before_tools', iteration),
      onTaskStarted: async (finished, pending) => {
        const inFlight = {
          ...withBackground(this.background?.inFlight(), finished, pending),
          unrecordedCalls: assistantRecorded ? undefined : batch.identifiedCalls(),
        };
        this.state.resumePoint = await taskWaitCheckpoint(this.config, this.state.saved, inFlight);
      },
    });
    return {
      batch,
      markRecorded: () => {
        assistantRecorded = true;
      },
    };
  }

  /** Records a batch's outcomes, reports them to the model and decides whether the run goes on. */
  private async processCalls(outcome: CallBatchResult, iteration: number): Promise<Ending | undefined> {
    if (outcome.stoppedBy === 'pause') return { status: 'paused', pendingCalls: outcome.calls };
    if (outcome.stoppedBy === 'cancel') return { status: 'canceled' };
    const done = outcome.outcomes.filter((item): item is CallOutcome => item !== undefined);
    for (const item of done) {
      if (item.kind === 'task') this.state.saved.taskCalls.push(taskRecord(item));
      else this.state.saved.toolCalls.push(toolRecord(item));
    }
    const ran = done.filter((item) => item.status !== 'denied');
    const refusedCall = outcome.refused ? outcome.calls[outcome.refused.index] : undefined;
    const refused =
      outcome.refused && refusedCall
        ? {
            refused: refusedCall,
            kind: outcome.refused.kind,
            reason: outcome.refused.reason,
            // A held call may have had safe calls after it running already: those did run.
            notRun: outcome.calls
              .filter((_, index) => index > (outcome.refused?.index ?? 0) && outcome.outcomes[index] === undefined)
              .map((call) => ({ call, kind: this.catalog.get(call.name)?.kind ?? ('tool' as const) })),
          }
        : undefined;
    const text = await formatResultsMessage(ran, this.config.toolResultBudget, refused, outcome.started);
    if (text !== '') this.state.saved.messages.push({ role: 'user', content: text });
    applyCallEffects(ran, this.state.saved, this.catalog, this.extras.activateSkill !== undefined);
    this.loadedTools.sync(this.state.saved.loadedTools);
    if (outcome.hardFailure) return hardFailureEnding(outcome.hardFailure);
    if (outcome.refused && refusedCall) {
      return {
        status: 'approval_required',
        pendingApproval: {
          kind: outcome.refused.kind,
          tool: refusedCall.name,
          args: refusedCall.arguments,
          reason: outcome.refused.reason,
          callId: refusedCall.id,
          ...(outcome.refused.held ?? {}),
        },
      };
    }
    // The checkpoint holds what finished so far; the tasks still running are its pending calls.
    const failed = await this.reportBackground(iteration);
    if (failed) return failed;
    await this.carry('tool_result');
    return endingOf(await this.control('after_tools', iteration));
  }

  /**
   * Reports the background outcomes that arrived, until none is waiting: their records join
   * `taskCalls` (and the snapshot of `iteration`), `afterTaskCall` receives each, and their results go
   * to the model in one user message. Returns the `fatal` ending of a hard failure among them.
   */
  private async reportBackground(iteration: number | undefined): Promise<Ending | undefined> {
    let failed: Ending | undefined;
    for (let outcomes = this.background?.takeFinished() ?? []; outcomes.length > 0; outcomes = this.background?.takeFinished() ?? []) {
      await this.recordBackground(outcomes, iteration);
      const text = await formatResultsMessage(outcomes, this.config.toolResultBudget);
      if (text !== '') this.state.saved.messages.push({ role: 'user', content: text });
      const hard = outcomes.find((outcome) => outcome.hardFailure === true);
      failed ??= hard ? hardFailureEnding(hard) : undefined;
    }
    return failed;
  }

  /** Background outcomes as task records; a record of an earlier iteration is carried into the snapshot of `iteration`. */
  private async recordBackground(outcomes: CallOutcome[], iteration: number | undefined): Promise<void> {
    const hook = this.config.hooks?.afterTaskCall;
    for (const outcome of outcomes) {
      const record = taskRecord(outcome);
      this.state.saved.taskCalls.push(record);
      if (record.iteration !== iteration) this.state.carriedCalls.taskCalls.push(record);
      if (hook) await invokeHook('afterTaskCall', () => hook(taskRecord(outcome)));
    }
  }

  /**
   * The background tasks at an ending, once the outcomes that arrived are reported (a hard failure
   * among them makes the ending `fatal`). Each running task's signal is aborted; `completed` and
   * `canceled` record them as errors, `fatal` drops them (its checkpoint, taken earlier, lists them),
   * and the other endings add them to their `pendingCalls`, so `resume` starts them again.
   */
  private async endBackground(ending: Ending, iteration?: number): Promise<Ending> {
    const background = this.background;
    if (!background?.outstanding) return ending;
    const failed = await this.reportBackground(iteration);
    const final = failed && ending.status !== 'fatal' ? failed : ending;
    switch (final.status) {
      case 'fatal':
        background.abortRunning();
        return final;
      case 'completed':
      case 'canceled':
        await this.recordBackground(background.abortRunning(endedBeforeFinishing(final.status)), iteration);
        return final;
      default: {
        const running = background.abortRunning();
        return running.length === 0 ? final : { ...final, pendingCalls: [...running, ...(final.pendingCalls ?? [])] };
      }
    }
  }

  /** A checkpoint the run carries on from; the state `onCheckpoint` hands back, if any, replaces the run's. */
  private async carry(stage: 'initialized' | 'tool_result'): Promise<void> {
    // Taken at once: a task that finishes from here on is still pending in it.
    const carried = await carryCheckpoint(this.config, this.state.saved, stage, this.background?.inFlight().running);
    this.state.resumePoint = carried.resumePoint;
    if (carried.replacement) {
      this.state.saved = carried.replacement;
      this.loadedTools.sync(this.state.saved.loadedTools);
      this.prompt.forget();
    }
  }

  private control(point: ControlPoint, iteration: number): Promise<ControlAction> {
    return askControl(this.config, point, iteration, this.state.saved.goal);
  }

  /** `afterIteration` with the iteration's snapshot; the first one of a resume call also reports the pending calls it ran. */
  private async afterIteration(
    iteration: number,
    started: number,
    response: LLMResponse,
    compactions: CompactionStage[],
    finalAnswer: boolean,
  ): Promise<void> {
    const hook = this.config.hooks?.afterIteration;
    const carried = this.state.carriedCalls;
    this.state.carriedCalls = noCalls();
    if (!hook) return;
    const { saved } = this.state;
    const snapshot = {
      iteration,
      goal: saved.goal,
      toolCalls: [...carried.toolCalls, ...saved.toolCalls.filter((record) => record.iteration === iteration)],
      taskCalls: [...carried.taskCalls, ...saved.taskCalls.filter((record) => record.iteration === iteration)],
      estimatedTokens: estimateTokens(saved.messages),
      messageCount: saved.messages.length,
      compactions,
      finalAnswer,
      durationMs: Date.now() - started,
      ...(response.usage ? { usage: response.usage } : {}),
    };
    await invokeHook('afterIteration', () => hook(snapshot));
  }
}
