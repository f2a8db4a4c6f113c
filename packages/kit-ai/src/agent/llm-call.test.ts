import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMOptions, LLMProvider, LLMStreamChunk, LLMToolCall } from '../llm/types.js';
import { callModel, callProvider, resolveTimeouts, type ModelCallOptions } from './llm-call.js';

const messages = [{ role: 'user' as const, content: 'hi' }];

function options(overrides: Partial<ModelCallOptions['timeouts']> = {}, extra: Partial<ModelCallOptions> = {}): ModelCallOptions {
  return { llm: {}, timeouts: { chatTimeoutMs: 1000, streamIdleTimeoutMs: 1000, stallWarningMs: 1000, ...overrides }, ...extra };
}

function slowChat(name: string, ms: number, seen?: { signal?: AbortSignal }): LLMProvider {
  return {
    name,
    chat: async (_messages, opts?: LLMOptions) => {
      if (seen) seen.signal = opts?.signal;
      await sleep(ms);
      return { content: `${name} answered`, model: name };
    },
  };
}

function streaming(name: string, chunks: { delayMs: number; chunk?: LLMStreamChunk; fail?: Error }[]): LLMProvider {
  return {
    name,
    chat: async () => {
      throw new Error('chat must not be used when stream exists');
    },
    async *stream() {
      for (const step of chunks) {
        await sleep(step.delayMs);
        if (step.fail) throw step.fail;
        if (step.chunk) yield step.chunk;
      }
    },
  };
}

describe('resolveTimeouts', () => {
  it('fills the reference defaults', () => {
    expect(resolveTimeouts(undefined)).toEqual({ chatTimeoutMs: 120000, streamIdleTimeoutMs: 90000, stallWarningMs: 30000 });
    expect(resolveTimeouts({ chatTimeoutMs: 5 })).toEqual({ chatTimeoutMs: 5, streamIdleTimeoutMs: 90000, stallWarningMs: 30000 });
  });
});

describe('callProvider', () => {
  it('passes the options through and times a chat out with llm_timeout, aborting its signal', async () => {
    const seen: { signal?: AbortSignal } = {};
    const started = Date.now();
    const error = await callProvider(slowChat('slow', 500, seen), messages, options({ chatTimeoutMs: 40 })).catch(
      (caught: unknown) => caught,
    );
    expect(Date.now() - started).toBeLessThan(300);
    expect(error).toBeInstanceOf(KitAIError);
    expect((error as KitAIError).code).toBe('llm_timeout');
    expect((error as KitAIError).message).toBe(
      'slow: no answer within chatTimeoutMs (40 ms); raise llmTimeout.chatTimeoutMs or check the provider.',
    );
    expect(seen.signal?.aborted).toBe(true);
  });

  it('raises the stall warning once, after stallWarningMs, and still returns the answer', async () => {
    const stalls: { provider: string; waitedMs: number }[] = [];
    const response = await callProvider(
      slowChat('slow', 80, {}),
      messages,
      options({ stallWarningMs: 20 }, { onStall: (info) => stalls.push(info) }),
    );
    expect(response.content).toBe('slow answered');
    expect(stalls).toHaveLength(1);
    expect(stalls[0]!.provider).toBe('slow');
    expect(stalls[0]!.waitedMs).toBeGreaterThanOrEqual(15);
  });

  it('consumes a stream: text deltas, tool calls as they arrive, and the done chunk', async () => {
    const arrived: { call: LLMToolCall; at: number }[] = [];
    const origin = Date.now();
    const provider = streaming('s', [
      { delayMs: 0, chunk: { type: 'text', text: 'Hel' } },
      { delayMs: 0, chunk: { type: 'text', text: 'lo' } },
      { delayMs: 0, chunk: { type: 'tool_call', toolCall: { id: 't1', name: 'a', arguments: {} } } },
      {
        delayMs: 60,
        chunk: { type: 'done', model: 's-1', finishReason: 'tool_calls', usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 } },
      },
    ]);
    const response = await callProvider(
      provider,
      messages,
      options({}, { onToolCall: (call) => arrived.push({ call, at: Date.now() - origin }) }),
    );
    expect(response).toEqual({
      content: 'Hello',
      model: 's-1',
      finishReason: 'tool_calls',
      usage: { promptTokens: 3, completionTokens: 2, totalTokens: 5 },
      toolCalls: [{ id: 't1', name: 'a', arguments: {} }],
    });
    // The call was handed over before the stream ended.
    expect(arrived[0]!.at).toBeLessThan(40);
  });

  it('times out a stream that goes silent between chunks, even though it started well', async () => {
    const provider = streaming('s', [
      { delayMs: 0, chunk: { type: 'text', text: 'a' } },
      { delayMs: 20, chunk: { type: 'text', text: 'b' } },
      { delayMs: 20, chunk: { type: 'text', text: 'c' } },
      { delayMs: 300, chunk: { type: 'done', model: 's' } },
    ]);
    const error = await callProvider(provider, messages, options({ streamIdleTimeoutMs: 60 })).catch((caught: unknown) => caught);
    expect((error as KitAIError).code).toBe('llm_timeout');
    expect((error as KitAIError).message).toContain('silent for streamIdleTimeoutMs (60 ms)');
  });

  it('restarts the stall watch on each chunk', async () => {
    const stalls: unknown[] = [];
    const provider = streaming('s', [
      { delayMs: 15, chunk: { type: 'text', text: 'a' } },
      { delayMs: 15, chunk: { type: 'text', text: 'b' } },
      { delayMs: 15, chunk: { type: 'done', model: 's' } },
    ]);
    await callProvider(provider, messages, options({ stallWarningMs: 35 }, { onStall: (info) => stalls.push(info) }));
    expect(stalls).toEqual([]);
  });
});

