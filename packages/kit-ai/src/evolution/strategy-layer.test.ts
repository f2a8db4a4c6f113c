import { describe, expect, it } from 'vitest';
import { buildStrategyLayer } from './strategy-layer.js';
import type { Strategy } from './types.js';

const strategy = (content: string, utility: number): Strategy => ({
  id: content,
  content,
  source: [],
  utility,
  applications: 0,
  createdAt: '',
  updatedAt: '',
});

describe('buildStrategyLayer', () => {
  it('lists the strategies with their utility in an append layer, in the order given', () => {
    expect(
      buildStrategyLayer([strategy('Look up the order first.', 0.853), strategy('Never refund twice.\nCheck the ledger.', 0.5)]),
    ).toEqual({
      id: 'evolution-strategies',
      position: 'append',
      content: [
        'Lessons learned from earlier runs (utility from 0 to 1: how well each has worked; weigh them accordingly):',
        '- [utility 0.85] Look up the order first.',
        '- [utility 0.50] Never refund twice.\n  Check the ledger.',
      ].join('\n'),
    });
  });

  it('gives no layer for no strategies, and rejects what is not a strategy list', () => {
    expect(buildStrategyLayer([])).toBeUndefined();
    expect(() => buildStrategyLayer('x' as never)).toThrow(
      'buildStrategyLayer: strategies must be an array (from EvolutionStore.queryStrategies), got "x".',
    );
    expect(() => buildStrategyLayer([{ content: 'x' } as never])).toThrow(
      'buildStrategyLayer: strategies[0] must be a Strategy with content and utility, got an object.',
    );
  });
});
