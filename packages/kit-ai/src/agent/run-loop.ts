import { isKitAIError } from '../errors/kit-ai-error.js';
import { estimateTokens, normalizeMessages } from '../llm/messages.js';
import type { LLMOptions, LLMResponse, LLMTimeoutConfig, LLMToolCall, LLMUsage } from '../llm/types.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import { composePrompt } from '../prompt/compose.js';
import type { MemoryAccessor } from '../memory/accessor.js';
import type {
  AgentCheckpoint,
  AgentRunResult,
  ControlAction,
  ControlPoint,
  PendingApproval,
  SmartAgentConfig,
  StopHookResult,
  TokenBudgetConfig,
} from './types.js';
import { toolCallable, type Callable } from './callable.js';
import { CallBatch, type CallBatchResult } from './call-batch.js';
import { taskRecord, toolRecord, type CallOutcome, type IdentifiedCall } from './call-outcome.js';
import { FINAL_STAGES, checkReturnedCheckpoint } from './check-checkpoint.js';
import { initialState, restoreState, stateFromCheckpoint, takeCheckpoint, type RunState } from './checkpoint.js';
import { compactBeforeCall, reactiveCompact, type CompactionStage } from './compaction/compact.js';
import { SUMMARY_INSTRUCTION } from './compaction/autocompact.js';
import { HookError, invokeHook } from './hook-call.js';
import { callModel, type ModelCallOptions } from './llm-call.js';
import { isLoadToolsResult, loadToolsCallable } from './load-tools.js';
import { formatCallsAsText, parseToolCalls } from './parse-calls.js';
import { formatResultsMessage } from './results-message.js';
import { finishRunExtras, prepareRunExtras, type ReportPostRunError, type RunExtras } from './run-extras.js';
import { continueMessage, isCutOff, maxEscalationsOf, nudgeMessage, nudgeThreshold, outputTokensOf } from './token-budget.js';
import { LOAD_TOOLS, ToolCatalog } from './tool-catalog.js';
import { errorText } from '../llm/describe-value.js';

/** Retries of one LLM call after the provider reported a context overflow. */
export const MAX_REACTIVE_RETRIES = 2;

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
  preserveTail: number;
  report: ReportPostRunError;
  /** `createMemoryAccessor(config.memory)`, made once per agent. */
  accessor: MemoryAccessor | undefined;
}

/** How a run call starts. */
export type RunStart = { kind: 'run'; goal: string } | { kind: 'resume'; checkpoint: AgentCheckpoint; message: string };

/** How a run call ends, before its checkpoint and result are made. */
type Ending =
  | { status: 'completed' | 'max_iterations' | 'canceled' }
  | { status: 'paused'; pendingCalls?: IdentifiedCall[] }
  | { status: 'approval_required'; pendingApproval: PendingApproval }
  | { status: 'fatal'; error: string };

/** A failure that ends the run `fatal` with exactly this message. */
class RunFailure extends Error {}

function addUsage(total: LLMUsage | undefined, usage: LLMUsage | undefined): LLMUsage | undefined {
  if (!usage) return total;
  if (!total) return { ...usage };
  return {
    promptTokens: total.promptTokens + usage.promptTokens,
    completionTokens: total.completionTokens + usage.completionTokens,
    totalTokens: total.totalTokens + usage.totalTokens,
  };
}

function snapshotOf(state: RunState): RunState {
  return {
    ...state,
    messages: state.messages.slice(),
    toolCalls: state.toolCalls.slice(),
    taskCalls: state.taskCalls.slice(),
    compaction: { ...state.compaction },
    activeSkills: state.activeSkills.slice(),
    loadedTools: state.loadedTools.slice(),
  };
}

/**
 * One call of `run` or `resume`. Each iteration: `getControlState('before_llm')`, the wrap-up nudge
 * when due, the system prompt composed, compaction, one model call (reactive compaction on a
 * context overflow, `fallbackLlm` on other failures), then the reply's calls, or, for a reply
 * without calls, the stop hooks and the final answer. See `createSmartAgent` for the full contract.
 */
