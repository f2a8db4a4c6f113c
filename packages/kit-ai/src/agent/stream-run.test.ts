import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import type { LLMProvider, LLMStreamChunk } from '../llm/types.js';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import type { AgentRunStream, AgentStreamEvent } from './run-events.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';

const lookup: AgentTool = {
  name: 'lookup_order',
  description: 'Finds an order by id',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  execute: async ({ id }) => ({ id, status: 'shipped' }),
};

async function collect(stream: AgentRunStream): Promise<AgentStreamEvent[]> {
  const events: AgentStreamEvent[] = [];
  for await (const event of stream) events.push(event);
  return events;
}

/** A streaming model that writes each reply in pieces of `size` characters. */
function piecewiseLlm(replies: string[], size = 4): LLMProvider {
  return {
    name: 'piecewise',
    chat: () => Promise.reject(new Error('piecewise streams only')),
    stream: async function* (): AsyncIterable<LLMStreamChunk> {
      const reply = replies.shift() ?? 'Done.';
      for (let at = 0; at < reply.length; at += size) yield { type: 'text', text: reply.slice(at, at + size) };
      yield { type: 'done', model: 'piecewise-1', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } };
    },
  };
}

describe('agent.stream', () => {
  it('streams text as it is written, each reply, each call and its outcome, checkpoints, then the result', async () => {
    const agent = createSmartAgent({
      llm: piecewiseLlm([callText('lookup_order', { id: 'A-17' }), 'Order A-17 shipped.']),
      tools: [lookup],
    });
    const stream = agent.stream('Where is order A-17?');
    const events = await collect(stream);
    const result = await stream.result;

    expect(result.status).toBe('completed');
    const texts = events.filter((event) => event.type === 'text');
    expect(texts.length).toBeGreaterThan(2);
    expect(texts.every((event) => event.data.text.length <= 4)).toBe(true);
    const replies = events.flatMap((event) => (event.type === 'model_call' ? [event.data] : []));
    expect(replies.map((reply) => [reply.iteration, reply.finalAnswer, reply.text])).toEqual([
      [1, false, callText('lookup_order', { id: 'A-17' })],
      [2, true, 'Order A-17 shipped.'],
    ]);
    expect(replies[0]?.usage?.totalTokens).toBe(15);
    // The pieces of each iteration make up its reply.
    for (const reply of replies) {
      const pieces = texts.filter((event) => event.data.iteration === reply.iteration).map((event) => event.data.text);
      expect(pieces.join('')).toBe(reply.text);
    }
    const started = events.find((event) => event.type === 'call_started');
    const finished = events.find((event) => event.type === 'call_finished');
    expect(started?.data).toMatchObject({ kind: 'tool', name: 'lookup_order', args: { id: 'A-17' }, iteration: 1 });
    expect(finished?.data).toMatchObject({ callId: started?.data.callId, status: 'success', result: { id: 'A-17', status: 'shipped' } });
    expect(events.some((event) => event.type === 'checkpoint' && event.data.stage === 'tool_result')).toBe(true);

    // Order: the reply asking for the call, the call, then the answer, and `done` last with the result.
    const order = events.map((event) => event.type).filter((type) => type !== 'text' && type !== 'checkpoint');
    expect(order).toEqual(['model_call', 'call_started', 'call_finished', 'model_call', 'done']);
    const done = events.at(-1);
    expect(done?.type === 'done' && done.data.result).toBe(result);
  });

  it('hands each piece over while the model is still writing', async () => {
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const llm: LLMProvider = {
      name: 'slow',
      chat: () => Promise.reject(new Error('streams only')),
      stream: async function* () {
        yield { type: 'text', text: 'Thinking' };
        await held;
        yield { type: 'text', text: ' done.' };
        yield { type: 'done', model: 'slow-1' };
      },
    };
    const stream = createSmartAgent({ llm, tools: [] }).stream('Think.');
    const reader = stream[Symbol.asyncIterator]();
    let first = await reader.next();
    while (first.value?.type === 'checkpoint') first = await reader.next();
    expect(first.value).toEqual({ type: 'text', data: { iteration: 1, text: 'Thinking' } });
    release();
    const rest: AgentStreamEvent[] = [];
    for (let next = await reader.next(); !next.done; next = await reader.next()) rest.push(next.value);
    expect((await stream.result).result).toBe('Thinking done.');
  });

  it('gives the whole reply as one piece from a provider without stream()', async () => {
    const events = await collect(createSmartAgent({ llm: scriptedLlm(['All good.']), tools: [] }).stream('Check.'));
    // Checkpoints come too: where the run started and where it ended.
    expect(events.map((event) => event.type)).toEqual(['checkpoint', 'text', 'model_call', 'checkpoint', 'done']);
    expect(events[1]).toEqual({ type: 'text', data: { iteration: 1, text: 'All good.' } });
  });

  it('cancels the run at its next control point when the signal aborts or the reader leaves', async () => {
    const looping = () => scriptedLlm([], { fallbackReply: callText('lookup_order', { id: 'A-1' }) });
    const controller = new AbortController();
    const aborted = createSmartAgent({ llm: looping(), tools: [lookup], maxIterations: 50 }).stream('Loop.', { signal: controller.signal });
    for await (const event of aborted) if (event.type === 'call_finished') controller.abort();
    expect((await aborted.result).status).toBe('canceled');

    const left = createSmartAgent({ llm: looping(), tools: [lookup], maxIterations: 50 }).stream('Loop.');
    for await (const event of left) if (event.type === 'call_finished') break;
    const result = await left.result;
    expect(result.status).toBe('canceled');
    expect(result.toolCalls.length).toBeLessThan(3);
  });

  it('ends with approval_required when a before-hook refuses a call, and goes on with streamResume', async () => {
    const agent = createSmartAgent({
      llm: scriptedLlm([callText('lookup_order', { id: 'A-17' }), 'Order A-17 shipped.']),
      tools: [lookup],
      hooks: { beforeToolCall: (call) => ({ allowed: call.goal === 'approved', reason: 'needs a person' }) },
    });
    const held = agent.stream('Where is order A-17?');
    const events = await collect(held);
    expect(events.some((event) => event.type === 'call_started')).toBe(false);
    const result = await held.result;
    expect(result.status).toBe('approval_required');
    const resumed = await collect(agent.streamResume(result.checkpoint!, 'Approved by Ada.'));
    expect(resumed.at(-1)?.type).toBe('done');
  });

  it('refuses a bad goal on the stream and its result alike, and is read once', async () => {
    const agent = createSmartAgent({ llm: scriptedLlm(['x']), tools: [] });
    const bad = agent.stream('  ');
    await expect(collect(bad)).rejects.toSatisfy((error) => isKitAIError(error, 'invalid_config'));
    await expect(bad.result).rejects.toThrow(/goal must be a non-empty string/);

    const once = agent.stream('Once.');
    await collect(once);
    await expect(collect(once)).rejects.toThrow(/already being read/);
  });

  it('passes a failure of the run to the reader after the steps before it', async () => {
    const agent = createSmartAgent({
      llm: scriptedLlm([callText('lookup_order', { id: 'A-1' })]),
      tools: [lookup],
      hooks: {
        afterToolCall: () => {
          throw new Error('audit log is down');
        },
      },
    });
    const stream = agent.stream('Go.');
    const events = await collect(stream);
    expect((await stream.result).status).toBe('fatal');
    expect(events.at(-1)?.type).toBe('done');
  });
});
