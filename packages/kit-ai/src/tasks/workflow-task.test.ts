import { describe, expect, it } from 'vitest';
import { expectInvalidConfig } from '../testing/config-cases.js';
import { failure } from '../testing/failure.js';
import { taskContext } from '../testing/task-context.js';
import type { AgentTaskExecutionContext } from '../tools/types.js';
import { createWorkflowTask, type WorkflowStep, type WorkflowTaskResult } from './workflow-task.js';

/** A call of iteration 2 of a release run; the steps see its goal and id. */
function context(signal?: AbortSignal): AgentTaskExecutionContext {
  return taskContext({ callId: 'call_2_1', goal: 'release', iteration: 2, signal });
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('createWorkflowTask', () => {
  it('runs the steps in order, each on the previous output, the first on the arguments', async () => {
    const seen: unknown[] = [];
    const task = createWorkflowTask({
      name: 'pipeline',
      description: 'Pipeline.',
      steps: [
        { name: 'double', run: (input: { n: number }) => (seen.push(input), input.n * 2) },
        { name: 'describe', run: async (input: number, ctx) => (seen.push(input), `${ctx.goal}:${ctx.callId}:${input}`) },
      ],
    });
    expect(task.kind).toBe('workflow');
    expect(task.parameters).toEqual({ type: 'object' });
    const result = (await task.execute({ n: 21 }, context())) as WorkflowTaskResult;
    expect(seen).toEqual([{ n: 21 }, 42]);
    expect(result.output).toBe('release:call_2_1:42');
    expect(result.steps.map(({ name, output, attempts }) => ({ name, output, attempts }))).toEqual([
      { name: 'double', output: 42, attempts: 1 },
      { name: 'describe', output: 'release:call_2_1:42', attempts: 1 },
    ]);
    for (const step of result.steps) expect(step.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('retries a failing step and records its attempts', async () => {
    let calls = 0;
    const task = createWorkflowTask({
      name: 'flaky',
      description: 'Flaky.',
      steps: [
        {
          name: 'fetch',
          retries: 2,
          retryDelayMs: 20,
          run: () => {
            calls++;
            if (calls < 3) throw new Error(`attempt ${calls} failed`);
            return 'ok';
          },
        },
      ],
    });
    const started = Date.now();
    const result = (await task.execute({}, context())) as WorkflowTaskResult;
    expect(Date.now() - started).toBeGreaterThanOrEqual(35);
    expect(result.steps[0]).toMatchObject({ name: 'fetch', output: 'ok', attempts: 3 });
  });

  it('stops at the first step that still fails, naming it', async () => {
    const ran: string[] = [];
    const cause = new Error('registry unreachable');
    const steps: WorkflowStep[] = [
      { name: 'build', run: () => void ran.push('build') },
      { name: 'publish', retries: 1, run: () => (ran.push('publish'), Promise.reject(cause)) },
      { name: 'announce', run: () => void ran.push('announce') },
    ];
    const error = await failure(createWorkflowTask({ name: 'release', description: 'Release.', steps }).execute({}, context()));
    expect(ran).toEqual(['build', 'publish', 'publish']);
    expect(error.code).toBe('tool_failed');
    expect(error.message).toBe('createWorkflowTask "release": step "publish" (2 of 3) failed after 2 attempts: registry unreachable');
    expect(error.cause).toBe(cause);
    const single = await failure(
      createWorkflowTask({
        name: 'one',
        description: 'One.',
        steps: [
          {
            name: 's',
            run: () => {
              throw new Error('no');
            },
          },
        ],
      }).execute({}, context()),
    );
    expect(single.message).toBe('createWorkflowTask "one": step "s" (1 of 1) failed: no');
  });

  it('gives a late step attempt up at the step timeout and retries it', async () => {
    let attempt = 0;
    const aborted: boolean[] = [];
    const task = createWorkflowTask({
      name: 'slow_step',
      description: 'Slow.',
      steps: [
        {
          name: 'wait',
          timeoutMs: 30,
          retries: 1,
          run: async (_input, ctx) => {
            attempt++;
            if (attempt === 1) {
              await sleep(200);
              aborted.push(ctx.signal.aborted);
              return 'late';
            }
            return 'fast';
          },
        },
      ],
    });
    const result = (await task.execute({}, context())) as WorkflowTaskResult;
    expect(result.output).toBe('fast');
    expect(result.steps[0]?.attempts).toBe(2);
    await sleep(250);
    expect(aborted).toEqual([true]);
  });

  it('fails the whole workflow at its timeoutMs without retrying, telling the running step', async () => {
    let stepSignal: AbortSignal | undefined;
    let runs = 0;
    const task = createWorkflowTask({
      name: 'bounded',
      description: 'Bounded.',
      timeoutMs: 40,
      steps: [{ name: 'forever', retries: 5, run: (_input, ctx) => ((runs++, (stepSignal = ctx.signal)), new Promise(() => {})) }],
    });
    const error = await failure(task.execute({}, context()));
    expect(error.code).toBe('tool_timeout');
    expect(error.message).toBe(
      'createWorkflowTask "bounded" did not finish within 40 ms (timeoutMs); raise timeoutMs or make the work smaller.',
    );
    expect(stepSignal?.aborted).toBe(true);
    expect(runs).toBe(1);
  });

  it('is canceled by the run signal, before or between steps', async () => {
    const controller = new AbortController();
    const ran: string[] = [];
    const task = createWorkflowTask({
      name: 'cancelable',
      description: 'C.',
      steps: [
        { name: 'first', run: () => (ran.push('first'), controller.abort(), 'x') },
        { name: 'second', run: () => ran.push('second') },
      ],
    });
    expect((await failure(task.execute({}, context(controller.signal)))).code).toBe('aborted');
    expect(ran).toEqual(['first']);
    expect((await failure(task.execute({}, context(AbortSignal.abort())))).code).toBe('aborted');
    expect(ran).toEqual(['first']);
  });

  it('rejects bad options with invalid_config', () => {
    const ok = { name: 'w', description: 'W.' };
    const cases: [unknown, string][] = [
      [{ ...ok, steps: [] }, 'createWorkflowTask: task "w": steps must be a non-empty array of { name, run }, got an empty array.'],
      [
        {
          ...ok,
          steps: [
            { name: 'a', run: () => 1 },
            { name: 'a', run: () => 2 },
          ],
        },
        'two steps are named "a"',
      ],
      [{ ...ok, steps: [{ name: 'a' }] }, 'steps[0] ("a"): run must be a function'],
      [{ ...ok, steps: [{ name: 'a', run: () => 1, retries: -1 }] }, 'retries must be a whole number of 0 or more, got -1.'],
      [{ ...ok, steps: [{ name: '', run: () => 1 }] }, 'steps[0].name must be a non-empty string'],
      [{ ...ok, steps: [{ name: 'a', run: () => 1 }], timeoutMs: 0 }, 'timeoutMs must be a positive number of milliseconds, got 0.'],
    ];
    expectInvalidConfig(createWorkflowTask, cases);
  });
});
