import { SpanKind, SpanStatusCode, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { createSmartAgent } from '../agent/create-smart-agent.js';
import { callText, scriptedLlm } from '../agent/testing/scripted-llm.js';
import { createHarness } from '../harness/create-harness.js';
import { createHarnessWorker } from '../harness/create-harness-worker.js';
import { MemoryRunStore } from '../harness/stores/memory-run-store.js';
import type { AgentTool } from '../tools/types.js';
import { isChildOf, recordSpansInTests } from '../../../../test-support/tracing.js';

const lookup: AgentTool = {
  name: 'lookup',
  description: 'Finds an order',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  execute: async ({ id }) =>
    trace.getTracer('test').startActiveSpan('inside the tool', async (span) => {
      span.end();
      return { id, shipped: true };
    }),
};

const broken: AgentTool = {
  name: 'broken',
  description: 'Always fails',
  execute: async () => {
    throw new Error('the warehouse is offline');
  },
};

/** Runs `work` inside a span named `name`, as a request handler would run inside its request's span. */
function inRequest<T>(name: string, work: () => Promise<T>): Promise<T> {
  return trace.getTracer('test').startActiveSpan(name, async (span) => {
    try {
      return await work();
    } finally {
      span.end();
    }
  });
}

describe('agent spans', () => {
  const recorded = recordSpansInTests();

  it('makes an invoke_agent span per run, with a chat span per model call and an execute_tool span per call', async () => {
    const llm = scriptedLlm(
      [
        {
          content: callText('lookup', { id: 'A-17' }),
          model: 'gpt-x-2026',
          finishReason: 'tool_calls',
          usage: { promptTokens: 12, completionTokens: 5, totalTokens: 17 },
        },
        {
          content: 'A-17 shipped.',
          model: 'gpt-x-2026',
          finishReason: 'stop',
          usage: { promptTokens: 30, completionTokens: 4, totalTokens: 34 },
        },
      ],
      { name: 'chat-completions:gpt-x' },
    );
    const agent = createSmartAgent({ llm, tools: [lookup], tokenBudget: { maxOutputTokensPerTurn: 256 } });
    const result = await inRequest('request', () => agent.run('Where is A-17?'));
    expect(result.status).toBe('completed');

    const run = recorded.named('invoke_agent');
    expect(isChildOf(run, recorded.named('request'))).toBe(true);
    expect(run.instrumentationScope.name).toBe('@kit/kit-ai');
    expect(run.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-x',
      'kit.agent.start': 'run',
      'kit.agent.status': 'completed',
      'kit.agent.iterations': 2,
      'gen_ai.usage.input_tokens': 42,
      'gen_ai.usage.output_tokens': 9,
    });

    const chats = recorded.spans().filter((span) => span.name === 'chat gpt-x');
    expect(chats).toHaveLength(2);
    for (const chat of chats) {
      expect(chat.kind).toBe(SpanKind.CLIENT);
      expect(isChildOf(chat, run)).toBe(true);
    }
    expect(chats[0]!.attributes).toEqual({
      'gen_ai.operation.name': 'chat',
      'gen_ai.provider.name': 'openai',
      'gen_ai.request.model': 'gpt-x',
      'gen_ai.request.max_tokens': 256,
      'gen_ai.response.model': 'gpt-x-2026',
      'gen_ai.response.finish_reasons': ['tool_calls'],
      'gen_ai.usage.input_tokens': 12,
      'gen_ai.usage.output_tokens': 5,
    });

    const tool = recorded.named('execute_tool lookup');
    expect(tool.kind).toBe(SpanKind.INTERNAL);
    expect(isChildOf(tool, run)).toBe(true);
    expect(tool.attributes).toMatchObject({
      'gen_ai.operation.name': 'execute_tool',
      'gen_ai.tool.name': 'lookup',
      'gen_ai.tool.call.id': 'call_1_1',
      'kit.call.kind': 'tool',
      'kit.call.status': 'success',
    });
    expect(isChildOf(recorded.named('inside the tool'), tool)).toBe(true);
  });

  it('parents calls that start while a reply streams to the run, not to the model call', async () => {
    const llm = scriptedLlm([callText('lookup', { id: 'B-2' }), 'Done.'], { stream: true, chunkDelayMs: 5 });
    await createSmartAgent({ llm, tools: [lookup], streaming: { maxConcurrency: 2 } }).run('Find B-2');
    const run = recorded.named('invoke_agent');
    expect(isChildOf(recorded.named('execute_tool lookup'), run)).toBe(true);
    const chat = recorded.spans().find((span) => span.name.startsWith('chat '));
    expect(chat?.attributes['gen_ai.request.stream']).toBe(true);
  });

  it('marks a failed call and a fatal run', async () => {
    const agent = createSmartAgent({
      llm: scriptedLlm([callText('broken', {}), new Error('the model is down')]),
      tools: [{ ...broken, failureMode: 'soft' }],
    });
    const result = await agent.run('Try it');
    expect(result.status).toBe('fatal');
    const tool = recorded.named('execute_tool broken');
    expect(tool.status).toMatchObject({ code: SpanStatusCode.ERROR, message: 'Tool broken failed: the warehouse is offline' });
    expect(tool.attributes['error.type']).toBe('tool_failed');
    const failedChat = recorded
      .spans()
      .filter((span) => span.name.startsWith('chat '))
      .at(-1)!;
    expect(failedChat.status.code).toBe(SpanStatusCode.ERROR);
    expect(failedChat.events[0]?.attributes?.['exception.message']).toBe('the model is down');
    const run = recorded.named('invoke_agent');
    expect(run.status.code).toBe(SpanStatusCode.ERROR);
    expect(run.attributes).toMatchObject({ 'error.type': 'fatal', 'kit.agent.status': 'fatal' });
  });
});

