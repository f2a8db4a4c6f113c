import { describe, expect, it } from 'vitest';
import { taskCallable, toolCallable } from './callable.js';
import { scriptedLlm } from './testing/scripted-llm.js';

describe('callables', () => {
  it('give tools and tasks one shape with their defaults', async () => {
    const tool = toolCallable({ name: 't', description: 'd', execute: async (args) => args });
    expect(tool).toMatchObject({
      kind: 'tool',
      concurrencySafe: false,
      failureMode: 'soft',
      timeout: undefined,
      taskKind: 'custom',
      validate: undefined,
      alwaysLoaded: false,
    });
    const llm = scriptedLlm([]);
    const signal = new AbortController().signal;
    const task = taskCallable({
      name: 'k',
      description: 'd',
      kind: 'shell',
      isConcurrencySafe: true,
      failureMode: 'hard',
      timeout: 5,
      execute: async (args, context) => ({ args, callId: context.callId }),
    });
    expect(task).toMatchObject({ kind: 'task', taskKind: 'shell', concurrencySafe: true, failureMode: 'hard', timeout: 5 });
    expect(await task.invoke({ x: 1 }, { callId: 'c9', goal: 'g', iteration: 1, signal, llm })).toEqual({ args: { x: 1 }, callId: 'c9' });
    expect(await tool.invoke({ y: 2 }, { callId: 'c1', goal: 'g', iteration: 1, signal, llm })).toEqual({ y: 2 });
  });
});
