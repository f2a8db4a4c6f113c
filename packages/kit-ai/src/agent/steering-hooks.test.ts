import { describe, expect, it } from 'vitest';
import { initialState } from './checkpoint.js';
import { askControl, stopHookFeedback } from './steering-hooks.js';
import type { SmartAgentConfig, StopHook } from './types.js';

const llm = { name: 'none', chat: async () => ({ content: '', model: 'none' }) };
const config = (extra: Partial<SmartAgentConfig>): SmartAgentConfig => ({ llm, tools: [], ...extra });
const hook = (name: string, verdict: unknown): StopHook => ({ name, evaluate: async () => verdict as never });

describe('askControl', () => {
  it('continues without the hook, returns its action, and fails on anything else', async () => {
    expect(await askControl(config({}), 'before_llm', 1, 'g')).toBe('continue');
    const asked: unknown[] = [];
    const pausing = config({ hooks: { getControlState: (context) => (asked.push(context), { action: 'pause' }) } });
    expect(await askControl(pausing, 'after_tools', 3, 'g')).toBe('pause');
    expect(asked).toEqual([{ point: 'after_tools', iteration: 3, goal: 'g' }]);
    const wrong = config({ hooks: { getControlState: () => ({ action: 'stop' }) as never } });
    await expect(askControl(wrong, 'before_llm', 1, 'g')).rejects.toThrow(
      `hooks.getControlState returned {"action":"stop"}; return { action: 'continue' | 'pause' | 'cancel' }`,
    );
  });
});

describe('stopHookFeedback', () => {
  it('returns the feedback of the first failing hook, a default without feedback, or nothing when all pass', async () => {
    const state = initialState('g', 0);
    expect(await stopHookFeedback(config({ stopHooks: [hook('a', { pass: true })] }), 'answer', state)).toBeUndefined();
    expect(
      await stopHookFeedback(
        config({ stopHooks: [hook('a', { pass: false, feedback: ' cite ' }), hook('b', { pass: false, feedback: 'no' })] }),
        'answer',
        state,
      ),
    ).toBe('cite');
    expect(await stopHookFeedback(config({ stopHooks: [hook('a', { pass: false })] }), 'answer', state)).toBe(
      'Your answer did not pass the check "a". Revise it.',
    );
    await expect(stopHookFeedback(config({ stopHooks: [hook('a', null)] }), 'answer', state)).rejects.toThrow(
      'stop hook "a" returned null; return { pass: boolean, feedback?: string }',
    );
  });
});
