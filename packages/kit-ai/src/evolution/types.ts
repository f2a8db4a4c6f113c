import type { AgentRunResult, AgentRunStatus } from '../agent/run-result.js';
import type { AgentSkill } from '../skills/types.js';

/** One step of a recorded run. */
export interface TrajectoryStep {
  iteration: number;
  kind: 'tool' | 'task' | 'answer';
  /** Tool or task name, for calls. */
  name?: string;
  args?: unknown;
  status?: 'success' | 'error' | 'denied';
  /** A short text of what happened (the error, or the start of the result or answer). */
  summary: string;
}

/** A recorded run. */
export interface Experience {
  id: string;
  goal: string;
  outcome: 'success' | 'failure' | 'partial';
  trajectory: TrajectoryStep[];
  iterations: number;
  tokenUsage: number;
  /** Milliseconds. */
  duration: number;
  skillsUsed: string[];
  recordedAt: string;
  /** The run's final status (`buildExperience` sets it), which `outcome` was derived from. */
  status?: AgentRunStatus;
  /** The run's error, when it ended `fatal`. */
  error?: string;
}

/** A lesson distilled from experiences, offered to later runs. */
export interface Strategy {
  id: string;
  content: string;
  /** Ids of the experiences it was distilled from. */
  source: string[];
  utility: number;
  applications: number;
  createdAt: string;
  updatedAt: string;
}

/** Filters of `EvolutionStore.queryExperiences`; an empty query returns every experience, newest first. */
export interface ExperienceQuery {
  /** Experiences whose goal is lexically close to this text, best first. */
  goal?: string;
  outcome?: Experience['outcome'];
  /** ISO 8601: only experiences recorded at or after it. */
  since?: string;
  /** Only the experiences with these ids (a strategy's `source`). */
  ids?: string[];
  limit?: number;
}

/** Counts of a store. */
export interface EvolutionStats {
  experiences: number;
  strategies: number;
  skills: number;
  /** Mean utility of the strategies (0 when there are none). */
  averageUtility: number;
  outcomes: Record<Experience['outcome'], number>;
}

/** When strategies are pruned. */
export interface PruningConfig {
  /** Most strategies kept (the highest utility ones). */
  maxStrategies?: number;
  /** Strategies with a lower utility are removed. */
  minUtility?: number;
  /** Strategies not updated (applied, rated) for more days than this are removed. */
  maxAgeDays?: number;
}

/** When a strategy becomes a skill (`source: 'evolved'`). */
export interface SkillPromotionConfig {
  /** Default false. */
  enabled?: boolean;
  /** Applications a strategy needs before promotion. Default 5. */
  minApplications?: number;
  /** Utility a strategy needs before promotion. Default 0.8. */
  minUtility?: number;
}

/** A distilled lesson before the store gives it an id and times. */
export type NewStrategy = Omit<Strategy, 'id' | 'createdAt' | 'updatedAt'>;

/** Turns experiences into strategies. */
export interface Distiller {
  distill(experiences: Experience[], existing: Strategy[]): Promise<NewStrategy[]>;
  /** Merges overlapping strategies into fewer ones. */
  consolidate?(strategies: Strategy[]): Promise<NewStrategy[]>;
}

/** Stores experiences, strategies and skills. */
export interface EvolutionStore {
  recordExperience(experience: Omit<Experience, 'id' | 'recordedAt'>): Promise<string>;
  queryExperiences(query: ExperienceQuery): Promise<Experience[]>;
  storeStrategy(strategy: NewStrategy): Promise<string>;
  /**
   * The `k` strategies most relevant to `query`, best first (ties by utility); a query without terms (such
   * as `''`) lists them by utility, highest first. `k` of 0 or less gives `[]`.
   */
  queryStrategies(query: string, k: number): Promise<Strategy[]>;
  /** Adds `delta` to a strategy's utility, kept within 0..1, and refreshes its `updatedAt`. */
  updateStrategyUtility(id: string, delta: number): Promise<void>;
  /** Counts one more application and refreshes its `updatedAt`. */
  incrementStrategyApplications(id: string): Promise<void>;
  /** Deletes one strategy (after consolidation, say); resolves with whether it existed. Optional for custom stores. */
  removeStrategy?(id: string): Promise<boolean>;
  /** Saves a skill; a skill with the same name is replaced and keeps its id. */
  storeSkill(skill: AgentSkill): Promise<string>;
  /** Like `queryStrategies`, over each skill's name, description, trigger and prompt. */
  querySkills(query: string, k: number): Promise<AgentSkill[]>;
  /**
   * Removes the strategies whose utility is under `minUtility`, then those whose `updatedAt` is more than
   * `maxAgeDays` days ago, then the lowest-utility ones (the least recently updated first among equals) beyond
   * `maxStrategies`; resolves with how many were removed.
   */
  pruneStrategies(config: PruningConfig): Promise<number>;
  getStats(): Promise<EvolutionStats>;
}

/** The `evolution` field of `SmartAgentConfig`. */
export interface EvolutionConfig {
  store: EvolutionStore;
  /** Which runs become experiences. Default `every-run`. */
  capture?: 'every-run' | 'on-failure' | 'on-success' | ((result: AgentRunResult) => boolean);
  /** `post-run` (default) distils after each captured run; `manual` leaves it to `runPostRunEvolution`. */
  distillation?: 'post-run' | 'manual';
  /** Default: an `LlmDistiller` on the agent's own model. */
  distiller?: Distiller;
  pruning?: PruningConfig;
  skillPromotion?: SkillPromotionConfig;
}