describe('harness spans', () => {
  const recorded = recordSpansInTests();

  it('executes a run started in a request as one invoke_agent span under the request, holding the agent’s calls', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({ store, agent: { llm: scriptedLlm([callText('lookup', { id: 'A-1' }), 'Shipped.']), tools: [lookup] } });
    const run = await inRequest('POST /api/runs', () => harness.start({ goal: 'Where is A-1?' }));
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await harness.close();

    const request = recorded.named('POST /api/runs');
    const execution = recorded.named('invoke_agent');
    expect(isChildOf(execution, request)).toBe(true);
    expect(execution.attributes).toMatchObject({
      'gen_ai.operation.name': 'invoke_agent',
      'gen_ai.conversation.id': run.id,
      'kit.run.id': run.id,
      'kit.run.attempt': 1,
      'kit.run.reclaimed': false,
      'kit.run.status': 'completed',
      'kit.agent.status': 'completed',
      'gen_ai.request.model': 'scripted',
    });
    expect(isChildOf(recorded.named('execute_tool lookup'), execution)).toBe(true);
    const chats = recorded.spans().filter((span) => span.name === 'chat scripted');
    expect(chats).toHaveLength(2);
    expect(chats.every((chat) => isChildOf(chat, execution))).toBe(true);
  });

  it('stores the trace context of the start with the run, and a worker elsewhere continues it', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({
      store,
      agent: { llm: scriptedLlm(['Done.'], { fallbackReply: 'Done.' }), tools: [] },
      executeRuns: 'workers',
    });
    const run = await inRequest('POST /api/runs', () => harness.start({ goal: 'Summarise' }));
    const request = recorded.named('POST /api/runs');
    const stored = await store.getRun(run.id);
    const { traceId, spanId } = request.spanContext();
    expect(stored?.next?.traceContext).toEqual({ traceparent: `00-${traceId}-${spanId}-01` });

    // A worker started while another request is answered (as an app's middleware may start one) runs its loop
    // outside that request: what it claims and executes is no part of that request's trace.
    const claims: (string | undefined)[] = [];
    const claimRun = store.claimRun.bind(store);
    store.claimRun = (options) => {
      claims.push(trace.getActiveSpan()?.spanContext().spanId);
      return claimRun(options);
    };
    const worker = await inRequest('GET /tickets', async () => createHarnessWorker({ harness, pollIntervalMs: 10 }));
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await worker.close();
    expect(claims.length).toBeGreaterThan(0);
    expect(claims.every((spanId) => spanId === undefined)).toBe(true);
    const execution = recorded.named('invoke_agent');
    expect(isChildOf(execution, request)).toBe(true);
    expect(execution.links).toEqual([]);
  });
});

