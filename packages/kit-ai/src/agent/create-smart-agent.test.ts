import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';
import type { SmartAgentConfig } from './types.js';

const lookupOrder: AgentTool = {
  name: 'lookup_order',
  description: 'Finds an order by id',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'], additionalProperties: false },
  execute: async ({ id }) => ({ id, status: 'shipped' }),
};

function configError(config: Partial<SmartAgentConfig>): string {
  try {
    createSmartAgent({ llm: scriptedLlm([]), tools: [], ...config } as SmartAgentConfig);
  } catch (error) {
    expect(error).toBeInstanceOf(KitAIError);
    expect((error as KitAIError).code).toBe('invalid_config');
    return (error as Error).message;
  }
  throw new Error('no error was thrown');
}

describe('createSmartAgent configuration', () => {
  it('rejects duplicate names across tools and tasks', () => {
    const task = { name: 'lookup_order', description: 'd', execute: async () => 1 };
    expect(configError({ tools: [lookupOrder], tasks: [task] })).toBe(
      'createSmartAgent: tasks[0] is named "lookup_order", like tools[0]; tools and tasks share one namespace, so give each a distinct name.',
    );
    expect(configError({ tools: [lookupOrder, lookupOrder] })).toContain('tools[1] is named "lookup_order", like tools[0]');
  });

  it('rejects bad limits, naming the field, the value and the fix', () => {
    expect(configError({ maxIterations: 0 })).toBe('createSmartAgent: maxIterations must be a positive integer, got 0');
    expect(configError({ maxIterations: 2.5 })).toContain('maxIterations must be a positive integer, got 2.5');
    expect(configError({ streaming: { maxConcurrency: 0 } })).toBe(
      'createSmartAgent: streaming.maxConcurrency must be a positive integer, got 0',
    );
    expect(configError({ tokenBudget: -1 })).toBe('createSmartAgent: tokenBudget must be a positive integer, got -1');
    expect(configError({ tokenBudget: { maxOutputTokensPerTurn: 10, nudgeAtPercent: 150 } })).toContain(
      'tokenBudget.nudgeAtPercent must be a percentage above 0 and at most 100, got 150',
    );
    expect(configError({ toolResultBudget: { maxChars: 0 } })).toContain('toolResultBudget.maxChars must be a positive integer, got 0');
    expect(configError({ contextWindowSize: -5 })).toContain('contextWindowSize must be a positive number of tokens, got -5');
    expect(configError({ llmTimeout: { chatTimeoutMs: 0 } })).toContain(
      'llmTimeout.chatTimeoutMs must be a positive number of milliseconds, got 0',
    );
    expect(configError({ compaction: { autocompact: { threshold: 0.8, maxFailures: 1 } } })).toContain(
      'contextWindowSize must be set when compaction.autocompact is',
    );
    expect(configError({ contextWindowSize: 100, compaction: { autocompact: { threshold: 80, maxFailures: 1 } } })).toContain(
      'compaction.autocompact.threshold must be a fraction',
    );
    expect(configError({ toolCatalog: { deferThreshold: -1 } })).toContain(
      'toolCatalog.deferThreshold must be an integer of 0 or more, got -1',
    );
    expect(configError({ tools: [{ ...lookupOrder, timeout: -1 }] })).toBe(
      'createSmartAgent: tools[0].timeout must be a positive number of milliseconds, got -1',
    );
    expect(configError({ tools: [{ ...lookupOrder, failureMode: 'loud' as 'hard' }] })).toContain(
      'tools[0].failureMode must be "soft" or "hard", got "loud"',
    );
  });

  it('rejects a missing provider and reserved meta-tool names', () => {
    expect(configError({ llm: {} as never })).toContain('llm must be an LLMProvider');
    const skill = { name: 's', description: 'd', trigger: 't', prompt: 'p' };
    expect(configError({ tools: [{ ...lookupOrder, name: 'activate_skill' }], skills: [skill] })).toContain(
      'the name of the skills meta-tool',
    );
    expect(configError({ tools: [{ ...lookupOrder, name: 'load_tools' }], toolCatalog: { deferThreshold: 0 } })).toContain(
      "the name of the tool catalogue's meta-tool",
    );
  });

  it('rejects an empty goal and a message that is not a string', async () => {
    const agent = createSmartAgent({ llm: scriptedLlm([]), tools: [] });
    await expect(agent.run('  ')).rejects.toMatchObject({ code: 'invalid_config' });
    const done = await createSmartAgent({ llm: scriptedLlm(['ok']), tools: [] }).run('g');
    await expect(agent.resume(done.checkpoint!, 42 as unknown as string)).rejects.toMatchObject({ code: 'invalid_config' });
  });
});

