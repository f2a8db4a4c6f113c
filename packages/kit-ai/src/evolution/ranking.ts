import { rankTexts } from '../memory/lexical.js';
import type { AgentSkill } from '../skills/types.js';
import type { Experience, ExperienceQuery, Strategy } from './types.js';

/** A stored item with its insertion order, which breaks ties between items stored in the same millisecond. */
export interface Sequenced<T> {
  item: T;
  sequence: number;
}

/** A skill with the time it was stored (skills carry no time of their own). */
export interface StoredSkill {
  skill: AgentSkill;
  storedAt: string;
}

/** Utility of a skill that has none, for ordering: neutral. */
const defaultSkillUtility = 0.5;

/** The `k` strategies most relevant to `query`, ties by utility then newest; by utility alone for a query without terms. */
export function rankStrategies(query: string, strategies: readonly Sequenced<Strategy>[], k: number): Strategy[] {
  return rankTexts(
    query,
    strategies.map(({ item, sequence }) => ({ item, text: item.content, weight: item.utility, time: item.createdAt, sequence })),
    k,
  ).map(({ item }) => item);
}

/** The searchable text of a skill. */
export function skillText(skill: AgentSkill): string {
  return [skill.name.replace(/[-_]+/g, ' '), skill.description, skill.trigger, skill.prompt].join('\n');
}

/** The `k` skills most relevant to `query` (over name, description, trigger and prompt), ties by utility then newest. */
export function rankSkills(query: string, skills: readonly Sequenced<StoredSkill>[], k: number): AgentSkill[] {
  return rankTexts(
    query,
    skills.map(({ item, sequence }) => ({
      item: item.skill,
      text: skillText(item.skill),
      weight: item.skill.utility ?? defaultSkillUtility,
      time: item.storedAt,
      sequence,
    })),
    k,
  ).map(({ item }) => item);
}

/**
 * Orders experiences that passed the filters of a query: by lexical relevance of their goal to
 * `query.goal` (only those sharing a term; ties newest first), or newest first without a goal (or a goal
 * without terms); then cut to `query.limit`.
 */
export function orderExperiences<T extends Pick<Experience, 'goal' | 'recordedAt'>>(
  experiences: readonly Sequenced<T>[],
  query: ExperienceQuery,
): T[] {
  const limit = query.limit === undefined ? Number.MAX_SAFE_INTEGER : Math.floor(query.limit);
  if (limit <= 0) return [];
  return rankTexts(
    query.goal ?? '',
    experiences.map(({ item, sequence }) => ({ item, text: item.goal, weight: 0, time: item.recordedAt, sequence })),
    limit,
  ).map(({ item }) => item);
}

/** Whether an experience passes the `outcome`, `since` and `ids` filters of a query. */
export function matchesExperienceQuery(experience: Experience, query: ExperienceQuery): boolean {
  if (query.outcome !== undefined && experience.outcome !== query.outcome) return false;
  if (query.since !== undefined && Date.parse(experience.recordedAt) < Date.parse(query.since)) return false;
  if (query.ids !== undefined && !query.ids.includes(experience.id)) return false;
  return true;
}
