import { describe, expect, it } from 'vitest';
import { checkpointProblem, checkReturnedCheckpoint } from './check-checkpoint.js';
import { initialState, takeCheckpoint } from './checkpoint.js';
import type { AgentCheckpoint } from './types.js';

const valid = (): AgentCheckpoint => takeCheckpoint(initialState('goal', 0), 'tool_result');

describe('checkpointProblem', () => {
  it('accepts a checkpoint the loop took, also after a JSON round trip', () => {
    expect(checkpointProblem(valid())).toBeUndefined();
    expect(checkpointProblem(JSON.parse(JSON.stringify(valid())))).toBeUndefined();
    expect(
      checkpointProblem({
        ...valid(),
        pendingCalls: [
          { id: 'c1', name: 'echo', arguments: {} },
          { name: 'echo', arguments: { a: 1 } },
        ],
      }),
    ).toBeUndefined();
  });

  it('names the first wrong field', () => {
    const cycle: Record<string, unknown> = {};
    cycle.self = cycle;
    const cases: [unknown, string][] = [
      [[], 'the checkpoint must be an AgentCheckpoint object, got an array'],
      [{ ...valid(), stage: 'done' }, 'stage "done" is not a checkpoint stage'],
      [{ ...valid(), goal: 3 }, 'goal must be a string'],
      [{ ...valid(), messages: [{ role: 'tool', content: 'x' }] }, 'messages must be an array of { role, content }'],
      [
        { ...valid(), pendingCalls: [{ name: 'echo', arguments: 'x' }] },
        'pendingCalls must be an array of { id, name, arguments } with arguments an object',
      ],
      [
        { ...valid(), pendingApproval: { kind: 'shell', tool: 't', args: {}, reason: 'r' } },
        "pendingApproval must be { kind: 'tool' | 'task', tool, args, reason, callId?, approvalId?, heldBy? } (the optional ones strings)",
      ],
      [{ ...valid(), activeSkills: [1] }, 'activeSkills must be an array of skill names'],
      [{ ...valid(), loadedTools: 'all' }, 'loadedTools must be an array of tool names'],
      [{ ...valid(), outputTokensUsed: -1 }, 'outputTokensUsed must be a number of 0 or more'],
      [{ ...valid(), nudgeSent: 'no' }, 'nudgeSent must be a boolean'],
      [{ ...valid(), toolCalls: [{ result: cycle }] }, 'it cannot be turned into JSON (Converting circular structure to JSON)'],
    ];
    for (const [candidate, problem] of cases) expect(checkpointProblem(candidate)).toEqual(problem);
  });
});

describe('checkReturnedCheckpoint', () => {
  it('takes nothing as nothing and returns a copy of a valid checkpoint', () => {
    const given = valid();
    expect(checkReturnedCheckpoint(undefined, given)).toBeUndefined();
    expect(checkReturnedCheckpoint(null, given)).toBeUndefined();
    const returned = { ...given, goal: 'redacted' };
    const kept = checkReturnedCheckpoint(returned, given)!;
    expect(kept).toEqual(returned);
    expect(kept).not.toBe(returned);
  });

  it('rejects an invalid checkpoint or another stage, naming the hook, the stage and the problem', () => {
    const given = valid();
    expect(() => checkReturnedCheckpoint({ ...given, messages: 'x' }, given)).toThrow(
      'hooks.onCheckpoint returned an invalid checkpoint at stage "tool_result": messages must be an array of { role, content }; return the checkpoint it received (changed or not) or nothing.',
    );
    expect(() => checkReturnedCheckpoint({ ...given, stage: 'completed' }, given)).toThrow(
      'at stage "tool_result": its stage must stay "tool_result", got "completed";',
    );
    expect(() => checkReturnedCheckpoint(true, given)).toThrow(
      expect.objectContaining({ code: 'invalid_checkpoint', message: expect.stringContaining('got true') }),
    );
  });
});
