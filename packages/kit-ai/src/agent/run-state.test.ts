import { describe, expect, it } from 'vitest';
import { initialState, takeCheckpoint } from './checkpoint.js';
import { addUsage, openRunState } from './run-state.js';

describe('the state a run call opens with', () => {
  it('starts a new run from its goal, with every field set', async () => {
    const state = openRunState({ kind: 'run', goal: 'goal' }, 64);
    expect(state).toMatchObject({
      saved: initialState('goal', 64),
      pendingCalls: [],
      carriedCalls: { toolCalls: [], taskCalls: [] },
      iterationsThisCall: 0,
    });
    expect(state.usage).toBeUndefined();
    expect(state.lastReply).toBeUndefined();
    expect(await state.resumePoint()).toBeUndefined();
  });

  it('resumes from a copy of the checkpoint, with its pending calls, and counts this call afresh', async () => {
    const saved = { ...initialState('goal', 0), iterations: 4 };
    const checkpoint = takeCheckpoint(saved, 'paused', { pendingCalls: [{ id: 'c1', name: 'echo', arguments: {} }] });
    const state = openRunState({ kind: 'resume', checkpoint, message: 'go on' }, 64);
    expect(state.saved).toEqual(saved);
    expect(state.saved.messages).not.toBe(checkpoint.messages);
    expect(state.pendingCalls).toEqual([{ id: 'c1', name: 'echo', arguments: {} }]);
    expect(state.iterationsThisCall).toBe(0);
    // The checkpoint becomes the resume point once the run is under way, not before.
    expect(await state.resumePoint()).toBeUndefined();
  });

  it('refuses a checkpoint resume cannot accept', () => {
    const completed = takeCheckpoint(initialState('goal', 0), 'completed');
    expect(() => openRunState({ kind: 'resume', checkpoint: completed, message: '' }, 0)).toThrow(
      expect.objectContaining({ code: 'invalid_checkpoint' }),
    );
  });
});

describe('addUsage', () => {
  it('sums what providers report and keeps the total when they report nothing', () => {
    const usage = { promptTokens: 1, completionTokens: 2, totalTokens: 3 };
    expect(addUsage(undefined, undefined)).toBeUndefined();
    expect(addUsage(undefined, usage)).toEqual(usage);
    expect(addUsage(usage, undefined)).toBe(usage);
    expect(addUsage(usage, usage)).toEqual({ promptTokens: 2, completionTokens: 4, totalTokens: 6 });
  });
});
