import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../memory/checks.js';
import type { EvolutionConfig, Experience, ExperienceQuery, NewStrategy, PruningConfig } from './types.js';

/** A recorded run as given to `recordExperience`. */
export type NewExperience = Omit<Experience, 'id' | 'recordedAt'>;

const outcomes = new Set(['success', 'failure', 'partial']);
const stepKinds = new Set(['tool', 'task', 'answer']);

function invalid(component: string, message: string): KitAIError {
  return new KitAIError('invalid_arguments', `${component}: ${message}`);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkStringList(component: string, value: unknown, field: string): asserts value is string[] {
  if (!Array.isArray(value)) throw invalid(component, `${field} must be an array of strings, got ${describeValue(value)}.`);
  const bad = value.findIndex((element) => typeof element !== 'string');
  if (bad >= 0) throw invalid(component, `${field}[${bad}] must be a string, got ${describeValue(value[bad])}.`);
}

function checkCountField(component: string, value: unknown, field: string, example: string): asserts value is number {
  if (typeof value !== 'number' || !Number.isFinite(value) || value < 0)
    throw invalid(component, `${field} must be a finite number of 0 or more such as ${example}, got ${describeValue(value)}.`);
}

/**
 * Keeps a utility within 0..1, the range every store guarantees, rounded to 9 decimals: without the
 * rounding, 0.5 plus three steps of 0.1 is 0.7999999999999999 and would miss a promotion threshold of 0.8.
 */
export function clampUtility(value: number): number {
  return Math.round(Math.min(1, Math.max(0, value)) * 1e9) / 1e9;
}

/** Checks an experience given to `recordExperience`. */
export function checkNewExperience(component: string, experience: unknown): asserts experience is NewExperience {
  if (!isRecord(experience))
    throw invalid(component, `experience must be an object (build it with buildExperience()), got ${describeValue(experience)}.`);
  const { goal, outcome, trajectory, iterations, tokenUsage, duration, skillsUsed, status, error } = experience;
  if (typeof goal !== 'string' || goal.trim() === '')
    throw invalid(component, `experience.goal must be a non-empty string, got ${describeValue(goal)}.`);
  if (typeof outcome !== 'string' || !outcomes.has(outcome))
    throw invalid(component, `experience.outcome must be 'success', 'failure' or 'partial', got ${describeValue(outcome)}.`);
  if (!Array.isArray(trajectory))
    throw invalid(component, `experience.trajectory must be an array of steps, got ${describeValue(trajectory)}.`);
  trajectory.forEach((step: unknown, index) => {
    if (!isRecord(step))
      throw invalid(
        component,
        `experience.trajectory[${index}] must be an object { iteration, kind, summary }, got ${describeValue(step)}.`,
      );
    if (typeof step.iteration !== 'number' || !Number.isFinite(step.iteration))
      throw invalid(component, `experience.trajectory[${index}].iteration must be a number, got ${describeValue(step.iteration)}.`);
    if (typeof step.kind !== 'string' || !stepKinds.has(step.kind))
      throw invalid(component, `experience.trajectory[${index}].kind must be 'tool', 'task' or 'answer', got ${describeValue(step.kind)}.`);
    if (typeof step.summary !== 'string')
      throw invalid(component, `experience.trajectory[${index}].summary must be a string, got ${describeValue(step.summary)}.`);
  });
  checkCountField(component, iterations, 'experience.iterations', '3');
  checkCountField(component, tokenUsage, 'experience.tokenUsage', '1200');
  checkCountField(component, duration, 'experience.duration', '850 (milliseconds)');
  checkStringList(component, skillsUsed, 'experience.skillsUsed');
  if (status !== undefined && typeof status !== 'string')
    throw invalid(component, `experience.status must be a string, got ${describeValue(status)}.`);
  if (error !== undefined && typeof error !== 'string')
    throw invalid(component, `experience.error must be a string, got ${describeValue(error)}.`);
}

/** Checks the filters of `queryExperiences`. */
export function checkExperienceQuery(component: string, query: unknown): asserts query is ExperienceQuery {
  if (!isRecord(query))
    throw invalid(
      component,
      `query must be an object such as { goal: 'refund', limit: 5 } ({} for every experience), got ${describeValue(query)}.`,
    );
  const { goal, outcome, since, ids, limit } = query;
  if (goal !== undefined && typeof goal !== 'string') throw invalid(component, `query.goal must be a string, got ${describeValue(goal)}.`);
  if (outcome !== undefined && (typeof outcome !== 'string' || !outcomes.has(outcome)))
    throw invalid(component, `query.outcome must be 'success', 'failure' or 'partial', got ${describeValue(outcome)}.`);
  if (since !== undefined && (typeof since !== 'string' || Number.isNaN(Date.parse(since)))) {
    throw invalid(component, `query.since must be an ISO 8601 time such as '2025-01-31T00:00:00Z', got ${describeValue(since)}.`);
  }
  if (ids !== undefined) checkStringList(component, ids, 'query.ids');
  if (limit !== undefined && (typeof limit !== 'number' || Number.isNaN(limit)))
    throw invalid(component, `query.limit must be a number such as 10, got ${describeValue(limit)}.`);
}

/** Checks a strategy given to `storeStrategy`. */
export function checkNewStrategy(component: string, strategy: unknown): asserts strategy is NewStrategy {
  if (!isRecord(strategy))
    throw invalid(component, `strategy must be an object { content, source, utility, applications }, got ${describeValue(strategy)}.`);
  const { content, source, utility, applications } = strategy;
  if (typeof content !== 'string' || content.trim() === '')
    throw invalid(component, `strategy.content must be a non-empty string, got ${describeValue(content)}.`);
  checkStringList(component, source, 'strategy.source');
  if (typeof utility !== 'number' || !Number.isFinite(utility))
    throw invalid(component, `strategy.utility must be a number from 0 to 1 such as 0.5, got ${describeValue(utility)}.`);
  if (!Number.isInteger(applications) || (applications as number) < 0)
    throw invalid(component, `strategy.applications must be an integer of 0 or more, got ${describeValue(applications)}.`);
}

// A stored skill is offered to later runs through activate_skill, so it must pass the same checks as one
// a developer writes with defineSkill: one rule, in one place.
export { checkSkill } from '../skills/check-skill.js';

/** Checks a `PruningConfig`. */
export function checkPruning(component: string, config: unknown): asserts config is PruningConfig {
  if (!isRecord(config))
    throw invalid(
      component,
      `config must be an object such as { maxStrategies: 200, minUtility: 0.2, maxAgeDays: 90 }, got ${describeValue(config)}.`,
    );
  const { maxStrategies, minUtility, maxAgeDays } = config;
  if (maxStrategies !== undefined && !(Number.isInteger(maxStrategies) && (maxStrategies as number) >= 0)) {
    throw invalid(component, `maxStrategies must be an integer of 0 or more such as 200, got ${describeValue(maxStrategies)}.`);
  }
  if (minUtility !== undefined && (typeof minUtility !== 'number' || !(minUtility >= 0 && minUtility <= 1)))
    throw invalid(component, `minUtility must be a number from 0 to 1 such as 0.2, got ${describeValue(minUtility)}.`);
  if (maxAgeDays !== undefined && (typeof maxAgeDays !== 'number' || !(maxAgeDays >= 0) || maxAgeDays === Infinity)) {
    throw invalid(component, `maxAgeDays must be a finite number of days of 0 or more such as 90, got ${describeValue(maxAgeDays)}.`);
  }
}

/** Checks an id argument. */
export function checkId(component: string, id: unknown): asserts id is string {
  if (typeof id !== 'string' || id === '') throw invalid(component, `id must be a non-empty string, got ${describeValue(id)}.`);
}

/** Checks the `delta` of `updateStrategyUtility`. */
export function checkDelta(component: string, delta: unknown): asserts delta is number {
  if (typeof delta !== 'number' || !Number.isFinite(delta))
    throw invalid(component, `delta must be a finite number such as 0.1 or -0.1, got ${describeValue(delta)}.`);
}

/** The error of an id no strategy has. */
export function unknownStrategy(component: string, id: string): KitAIError {
  return invalid(component, `no strategy has id ${JSON.stringify(id)}; it may have been pruned. Take ids from queryStrategies().`);
}

/** The methods an `EvolutionStore` must have. */
export const evolutionStoreMethods = [
  'recordExperience',
  'queryExperiences',
  'storeStrategy',
  'queryStrategies',
  'updateStrategyUtility',
  'incrementStrategyApplications',
  'storeSkill',
  'querySkills',
  'pruneStrategies',
  'getStats',
] as const;

/**
 * Checks an `EvolutionConfig` as a whole, throwing `invalid_config` with messages of the form
 * `<component>: <field>.<part> must be ...`. `createSmartAgent` calls it, so a bad `pruning` or
 * `skillPromotion` fails when the agent is made rather than silently after every run.
 */
export function checkEvolutionConfig(component: string, field: string, config: unknown): asserts config is EvolutionConfig {
  const fail = (part: string, message: string): never => {
    throw new KitAIError('invalid_config', `${component}: ${field}${part} ${message}`);
  };
  if (!isRecord(config)) fail('', `must be an EvolutionConfig object { store, ... }, got ${describeValue(config)}.`);
  const { store, capture, distillation, distiller, pruning, skillPromotion } = config as Record<string, unknown>;
  const missing = evolutionStoreMethods.filter(
    (method) => typeof (store as Record<string, unknown> | null | undefined)?.[method] !== 'function',
  );
  if (missing.length > 0)
    fail(
      '.store',
      `must be an EvolutionStore (missing ${missing.join(', ')}); use new InMemoryEvolutionStore() or new SqliteEvolutionStore().`,
    );
  if (capture !== undefined && typeof capture !== 'function' && !['every-run', 'on-failure', 'on-success'].includes(capture as string)) {
    fail('.capture', `must be 'every-run', 'on-failure', 'on-success' or a function of the run result, got ${describeValue(capture)}.`);
  }
  if (distillation !== undefined && distillation !== 'post-run' && distillation !== 'manual')
    fail('.distillation', `must be 'post-run' or 'manual', got ${describeValue(distillation)}.`);
  if (distiller !== undefined && typeof (distiller as { distill?: unknown } | null)?.distill !== 'function')
    fail('.distiller', `must be a Distiller (an object with distill()), got ${describeValue(distiller)}.`);
  if (pruning !== undefined) {
    try {
      checkPruning(`${component}: ${field}.pruning`, pruning);
    } catch (error) {
      throw new KitAIError('invalid_config', (error as Error).message);
    }
  }
  if (skillPromotion !== undefined) {
    if (!isRecord(skillPromotion))
      fail('.skillPromotion', `must be an object such as { enabled: true }, got ${describeValue(skillPromotion)}.`);
    const { enabled, minApplications, minUtility } = skillPromotion as Record<string, unknown>;
    if (enabled !== undefined && typeof enabled !== 'boolean')
      fail('.skillPromotion.enabled', `must be true or false, got ${describeValue(enabled)}.`);
    if (minApplications !== undefined && !(Number.isInteger(minApplications) && (minApplications as number) >= 0)) {
      fail('.skillPromotion.minApplications', `must be an integer of 0 or more such as 5, got ${describeValue(minApplications)}.`);
    }
    if (minUtility !== undefined && !(typeof minUtility === 'number' && minUtility >= 0 && minUtility <= 1)) {
      fail('.skillPromotion.minUtility', `must be a number from 0 to 1 such as 0.8, got ${describeValue(minUtility)}.`);
    }
  }
}
