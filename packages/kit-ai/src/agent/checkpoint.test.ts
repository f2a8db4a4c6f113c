import { describe, expect, it } from 'vitest';
import { initialState, restoreState, stateFromCheckpoint, takeCheckpoint } from './checkpoint.js';

describe('checkpoints', () => {
  it('are plain JSON that share nothing with the run', () => {
    const state = initialState('goal', 100);
    state.toolCalls.push({ id: 'c1', tool: 't', args: {}, status: 'success', result: { at: new Date(0), skip: undefined }, iteration: 1, startedAt: 'x', durationMs: 1 });
    const checkpoint = takeCheckpoint(state, 'tool_result', { pendingCalls: [] });
    expect(checkpoint.toolCalls[0]!.result).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(JSON.parse(JSON.stringify(checkpoint))).toEqual(checkpoint);
    expect(checkpoint.pendingCalls).toBeUndefined();
    state.messages.push({ role: 'assistant', content: 'later' });
    expect(checkpoint.messages).toHaveLength(1);
    expect(checkpoint).toMatchObject({ stage: 'tool_result', goal: 'goal', iterations: 0, maxOutputTokens: 100, activeSkills: [], loadedTools: [], outputTokensUsed: 0, nudgeSent: false });
  });

  it('keep results JSON cannot hold as their text', () => {
    const state = initialState('goal', 0);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    state.toolCalls.push({ id: 'c1', tool: 't', args: {}, status: 'success', result: cycle, iteration: 1, startedAt: 'x', durationMs: 1 });
    state.taskCalls.push({ id: 'c2', task: 'k', kind: 'custom', args: {}, status: 'success', result: 12n, iteration: 1, startedAt: 'x', durationMs: 1 });
    const checkpoint = takeCheckpoint(state, 'paused');
    expect(checkpoint.toolCalls[0]!.result).toBe('[object Object]');
    expect(checkpoint.taskCalls[0]!.result).toBe('12');
  });

  it('turn back into the state they were taken from', () => {
    const state = initialState('goal', 0);
    state.activeSkills.push('s');
    expect(stateFromCheckpoint(takeCheckpoint(state, 'paused'))).toEqual(state);
  });

  it('fill optional fields of older checkpoints', () => {
    const { activeSkills: _a, loadedTools: _l, outputTokensUsed: _o, nudgeSent: _n, ...bare } = takeCheckpoint(initialState('g', 0), 'paused');
    expect(stateFromCheckpoint(bare)).toEqual(initialState('g', 0));
  });

  it('refuse final stages and malformed checkpoints', () => {
    const completed = takeCheckpoint(initialState('g', 0), 'completed');
    expect(() => stateFromCheckpoint(completed)).toThrow('resume: the checkpoint is at stage "completed", which is final; start a new run with run(goal) instead.');
    expect(restoreState(completed).goal).toBe('g');
    expect(() => stateFromCheckpoint(null as never)).toThrow(expect.objectContaining({ code: 'invalid_checkpoint' }));
    expect(() => stateFromCheckpoint({ ...completed, stage: 'paused', compaction: {} as never })).toThrow('compaction must be');
    expect(() => stateFromCheckpoint({ ...completed, stage: 'paused', iterations: -1 })).toThrow('iterations must be an integer of 0 or more');
  });
});