export class AgentRun {
  private state!: RunState;
  private extras!: RunExtras;
  private catalog!: ToolCatalog;
  private usage: LLMUsage | undefined;
  private lastReply: string | undefined;
  /** The last checkpoint the run could resume from, made on demand (a fatal result carries it). */
  private lastCheckpoint: (() => Promise<AgentCheckpoint>) | undefined;
  /** Records of a resume's `pendingCalls`, reported in the first `IterationSnapshot` of that call. */
  private carriedCalls: { toolCalls: AgentToolCallRecord[]; taskCalls: AgentTaskCallRecord[] } | undefined;
  private iterationsThisCall = 0;
  private stallFailure: HookError | undefined;
  private loadedSet: Set<string> = new Set();
  private promptCache: { key: string; text: string } | undefined;

  constructor(private readonly setup: AgentSetup) {}

  private get config(): SmartAgentConfig {
    return this.setup.config;
  }

  /** Runs to an ending and returns the result; throws only for a checkpoint `resume` cannot accept. */
  async execute(start: RunStart): Promise<AgentRunResult> {
    const startedAt = Date.now();
    if (start.kind === 'resume') this.state = stateFromCheckpoint(start.checkpoint);
    let result: AgentRunResult;
    try {
      result = await this.drive(start);
    } catch (error) {
      result = await this.fatalResult(errorText(error));
    }
    if (this.extras) {
      await finishRunExtras(
        this.config,
        this.extras,
        { goal: this.state.goal, result, durationMs: Date.now() - startedAt, skillsUsed: [...this.state.activeSkills], llm: this.config.llm },
        this.setup.report,
      );
    }
    const onRunComplete = this.config.hooks?.onRunComplete;
    if (onRunComplete) {
      try {
        await invokeHook('onRunComplete', () => onRunComplete(result));
      } catch (error) {
        result = await this.fatalAfterEnding(result, errorText(error));
      }
    }
    return result;
  }

  /**
   * `result` turned `fatal` after it was made (by `onRunComplete`). Like every fatal result it carries
   * the last checkpoint the run could resume from: the ending's own when it can be resumed, else the
   * one before it (none when there was none), never a final one.
   */
  private async fatalAfterEnding(result: AgentRunResult, error: string): Promise<AgentRunResult> {
    const { checkpoint: _ending, ...rest } = result;
    const fatal: AgentRunResult = { ...rest, status: 'fatal', error };
    const checkpoint = result.checkpoint && !FINAL_STAGES.has(result.checkpoint.stage) ? result.checkpoint : await this.lastCheckpoint?.();
    if (checkpoint) fatal.checkpoint = checkpoint;
    return fatal;
  }

  private async drive(start: RunStart): Promise<AgentRunResult> {
    const goal = start.kind === 'run' ? start.goal : this.state.goal;
    if (start.kind === 'run') this.state = initialState(goal, this.setup.budget?.maxOutputTokensPerTurn ?? 0);
    this.extras = await prepareRunExtras(this.config, goal, this.setup.report, this.setup.accessor);
    this.catalog = this.buildCatalog();
    this.syncLoaded();
    if (start.kind === 'run') {
      await this.carry('initialized');
    } else {
      this.lastCheckpoint = async () => start.checkpoint;
      const pending = start.checkpoint.pendingCalls;
      if (pending && pending.length > 0) {
        const { batch } = this.newBatch(this.state.iterations, true);
        for (const call of pending) batch.add(call);
        const before = { tools: this.state.toolCalls.length, tasks: this.state.taskCalls.length };
        const ending = await this.processCalls(await batch.finish(), this.state.iterations);
        // They keep the iteration of the reply that asked for them, so no snapshot filter by iteration would find them.
        this.carriedCalls = { toolCalls: this.state.toolCalls.slice(before.tools), taskCalls: this.state.taskCalls.slice(before.tasks) };
        if (ending) return this.finalize(ending);
      }
      // A run that used all its iterations ends at once (in loop), without the message piling up in its checkpoint.
      if (start.message.trim() !== '' && !this.exhausted()) this.state.messages.push({ role: 'user', content: start.message });
    }
    return this.finalize(await this.loop());
  }

