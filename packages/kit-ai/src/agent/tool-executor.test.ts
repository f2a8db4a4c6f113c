import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { taskCallable, toolCallable } from './callable.js';
import { checkArguments, executeCall, failedBeforeRun } from './tool-executor.js';
import { scriptedLlm } from './testing/scripted-llm.js';

const context = { goal: 'g', iteration: 2, llm: scriptedLlm([]) };
const call = { id: 'c1', name: 'x', arguments: { n: 1 } };

describe('checkArguments', () => {
  it('uses validate when present, else the schema, else accepts', () => {
    const schema = { type: 'object', properties: { n: { type: 'integer' }, s: { type: 'string' } }, required: ['n', 's'] };
    expect(checkArguments(toolCallable({ name: 'x', description: '', parameters: schema, execute: async () => 1 }), { n: 'a' })).toBe(
      'Invalid arguments for x: s is required; n must be of type integer',
    );
    const validated = toolCallable({
      name: 'x',
      description: '',
      parameters: schema,
      validate: () => ({ valid: false }),
      execute: async () => 1,
    });
    expect(checkArguments(validated, { n: 1, s: 'ok' })).toBe('Invalid arguments for x: rejected by validate');
    const throwing = toolCallable({
      name: 'x',
      description: '',
      validate: () => {
        throw new Error('bad shape');
      },
      execute: async () => 1,
    });
    expect(checkArguments(throwing, {})).toBe('Invalid arguments for x: bad shape');
    expect(checkArguments(toolCallable({ name: 'x', description: '', execute: async () => 1 }), { anything: true })).toBeUndefined();
  });
});

describe('executeCall', () => {
  it('returns the value with timing', async () => {
    const result = await executeCall(toolCallable({ name: 'x', description: '', execute: async (args) => ({ got: args }) }), call, context);
    expect(result).toMatchObject({ status: 'success', value: { got: { n: 1 } }, kind: 'tool', iteration: 2 });
    expect(Number.isNaN(Date.parse(result.startedAt))).toBe(false);
  });

  it('turns a throw (also a synchronous one) into an error outcome, hard with failureMode hard', async () => {
    const sync = toolCallable({
      name: 'x',
      description: '',
      failureMode: 'hard',
      execute: () => {
        throw new Error('nope');
      },
    });
    expect(await executeCall(sync, call, context)).toMatchObject({
      status: 'error',
      error: 'Tool x failed: nope',
      errorCode: 'tool_failed',
      hardFailure: true,
    });
  });

  it('times out and aborts a task signal', async () => {
    let signal: AbortSignal | undefined;
    const task = taskCallable({
      name: 'x',
      description: '',
      timeout: 20,
      execute: async (_args, ctx) => {
        signal = ctx.signal;
        await sleep(200);
        return 1;
      },
    });
    const result = await executeCall(task, call, context);
    expect(result).toMatchObject({
      status: 'error',
      error: 'Task x timed out after 20 ms',
      errorCode: 'tool_timeout',
      hardFailure: false,
      kind: 'task',
    });
    expect(signal?.aborted).toBe(true);
    expect(result.durationMs).toBeLessThan(150);
  });

  it('reports a timeout as such when the call fails at once on the abort', async () => {
    const task = taskCallable({
      name: 'x',
      description: '',
      timeout: 20,
      execute: (_args, ctx) => new Promise((_, reject) => ctx.signal.addEventListener('abort', () => reject(new Error('stopped')))),
    });
    expect(await executeCall(task, call, context)).toMatchObject({ status: 'error', error: 'Task x timed out after 20 ms' });
  });

  it("aborts the call's signal with context.signal, and still waits for its outcome", async () => {
    const outside = new AbortController();
    let seen: AbortSignal | undefined;
    const task = taskCallable({
      name: 'x',
      description: '',
      execute: async (_args, ctx) => {
        seen = ctx.signal;
        await new Promise((resolve) => ctx.signal.addEventListener('abort', resolve));
        return 'stopped early';
      },
    });
    const running = executeCall(task, call, { ...context, signal: outside.signal });
    await sleep(5);
    expect(seen?.aborted).toBe(false);
    outside.abort();
    expect(await running).toMatchObject({ status: 'success', value: 'stopped early' });
    expect(seen?.aborted).toBe(true);
  });

  it('makes error outcomes for calls that never ran', () => {
    expect(failedBeforeRun(call, undefined, 3, 'Unknown tool "x".', 'unknown_tool')).toMatchObject({
      status: 'error',
      kind: 'tool',
      error: 'Unknown tool "x".',
      durationMs: 0,
      iteration: 3,
    });
  });
});
