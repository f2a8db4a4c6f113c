import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../llm/describe-value.js';
import type { AgentTask, AgentTaskKind } from '../tools/types.js';

export { describeValue };

/** Fields every task factory accepts besides its own. */
export interface TaskBaseOptions {
  /** The name the model calls the task by: letters, digits, `_` and `-`, at most 64 characters (what vendor APIs accept). */
  name: string;
  /** Shown to the model: what the task does and when to use it. */
  description: string;
  /** JSON Schema of the call's arguments; each factory has a default. */
  parameters?: Record<string, unknown>;
  /** `soft` (default) reports a failure to the model; `hard` ends the run `fatal`. */
  failureMode?: 'soft' | 'hard';
  /** May run at the same time as other concurrency-safe calls. Default false. */
  isConcurrencySafe?: boolean;
  /** Deadline of one call in milliseconds; past it the task's work is aborted and the call fails with `tool_timeout`. No deadline when absent. */
  timeoutMs?: number;
}

const taskNamePattern = /^[A-Za-z0-9_-]{1,64}$/;

/**
 * The fields of the `AgentTask` a factory returns that come from `TaskBaseOptions`, with the defaults
 * every kind shares: not concurrency-safe, `soft` failures, and `defaultParameters` (the kind's own
 * schema) when the options give no `parameters`.
 */
export function declaredTask(
  options: TaskBaseOptions,
  kind: AgentTaskKind,
  defaultParameters: Record<string, unknown> = { type: 'object' },
): Omit<AgentTask, 'execute'> {
  return {
    name: options.name,
    description: options.description,
    kind,
    parameters: options.parameters ?? defaultParameters,
    isConcurrencySafe: options.isConcurrencySafe ?? false,
    failureMode: options.failureMode ?? 'soft',
  };
}

/** Throws `invalid_config` naming the factory, the field, the value and the fix. */
export function configError(factory: string, message: string): KitAIError {
  return new KitAIError('invalid_config', `${factory}: ${message}`);
}

/** Checks the fields of `TaskBaseOptions`; returns the label used in later messages (`createShellTask "name"`). */
export function checkBaseOptions(factory: string, options: unknown): asserts options is TaskBaseOptions {
  if (typeof options !== 'object' || options === null || Array.isArray(options)) {
    throw configError(factory, `options must be an object, got ${describeValue(options)}.`);
  }
  const { name, description, parameters, failureMode, isConcurrencySafe, timeoutMs } = options as Record<string, unknown>;
  if (typeof name !== 'string' || !taskNamePattern.test(name)) {
    throw configError(
      factory,
      `name must be 1 to 64 letters, digits, '_' or '-', got ${describeValue(name)}; use a name like "run_tests".`,
    );
  }
  if (typeof description !== 'string' || description.trim() === '') {
    throw configError(factory, `task "${name}" needs a non-empty description for the model, got ${describeValue(description)}.`);
  }
  if (parameters !== undefined && (typeof parameters !== 'object' || parameters === null || Array.isArray(parameters))) {
    throw configError(factory, `task "${name}": parameters must be a JSON Schema object, got ${describeValue(parameters)}.`);
  }
  if (failureMode !== undefined && failureMode !== 'soft' && failureMode !== 'hard') {
    throw configError(factory, `task "${name}": failureMode must be 'soft' or 'hard', got ${describeValue(failureMode)}.`);
  }
  if (isConcurrencySafe !== undefined && typeof isConcurrencySafe !== 'boolean') {
    throw configError(factory, `task "${name}": isConcurrencySafe must be a boolean, got ${describeValue(isConcurrencySafe)}.`);
  }
  checkPositiveNumber(factory, `task "${name}": timeoutMs`, timeoutMs, 'milliseconds');
}

/** Throws unless `value` is undefined or a positive finite number. */
export function checkPositiveNumber(factory: string, field: string, value: unknown, unit: string): void {
  if (value === undefined) return;
  if (typeof value !== 'number' || !Number.isFinite(value) || value <= 0) {
    throw configError(factory, `${field} must be a positive number of ${unit}, got ${describeValue(value)}.`);
  }
}

/** Throws unless `value` is undefined or a non-negative integer. */
export function checkCount(factory: string, field: string, value: unknown): void {
  if (value === undefined) return;
  if (!Number.isInteger(value) || (value as number) < 0) {
    throw configError(factory, `${field} must be a whole number of 0 or more, got ${describeValue(value)}.`);
  }
}

export { errorText as messageOf } from '../llm/describe-value.js';