  private buildCatalog(): ToolCatalog {
    const callables = [...this.setup.callables];
    if (this.extras.activateSkill) callables.push(toolCallable(this.extras.activateSkill, true));
    const threshold = this.config.toolCatalog?.deferThreshold;
    let catalog: ToolCatalog | undefined;
    if (threshold !== undefined && this.setup.callables.length > threshold) callables.push(loadToolsCallable(() => catalog!));
    catalog = new ToolCatalog(callables, threshold);
    return catalog;
  }

  /** Whether the run has used `maxTotalIterations`, counted over every call in `state.iterations`. */
  private exhausted(): boolean {
    return this.state.iterations >= this.setup.maxTotalIterations;
  }

  private async loop(): Promise<Ending> {
    for (;;) {
      if (this.iterationsThisCall >= this.setup.maxIterations || this.exhausted()) return { status: 'max_iterations' };
      const before = await this.control('before_llm', this.state.iterations + 1);
      if (before !== 'continue') return { status: before === 'pause' ? 'paused' : 'canceled' };
      const iteration = this.state.iterations + 1;
      const iterationStarted = Date.now();
      this.maybeNudge();
      const system = this.systemPrompt(iteration);
      const compaction = await compactBeforeCall({
        system,
        messages: this.state.messages,
        contextWindowSize: this.config.contextWindowSize,
        config: this.config.compaction,
        state: this.state.compaction,
        summarise: (transcript) => this.summarise(transcript, iteration),
      });
      this.state.messages = compaction.messages;
      const { batch, markRecorded } = this.newBatch(iteration, false);
      const { response, stages } = await this.askModel(system, iteration, this.setup.startEarly ? (call) => batch.add(call) : undefined);
      const compactions = [...compaction.stages, ...stages];
      this.state.iterations = iteration;
      this.iterationsThisCall++;
      this.usage = addUsage(this.usage, response.usage);
      this.state.outputTokensUsed += outputTokensOf(response);
      this.lastReply = response.content;

      const native = response.toolCalls !== undefined && response.toolCalls.length > 0;
      if (batch.size === 0) for (const call of native ? response.toolCalls! : parseToolCalls(response.content)) batch.add(call);
      const calls = batch.identifiedCalls();
      this.state.messages.push({ role: 'assistant', content: native ? formatCallsAsText(calls, response.content) : response.content });
      markRecorded();

      let escalated = false;
      if (isCutOff(response.finishReason) && this.state.compaction.tokenEscalations < maxEscalationsOf(this.setup.budget)) {
        this.state.maxOutputTokens *= 2;
        this.state.compaction.tokenEscalations++;
        escalated = true;
      }
      const snapshot = (finalAnswer: boolean): Promise<void> => this.afterIteration(iteration, iterationStarted, response, compactions, finalAnswer);

      if (calls.length === 0) {
        if (escalated) {
          this.state.messages.push({ role: 'user', content: continueMessage(this.state.maxOutputTokens) });
          await snapshot(false);
          continue;
        }
        const feedback = await this.stopHookFeedback(response.content);
        if (feedback !== undefined) {
          this.state.messages.push({ role: 'user', content: feedback });
          await snapshot(false);
          continue;
        }
        await snapshot(true);
        return { status: 'completed' };
      }
      const ending = await this.processCalls(await batch.finish(), iteration);
      await snapshot(false);
      if (ending) return ending;
    }
  }