describe('callModel', () => {
  it('falls back once when the primary times out', async () => {
    const answer = await callModel(slowChat('primary', 300), slowChat('backup', 0), messages, options({ chatTimeoutMs: 30 }));
    expect(answer.provider.name).toBe('backup');
    expect(answer.response.content).toBe('backup answered');
  });

  it('names both providers and their messages when both fail, keeping the last code', async () => {
    const failing = (name: string, error: Error): LLMProvider => ({
      name,
      chat: async () => {
        throw error;
      },
    });
    const error = (await callModel(
      failing('p', new Error('503 overloaded')),
      failing('f', new KitAIError('llm_http_error', 'HTTP 500')),
      messages,
      options(),
    ).catch((caught: unknown) => caught)) as KitAIError;
    expect(error.code).toBe('llm_http_error');
    expect(error.message).toBe('LLM provider "p" failed: 503 overloaded; fallback "f" failed: HTTP 500');
    const alone = (await callModel(failing('p', new Error('boom')), undefined, messages, options()).catch(
      (caught: unknown) => caught,
    )) as KitAIError;
    expect(alone.message).toBe('LLM provider "p" failed: boom');
  });

  it('does not hand a context overflow to the fallback', async () => {
    let fallbackCalls = 0;
    const primary: LLMProvider = {
      name: 'p',
      chat: async () => {
        throw new KitAIError('context_overflow', 'too long');
      },
    };
    const fallback: LLMProvider = {
      name: 'f',
      chat: async () => {
        fallbackCalls++;
        return { content: 'x', model: 'f' };
      },
    };
    await expect(callModel(primary, fallback, messages, options())).rejects.toMatchObject({ code: 'context_overflow' });
    expect(fallbackCalls).toBe(0);
  });

  it('keeps a partial streamed reply whose calls already started instead of switching models', async () => {
    const provider = streaming('s', [
      { delayMs: 0, chunk: { type: 'text', text: 'Working.' } },
      { delayMs: 0, chunk: { type: 'tool_call', toolCall: { name: 'a', arguments: { n: 1 } } } },
      { delayMs: 5, fail: new Error('connection reset') },
    ]);
    const started: LLMToolCall[] = [];
    const answer = await callModel(provider, slowChat('backup', 0), messages, options({}, { onToolCall: (call) => started.push(call) }));
    expect(answer.provider.name).toBe('s');
    expect(answer.response).toEqual({
      content: 'Working.',
      model: 's',
      finishReason: 'error',
      toolCalls: [{ name: 'a', arguments: { n: 1 } }],
    });
    expect(started).toHaveLength(1);
  });
});
