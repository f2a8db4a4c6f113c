import type { PruningConfig } from './types.js';

/** What pruning needs of a strategy; `sequence` is the insertion order. */
export interface PrunableStrategy {
  id: string;
  utility: number;
  updatedAt: string;
  sequence: number;
}

const day = 86_400_000;

/**
 * The ids `pruneStrategies` removes, decided in three passes: utility under `minUtility`; `updatedAt` more
 * than `maxAgeDays` days before `now`; then, of those left, the ones beyond the best `maxStrategies` by
 * utility (among equal utilities the most recently updated, then the most recently stored, stay). Both
 * built-in stores use it, so they prune the same strategies.
 */
export function strategiesToPrune(strategies: readonly PrunableStrategy[], config: PruningConfig, now: number): Set<string> {
  const removed = new Set<string>();
  for (const strategy of strategies) {
    if (config.minUtility !== undefined && strategy.utility < config.minUtility) removed.add(strategy.id);
    else if (config.maxAgeDays !== undefined && Date.parse(strategy.updatedAt) < now - config.maxAgeDays * day) removed.add(strategy.id);
  }
  if (config.maxStrategies !== undefined) {
    const kept = strategies
      .filter((strategy) => !removed.has(strategy.id))
      .sort(
        (left, right) =>
          right.utility - left.utility ||
          (left.updatedAt === right.updatedAt ? 0 : left.updatedAt < right.updatedAt ? 1 : -1) ||
          right.sequence - left.sequence,
      );
    for (const strategy of kept.slice(config.maxStrategies)) removed.add(strategy.id);
  }
  return removed;
}