describe('calls and results', () => {
  it('runs a text call, sends the result back as one user message, and completes with the final reply', async () => {
    const llm = scriptedLlm([callText('lookup_order', { id: 'A1' }), 'Order A1 has shipped.']);
    const outcome = await createSmartAgent({ llm, tools: [lookupOrder] }).run('Where is A1?');
    expect(outcome.status).toBe('completed');
    expect(outcome.result).toBe('Order A1 has shipped.');
    expect(outcome.iterations).toBe(2);
    expect(outcome.toolCalls).toEqual([
      expect.objectContaining({
        id: 'call_1_1',
        tool: 'lookup_order',
        args: { id: 'A1' },
        status: 'success',
        result: { id: 'A1', status: 'shipped' },
        iteration: 1,
      }),
    ]);
    const second = llm.requests[1]!.messages;
    expect(second.map((message) => message.role)).toEqual(['system', 'user', 'assistant', 'user']);
    expect(second[1]!.content).toBe('Where is A1?');
    expect(second[2]!.content).toBe(callText('lookup_order', { id: 'A1' }));
    expect(second[3]!.content).toBe('Result of tool lookup_order (call call_1_1):\n{"id":"A1","status":"shipped"}');
  });

  it('offers the tools natively on every call and describes the text format in the system prompt', async () => {
    const llm = scriptedLlm(['done']);
    await createSmartAgent({ llm, tools: [lookupOrder, { name: 'ping', description: 'Replies pong', execute: async () => 'pong' }] }).run(
      'g',
    );
    expect(llm.requests[0]!.options?.tools).toEqual([
      { name: 'lookup_order', description: 'Finds an order by id', parameters: lookupOrder.parameters },
      { name: 'ping', description: 'Replies pong', parameters: { type: 'object', properties: {} } },
    ]);
    const system = llm.requests[0]!.messages[0]!;
    expect(system.role).toBe('system');
    expect(system.content).toContain('{"tool": "<name>", "arguments": {...}}');
    expect(system.content).toContain('- lookup_order: Finds an order by id');
    expect(system.content).toContain('- ping: Replies pong');
  });

  it('prefers native tool calls over text and records them in the text format with their ids', async () => {
    const llm = scriptedLlm([
      { content: 'Checking. {"tool": "ping"}', model: 'm', toolCalls: [{ id: 'native-1', name: 'lookup_order', arguments: { id: 'B2' } }] },
      'B2 shipped.',
    ]);
    const outcome = await createSmartAgent({
      llm,
      tools: [lookupOrder, { name: 'ping', description: 'p', execute: async () => 'pong' }],
    }).run('g');
    expect(outcome.toolCalls.map((call) => [call.id, call.tool])).toEqual([['native-1', 'lookup_order']]);
    const history = llm.requests[1]!.messages;
    expect(history[2]!.content).toBe(
      'Checking. {"tool": "ping"}\n\n```json\n{"id":"native-1","tool":"lookup_order","arguments":{"id":"B2"}}\n```',
    );
    expect(history[3]!.content).toBe('Result of tool lookup_order (call native-1):\n{"id":"B2","status":"shipped"}');
  });

  it('runs several calls of one reply and reports them in call order in one message', async () => {
    const llm = scriptedLlm([`[${callText('lookup_order', { id: 'A' })}, ${callText('lookup_order', { id: 'B' })}]`, 'both shipped']);
    await createSmartAgent({ llm, tools: [lookupOrder] }).run('g');
    expect(llm.requests[1]!.messages[3]!.content).toBe(
      'Result of tool lookup_order (call call_1_1):\n{"id":"A","status":"shipped"}\n\nResult of tool lookup_order (call call_1_2):\n{"id":"B","status":"shipped"}',
    );
  });

  it('tells the model about an unknown tool, naming close names', async () => {
    const llm = scriptedLlm([callText('lookup_ordr', { id: 'A' }), 'sorry']);
    const outcome = await createSmartAgent({ llm, tools: [lookupOrder] }).run('g');
    expect(outcome.toolCalls[0]).toMatchObject({ tool: 'lookup_ordr', status: 'error' });
    expect(llm.requests[1]!.messages[3]!.content).toBe(
      'Error from tool lookup_ordr (call call_1_1): Unknown tool "lookup_ordr". Did you mean "lookup_order"? Call a tool by its exact name.',
    );
  });

  it('checks arguments against the schema (all errors) or validate, without calling execute', async () => {
    let executed = 0;
    const strict: AgentTool = {
      name: 'refund',
      description: 'Refunds',
      parameters: {
        type: 'object',
        properties: { orderId: { type: 'string' }, cents: { type: 'integer', minimum: 1 } },
        required: ['orderId', 'cents'],
      },
      execute: async () => ++executed,
    };
    const custom: AgentTool = {
      name: 'custom',
      description: 'c',
      validate: (args) => (args.ok === true ? { valid: true } : { valid: false, error: 'ok must be true' }),
      execute: async () => ++executed,
    };
    const llm = scriptedLlm([`[${callText('refund', { cents: 0 })}, ${callText('custom', { ok: false })}]`, 'gave up']);
    const outcome = await createSmartAgent({ llm, tools: [strict, custom] }).run('g');
    expect(executed).toBe(0);
    expect(llm.requests[1]!.messages[3]!.content).toBe(
      'Error from tool refund (call call_1_1): Invalid arguments for refund: orderId is required; cents must be >= 1\n\nError from tool custom (call call_1_2): Invalid arguments for custom: ok must be true',
    );
    expect(outcome.toolCalls.map((call) => call.status)).toEqual(['error', 'error']);
  });

  it('reports a soft failure to the model and goes on', async () => {
    const failing: AgentTool = {
      name: 'flaky',
      description: 'f',
      execute: async () => {
        throw new Error('upstream 503');
      },
    };
    const llm = scriptedLlm([callText('flaky'), 'I could not reach it.']);
    const outcome = await createSmartAgent({ llm, tools: [failing] }).run('g');
    expect(outcome.status).toBe('completed');
    expect(outcome.toolCalls[0]).toMatchObject({ status: 'error', error: 'Tool flaky failed: upstream 503' });
    expect(llm.requests[1]!.messages[3]!.content).toBe('Error from tool flaky (call call_1_1): Tool flaky failed: upstream 503');
  });

  it('ends the run fatal on a hard failure, naming the tool and its message', async () => {
    const failing: AgentTool = {
      name: 'charge',
      description: 'f',
      failureMode: 'hard',
      execute: async () => {
        throw new Error('card declined');
      },
    };
    const outcome = await createSmartAgent({ llm: scriptedLlm([callText('charge')]), tools: [failing] }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe('Tool charge failed: card declined (failureMode: hard)');
    expect(outcome.toolCalls[0]).toMatchObject({ status: 'error' });
    expect(outcome.checkpoint?.stage).toBe('initialized');
  });

  it('times a tool out with its timeout: soft by default, fatal when hard', async () => {
    const slow = (failureMode: 'soft' | 'hard'): AgentTool => ({
      name: 'slow',
      description: 's',
      timeout: 30,
      failureMode,
      execute: async () => {
        await sleep(300);
        return 'late';
      },
    });
    const started = Date.now();
    const llm = scriptedLlm([callText('slow'), 'moving on']);
    const soft = await createSmartAgent({ llm, tools: [slow('soft')] }).run('g');
    expect(Date.now() - started).toBeLessThan(250);
    expect(soft.status).toBe('completed');
    expect(llm.requests[1]!.messages[3]!.content).toBe('Error from tool slow (call call_1_1): Tool slow timed out after 30 ms');
    const hard = await createSmartAgent({ llm: scriptedLlm([callText('slow')]), tools: [slow('hard')] }).run('g');
    expect(hard.status).toBe('fatal');
    expect(hard.error).toBe('Tool slow timed out after 30 ms (failureMode: hard)');
  });

  it('sums the usage the provider reports', async () => {
    const usage = { promptTokens: 10, completionTokens: 5, totalTokens: 15 };
    const llm = scriptedLlm([
      { content: callText('lookup_order', { id: 'x' }), model: 'm', usage },
      { content: 'done', model: 'm', usage },
    ]);
    const outcome = await createSmartAgent({ llm, tools: [lookupOrder] }).run('g');
    expect(outcome.usage).toEqual({ promptTokens: 20, completionTokens: 10, totalTokens: 30 });
    const none = await createSmartAgent({ llm: scriptedLlm(['done']), tools: [] }).run('g');
    expect(none.usage).toBeUndefined();
  });

  it('runs tasks like tools, with their execution context, and records them as task calls', async () => {
    const seen: unknown[] = [];
    const llm = scriptedLlm([callText('build', { target: 'web' }), 'built']);
    const outcome = await createSmartAgent({
      llm,
      tools: [],
      tasks: [
        {
          name: 'build',
          description: 'Builds a target',
          kind: 'shell',
          parameters: { type: 'object', properties: { target: { type: 'string' } }, required: ['target'] },
          execute: async (args, context) => {
            seen.push({
              args,
              callId: context.callId,
              goal: context.goal,
              iteration: context.iteration,
              aborted: context.signal.aborted,
              llm: context.llm.name,
            });
            return { ok: true };
          },
        },
      ],
    }).run('Build the web target');
    expect(seen).toEqual([
      { args: { target: 'web' }, callId: 'call_1_1', goal: 'Build the web target', iteration: 1, aborted: false, llm: 'scripted' },
    ]);
    expect(outcome.toolCalls).toEqual([]);
    expect(outcome.taskCalls).toEqual([
      expect.objectContaining({ id: 'call_1_1', task: 'build', kind: 'shell', status: 'success', result: { ok: true } }),
    ]);
    expect(llm.requests[1]!.messages[3]!.content).toBe('Result of task build (call call_1_1):\n{"ok":true}');
    expect(llm.requests[0]!.messages[0]!.content).toContain('- build (task): Builds a target');
  });

  it('aborts the signal of a task that times out', async () => {
    let aborted = false;
    const llm = scriptedLlm([callText('wait'), 'ok']);
    await createSmartAgent({
      llm,
      tools: [],
      tasks: [
        {
          name: 'wait',
          description: 'w',
          timeout: 20,
          execute: async (_args, context) => {
            await sleep(80);
            aborted = context.signal.aborted;
            return 1;
          },
        },
      ],
    }).run('g');
    await sleep(100);
    expect(aborted).toBe(true);
    expect(llm.requests[1]!.messages[3]!.content).toBe('Error from task wait (call call_1_1): Task wait timed out after 20 ms');
  });

  it('does not abort the signal of a running task on cancel: the cancel takes effect at the next control point', async () => {
    let cancelRequested = false;
    const seen: { abortedAtEnd?: boolean } = {};
    const points: string[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm([callText('wait'), 'never asked']),
      tools: [],
      tasks: [
        {
          name: 'wait',
          description: 'w',
          execute: async (_args, context) => {
            cancelRequested = true;
            await sleep(30);
            seen.abortedAtEnd = context.signal.aborted;
            return 'finished';
          },
        },
      ],
      hooks: {
        getControlState: ({ point }) => {
          points.push(point);
          return { action: cancelRequested ? 'cancel' : 'continue' };
        },
      },
    }).run('g');
    expect(seen.abortedAtEnd).toBe(false);
    expect(points).toEqual(['before_llm', 'before_tools', 'after_tools']);
    expect(outcome.status).toBe('canceled');
    expect(outcome.taskCalls).toEqual([expect.objectContaining({ task: 'wait', status: 'success', result: 'finished' })]);
  });
});
