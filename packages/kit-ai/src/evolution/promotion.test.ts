import { describe, expect, it } from 'vitest';
import { evolvedSkillName, skillFromStrategy } from './promotion.js';
import type { Strategy } from './types.js';

const strategy: Strategy = {
  id: '3F9C2A1B-0000-4000-8000-000000000000',
  content: 'Always look up the Order before issuing a refund, and note the reason.',
  source: ['e1'],
  utility: 0.85,
  applications: 6,
  createdAt: '2025-01-01T00:00:00.000Z',
  updatedAt: '2025-01-02T00:00:00.000Z',
};

describe('evolvedSkillName', () => {
  it('keeps the first five meaningful words and six characters of the id', () => {
    expect(evolvedSkillName(strategy)).toBe('always-look-order-issuing-refund-3f9c2a');
  });

  it('falls back to a neutral name for content without meaningful words', () => {
    expect(evolvedSkillName({ id: 'abc', content: 'Do it!' })).toBe('evolved-strategy-abc');
  });
});

describe('skillFromStrategy', () => {
  it('builds an evolved skill whose trigger names up to three distinct goals', () => {
    const skill = skillFromStrategy(
      strategy,
      ['Refund order 1', 'Refund order 1', 'Refund order 2', 'Refund order 3', 'Refund order 4'],
      '2025-02-01T00:00:00.000Z',
    );
    expect(skill).toEqual({
      name: 'always-look-order-issuing-refund-3f9c2a',
      description:
        'Learned from earlier runs (applied 6 times, utility 0.85): Always look up the Order before issuing a refund, and note the reason.',
      trigger: 'When the goal resembles: "Refund order 1"; "Refund order 2"; "Refund order 3"',
      prompt: strategy.content,
      source: 'evolved',
      utility: 0.85,
      metadata: { strategyId: strategy.id, applications: 6, promotedAt: '2025-02-01T00:00:00.000Z' },
    });
  });
});
