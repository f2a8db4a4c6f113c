import { describe, expect, it } from 'vitest';
import type { CallOutcome } from './call-outcome.js';
import {
  canResumeFrom,
  carryCheckpoint,
  endingCheckpoint,
  initialState,
  NO_RESUME_POINT,
  restoreState,
  stateFromCheckpoint,
  takeCheckpoint,
  taskWaitCheckpoint,
  type CheckpointConfig,
} from './checkpoint.js';
import type { AgentCheckpoint } from './types.js';

describe('checkpoints', () => {
  it('are plain JSON that share nothing with the run', () => {
    const state = initialState('goal', 100);
    state.toolCalls.push({
      id: 'c1',
      tool: 't',
      args: {},
      status: 'success',
      result: { at: new Date(0), skip: undefined },
      iteration: 1,
      startedAt: 'x',
      durationMs: 1,
    });
    const checkpoint = takeCheckpoint(state, 'tool_result', { pendingCalls: [] });
    expect(checkpoint.toolCalls[0]!.result).toEqual({ at: '1970-01-01T00:00:00.000Z' });
    expect(JSON.parse(JSON.stringify(checkpoint))).toEqual(checkpoint);
    expect(checkpoint.pendingCalls).toBeUndefined();
    state.messages.push({ role: 'assistant', content: 'later' });
    expect(checkpoint.messages).toHaveLength(1);
    expect(checkpoint).toMatchObject({
      stage: 'tool_result',
      goal: 'goal',
      iterations: 0,
      maxOutputTokens: 100,
      activeSkills: [],
      loadedTools: [],
      outputTokensUsed: 0,
      nudgeSent: false,
    });
  });

  it('keep results JSON cannot hold as their text', () => {
    const state = initialState('goal', 0);
    const cycle: Record<string, unknown> = { name: 'loop' };
    cycle.self = cycle;
    state.toolCalls.push({ id: 'c1', tool: 't', args: {}, status: 'success', result: cycle, iteration: 1, startedAt: 'x', durationMs: 1 });
    state.taskCalls.push({
      id: 'c2',
      task: 'k',
      kind: 'custom',
      args: {},
      status: 'success',
      result: 12n,
      iteration: 1,
      startedAt: 'x',
      durationMs: 1,
    });
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
    const {
      activeSkills: _a,
      loadedTools: _l,
      outputTokensUsed: _o,
      nudgeSent: _n,
      ...bare
    } = takeCheckpoint(initialState('g', 0), 'paused');
    expect(stateFromCheckpoint(bare)).toEqual(initialState('g', 0));
  });

  it('refuse final stages and malformed checkpoints', () => {
    const completed = takeCheckpoint(initialState('g', 0), 'completed');
    expect(() => stateFromCheckpoint(completed)).toThrow(
      'resume: the checkpoint is at stage "completed", which is final; start a new run with run(goal) instead.',
    );
    expect(restoreState(completed).goal).toBe('g');
    expect(() => stateFromCheckpoint(null as never)).toThrow(expect.objectContaining({ code: 'invalid_checkpoint' }));
    expect(() => stateFromCheckpoint({ ...completed, stage: 'paused', compaction: {} as never })).toThrow('compaction must be');
    expect(() => stateFromCheckpoint({ ...completed, stage: 'paused', iterations: -1 })).toThrow(
      'iterations must be an integer of 0 or more',
    );
  });
});

/** A configuration whose `onCheckpoint` records what it is offered and answers with `answer`. */
function offering(answer: (checkpoint: AgentCheckpoint) => unknown, offered: AgentCheckpoint[] = []): CheckpointConfig {
  return {
    hooks: {
      onCheckpoint: (checkpoint) => {
        offered.push(checkpoint);
        return answer(checkpoint) as AgentCheckpoint | undefined;
      },
    },
  };
}

function outcome(id: string, name: string, kind: 'tool' | 'task', value: unknown): CallOutcome {
  return {
    call: { id, name, arguments: {} },
    kind,
    taskKind: 'custom',
    status: 'success',
    value,
    iteration: 1,
    startedAt: 'x',
    durationMs: 1,
  };
}

