import type { Context } from '@opentelemetry/api';
import type { LLMProvider, LLMToolCall } from '../llm/types.js';
import { activeTraceContext } from '../tracing/spans.js';
import type { CallDecision, ControlAction, SmartAgentHooks } from './types.js';
import type { BackgroundTasks } from './background-tasks.js';
import type { Callable } from './callable.js';
import { CallScheduler, type ScheduledWork } from './call-scheduler.js';
import { taskRecord, toolRecord, type CallOutcome, type IdentifiedCall } from './call-outcome.js';
import { invokeHook } from './hook-call.js';
import type { ToolCatalog } from './tool-catalog.js';
import { checkArguments, executeCall, failedBeforeRun } from './tool-executor.js';

/** What a `CallBatch` needs from the run. */
export interface CallBatchEnv {
  catalog: ToolCatalog;
  hooks: SmartAgentHooks;
  goal: string;
  iteration: number;
  llm: LLMProvider;
  /** 1 runs calls one after another; more lets concurrency-safe calls overlap. */
  maxConcurrency: number;
  /** Asked once, before the first call starts (`getControlState` at `before_tools`). */
  controlBeforeTools(): Promise<ControlAction>;
  /** Called right after a task starts, with the outcomes so far and the calls without one (task_wait). */
  onTaskStarted(finished: CallOutcome[], pending: IdentifiedCall[]): Promise<void>;
  /** With `backgroundTasks`: task calls start here and the batch does not wait for them. */
  background?: BackgroundTasks;
}

/** How a reply's calls went. */
export interface CallBatchResult {
  calls: IdentifiedCall[];
  /** By call index; `undefined` for calls that did not run or that run in the background. */
  outcomes: (CallOutcome | undefined)[];
  /** The task calls started in the background (`backgroundTasks`), in call order. */
  started: IdentifiedCall[];
  /** `pause` or `cancel` from `getControlState` before any call ran. */
  stoppedBy?: Exclude<ControlAction, 'continue'>;
  /** The call a before-hook refused, or the first that threw a `CallHeldError` (with its `held`). */
  refused?: { index: number; kind: 'tool' | 'task'; reason: string; held?: { approvalId: string; heldBy?: string } };
  /** The first hard failure. */
  hardFailure?: CallOutcome;
}

/**
 * Runs the calls of one reply, which may arrive one by one while the reply streams. For each call,
 * in order: an unknown name or invalid arguments is an error outcome at once (no hook asked);
 * otherwise `beforeToolCall`/`beforeTaskCall` is asked right before the call would start, and
 * `allowed: false` makes it `denied` and stops the batch; then the call runs (see
 * `CallScheduler` for what runs together). `afterToolCall`/`afterTaskCall` receive every record as
 * soon as it is final: success, error or denied. With `env.background`, an allowed task call is
 * started there and the batch goes on at once; its outcome is the loop's to report later.
 */
export class CallBatch {
  private readonly calls: IdentifiedCall[] = [];
  private readonly outcomes: (CallOutcome | undefined)[] = [];
  private readonly started = new Set<number>();
  private readonly scheduler: CallScheduler<CallOutcome | undefined>;
  private stoppedBy: Exclude<ControlAction, 'continue'> | undefined;
  private refused: CallBatchResult['refused'];
  /** The run's trace context: the calls' spans start from it, also those that start while the reply streams. */
  private readonly traceParent: Context | undefined = activeTraceContext();

  constructor(private readonly env: CallBatchEnv) {
    // A held call stops the batch like a refused one: what follows it waits for the decision.
    this.scheduler = new CallScheduler<CallOutcome | undefined>(
      env.maxConcurrency,
      (outcome) => outcome?.hardFailure === true || outcome?.held !== undefined,
    );
  }

  get size(): number {
    return this.calls.length;
  }

  /** The calls added so far, with their ids. */
  identifiedCalls(): IdentifiedCall[] {
    return this.calls.slice();
  }

  /** Adds the next call of the reply; its id is the provider's or `call_<iteration>_<n>`. */
  add(call: LLMToolCall): IdentifiedCall {
    const identified: IdentifiedCall = { ...call, id: call.id ?? `call_${this.env.iteration}_${this.calls.length + 1}` };
    const index = this.calls.length;
    this.calls.push(identified);
    this.outcomes.push(undefined);
    if (index === 0) {
      this.scheduler.addGate(async () => {
        const action = await this.env.controlBeforeTools();
        if (action !== 'continue') this.stoppedBy = action;
        return action === 'continue';
      });
    }
    this.scheduler.add(this.work(identified, index));
    return identified;
  }

