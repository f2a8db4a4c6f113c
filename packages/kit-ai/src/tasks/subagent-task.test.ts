import { describe, expect, it } from 'vitest';
import { createSmartAgent } from '../agent/create-smart-agent.js';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse } from '../llm/types.js';
import { expectInvalidConfig } from '../testing/config-cases.js';
import { failure } from '../testing/failure.js';
import { taskContext } from '../testing/task-context.js';
import type { AgentTaskExecutionContext, AgentTool } from '../tools/types.js';
import { createSubagentTask, type SubagentTaskResult } from './subagent-task.js';

interface Scripted extends LLMProvider {
  requests: { messages: LLMMessage[]; options: LLMOptions | undefined }[];
}

/** Answers from prepared replies in order; a function reply sees the request. */
function scripted(name: string, replies: (string | ((options: LLMOptions | undefined) => Promise<string>))[]): Scripted {
  const requests: Scripted['requests'] = [];
  return {
    name,
    requests,
    async chat(messages, options): Promise<LLMResponse> {
      requests.push({ messages, options });
      const reply = replies.shift();
      if (reply === undefined) throw new Error(`${name}: no reply left`);
      return { content: typeof reply === 'string' ? reply : await reply(options), model: name };
    },
  };
}

function context(llm: LLMProvider, signal?: AbortSignal): AgentTaskExecutionContext {
  return taskContext({ goal: 'parent goal', llm, signal });
}

const lookups: unknown[] = [];
const lookup: AgentTool = {
  name: 'lookup',
  description: 'Looks a page up.',
  parameters: { type: 'object', properties: { page: { type: 'string' } }, required: ['page'] },
  execute: async (args) => (lookups.push(args), { title: 'API keys', text: 'Only a SHA-256 hash is stored.' }),
};

/** Waits until the signal aborts, then rejects like a provider honouring it. */
function untilAborted(options: LLMOptions | undefined): Promise<string> {
  return new Promise((_resolve, reject) => {
    options?.signal?.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')), { once: true });
  });
}

