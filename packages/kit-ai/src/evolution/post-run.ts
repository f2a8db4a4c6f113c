import type { AgentRunResult } from '../agent/types.js';
import { isKitAIError, KitAIError } from '../errors/kit-ai-error.js';
import type { LLMProvider } from '../llm/types.js';
import { describeValue, errorText } from '../memory/checks.js';
import { checkEvolutionConfig } from './checks.js';
import { buildExperience, outcomeOf, shouldCapture } from './experience.js';
import { LlmDistiller } from './llm-distiller.js';
import { promoteStrategies } from './promotion.js';
import type { EvolutionConfig, Experience } from './types.js';

const component = 'runPostRunEvolution';

/** Change of an applied strategy's utility per outcome of the run. */
export const utilityDeltas: Record<Experience['outcome'], number> = { success: 0.1, failure: -0.1, partial: 0 };

/** Past experiences with a similar goal given to the distiller besides the new one. */
const similarExperiences = 2;

/** Known strategies shown to the distiller, so it does not repeat them. */
const knownStrategies = 10;

/** The input of `runPostRunEvolution`. */
export interface PostRunEvolutionInput {
  config: EvolutionConfig;
  result: AgentRunResult;
  goal: string;
  /** How long the run took, in milliseconds. */
  durationMs: number;
  /** Names of the skills activated during the run. */
  skillsUsed: string[];
  /** The run's model: the default distiller (`new LlmDistiller({ llm })`) uses it. */
  llm: LLMProvider;
  /** Ids of the strategies that were in the run's prompt. */
  appliedStrategyIds?: string[];
}

/** What `runPostRunEvolution` did. */
export interface PostRunEvolutionReport {
  /** Whether the run was recorded as an experience (see `shouldCapture`). */
  captured: boolean;
  experienceId?: string;
  /** Strategies the distiller produced and the store saved. */
  strategiesAdded: number;
  /** Strategies removed by pruning (0 without `config.pruning`). */
  pruned: number;
  /** Names of the skills promoted from strategies in this call. */
  promotedSkills: string[];
  /** Applied strategies whose utility changed (0 for a `partial` run, where the delta is 0). */
  utilityUpdates: number;
  /**
   * A message per step that failed (`<step>: <error message>`; steps are `capture`, `applied strategies`,
   * `distillation`, `pruning` and `skill promotion`). A failing step does not stop the others and never
   * makes the call reject, so evolution cannot break the run it follows.
   */
  errors: string[];
}

function checkInput(input: unknown): asserts input is PostRunEvolutionInput {
  if (typeof input !== 'object' || input === null)
    throw new KitAIError(
      'invalid_config',
      `${component}: input must be an object { config, result, goal, durationMs, skillsUsed, llm }, got ${describeValue(input)}.`,
    );
  const { config, llm, skillsUsed, appliedStrategyIds } = input as Record<string, unknown>;
  if (typeof config !== 'object' || config === null)
    throw new KitAIError('invalid_config', `${component}: config must be the EvolutionConfig of the agent, got ${describeValue(config)}.`);
  checkEvolutionConfig(component, 'config', config);
  const { distillation, distiller } = config;
  if (
    distiller === undefined &&
    (distillation ?? 'post-run') === 'post-run' &&
    typeof (llm as { chat?: unknown } | null)?.chat !== 'function'
  ) {
    throw new KitAIError(
      'invalid_config',
      `${component}: llm must be an LLMProvider for the default distiller, got ${describeValue(llm)}; pass the run's model, or set config.distiller.`,
    );
  }
  if (!Array.isArray(skillsUsed) || skillsUsed.some((name) => typeof name !== 'string')) {
    throw new KitAIError(
      'invalid_arguments',
      `${component}: skillsUsed must be an array of skill names ([] for none), got ${describeValue(skillsUsed)}.`,
    );
  }
  if (appliedStrategyIds !== undefined && (!Array.isArray(appliedStrategyIds) || appliedStrategyIds.some((id) => typeof id !== 'string'))) {
    throw new KitAIError(
      'invalid_arguments',
      `${component}: appliedStrategyIds must be an array of strategy ids, got ${describeValue(appliedStrategyIds)}.`,
    );
  }
}