  async finish(): Promise<CallBatchResult> {
    await this.scheduler.finish();
    const result: CallBatchResult = {
      calls: [...this.calls],
      outcomes: [...this.outcomes],
      started: this.calls.filter((_, index) => this.started.has(index)),
    };
    if (this.stoppedBy) result.stoppedBy = this.stoppedBy;
    if (this.refused) result.refused = this.refused;
    const hard = this.outcomes.find((outcome) => outcome?.hardFailure === true);
    if (hard) result.hardFailure = hard;
    return result;
  }

  private work(call: IdentifiedCall, index: number): ScheduledWork<CallOutcome | undefined> {
    const { catalog, iteration } = this.env;
    const callable = catalog.get(call.name);
    const immediate = (error: string, code: 'unknown_tool' | 'invalid_arguments'): ScheduledWork<CallOutcome | undefined> => ({
      safe: true,
      admit: async () => true,
      run: async () => this.settle(index, failedBeforeRun(call, callable, iteration, error, code)),
    });
    if (!callable) return immediate(catalog.unknownNameMessage(call.name), 'unknown_tool');
    const invalid = checkArguments(callable, call.arguments);
    if (invalid) return immediate(invalid, 'invalid_arguments');
    return {
      safe: callable.concurrencySafe,
      admit: () => this.admit(callable, call, index),
      run: async () => {
        const context = {
          goal: this.env.goal,
          iteration,
          llm: this.env.llm,
          ...(this.traceParent ? { traceParent: this.traceParent } : {}),
        };
        const background = callable.kind === 'task' ? this.env.background : undefined;
        let running: Promise<CallOutcome> | undefined;
        if (background) {
          background.start(call, callable.taskKind, iteration, (signal) => executeCall(callable, call, { ...context, signal }));
          this.started.add(index);
        } else running = executeCall(callable, call, context);
        if (callable.kind === 'task') {
          await this.env.onTaskStarted(
            this.outcomes.filter((outcome): outcome is CallOutcome => outcome !== undefined),
            this.calls.filter((_, at) => this.outcomes[at] === undefined),
          );
        }
        return running ? this.settle(index, await running) : undefined;
      },
    };
  }

  private async admit(callable: Callable, call: IdentifiedCall, index: number): Promise<boolean> {
    const hookName = callable.kind === 'tool' ? 'beforeToolCall' : 'beforeTaskCall';
    const hook = this.env.hooks[hookName];
    if (!hook) return true;
    const request = { id: call.id, name: call.name, args: call.arguments, iteration: this.env.iteration, goal: this.env.goal };
    const decision: unknown = await invokeHook<CallDecision>(hookName, () => hook(request));
    const allowed = (decision as { allowed?: unknown } | null | undefined)?.allowed;
    if (typeof allowed !== 'boolean') {
      throw new Error(
        `hooks.${hookName} returned ${JSON.stringify(decision) ?? 'undefined'}; return { allowed: boolean, reason?: string }`,
      );
    }
    if (allowed) return true;
    const reason = (decision as CallDecision).reason ?? `refused by ${hookName}`;
    this.refused = { index, kind: callable.kind, reason };
    await this.settle(index, {
      call,
      kind: callable.kind,
      taskKind: callable.taskKind,
      status: 'denied',
      error: reason,
      iteration: this.env.iteration,
      startedAt: new Date().toISOString(),
      durationMs: 0,
    });
    return false;
  }

  private async settle(index: number, outcome: CallOutcome): Promise<CallOutcome> {
    this.outcomes[index] = outcome;
    if (outcome.held && !this.refused) this.refused = { index, kind: outcome.kind, reason: outcome.error ?? 'held', held: outcome.held };
    if (outcome.kind === 'task') {
      const hook = this.env.hooks.afterTaskCall;
      if (hook) await invokeHook('afterTaskCall', () => hook(taskRecord(outcome)));
    } else {
      const hook = this.env.hooks.afterToolCall;
      if (hook) await invokeHook('afterToolCall', () => hook(toolRecord(outcome)));
    }
    return outcome;
  }
}
