import type { AgentRunResult, AgentRunStatus } from '../agent/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../memory/checks.js';
import type { AgentTaskCallRecord, AgentToolCallRecord } from '../tools/types.js';
import type { NewExperience } from './checks.js';
import type { EvolutionConfig, Experience, TrajectoryStep } from './types.js';

/** The input of `buildExperience`. */
export interface BuildExperienceInput {
  goal: string;
  result: AgentRunResult;
  /** How long the run took, in milliseconds. */
  durationMs: number;
  /** Names of the skills activated; default `result.checkpoint.activeSkills`, else none. */
  skillsUsed?: string[];
}

/** Longest `summary` of a trajectory step; longer results and answers are cut, ending in `...`. */
export const trajectorySummaryLength = 200;

const statuses = new Set<AgentRunStatus>(['completed', 'max_iterations', 'approval_required', 'paused', 'canceled', 'fatal']);

/** `success` for `completed`, `failure` for `fatal` and `canceled`, `partial` for the rest (max_iterations, approval_required, paused). */
export function outcomeOf(status: AgentRunStatus): Experience['outcome'] {
  if (status === 'completed') return 'success';
  if (status === 'fatal' || status === 'canceled') return 'failure';
  return 'partial';
}

function shorten(text: string): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= trajectorySummaryLength ? flat : `${flat.slice(0, trajectorySummaryLength - 3)}...`;
}

/** Text of a value for a summary: strings as they are, anything else as JSON. */
function textOf(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  try {
    return JSON.stringify(value) ?? String(value);
  } catch {
    return String(value);
  }
}

function stepOf(kind: 'tool' | 'task', record: AgentToolCallRecord | AgentTaskCallRecord): TrajectoryStep {
  const name = kind === 'tool' ? (record as AgentToolCallRecord).tool : (record as AgentTaskCallRecord).task;
  const summary = record.status === 'success' ? shorten(textOf(record.result)) : shorten(record.error ?? record.status);
  return { iteration: record.iteration, kind, name, args: record.args, status: record.status, summary };
}

function checkResult(component: string, result: unknown): asserts result is AgentRunResult {
  if (typeof result !== 'object' || result === null)
    throw new KitAIError('invalid_arguments', `${component}: result must be the AgentRunResult of a run, got ${describeValue(result)}.`);
  const { status, iterations, toolCalls, taskCalls } = result as Record<string, unknown>;
  if (typeof status !== 'string' || !statuses.has(status as AgentRunStatus)) {
    throw new KitAIError(
      'invalid_arguments',
      `${component}: result.status must be an AgentRunStatus (completed, max_iterations, approval_required, paused, canceled, fatal), got ${describeValue(status)}.`,
    );
  }
  if (typeof iterations !== 'number' || !(iterations >= 0))
    throw new KitAIError(
      'invalid_arguments',
      `${component}: result.iterations must be a number of 0 or more, got ${describeValue(iterations)}.`,
    );
  if (!Array.isArray(toolCalls))
    throw new KitAIError('invalid_arguments', `${component}: result.toolCalls must be an array, got ${describeValue(toolCalls)}.`);
  if (!Array.isArray(taskCalls))
    throw new KitAIError('invalid_arguments', `${component}: result.taskCalls must be an array, got ${describeValue(taskCalls)}.`);
}

/**
 * Turns a finished run into an experience, ready for `EvolutionStore.recordExperience`:
 *
 * - `outcome`: `success` for `completed`; `failure` for `fatal` and `canceled`; `partial` for
 *   `max_iterations`, `approval_required` and `paused`. `status` and `error` are copied from the result.
 * - `trajectory`: one step per tool and task call, in the order of their iteration, then of their start
 *   (`summary` is the result, as JSON unless a string, or the error; at most 200 characters), then for a
 *   `completed` run one `answer` step with the start of the final answer.
 * - `iterations` from the result, `tokenUsage` from `result.usage.totalTokens` (0 when absent),
 *   `duration` = `durationMs`, `skillsUsed` from the input, else `result.checkpoint.activeSkills`, else `[]`.
 *
 * @example
 * ```ts
 * import { buildExperience, InMemoryEvolutionStore, type AgentRunResult } from '@kit/kit-ai';
 *
 * declare const result: AgentRunResult;
 * const store = new InMemoryEvolutionStore();
 * const started = Date.now();
 * const experience = buildExperience({ goal: 'Refund order 1042', result, durationMs: Date.now() - started });
 * const id = await store.recordExperience(experience);
 * console.log(id, experience.outcome, experience.trajectory.length);
 * ```
 */
