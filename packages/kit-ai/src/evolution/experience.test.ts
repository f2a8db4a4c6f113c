import { describe, expect, it } from 'vitest';
import type { AgentRunResult, AgentRunStatus } from '../agent/types.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import { buildExperience, outcomeOf, shouldCapture } from './experience.js';

function result(status: AgentRunStatus, extra: Partial<AgentRunResult> = {}): AgentRunResult {
  return { result: 'Refund issued for order 1042.', iterations: 3, toolCalls: [], taskCalls: [], status, ...extra };
}

describe('buildExperience', () => {
  it('maps every status to an outcome', () => {
    const outcomes = (['completed', 'fatal', 'canceled', 'max_iterations', 'approval_required', 'paused'] as const).map((status) => [
      status,
      outcomeOf(status),
      buildExperience({ goal: 'g', result: result(status), durationMs: 1 }).outcome,
    ]);
    expect(outcomes).toEqual([
      ['completed', 'success', 'success'],
      ['fatal', 'failure', 'failure'],
      ['canceled', 'failure', 'failure'],
      ['max_iterations', 'partial', 'partial'],
      ['approval_required', 'partial', 'partial'],
      ['paused', 'partial', 'partial'],
    ]);
  });

  it('builds the trajectory from tool and task calls in order, then the final answer', () => {
    const long = 'x'.repeat(500);
    const experience = buildExperience({
      goal: 'Refund order 1042',
      durationMs: 2400,
      skillsUsed: ['refund-triage'],
      result: result('completed', {
        usage: { promptTokens: 700, completionTokens: 300, totalTokens: 1000 },
        toolCalls: [
          {
            id: 'c2',
            tool: 'issue_refund',
            args: { id: 1042 },
            status: 'error',
            error: 'refund service unavailable',
            iteration: 2,
            startedAt: '2025-01-01T00:00:02.000Z',
            durationMs: 5,
          },
          {
            id: 'c1',
            tool: 'lookup_order',
            args: { id: 1042 },
            status: 'success',
            result: { status: 'shipped', notes: long },
            iteration: 1,
            startedAt: '2025-01-01T00:00:01.000Z',
            durationMs: 5,
          },
          {
            id: 'c4',
            tool: 'issue_refund',
            args: { id: 1042 },
            status: 'success',
            result: 'ok',
            iteration: 3,
            startedAt: '2025-01-01T00:00:04.000Z',
            durationMs: 5,
          },
        ],
        taskCalls: [
          {
            id: 't1',
            task: 'notify',
            kind: 'shell',
            args: {},
            status: 'denied',
            error: 'not allowed now',
            iteration: 2,
            startedAt: '2025-01-01T00:00:01.500Z',
            durationMs: 0,
          },
        ],
      }),
    });
    expect(experience).toMatchObject({
      goal: 'Refund order 1042',
      outcome: 'success',
      iterations: 3,
      tokenUsage: 1000,
      duration: 2400,
      skillsUsed: ['refund-triage'],
      status: 'completed',
    });
    expect(experience.trajectory.map((step) => [step.iteration, step.kind, step.name, step.status])).toEqual([
      [1, 'tool', 'lookup_order', 'success'],
      [2, 'task', 'notify', 'denied'],
      [2, 'tool', 'issue_refund', 'error'],
      [3, 'tool', 'issue_refund', 'success'],
      [3, 'answer', undefined, undefined],
    ]);
    expect(experience.trajectory[0]?.summary).toHaveLength(200);
    expect(experience.trajectory[0]?.summary).toMatch(/^\{"status":"shipped","notes":"x+\.\.\.$/);
    expect(experience.trajectory[0]?.args).toEqual({ id: 1042 });
    expect(experience.trajectory[1]?.summary).toBe('not allowed now');
    expect(experience.trajectory[3]?.summary).toBe('ok');
    expect(experience.trajectory[4]?.summary).toBe('Refund issued for order 1042.');
  });

  it('records the error of a fatal run, no answer step, 0 tokens without usage, and skills from the checkpoint', () => {
    const experience = buildExperience({
      goal: 'g',
      durationMs: 10,
      result: result('fatal', {
        error: 'provider down',
        checkpoint: {
          stage: 'tool_result',
          goal: 'g',
          messages: [],
          iterations: 3,
          toolCalls: [],
          taskCalls: [],
          maxOutputTokens: 0,
          compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
          activeSkills: ['triage'],
        },
      }),
    });
    expect(experience).toEqual({
      goal: 'g',
      outcome: 'failure',
      trajectory: [],
      iterations: 3,
      tokenUsage: 0,
      duration: 10,
      skillsUsed: ['triage'],
      status: 'fatal',
      error: 'provider down',
    });
  });

  it('rejects bad input with invalid_arguments', () => {
    expect(() => buildExperience({ goal: '', result: result('completed'), durationMs: 1 })).toThrow(
      'buildExperience: goal must be the non-empty goal of the run, got "".',
    );
    expect(() => buildExperience({ goal: 'g', result: result('done' as never), durationMs: 1 })).toThrow(
      'buildExperience: result.status must be an AgentRunStatus (completed, max_iterations, approval_required, paused, canceled, fatal), got "done".',
    );
    expect(() => buildExperience({ goal: 'g', result: result('completed'), durationMs: -5 })).toThrow(KitAIError);
  });
});

describe('shouldCapture', () => {
  it('follows every-run (the default), on-failure, on-success and a function', () => {
    const completed = result('completed');
    const paused = result('paused');
    expect([shouldCapture(undefined, completed), shouldCapture('every-run', paused)]).toEqual([true, true]);
    expect([shouldCapture('on-failure', completed), shouldCapture('on-failure', paused)]).toEqual([false, true]);
    expect([shouldCapture('on-success', completed), shouldCapture('on-success', paused)]).toEqual([true, false]);
    expect([shouldCapture((run) => run.status === 'paused', completed), shouldCapture((run) => run.status === 'paused', paused)]).toEqual([
      false,
      true,
    ]);
  });

  it('rejects an unknown setting with invalid_config', () => {
    expect(() => shouldCapture('always' as never, result('completed'))).toThrow(
      "shouldCapture: capture must be 'every-run', 'on-failure', 'on-success' or a function (result) => boolean, got \"always\".",
    );
  });
});
