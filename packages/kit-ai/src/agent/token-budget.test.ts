import { describe, expect, it } from 'vitest';
import { continueMessage, isCutOff, nudgeMessage, nudgeThreshold, outputTokensOf, resolveTokenBudget } from './token-budget.js';

describe('token budget helpers', () => {
  it('treats a number n as { maxOutputTokensPerTurn: n }', () => {
    expect(resolveTokenBudget(512)).toEqual({ maxOutputTokensPerTurn: 512 });
    expect(resolveTokenBudget({ maxOutputTokensPerTurn: 100, nudgeAtPercent: 80 })).toEqual({
      maxOutputTokensPerTurn: 100,
      nudgeAtPercent: 80,
    });
    expect(resolveTokenBudget(undefined)).toBeUndefined();
  });

  it('recognises cut-off replies', () => {
    expect(isCutOff('length')).toBe(true);
    expect(isCutOff('max_tokens')).toBe(true);
    expect(isCutOff('stop')).toBe(false);
    expect(isCutOff(undefined)).toBe(false);
  });

  it('counts reported output tokens, else estimates a token per 4 characters', () => {
    expect(outputTokensOf({ content: 'abc', model: 'm', usage: { promptTokens: 1, completionTokens: 7, totalTokens: 8 } })).toBe(7);
    expect(outputTokensOf({ content: 'abcdefghi', model: 'm' })).toBe(3);
  });

  it('puts the nudge at nudgeAtPercent of maxOutputTokensPerTurn x maxIterations', () => {
    expect(nudgeThreshold({ maxOutputTokensPerTurn: 100, nudgeAtPercent: 80 }, 10)).toBe(800);
    expect(nudgeThreshold({ maxOutputTokensPerTurn: 100 }, 10)).toBeUndefined();
    expect(nudgeMessage(850, { maxOutputTokensPerTurn: 100, nudgeAtPercent: 80 }, 10)).toBe(
      'Budget note: you have used 850 of the 1000 output tokens budgeted for this run (85%). Wrap up: finish the current step and give your final answer soon.',
    );
    expect(continueMessage(200)).toContain('The limit is now 200 tokens.');
  });
});