export function buildExperience(input: BuildExperienceInput): Omit<Experience, 'id' | 'recordedAt'> {
  const component = 'buildExperience';
  if (typeof input !== 'object' || input === null)
    throw new KitAIError(
      'invalid_arguments',
      `${component}: input must be an object { goal, result, durationMs }, got ${describeValue(input)}.`,
    );
  const { goal, result, durationMs, skillsUsed } = input;
  if (typeof goal !== 'string' || goal.trim() === '')
    throw new KitAIError('invalid_arguments', `${component}: goal must be the non-empty goal of the run, got ${describeValue(goal)}.`);
  checkResult(component, result);
  if (typeof durationMs !== 'number' || !Number.isFinite(durationMs) || durationMs < 0) {
    throw new KitAIError(
      'invalid_arguments',
      `${component}: durationMs must be a finite number of milliseconds of 0 or more, got ${describeValue(durationMs)}.`,
    );
  }
  if (skillsUsed !== undefined && (!Array.isArray(skillsUsed) || skillsUsed.some((name) => typeof name !== 'string'))) {
    throw new KitAIError(
      'invalid_arguments',
      `${component}: skillsUsed must be an array of skill names, got ${describeValue(skillsUsed)}.`,
    );
  }

  const calls = [
    ...result.toolCalls.map((record, index) => ({ step: stepOf('tool', record), startedAt: record.startedAt, index })),
    ...result.taskCalls.map((record, index) => ({
      step: stepOf('task', record),
      startedAt: record.startedAt,
      index: result.toolCalls.length + index,
    })),
  ];
  calls.sort(
    (left, right) =>
      left.step.iteration - right.step.iteration ||
      (left.startedAt < right.startedAt ? -1 : left.startedAt > right.startedAt ? 1 : 0) ||
      left.index - right.index,
  );
  const trajectory = calls.map(({ step }) => step);
  if (result.status === 'completed')
    trajectory.push({ iteration: result.iterations, kind: 'answer', summary: shorten(textOf(result.result)) });

  const experience: NewExperience = {
    goal,
    outcome: outcomeOf(result.status),
    trajectory,
    iterations: result.iterations,
    tokenUsage: result.usage?.totalTokens ?? 0,
    duration: durationMs,
    skillsUsed: [...(skillsUsed ?? result.checkpoint?.activeSkills ?? [])],
    status: result.status,
  };
  if (result.error !== undefined) experience.error = result.error;
  return experience;
}

/**
 * Whether a run is recorded as an experience under a `capture` setting: `every-run` (the default, also for
 * `undefined`) records all; `on-failure` those whose status is not `completed`; `on-success` those that
 * are `completed`; a function, those for which it returns true.
 *
 * @example
 * ```ts
 * import { shouldCapture, type AgentRunResult } from '@kit/kit-ai';
 *
 * declare const result: AgentRunResult;
 * if (shouldCapture('on-failure', result)) console.log('worth learning from:', result.error ?? result.status);
 * shouldCapture((run) => run.status !== 'canceled', result);
 * ```
 */
export function shouldCapture(capture: EvolutionConfig['capture'], result: AgentRunResult): boolean {
  if (capture === undefined || capture === 'every-run') return true;
  if (capture === 'on-failure') return result.status !== 'completed';
  if (capture === 'on-success') return result.status === 'completed';
  if (typeof capture === 'function') return capture(result) === true;
  throw new KitAIError(
    'invalid_config',
    `shouldCapture: capture must be 'every-run', 'on-failure', 'on-success' or a function (result) => boolean, got ${describeValue(capture)}.`,
  );
}