describe('createSubagentTask', () => {
  it('runs a child agent with its own tools on the goal argument, using the run model by default', async () => {
    const llm = scripted('child', [
      '{"tool": "lookup", "arguments": {"page": "auth"}}',
      'Keys are stored as SHA-256 hashes (page: API keys).',
    ]);
    const task = createSubagentTask({ name: 'research', description: 'Research.', tools: [lookup], maxIterations: 4 });
    expect(task.kind).toBe('subagent');
    expect(task.parameters).toMatchObject({ type: 'object', required: ['goal'], properties: { goal: { type: 'string', minLength: 1 } } });
    const result = (await task.execute({ goal: 'How are API keys stored?' }, context(llm))) as SubagentTaskResult;
    expect(result).toEqual({
      status: 'completed',
      result: 'Keys are stored as SHA-256 hashes (page: API keys).',
      iterations: 2,
      toolCalls: 1,
      taskCalls: 0,
    });
    expect(lookups.at(-1)).toEqual({ page: 'auth' });
    expect(
      llm.requests[0]?.messages.some((message) => message.role === 'user' && message.content.includes('How are API keys stored?')),
    ).toBe(true);
  });

  it('prefers its own llm, builds the goal with a function and passes further agent configuration', async () => {
    const own = scripted('own', ['Done: 42']);
    const parent = scripted('parent', []);
    const task = createSubagentTask({
      name: 'calc',
      description: 'Calc.',
      llm: own,
      goal: (args) => `Compute ${String(args.expression)}`,
      agent: { prompt: { base: 'You are a careful calculator.' } },
    });
    expect(task.parameters).toEqual({ type: 'object' });
    const result = (await task.execute({ expression: '6*7' }, context(parent))) as SubagentTaskResult;
    expect(result.result).toBe('Done: 42');
    expect(parent.requests).toHaveLength(0);
    const sent = own.requests[0]?.messages ?? [];
    expect(sent.some((message) => message.content.includes('Compute 6*7'))).toBe(true);
    expect(sent.some((message) => message.role === 'system' && message.content.includes('You are a careful calculator.'))).toBe(true);
  });

  it('returns a child that stops at max_iterations, and fails a fatal child with tool_failed', async () => {
    const looping = scripted('loop', ['{"tool": "lookup", "arguments": {"page": "a"}}', '{"tool": "lookup", "arguments": {"page": "b"}}']);
    const limited = createSubagentTask({ name: 'limited', description: 'L.', tools: [lookup], maxIterations: 2 });
    expect(await limited.execute({ goal: 'Loop.' }, context(looping))).toMatchObject({
      status: 'max_iterations',
      iterations: 2,
      toolCalls: 2,
    });

    const broken: LLMProvider = {
      name: 'broken',
      chat: async () => Promise.reject(new KitAIError('llm_http_error', 'broken: 500 upstream exploded', { status: 500 })),
    };
    const error = await failure(createSubagentTask({ name: 'doomed', description: 'D.' }).execute({ goal: 'Anything.' }, context(broken)));
    expect(error.code).toBe('tool_failed');
    expect(error.message).toMatch(/^createSubagentTask "doomed": the subagent failed after \d+ iteration\(s\): .*500 upstream exploded/);
  });

  it('is canceled by the run signal, aborting the child model request', async () => {
    const controller = new AbortController();
    const llm = scripted('slow', [untilAborted]);
    const pending = failure(
      createSubagentTask({ name: 'slow', description: 'S.' }).execute({ goal: 'Wait.' }, context(llm, controller.signal)),
    );
    await new Promise((resolve) => setTimeout(resolve, 20));
    controller.abort();
    const error = await pending;
    expect(error.code).toBe('aborted');
    expect(llm.requests[0]?.options?.signal?.aborted).toBe(true);
  });

  it('fails with tool_timeout at timeoutMs, even with a model that ignores its signal, and the child then cancels', async () => {
    let release: (reply: string) => void = () => {};
    const stuck = scripted('stuck', [() => new Promise<string>((resolve) => (release = resolve)), 'never asked']);
    const task = createSubagentTask({ name: 'bounded', description: 'B.', tools: [lookup], timeoutMs: 50 });
    const error = await failure(task.execute({ goal: 'Go.' }, context(stuck)));
    expect(error.code).toBe('tool_timeout');
    expect(error.message).toContain('createSubagentTask "bounded" did not finish within 50 ms');
    // The late answer asks for a tool; the child checks its control state first and stops.
    release('{"tool": "lookup", "arguments": {"page": "late"}}');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stuck.requests).toHaveLength(1);
    expect(lookups).not.toContainEqual({ page: 'late' });
  });

  it('rejects a call without a goal with invalid_arguments', async () => {
    const error = await failure(createSubagentTask({ name: 'g', description: 'G.' }).execute({}, context(scripted('x', []))));
    expect(error.code).toBe('invalid_arguments');
    expect(error.message).toBe(
      'createSubagentTask "g": the call needs a non-empty "goal" string, got undefined; say what the subagent must achieve.',
    );
  });

  it('checks the child configuration when the task is made', () => {
    const cases: [unknown, string][] = [
      [
        { name: 's', description: 'S.', tools: [lookup, lookup] },
        'createSubagentTask: task "s": the subagent\'s configuration is invalid: createSmartAgent: tools[1] is named "lookup"',
      ],
      [{ name: 's', description: 'S.', maxIterations: 0 }, 'maxIterations must be a positive integer'],
      [{ name: 's', description: 'S.', llm: {} }, 'llm must be an LLMProvider'],
      [{ name: 's', description: 'S.', goal: 'research' }, 'goal must be a function'],
    ];
    expectInvalidConfig(createSubagentTask, cases);
  });

  it('works as a task of a parent smart agent', async () => {
    const child = scripted('child', ['The child answer.']);
    const parent = scripted('parent', ['{"tool": "delegate", "arguments": {"goal": "Find the answer."}}', 'Parent done.']);
    const agent = createSmartAgent({
      llm: parent,
      tools: [],
      tasks: [createSubagentTask({ name: 'delegate', description: 'Delegate.', llm: child })],
    });
    const outcome = await agent.run('Use the delegate.');
    expect(outcome.status).toBe('completed');
    expect(outcome.taskCalls).toHaveLength(1);
    expect(outcome.taskCalls[0]).toMatchObject({
      task: 'delegate',
      kind: 'subagent',
      status: 'success',
      result: { status: 'completed', result: 'The child answer.', iterations: 1 },
    });
    expect(parent.requests[1]?.messages.some((message) => message.content.includes('The child answer.'))).toBe(true);
  });
});
