import { KitAIError } from '../errors/kit-ai-error.js';
import { describeValue } from '../memory/checks.js';
import type { PromptLayer } from '../prompt/types.js';
import type { Strategy } from './types.js';

/** The id of the layer `buildStrategyLayer` returns. */
export const strategyLayerId = 'evolution-strategies';

/** The first line of the layer. */
export const strategyLayerHeading =
  'Lessons learned from earlier runs (utility from 0 to 1: how well each has worked; weigh them accordingly):';

/**
 * Turns strategies into a system prompt layer, so what earlier runs taught reaches the next one: an
 * `append` layer with id `evolution-strategies`, whose content is the line `Lessons learned from earlier
 * runs (utility from 0 to 1: how well each has worked; weigh them accordingly):` followed by one line per
 * strategy, in the order given: `- [utility 0.85] <content>` (two decimals; continuation lines indented).
 * `undefined` for no strategies, so the caller adds no empty layer.
 *
 * @example
 * ```ts
 * import { buildStrategyLayer, createSmartAgent, InMemoryEvolutionStore, type LLMProvider } from '@kit/kit-ai';
 *
 * declare const llm: LLMProvider;
 * const store = new InMemoryEvolutionStore();
 * const goal = 'Refund order 1042';
 * const layer = buildStrategyLayer(await store.queryStrategies(goal, 5));
 * const agent = createSmartAgent({ llm, tools: [], prompt: { base: 'You are a support agent.', layers: layer ? [layer] : [] } });
 * await agent.run(goal);
 * ```
 */
export function buildStrategyLayer(strategies: Strategy[]): PromptLayer | undefined {
  if (!Array.isArray(strategies)) {
    throw new KitAIError(
      'invalid_arguments',
      `buildStrategyLayer: strategies must be an array (from EvolutionStore.queryStrategies), got ${describeValue(strategies)}.`,
    );
  }
  const lines = strategies.map((strategy, index) => {
    if (typeof strategy !== 'object' || strategy === null || typeof strategy.content !== 'string' || typeof strategy.utility !== 'number') {
      throw new KitAIError(
        'invalid_arguments',
        `buildStrategyLayer: strategies[${index}] must be a Strategy with content and utility, got ${describeValue(strategy)}.`,
      );
    }
    return `- [utility ${strategy.utility.toFixed(2)}] ${strategy.content.trim().replace(/\s*\n\s*/g, '\n  ')}`;
  });
  if (lines.length === 0) return undefined;
  return { id: strategyLayerId, position: 'append', content: [strategyLayerHeading, ...lines].join('\n') };
}