  /**
   * A batch for one reply. Until `markRecorded` is called the reply is still streaming and not in the
   * conversation, so a `task_wait` checkpoint records the calls received so far in its place.
   */
  private newBatch(iteration: number, recorded: boolean): { batch: CallBatch; markRecorded(): void } {
    let assistantRecorded = recorded;
    const batch: CallBatch = new CallBatch({
      catalog: this.catalog,
      hooks: this.config.hooks ?? {},
      goal: this.state.goal,
      iteration,
      llm: this.config.llm,
      maxConcurrency: this.setup.maxConcurrency,
      controlBeforeTools: () => this.control('before_tools', iteration),
      onTaskStarted: (finished, pending) => this.taskWait(finished, pending, assistantRecorded ? undefined : batch.identifiedCalls()),
    });
    return {
      batch,
      markRecorded: () => {
        assistantRecorded = true;
      },
    };
  }

  /** Records a batch's outcomes and decides whether the run goes on. */
  private async processCalls(outcome: CallBatchResult, iteration: number): Promise<Ending | undefined> {
    if (outcome.stoppedBy === 'pause') return { status: 'paused', pendingCalls: outcome.calls };
    if (outcome.stoppedBy === 'cancel') return { status: 'canceled' };
    const done = outcome.outcomes.filter((item): item is CallOutcome => item !== undefined);
    for (const item of done) {
      if (item.kind === 'task') this.state.taskCalls.push(taskRecord(item));
      else this.state.toolCalls.push(toolRecord(item));
    }
    const ran = done.filter((item) => item.status !== 'denied');
    const refusedCall = outcome.refused ? outcome.calls[outcome.refused.index] : undefined;
    const refused =
      outcome.refused && refusedCall
        ? {
            refused: refusedCall,
            kind: outcome.refused.kind,
            reason: outcome.refused.reason,
            notRun: outcome.calls.slice(outcome.refused.index + 1).map((call) => ({ call, kind: this.catalog.get(call.name)?.kind ?? ('tool' as const) })),
          }
        : undefined;
    const text = await formatResultsMessage(ran, this.config.toolResultBudget, refused);
    if (text !== '') this.state.messages.push({ role: 'user', content: text });
    this.applyEffects(ran);
    if (outcome.hardFailure) return { status: 'fatal', error: `${outcome.hardFailure.error ?? 'failed'} (failureMode: hard)` };
    if (outcome.refused && refusedCall) {
      return { status: 'approval_required', pendingApproval: { kind: outcome.refused.kind, tool: refusedCall.name, args: refusedCall.arguments, reason: outcome.refused.reason } };
    }
    await this.carry('tool_result');
    const after = await this.control('after_tools', iteration);
    if (after !== 'continue') return { status: after === 'pause' ? 'paused' : 'canceled' };
    return undefined;
  }

  /** Loaded tools and activated skills take effect from the next call on. */
  private applyEffects(ran: readonly CallOutcome[]): void {
    for (const item of ran) {
      if (item.status !== 'success') continue;
      if (item.call.name === LOAD_TOOLS && this.catalog.deferred && isLoadToolsResult(item.value)) {
        for (const definition of item.value.loaded) this.load(definition.name);
      } else if (item.call.name === 'activate_skill' && this.extras.activateSkill) {
        const activation = item.value as { skill?: unknown; tools?: unknown };
        if (typeof activation?.skill !== 'string') continue;
        if (!this.state.activeSkills.includes(activation.skill)) this.state.activeSkills.push(activation.skill);
        if (this.catalog.deferred && Array.isArray(activation.tools)) {
          for (const name of activation.tools) if (typeof name === 'string' && this.catalog.get(name)) this.load(name);
        }
      }
    }
    this.syncLoaded();
  }

  private load(name: string): void {
    if (!this.state.loadedTools.includes(name)) this.state.loadedTools.push(name);
  }

  private syncLoaded(): void {
    if (this.loadedSet.size !== this.state.loadedTools.length) this.loadedSet = new Set(this.state.loadedTools);
  }

