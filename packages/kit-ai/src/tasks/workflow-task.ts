import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentTask, AgentTaskExecutionContext, ToolArgs } from '../tools/types.js';
import {
  checkBaseOptions,
  checkCount,
  checkPositiveNumber,
  configError,
  declaredTask,
  describeValue,
  messageOf,
  type TaskBaseOptions,
} from './task-options.js';
import { taskDeadline } from './task-deadline.js';

/** One step of a workflow. */
export interface WorkflowStep<Input = unknown, Output = unknown> {
  /** Names the step in the result and in errors; unique within the workflow. */
  name: string;
  /**
   * Does the step's work. `input` is the previous step's output (the first step gets the call's arguments);
   * `context.signal` is aborted when the call's `context.signal` aborts or a timeout passes.
   */
  run(input: Input, context: AgentTaskExecutionContext): Promise<Output> | Output;
  /** Further attempts after a failure (so `retries: 2` means up to 3 runs). Default 0. */
  retries?: number;
  /** Wait between attempts in milliseconds. Default 0. */
  retryDelayMs?: number;
  /** Deadline of one attempt in milliseconds; a late attempt counts as failed (and may be retried). No deadline when absent. */
  timeoutMs?: number;
}

/** Options of `createWorkflowTask`. */
export interface WorkflowTaskOptions extends TaskBaseOptions {
  /** The steps, run in order; at least one. */
  steps: WorkflowStep[];
}

/** What a workflow task returns. */
export interface WorkflowTaskResult {
  /** Every step in order, with its output, its time (all attempts included) and how many attempts it took. */
  steps: { name: string; output: unknown; durationMs: number; attempts: number }[];
  /** The last step's output. */
  output: unknown;
}

function checkWorkflowOptions(options: unknown): asserts options is WorkflowTaskOptions {
  const factory = 'createWorkflowTask';
  checkBaseOptions(factory, options);
  const { name, steps } = options as WorkflowTaskOptions;
  if (!Array.isArray(steps) || steps.length === 0) {
    throw configError(
      factory,
      `task "${name}": steps must be a non-empty array of { name, run }, got ${Array.isArray(steps) ? 'an empty array' : describeValue(steps)}.`,
    );
  }
  const seen = new Set<string>();
  steps.forEach((step: unknown, index) => {
    const where = `task "${name}": steps[${index}]`;
    if (typeof step !== 'object' || step === null)
      throw configError(factory, `${where} must be an object { name, run }, got ${describeValue(step)}.`);
    const { name: stepName, run, retries, retryDelayMs, timeoutMs } = step as Record<string, unknown>;
    if (typeof stepName !== 'string' || stepName.trim() === '')
      throw configError(factory, `${where}.name must be a non-empty string, got ${describeValue(stepName)}.`);
    if (seen.has(stepName)) throw configError(factory, `task "${name}": two steps are named "${stepName}"; step names must be unique.`);
    seen.add(stepName);
    if (typeof run !== 'function')
      throw configError(factory, `${where} ("${stepName}"): run must be a function (input, context) => output, got ${describeValue(run)}.`);
    checkCount(factory, `${where} ("${stepName}"): retries`, retries);
    checkCount(factory, `${where} ("${stepName}"): retryDelayMs`, retryDelayMs);
    checkPositiveNumber(factory, `${where} ("${stepName}"): timeoutMs`, timeoutMs, 'milliseconds');
  });
}

/** Resolves after `ms`, or rejects at once when `signal` aborts. */
function pause(ms: number, signal: AbortSignal): Promise<void> {
  if (ms === 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => {
      signal.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    function onAbort(): void {
      clearTimeout(timer);
      reject(signal.reason);
    }
    signal.addEventListener('abort', onAbort, { once: true });
  });
}

/**
 * A task that runs named steps in order, each receiving the previous step's output (the first receives the
 * call's arguments). A step may be retried (`retries`, `retryDelayMs`) and bounded (`timeoutMs`). The first
 * step that still fails stops the workflow: the call fails with `KitAIError('tool_failed')` naming the step,
 * its position and its attempts, with the step's error as `cause`. The task's own `timeoutMs` bounds the whole
 * workflow (`tool_timeout`), and an aborted `context.signal` cancels it (`aborted`); neither is retried, and a step
 * still running is told through `context.signal`.
 *
 * Result: `{ steps: [{ name, output, durationMs, attempts }], output }` where `output` is the last step's.
 * Default `parameters`: `{ type: 'object' }` (any arguments). Bad options throw `KitAIError('invalid_config')`.
 *
 * @example
 * ```ts
 * import { createWorkflowTask } from '@kit/kit-ai';
 *
 * const release = createWorkflowTask({
 *   name: 'prepare_release',
 *   description: 'Collect the changes since a tag and draft release notes.',
 *   parameters: { type: 'object', properties: { since: { type: 'string' } }, required: ['since'] },
 *   timeoutMs: 60_000,
 *   steps: [
 *     // `run` is a method, so a step may declare the input type it expects.
 *     { name: 'collect', run: async (input: { since: string }) => ({ since: input.since, changes: ['fix login', 'faster search'] }) },
 *     { name: 'draft', retries: 2, retryDelayMs: 500, run: async (input: { changes: string[] }) => input.changes.map((change) => `- ${change}`).join('\n') },
 *   ],
 * });
 * ```
 */
export function createWorkflowTask(options: WorkflowTaskOptions): AgentTask {
  checkWorkflowOptions(options);
  const { name, timeoutMs } = options;
  const steps = options.steps.map((step) => ({ ...step }));
  const label = `createWorkflowTask "${name}"`;

  async function runStep(
    step: WorkflowStep,
    index: number,
    input: unknown,
    context: AgentTaskExecutionContext,
    workflowSignal: AbortSignal,
  ) {
    const attempts = (step.retries ?? 0) + 1;
    const started = performance.now();
    let lastError: unknown;
    for (let attempt = 1; attempt <= attempts; attempt++) {
      if (workflowSignal.aborted) throw workflowSignal.reason;
      const stepDeadline = taskDeadline(`${label}: step "${step.name}"`, workflowSignal, step.timeoutMs);
      try {
        const output = await stepDeadline.race(Promise.resolve().then(() => step.run(input, { ...context, signal: stepDeadline.signal })));
        return { name: step.name, output, durationMs: Math.round(performance.now() - started), attempts: attempt };
      } catch (error) {
        // The workflow's own end (cancel, overall timeout) is not the step's failure: never retried.
        if (workflowSignal.aborted) throw workflowSignal.reason;
        lastError = error;
      } finally {
        stepDeadline.dispose();
      }
      if (attempt < attempts) await pause(step.retryDelayMs ?? 0, workflowSignal);
    }
    throw new KitAIError(
      'tool_failed',
      `${label}: step "${step.name}" (${index + 1} of ${steps.length}) failed${attempts > 1 ? ` after ${attempts} attempts` : ''}: ${messageOf(lastError)}`,
      { cause: lastError },
    );
  }

  async function execute(args: ToolArgs, context: AgentTaskExecutionContext): Promise<WorkflowTaskResult> {
    const deadline = taskDeadline(label, context?.signal, timeoutMs);
    try {
      const already = deadline.reason();
      if (already) throw already;
      const done: WorkflowTaskResult['steps'] = [];
      let input: unknown = args;
      for (const [index, step] of steps.entries()) {
        const record = await deadline.race(runStep(step, index, input, context, deadline.signal));
        done.push(record);
        input = record.output;
      }
      return { steps: done, output: input };
    } finally {
      deadline.dispose();
    }
  }

  return { ...declaredTask(options, 'workflow'), execute };
}
