import { describe, expect, it } from 'vitest';
import { estimateTokens } from '../../llm/messages.js';
import type { CompactionState } from '../types.js';
import { compactBeforeCall, reactiveCompact } from './compact.js';
import { conversation, conversationProblems } from '../testing/conversation.js';

function counters(): CompactionState {
  return { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 };
}

const noSummary = async (): Promise<string> => {
  throw new Error('must not be called');
};

describe('compactBeforeCall', () => {
  it('leaves a conversation under the window unchanged', async () => {
    const messages = conversation(3);
    const outcome = await compactBeforeCall({
      system: 'S',
      messages,
      contextWindowSize: 10_000,
      config: undefined,
      state: counters(),
      summarise: noSummary,
    });
    expect(outcome).toEqual({ messages, stages: [] });
  });

  it('snips a conversation over the window, with the default tail of 6', async () => {
    const messages = conversation(10, 400);
    const outcome = await compactBeforeCall({
      system: 'S',
      messages,
      contextWindowSize: 1000,
      config: undefined,
      state: counters(),
      summarise: noSummary,
    });
    expect(outcome.stages).toEqual(['snip']);
    expect(outcome.messages.slice(2)).toEqual(messages.slice(-6));
    expect(estimateTokens(outcome.messages)).toBeLessThan(1000);
    expect(conversationProblems(outcome.messages)).toEqual([]);
  });

  it('runs microcompact first, then autocompact over threshold x window - bufferTokens', async () => {
    const messages = conversation(8, 400);
    const state = counters();
    const outcome = await compactBeforeCall({
      system: 'S',
      messages,
      contextWindowSize: 1200,
      config: {
        microcompact: { maxToolResultChars: 200, protectedTail: 2 },
        snip: { preserveTail: 2 },
        autocompact: { threshold: 0.5, maxFailures: 2, bufferTokens: 100 },
      },
      state,
      summarise: async () => 'summary of the work',
    });
    expect(outcome.stages).toEqual(['microcompact', 'autocompact']);
    expect(outcome.messages).toHaveLength(4);
    expect(outcome.messages[1]!.content).toContain('summary of the work');
    expect(conversationProblems(outcome.messages)).toEqual([]);
  });

  it('counts failed autocompactions and stops trying after maxFailures', async () => {
    const state = counters();
    let attempts = 0;
    const input = {
      system: 'S',
      contextWindowSize: 1000,
      config: { autocompact: { threshold: 0.1, maxFailures: 2 } },
      state,
      summarise: async (): Promise<string> => {
        attempts++;
        throw new Error('down');
      },
    };
    for (let round = 0; round < 4; round++) {
      const outcome = await compactBeforeCall({ ...input, messages: conversation(4, 100) });
      expect(conversationProblems(outcome.messages)).toEqual([]);
    }
    expect(attempts).toBe(2);
    expect(state.autocompactFailures).toBe(2);
  });
});

describe('reactiveCompact', () => {
  it('snips harder on each attempt and keeps the conversation valid', () => {
    const messages = conversation(10);
    const first = reactiveCompact(messages, 1, 6)!;
    expect(first.slice(2)).toEqual(messages.slice(-6));
    const second = reactiveCompact(first, 2, 6)!;
    expect(second.length).toBeLessThan(first.length);
    expect(conversationProblems(first)).toEqual([]);
    expect(conversationProblems(second)).toEqual([]);
  });

  it('gives up when nothing can be removed', () => {
    expect(reactiveCompact(conversation(1), 1, 6)).toBeUndefined();
  });
});
