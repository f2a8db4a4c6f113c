import { isStopWord } from '../memory/lexical.js';
import type { AgentSkill } from '../skills/types.js';
import type { EvolutionStore, SkillPromotionConfig, Strategy } from './types.js';

/** Defaults of `SkillPromotionConfig`. */
export const defaultSkillPromotion = { minApplications: 5, minUtility: 0.8 } as const;

/** Words of a strategy kept in the name of its skill. */
const nameWords = 5;

function cut(text: string, length: number): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length <= length ? flat : `${flat.slice(0, length - 3).trimEnd()}...`;
}

/**
 * The name of the skill a strategy becomes: its first five words that carry meaning, lower case, joined
 * by `-`, then the first six letters or digits of the strategy's id, which keeps two similar lessons
 * apart (`look-order-issuing-refund-3f9c2a`).
 */
export function evolvedSkillName(strategy: Pick<Strategy, 'id' | 'content'>): string {
  const words = strategy.content
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter((word) => word.length >= 2 && !isStopWord(word))
    .slice(0, nameWords);
  const suffix = strategy.id
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '')
    .slice(0, 6);
  return [...(words.length === 0 ? ['evolved', 'strategy'] : words), suffix].filter((part) => part !== '').join('-');
}

/**
 * The skill a proven strategy becomes: `prompt` is the strategy's content, `trigger` names the goals of the
 * runs it was learned from (up to three), `source` is `evolved`, `utility` the strategy's, and `metadata`
 * records `strategyId`, `applications` and `promotedAt`.
 */
export function skillFromStrategy(strategy: Strategy, goals: readonly string[], promotedAt: string): AgentSkill {
  const distinct = [...new Set(goals.map((goal) => cut(goal, 120)).filter((goal) => goal !== ''))].slice(0, 3);
  const trigger =
    distinct.length === 0
      ? `When this lesson applies: ${cut(strategy.content, 120)}`
      : `When the goal resembles: ${distinct.map((goal) => JSON.stringify(goal)).join('; ')}`;
  return {
    name: evolvedSkillName(strategy),
    description: `Learned from earlier runs (applied ${strategy.applications} times, utility ${strategy.utility.toFixed(2)}): ${cut(strategy.content, 160)}`,
    trigger,
    prompt: strategy.content,
    source: 'evolved',
    utility: strategy.utility,
    metadata: { strategyId: strategy.id, applications: strategy.applications, promotedAt },
  };
}

/**
 * Promotes every strategy with at least `minApplications` applications (default 5) and a utility of at
 * least `minUtility` (default 0.8) that has not been promoted before (no stored skill carries its id in
 * `metadata.strategyId`, or its name). Resolves with the names of the new skills.
 */
export async function promoteStrategies(store: EvolutionStore, config: SkillPromotionConfig): Promise<string[]> {
  const minApplications = config.minApplications ?? defaultSkillPromotion.minApplications;
  const minUtility = config.minUtility ?? defaultSkillPromotion.minUtility;
  const stats = await store.getStats();
  if (stats.strategies === 0) return [];
  // A query without terms lists every strategy (and skill) by utility.
  const strategies = await store.queryStrategies('', stats.strategies);
  const eligible = strategies.filter((strategy) => strategy.applications >= minApplications && strategy.utility >= minUtility);
  if (eligible.length === 0) return [];
  const skills = stats.skills === 0 ? [] : await store.querySkills('', stats.skills);
  const promotedIds = new Set(skills.map((skill) => skill.metadata?.strategyId).filter((id): id is string => typeof id === 'string'));
  const names = new Set(skills.map((skill) => skill.name));
  const promoted: string[] = [];
  for (const strategy of eligible) {
    const name = evolvedSkillName(strategy);
    if (promotedIds.has(strategy.id) || names.has(name)) continue;
    const experiences = strategy.source.length === 0 ? [] : await store.queryExperiences({ ids: strategy.source });
    // A custom store may ignore `ids`; only the strategy's own experiences name its trigger.
    const goals = experiences.filter((experience) => strategy.source.includes(experience.id)).map((experience) => experience.goal);
    await store.storeSkill(skillFromStrategy(strategy, goals, new Date().toISOString()));
    promoted.push(name);
    names.add(name);
  }
  return promoted;
}