/**
 * The evolution work after a run, in this order:
 *
 * 1. **Capture**: when `shouldCapture(config.capture, result)`, `buildExperience` and `recordExperience`.
 * 2. **Applied strategies** (`appliedStrategyIds`, each once): `incrementStrategyApplications`, then
 *    `updateStrategyUtility` by +0.1 when the run's outcome is `success`, -0.1 for `failure`, nothing for
 *    `partial` (utility stays within 0..1). Ids no longer in the store (pruned meanwhile) are skipped.
 * 3. **Distillation**, when `config.distillation` is `post-run` (the default) and the run was captured: the
 *    distiller (`config.distiller`, default `new LlmDistiller({ llm })`) gets the new experience plus up to
 *    2 past ones with the most similar goals, and the 10 strategies most relevant to the goal as known ones;
 *    each strategy it returns is stored.
 * 4. **Pruning**, when `config.pruning` is set: `pruneStrategies(config.pruning)`.
 * 5. **Skill promotion**, when `config.skillPromotion.enabled`: every strategy with at least
 *    `minApplications` (default 5) applications and a utility of at least `minUtility` (default 0.8)
 *    becomes an `AgentSkill` (`source: 'evolved'`, `prompt` = the strategy's content, `trigger` naming the
 *    goals of its experiences, name from its first words and id) stored once with `storeSkill`.
 *
 * A step that fails is reported in `errors` and the next steps still run; the call rejects only for an
 * invalid input (`invalid_config`, `invalid_arguments`).
 *
 * @example
 * ```ts
 * import { InMemoryEvolutionStore, runPostRunEvolution, type AgentRunResult, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * declare const result: AgentRunResult;
 * const store = new InMemoryEvolutionStore();
 * const report = await runPostRunEvolution({
 *   config: { store, capture: 'every-run', pruning: { maxStrategies: 100 }, skillPromotion: { enabled: true } },
 *   result,
 *   goal: 'Refund order 1042',
 *   durationMs: 2400,
 *   skillsUsed: [],
 *   llm,
 *   appliedStrategyIds: [],
 * });
 * console.log(report.captured, report.strategiesAdded, report.promotedSkills, report.errors);
 * ```
 */
export async function runPostRunEvolution(input: PostRunEvolutionInput): Promise<PostRunEvolutionReport> {
  checkInput(input);
  const { config, result, goal, durationMs, skillsUsed, llm } = input;
  const store = config.store;
  const report: PostRunEvolutionReport = {
    captured: false,
    strategiesAdded: 0,
    pruned: 0,
    promotedSkills: [],
    utilityUpdates: 0,
    errors: [],
  };
  const attempt = async (step: string, work: () => Promise<void>): Promise<void> => {
    try {
      await work();
    } catch (error) {
      report.errors.push(`${step}: ${errorText(error)}`);
    }
  };

  // Input mistakes surface before anything is written: the capture setting and the run itself.
  const captured = shouldCapture(config.capture, result);
  const experience = buildExperience({ goal, result, durationMs, skillsUsed });

  if (captured) {
    await attempt('capture', async () => {
      report.experienceId = await store.recordExperience(experience);
      report.captured = true;
    });
  }

  const applied = [...new Set(input.appliedStrategyIds ?? [])];
  if (applied.length > 0) {
    const delta = utilityDeltas[outcomeOf(result.status)];
    await attempt('applied strategies', async () => {
      for (const id of applied) {
        try {
          await store.incrementStrategyApplications(id);
          if (delta !== 0) {
            await store.updateStrategyUtility(id, delta);
            report.utilityUpdates += 1;
          }
        } catch (error) {
          // A strategy pruned since the run started has nothing left to rate.
          if (!isKitAIError(error, 'invalid_arguments')) throw error;
        }
      }
    });
  }

  const experienceId = report.experienceId;
  if ((config.distillation ?? 'post-run') === 'post-run' && experienceId !== undefined) {
    await attempt('distillation', async () => {
      const [recorded] = await store.queryExperiences({ ids: [experienceId] });
      const fresh: Experience =
        recorded?.id === experienceId ? recorded : { ...experience, id: experienceId, recordedAt: new Date().toISOString() };
      const similar = (await store.queryExperiences({ goal, limit: similarExperiences + 1 }))
        .filter((past) => past.id !== experienceId)
        .slice(0, similarExperiences);
      const existing = await store.queryStrategies(goal, knownStrategies);
      const distiller = config.distiller ?? new LlmDistiller({ llm });
      for (const strategy of await distiller.distill([fresh, ...similar], existing)) {
        await store.storeStrategy(strategy);
        report.strategiesAdded += 1;
      }
    });
  }

  if (config.pruning !== undefined) {
    const pruning = config.pruning;
    await attempt('pruning', async () => {
      report.pruned = await store.pruneStrategies(pruning);
    });
  }

  if (config.skillPromotion?.enabled === true) {
    const promotion = config.skillPromotion;
    await attempt('skill promotion', async () => {
      report.promotedSkills = await promoteStrategies(store, promotion);
    });
  }

  return report;
}
