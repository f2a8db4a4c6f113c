import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import { defineSkill } from './define-skill.js';
import type { AgentSkill } from './types.js';

const base: AgentSkill = {
  name: 'refund-triage',
  description: 'Decide whether a refund can be granted automatically',
  trigger: 'the customer asks for their money back',
  prompt: 'Look up the order first.',
};

function invalid(def: unknown): string {
  try {
    defineSkill(def as AgentSkill);
  } catch (error) {
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('defineSkill accepted a bad definition');
}

describe('defineSkill', () => {
  it('fills source developer and utility 1.0 without changing the definition', () => {
    const tools = ['lookup_order'];
    const def = { ...base, tools };
    const skill = defineSkill(def);
    expect(skill).toEqual({ ...base, tools: ['lookup_order'], source: 'developer', utility: 1 });
    expect(def).not.toHaveProperty('source');
    expect(skill.tools).not.toBe(tools);
  });

  it('keeps given source, utility and metadata', () => {
    expect(defineSkill({ ...base, source: 'evolved', utility: 0, metadata: { runs: 3 } })).toEqual({
      ...base,
      source: 'evolved',
      utility: 0,
      metadata: { runs: 3 },
    });
  });

  it('checks the name', () => {
    expect(invalid({ ...base, name: '' })).toContain(
      `defineSkill: skill.name must be a non-empty name of letters, digits, '_' and '-' starting with a letter or digit, got ""`,
    );
    expect(invalid({ ...base, name: 'refund triage' })).toContain('got "refund triage"; use a name like "refund-triage"');
    expect(invalid({ ...base, name: '-refund' })).toContain('got "-refund"');
    expect(defineSkill({ ...base, name: 'Refund_2' }).name).toBe('Refund_2');
  });

  it('checks utility, source, tools and the required texts', () => {
    expect(invalid({ ...base, utility: 1.5 })).toBe('defineSkill: skill "refund-triage": utility must be a number from 0 to 1, got 1.5.');
    expect(invalid({ ...base, utility: -0.1 })).toContain('got -0.1');
    expect(invalid({ ...base, utility: Number.NaN })).toContain('got NaN');
    expect(invalid({ ...base, source: 'robot' })).toContain(`source must be 'developer' or 'evolved', got "robot"`);
    expect(invalid({ ...base, tools: 'lookup_order' })).toContain('tools must be an array of tool names');
    expect(invalid({ ...base, trigger: ' ' })).toBe('defineSkill: skill "refund-triage" needs a non-empty trigger string, got " ".');
    expect(invalid({ ...base, prompt: undefined })).toContain('needs a non-empty prompt string');
    expect(invalid(null)).toContain('defineSkill: skill must be an object');
  });
});