  private systemPrompt(iteration: number): string {
    const dynamic = this.config.prompt?.dynamicLayers !== undefined;
    const key = `${this.state.loadedTools.length}|${this.state.activeSkills.join(',')}`;
    if (!dynamic && this.promptCache?.key === key) return this.promptCache.text;
    const context = { goal: this.state.goal, iteration, toolNames: this.catalog.names(), activeSkills: [...this.state.activeSkills] };
    const layered = composePrompt(this.config.prompt, context, this.extras.strategyLayer ? [this.extras.strategyLayer] : []);
    const active = this.state.activeSkills.flatMap((name) => {
      const skill = this.extras.skills.find((candidate) => candidate.name === name);
      if (!skill) return [];
      const tools = skill.tools && skill.tools.length > 0 ? `\nPreferred tools: ${skill.tools.join(', ')}` : '';
      return [`## Active skill: ${skill.name}\n${skill.prompt}${tools}`];
    });
    const text = [layered, this.catalog.promptText(this.loadedSet), this.extras.skillsText, ...active, this.extras.memoryText]
      .filter((part) => part.trim() !== '')
      .join('\n\n');
    if (!dynamic) this.promptCache = { key, text };
    return text;
  }

  private llmOptions(): Omit<LLMOptions, 'signal'> {
    const options: Omit<LLMOptions, 'signal'> = {};
    const tools = this.catalog.definitions(this.loadedSet);
    if (tools.length > 0) options.tools = tools;
    if (this.state.maxOutputTokens > 0) options.maxTokens = this.state.maxOutputTokens;
    return options;
  }

  private modelOptions(iteration: number, llm: Omit<LLMOptions, 'signal'>, onToolCall?: (call: LLMToolCall) => void): ModelCallOptions {
    const options: ModelCallOptions = { llm, timeouts: this.setup.timeouts };
    const hook = this.config.hooks?.onStallWarning;
    if (hook) {
      options.onStall = (info) => {
        try {
          hook({ ...info, iteration });
        } catch (error) {
          this.stallFailure ??= new HookError('hooks.onStallWarning', error);
        }
      };
    }
    if (onToolCall) options.onToolCall = onToolCall;
    return options;
  }

  private async askModel(system: string, iteration: number, onToolCall?: (call: LLMToolCall) => void): Promise<{ response: LLMResponse; stages: CompactionStage[] }> {
    const stages: CompactionStage[] = [];
    for (let attempt = 0; ; attempt++) {
      const messages = normalizeMessages([{ role: 'system', content: system }, ...this.state.messages]);
      try {
        const answer = await callModel(this.config.llm, this.config.fallbackLlm, messages, this.modelOptions(iteration, this.llmOptions(), onToolCall));
        if (this.stallFailure) throw this.stallFailure;
        return { response: answer.response, stages };
      } catch (error) {
        if (this.stallFailure) throw this.stallFailure;
        if (!isKitAIError(error, 'context_overflow')) throw new RunFailure(errorText(error));
        const snipped = attempt < MAX_REACTIVE_RETRIES ? reactiveCompact(this.state.messages, attempt + 1, this.setup.preserveTail) : undefined;
        if (!snipped) {
          throw new RunFailure(`the model reported a context overflow that compaction could not resolve (after ${attempt} reactive compaction${attempt === 1 ? '' : 's'}): ${errorText(error)}; lower contextWindowSize or configure compaction`);
        }
        this.state.messages = snipped;
        this.state.compaction.reactiveCompactRetries++;
        stages.push('reactive');
      }
    }
  }

  private async summarise(transcript: string, iteration: number): Promise<string> {
    const llm: Omit<LLMOptions, 'signal'> = this.state.maxOutputTokens > 0 ? { maxTokens: this.state.maxOutputTokens } : {};
    const answer = await callModel(
      this.config.llm,
      this.config.fallbackLlm,
      [
        { role: 'system', content: SUMMARY_INSTRUCTION },
        { role: 'user', content: transcript },
      ],
      this.modelOptions(iteration, llm),
    );
    this.usage = addUsage(this.usage, answer.response.usage);
    return answer.response.content;
  }