describe('harness spans after a takeover', () => {
  const recorded = recordSpansInTests();

  it('keeps the trace of the start past the first checkpoint, so an executor that takes over a crashed run continues it', async () => {
    const store = new MemoryRunStore();
    let release!: () => void;
    const released = new Promise<void>((resolve) => (release = resolve));
    const slow: AgentTool = { ...lookup, name: 'slow', execute: async () => (await released, 'late') };
    const harness = createHarness({ store, agent: { llm: scriptedLlm([callText('slow', { id: 'A-1' }), 'Done.']), tools: [slow] } });
    const run = await inRequest('POST /api/runs', () => harness.start({ goal: 'Be slow' }));
    for await (const event of run.events()) if (event.type === 'call_started') break;
    // The call is under way, past the first checkpoint: the run's `next` no longer asks for anything, but holds the trace.
    const { traceId, spanId } = recorded.named('POST /api/runs').spanContext();
    expect((await store.getRun(run.id))?.next).toEqual({
      kind: 'resume',
      message: '',
      traceContext: { traceparent: `00-${traceId}-${spanId}-01` },
    });
    release();
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await harness.close();

    // An executor that died mid-call left the run as it stood then; another takes it over after the lease.
    const crashed = 'crashed-run';
    const dead = createHarness({ store, executeRuns: 'workers', executorId: 'dead', agent: { llm: scriptedLlm([]), tools: [] } });
    const started = await inRequest('POST /api/runs', () => dead.start({ goal: 'Look up A-1', runId: crashed }));
    const startRequest = recorded
      .spans()
      .filter((span) => span.name === 'POST /api/runs')
      .at(-1)!;
    await store.claimRun({ owner: 'dead', leaseMs: 30, runId: crashed });
    const traceContext = (await store.getRun(crashed))?.next?.traceContext;
    await store.updateRun(crashed, {
      checkpoint: {
        stage: 'tool_call',
        goal: 'Look up A-1',
        messages: [
          { role: 'user', content: 'Look up A-1' },
          { role: 'assistant', content: callText('lookup', { id: 'A-1' }) },
        ],
        iterations: 1,
        toolCalls: [],
        taskCalls: [],
        maxOutputTokens: 0,
        compaction: { autocompactFailures: 0, reactiveCompactRetries: 0, tokenEscalations: 0 },
        pendingCalls: [{ id: 'call_1_1', name: 'lookup', arguments: { id: 'A-1' } }],
      },
      next: { kind: 'resume', message: '', ...(traceContext ? { traceContext } : {}) },
    });
    await new Promise((resolve) => setTimeout(resolve, 60));
    const heir = createHarness({ store, executeRuns: 'workers', agent: { llm: scriptedLlm(['Shipped.']), tools: [lookup] } });
    const worker = createHarnessWorker({ harness: heir, pollIntervalMs: 10 });
    expect((await started.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await worker.close();
    const takeover = recorded.spans().filter((span) => span.name === 'invoke_agent' && span.attributes['kit.run.id'] === crashed);
    expect(takeover).toHaveLength(1);
    expect(takeover[0]!.attributes['kit.run.reclaimed']).toBe(true);
    expect(isChildOf(takeover[0]!, startRequest)).toBe(true);
  });
});

describe('without a registered tracer provider', () => {
  it('runs as before, and stores no trace context with a run', async () => {
    const store = new MemoryRunStore();
    const harness = createHarness({ store, agent: { llm: scriptedLlm([callText('lookup', { id: 'A-1' }), 'Shipped.']), tools: [lookup] } });
    const run = await harness.start({ goal: 'Where is A-1?' });
    expect((await store.getRun(run.id))?.next).toEqual({ kind: 'start' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await harness.close();
  });
});
