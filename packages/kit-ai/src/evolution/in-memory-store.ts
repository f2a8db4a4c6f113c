import { randomUUID } from 'node:crypto';
import { checkCount, checkText } from '../memory/checks.js';
import type { AgentSkill } from '../skills/types.js';
import {
  checkDelta,
  checkExperienceQuery,
  checkId,
  checkNewExperience,
  checkNewStrategy,
  checkPruning,
  checkSkill,
  clampUtility,
  unknownStrategy,
  type NewExperience,
} from './checks.js';
import { strategiesToPrune } from './pruning.js';
import { matchesExperienceQuery, orderExperiences, rankSkills, rankStrategies, type Sequenced, type StoredSkill } from './ranking.js';
import type { EvolutionStats, EvolutionStore, Experience, ExperienceQuery, NewStrategy, PruningConfig, Strategy } from './types.js';

const component = 'InMemoryEvolutionStore';

/**
 * The `EvolutionStore` that keeps experiences, strategies and skills in process memory, for tests and
 * short-lived agents: everything is gone when the process ends. It behaves exactly as
 * `SqliteEvolutionStore` (same ranking, clamping and pruning), and returns copies, so changing a result
 * never changes the store.
 *
 * @example
 * ```ts
 * import { InMemoryEvolutionStore } from '@kit/kit-ai';
 *
 * const store = new InMemoryEvolutionStore();
 * const id = await store.storeStrategy({ content: 'Look up the order before refunding it.', source: [], utility: 0.5, applications: 0 });
 * await store.updateStrategyUtility(id, 0.1);
 * const [best] = await store.queryStrategies('refund an order', 3);
 * console.log(best?.utility); // 0.6
 * ```
 */
export class InMemoryEvolutionStore implements EvolutionStore {
  readonly #experiences: Sequenced<Experience>[] = [];
  readonly #strategies = new Map<string, Sequenced<Strategy>>();
  readonly #skills = new Map<string, Sequenced<StoredSkill> & { id: string }>();
  #sequence = 0;

  /** Saves an experience; resolves with its new id (a UUID). `recordedAt` is now. */
  async recordExperience(experience: NewExperience): Promise<string> {
    checkNewExperience(`${component}.recordExperience`, experience);
    const id = randomUUID();
    this.#experiences.push({
      item: { ...structuredClone(experience), id, recordedAt: new Date().toISOString() },
      sequence: ++this.#sequence,
    });
    return id;
  }

  /** Experiences passing the filters, by relevance to `query.goal` or newest first. */
  async queryExperiences(query: ExperienceQuery): Promise<Experience[]> {
    checkExperienceQuery(`${component}.queryExperiences`, query);
    const matching = this.#experiences.filter(({ item }) => matchesExperienceQuery(item, query));
    return structuredClone(orderExperiences(matching, query));
  }

  /** Saves a strategy with its utility clamped to 0..1; resolves with its new id. */
  async storeStrategy(strategy: NewStrategy): Promise<string> {
    checkNewStrategy(`${component}.storeStrategy`, strategy);
    const id = randomUUID();
    const now = new Date().toISOString();
    const item: Strategy = {
      id,
      content: strategy.content,
      source: [...strategy.source],
      utility: clampUtility(strategy.utility),
      applications: strategy.applications,
      createdAt: now,
      updatedAt: now,
    };
    this.#strategies.set(id, { item, sequence: ++this.#sequence });
    return id;
  }

  /** The `k` strategies most relevant to `query`, ties by utility; by utility for a query without terms. */
  async queryStrategies(query: string, k: number): Promise<Strategy[]> {
    checkText(`${component}.queryStrategies`, query, 'query');
    const count = checkCount(`${component}.queryStrategies`, k);
    return structuredClone(rankStrategies(query, [...this.#strategies.values()], count));
  }

  /** Adds `delta` to the utility, clamped to 0..1. */
  async updateStrategyUtility(id: string, delta: number): Promise<void> {
    checkId(`${component}.updateStrategyUtility`, id);
    checkDelta(`${component}.updateStrategyUtility`, delta);
    const stored = this.#strategies.get(id);
    if (!stored) throw unknownStrategy(`${component}.updateStrategyUtility`, id);
    stored.item.utility = clampUtility(stored.item.utility + delta);
    stored.item.updatedAt = new Date().toISOString();
  }

  /** Counts one more application. */
  async incrementStrategyApplications(id: string): Promise<void> {
    checkId(`${component}.incrementStrategyApplications`, id);
    const stored = this.#strategies.get(id);
    if (!stored) throw unknownStrategy(`${component}.incrementStrategyApplications`, id);
    stored.item.applications += 1;
    stored.item.updatedAt = new Date().toISOString();
  }

  /** Deletes a strategy; resolves with whether it existed. */
  async removeStrategy(id: string): Promise<boolean> {
    checkId(`${component}.removeStrategy`, id);
    return this.#strategies.delete(id);
  }

  /** Saves a skill, replacing one of the same name (which keeps its id). */
  async storeSkill(skill: AgentSkill): Promise<string> {
    checkSkill(`${component}.storeSkill`, skill);
    const existing = this.#skills.get(skill.name);
    const id = existing?.id ?? randomUUID();
    this.#skills.set(skill.name, {
      id,
      item: { skill: structuredClone(skill), storedAt: new Date().toISOString() },
      sequence: ++this.#sequence,
    });
    return id;
  }

  /** The `k` skills most relevant to `query`, ties by utility; by utility for a query without terms. */
  async querySkills(query: string, k: number): Promise<AgentSkill[]> {
    checkText(`${component}.querySkills`, query, 'query');
    const count = checkCount(`${component}.querySkills`, k);
    return structuredClone(rankSkills(query, [...this.#skills.values()], count));
  }

  /** Removes strategies by `minUtility`, `maxAgeDays` and `maxStrategies`; resolves with how many. */
  async pruneStrategies(config: PruningConfig): Promise<number> {
    checkPruning(`${component}.pruneStrategies`, config);
    const doomed = strategiesToPrune(
      [...this.#strategies.values()].map(({ item, sequence }) => ({
        id: item.id,
        utility: item.utility,
        updatedAt: item.updatedAt,
        sequence,
      })),
      config,
      Date.now(),
    );
    for (const id of doomed) this.#strategies.delete(id);
    return doomed.size;
  }

  /** Counts of experiences (per outcome), strategies and skills, and the mean strategy utility. */
  async getStats(): Promise<EvolutionStats> {
    const outcomes: EvolutionStats['outcomes'] = { success: 0, failure: 0, partial: 0 };
    for (const { item } of this.#experiences) outcomes[item.outcome] += 1;
    let total = 0;
    for (const { item } of this.#strategies.values()) total += item.utility;
    return {
      experiences: this.#experiences.length,
      strategies: this.#strategies.size,
      skills: this.#skills.size,
      averageUtility: this.#strategies.size === 0 ? 0 : total / this.#strategies.size,
      outcomes,
    };
  }
}