describe('checkpoints the run carries on from', () => {
  it('are made only when asked for without onCheckpoint, as the state was when taken', async () => {
    const state = initialState('goal', 0);
    const carried = await carryCheckpoint({}, state, 'tool_result');
    state.messages.push({ role: 'assistant', content: 'later' });
    state.activeSkills.push('later');
    expect(carried.replacement).toBeUndefined();
    expect(await carried.resumePoint()).toEqual(takeCheckpoint(initialState('goal', 0), 'tool_result'));
  });

  it('are offered to onCheckpoint, and what it returns replaces the state and the resume point', async () => {
    const offered: AgentCheckpoint[] = [];
    const carried = await carryCheckpoint(
      offering((checkpoint) => ({ ...checkpoint, goal: 'edited' }), offered),
      initialState('goal', 0),
      'initialized',
    );
    expect(offered.map((checkpoint) => [checkpoint.stage, checkpoint.goal])).toEqual([['initialized', 'goal']]);
    expect(carried.replacement).toEqual({ ...initialState('goal', 0), goal: 'edited' });
    expect(await carried.resumePoint()).toMatchObject({ stage: 'initialized', goal: 'edited' });
  });

  it('keep their own checkpoint when onCheckpoint returns nothing, and reject an invalid one', async () => {
    const kept = await carryCheckpoint(
      offering(() => undefined),
      initialState('goal', 0),
      'tool_result',
    );
    expect(kept.replacement).toBeUndefined();
    expect(await kept.resumePoint()).toEqual(takeCheckpoint(initialState('goal', 0), 'tool_result'));
    const invalid = carryCheckpoint(
      offering((checkpoint) => ({ ...checkpoint, stage: 'completed' })),
      initialState('goal', 0),
      'tool_result',
    );
    await expect(invalid).rejects.toThrow(
      'hooks.onCheckpoint returned an invalid checkpoint at stage "tool_result": its stage must stay "tool_result", got "completed"',
    );
  });
});

describe('task_wait checkpoints', () => {
  const inFlight = {
    finished: [outcome('c1', 'echo', 'tool', { echoed: 'hi' })],
    pending: [{ id: 'c2', name: 'build', arguments: {} }],
    unrecordedCalls: [
      { id: 'c1', name: 'echo', arguments: {} },
      { id: 'c2', name: 'build', arguments: {} },
    ],
  };

  it('hold the results so far, the calls without one pending, and the calls of a reply still streaming', async () => {
    const resumePoint = await taskWaitCheckpoint({}, initialState('goal', 0), inFlight);
    const checkpoint = await resumePoint();
    expect(checkpoint).toMatchObject({ stage: 'task_wait', pendingCalls: [{ id: 'c2', name: 'build', arguments: {} }], taskCalls: [] });
    expect(checkpoint!.toolCalls.map((record) => record.id)).toEqual(['c1']);
    expect(checkpoint!.messages.slice(1)).toEqual([
      { role: 'assistant', content: '[{"id":"c1","tool":"echo","arguments":{}},{"id":"c2","tool":"build","arguments":{}}]' },
      { role: 'user', content: 'Result of tool echo (call c1):\n{"echoed":"hi"}' },
    ]);
    expect(stateFromCheckpoint(checkpoint!).goal).toBe('goal');
  });

  it('become the resume point as onCheckpoint left them', async () => {
    const resumePoint = await taskWaitCheckpoint(
      offering((checkpoint) => ({ ...checkpoint, goal: 'edited' })),
      initialState('goal', 0),
      { ...inFlight, unrecordedCalls: undefined },
    );
    const checkpoint = await resumePoint();
    expect(checkpoint).toMatchObject({ stage: 'task_wait', goal: 'edited' });
    expect(checkpoint!.messages.map((message) => message.role)).toEqual(['user', 'user']);
  });
});

describe('ending checkpoints', () => {
  it('carry what the ending waits for, as onCheckpoint left them', async () => {
    const pendingApproval = { kind: 'tool' as const, tool: 'refund', args: { id: 1 }, reason: 'too much' };
    expect(await endingCheckpoint({}, initialState('goal', 0), 'approval_required', { pendingApproval })).toMatchObject({
      stage: 'approval_required',
      pendingApproval,
    });
    const paused = await endingCheckpoint(
      offering((checkpoint) => ({ ...checkpoint, goal: 'stored' })),
      initialState('goal', 0),
      'paused',
      { pendingCalls: [{ id: 'c1', name: 'echo', arguments: {} }] },
    );
    expect(paused).toMatchObject({ stage: 'paused', goal: 'stored', pendingCalls: [{ id: 'c1', name: 'echo', arguments: {} }] });
  });

  it('can be resumed unless completed or canceled', () => {
    const at = (stage: AgentCheckpoint['stage']): boolean => canResumeFrom(takeCheckpoint(initialState('goal', 0), stage));
    expect(
      ['initialized', 'tool_result', 'task_wait', 'approval_required', 'paused', 'max_iterations'].every((stage) =>
        at(stage as AgentCheckpoint['stage']),
      ),
    ).toBe(true);
    expect(at('completed') || at('canceled')).toBe(false);
  });

  it('exist only once taken: a run starts with nothing to resume from', async () => {
    expect(await NO_RESUME_POINT()).toBeUndefined();
  });
});
