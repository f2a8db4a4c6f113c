import { describe, expect, it } from 'vitest';
import { InMemoryEvolutionStore } from '../evolution/in-memory-store.js';
import { scriptedLlm } from './testing/scripted-llm.js';
import type { SmartAgentConfig } from './types.js';
import { validateConfig } from './validate-config.js';

function message(config: Partial<SmartAgentConfig>): string {
  try {
    validateConfig({ llm: scriptedLlm([]), tools: [], ...config } as SmartAgentConfig);
    return 'valid';
  } catch (error) {
    expect(error).toMatchObject({ code: 'invalid_config' });
    return (error as Error).message;
  }
}

describe('validateConfig', () => {
  it('accepts a full valid configuration', () => {
    expect(
      message({
        maxIterations: 3,
        maxTotalIterations: 30,
        contextWindowSize: 8000,
        compaction: {
          snip: { preserveTail: 4 },
          microcompact: { maxToolResultChars: 500, protectedTail: 0 },
          autocompact: { threshold: 0.8, maxFailures: 0, bufferTokens: 0 },
        },
        streaming: { maxConcurrency: 1 },
        toolCatalog: { deferThreshold: 0 },
        tokenBudget: { maxOutputTokensPerTurn: 10, nudgeAtPercent: 100, maxEscalations: 0 },
        toolResultBudget: { maxChars: 1, maxAggregateCharsPerIteration: 1, persistDir: '/tmp/x' },
        llmTimeout: { chatTimeoutMs: 1, streamIdleTimeoutMs: 1, stallWarningMs: 1 },
        evolution: { store: new InMemoryEvolutionStore(), capture: (result) => result.status === 'fatal', distillation: 'manual' },
      }),
    ).toBe('valid');
  });

  it('names the field, the value and the fix', () => {
    expect(message({ tools: 'x' as never })).toBe('createSmartAgent: tools must be an array, got "x"; pass [] for an agent without tools');
    expect(message({ tools: [{ name: '', description: 'd', execute: async () => 1 }] })).toBe(
      'createSmartAgent: tools[0].name must be a non-empty string, got ""',
    );
    expect(message({ compaction: { snip: { preserveTail: 0 } } })).toBe(
      'createSmartAgent: compaction.snip.preserveTail must be a positive integer, got 0',
    );
    expect(message({ maxTotalIterations: 0 })).toBe('createSmartAgent: maxTotalIterations must be a positive integer, got 0');
    expect(message({ tokenBudget: { maxOutputTokensPerTurn: 10, maxEscalations: 1.5 } })).toBe(
      'createSmartAgent: tokenBudget.maxEscalations must be an integer of 0 or more, got 1.5',
    );
    expect(message({ evolution: { store: new InMemoryEvolutionStore(), capture: 'sometimes' as never } })).toBe(
      "createSmartAgent: evolution.capture must be 'every-run', 'on-failure', 'on-success' or a function of the run result, got \"sometimes\".",
    );
    expect(message({ stopHooks: [{ name: 'x' }] as never })).toBe(
      'createSmartAgent: stopHooks[0] must be a StopHook { name, evaluate }, got an object',
    );
    // Bad pruning or promotion settings are refused when the agent is made, not silently after each run.
    expect(message({ evolution: { store: new InMemoryEvolutionStore(), pruning: { maxStrategies: -1 } } })).toBe(
      'createSmartAgent: evolution.pruning: maxStrategies must be an integer of 0 or more such as 200, got -1.',
    );
    expect(message({ evolution: { store: new InMemoryEvolutionStore(), skillPromotion: { enabled: true, minUtility: 2 } } })).toBe(
      'createSmartAgent: evolution.skillPromotion.minUtility must be a number from 0 to 1 such as 0.8, got 2.',
    );
  });
});