  private maybeNudge(): void {
    const budget = this.setup.budget;
    if (this.state.nudgeSent || !budget) return;
    const threshold = nudgeThreshold(budget, this.setup.maxIterations);
    if (threshold === undefined || this.state.outputTokensUsed < threshold) return;
    this.state.messages.push({ role: 'user', content: nudgeMessage(this.state.outputTokensUsed, budget, this.setup.maxIterations) });
    this.state.nudgeSent = true;
  }

  private async stopHookFeedback(response: string): Promise<string | undefined> {
    for (const hook of this.config.stopHooks ?? []) {
      const context = { response, messages: this.state.messages.slice(), toolCalls: this.state.toolCalls.slice(), goal: this.state.goal };
      const verdict: unknown = await invokeHook('evaluate', () => hook.evaluate(context), `stop hook "${hook.name}"`);
      if (typeof (verdict as { pass?: unknown } | null)?.pass !== 'boolean') {
        throw new RunFailure(`stop hook "${hook.name}" returned ${JSON.stringify(verdict) ?? 'undefined'}; return { pass: boolean, feedback?: string }`);
      }
      if (!(verdict as StopHookResult).pass) {
        const feedback = (verdict as StopHookResult).feedback?.trim();
        return feedback ? feedback : `Your answer did not pass the check "${hook.name}". Revise it.`;
      }
    }
    return undefined;
  }

  private async control(point: ControlPoint, iteration: number): Promise<ControlAction> {
    const hook = this.config.hooks?.getControlState;
    if (!hook) return 'continue';
    const answer: unknown = await invokeHook('getControlState', () => hook({ point, iteration, goal: this.state.goal }));
    const action = (answer as { action?: unknown } | null | undefined)?.action;
    if (action !== 'continue' && action !== 'pause' && action !== 'cancel') {
      throw new RunFailure(`hooks.getControlState returned ${JSON.stringify(answer) ?? 'undefined'}; return { action: 'continue' | 'pause' | 'cancel' }`);
    }
    return action;
  }

  private async afterIteration(iteration: number, started: number, response: LLMResponse, compactions: CompactionStage[], finalAnswer: boolean): Promise<void> {
    const hook = this.config.hooks?.afterIteration;
    const carried = this.carriedCalls;
    this.carriedCalls = undefined;
    if (!hook) return;
    const snapshot = {
      iteration,
      goal: this.state.goal,
      toolCalls: [...(carried?.toolCalls ?? []), ...this.state.toolCalls.filter((record) => record.iteration === iteration)],
      taskCalls: [...(carried?.taskCalls ?? []), ...this.state.taskCalls.filter((record) => record.iteration === iteration)],
      estimatedTokens: estimateTokens(this.state.messages),
      messageCount: this.state.messages.length,
      compactions,
      finalAnswer,
      durationMs: Date.now() - started,
      ...(response.usage ? { usage: response.usage } : {}),
    };
    await invokeHook('afterIteration', () => hook(snapshot));
  }

  /**
   * Hands `checkpoint` to `onCheckpoint`, if set, and returns what it gave back: a checked copy, or
   * `undefined` for nothing. A throw or an invalid checkpoint rejects, leaving `lastCheckpoint` as it was.
   */
  private async offerCheckpoint(checkpoint: AgentCheckpoint): Promise<AgentCheckpoint | undefined> {
    const hook = this.config.hooks?.onCheckpoint;
    if (!hook) return undefined;
    const returned: unknown = await invokeHook('onCheckpoint', () => hook(checkpoint));
    return checkReturnedCheckpoint(returned, checkpoint);
  }

  /** A checkpoint the run carries on from (`initialized`, `tool_result`): a returned checkpoint replaces the run's state. */
  private async carry(stage: 'initialized' | 'tool_result'): Promise<void> {
    if (!this.config.hooks?.onCheckpoint) {
      const snapshot = snapshotOf(this.state);
      this.lastCheckpoint = async () => takeCheckpoint(snapshot, stage);
      return;
    }
    const checkpoint = takeCheckpoint(this.state, stage);
    const returned = await this.offerCheckpoint(checkpoint);
    const kept = returned ?? checkpoint;
    this.lastCheckpoint = async () => kept;
    if (returned) {
      this.state = restoreState(returned);
      this.syncLoaded();
      this.promptCache = undefined;
    }
  }

  /** The `task_wait` checkpoint: the results so far, and the calls still running or not started in `pendingCalls`. */
  private async taskWait(finished: CallOutcome[], pending: IdentifiedCall[], unrecordedCalls: IdentifiedCall[] | undefined): Promise<void> {
    const snapshot = snapshotOf(this.state);
    const make = async (): Promise<AgentCheckpoint> => {
      const messages = snapshot.messages.slice();
      // A streamed reply whose tasks start before it ends is not recorded yet: record the calls so far.
      if (unrecordedCalls) messages.push({ role: 'assistant', content: formatCallsAsText(unrecordedCalls, '') });
      const budget = this.config.toolResultBudget ? { ...this.config.toolResultBudget, persistDir: undefined } : undefined;
      const text = await formatResultsMessage(finished.filter((item) => item.status !== 'denied'), budget);
      if (text !== '') messages.push({ role: 'user', content: text });
      return takeCheckpoint(snapshot, 'task_wait', {
        messages,
        pendingCalls: pending,
        toolCalls: [...snapshot.toolCalls, ...finished.filter((item) => item.kind === 'tool').map(toolRecord)],
        taskCalls: [...snapshot.taskCalls, ...finished.filter((item) => item.kind === 'task').map(taskRecord)],
      });
    };
    if (!this.config.hooks?.onCheckpoint) {
      this.lastCheckpoint = make;
      return;
    }
    const checkpoint = await make();
    const kept = (await this.offerCheckpoint(checkpoint)) ?? checkpoint;
    this.lastCheckpoint = async () => kept;
  }

  private async finalize(ending: Ending): Promise<AgentRunResult> {
    if (ending.status === 'fatal') return this.fatalResult(ending.error);
    const pendingApproval = ending.status === 'approval_required' ? ending.pendingApproval : undefined;
    const pendingCalls = ending.status === 'paused' ? ending.pendingCalls : undefined;
    const taken = takeCheckpoint(this.state, ending.status, { ...(pendingApproval ? { pendingApproval } : {}), ...(pendingCalls ? { pendingCalls } : {}) });
    const checkpoint = (await this.offerCheckpoint(taken)) ?? taken;
    if (!FINAL_STAGES.has(checkpoint.stage)) this.lastCheckpoint = async () => checkpoint;
    const result: AgentRunResult = {
      result: this.lastReply,
      iterations: this.state.iterations,
      toolCalls: this.state.toolCalls,
      taskCalls: this.state.taskCalls,
      status: ending.status,
      checkpoint,
    };
    if (pendingApproval) result.pendingApproval = pendingApproval;
    if (this.usage) result.usage = this.usage;
    return result;
  }

  private async fatalResult(error: string): Promise<AgentRunResult> {
    const result: AgentRunResult = {
      result: this.lastReply,
      iterations: this.state?.iterations ?? 0,
      toolCalls: this.state?.toolCalls ?? [],
      taskCalls: this.state?.taskCalls ?? [],
      status: 'fatal',
      error,
    };
    if (this.lastCheckpoint) result.checkpoint = await this.lastCheckpoint();
    if (this.usage) result.usage = this.usage;
    return result;
  }
}
