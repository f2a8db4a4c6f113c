import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { estimateTokens } from '../llm/messages.js';
import type { LLMMessage, LLMProvider } from '../llm/types.js';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { conversationProblems } from './testing/conversation.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';
import type { IterationSnapshot } from './types.js';

const page: AgentTool = {
  name: 'read_page',
  description: 'Reads a page',
  parameters: { type: 'object', properties: { n: { type: 'integer' } }, required: ['n'] },
  execute: async ({ n }) => ({ n, text: 'lorem ipsum '.repeat(40) }),
};

describe('LLM timeouts, stalls and fallback', () => {
  it('times out a slow primary with chatTimeoutMs and hands the call to fallbackLlm', async () => {
    let primarySignal: AbortSignal | undefined;
    const primary: LLMProvider = {
      name: 'primary',
      chat: async (_messages, options) => {
        primarySignal = options?.signal;
        await sleep(500);
        return { content: 'too late', model: 'p' };
      },
    };
    const started = Date.now();
    const outcome = await createSmartAgent({
      llm: primary,
      fallbackLlm: scriptedLlm(['from the backup'], { name: 'backup' }),
      tools: [],
      llmTimeout: { chatTimeoutMs: 40 },
    }).run('g');
    expect(Date.now() - started).toBeLessThan(300);
    expect(outcome).toMatchObject({ status: 'completed', result: 'from the backup' });
    expect(primarySignal?.aborted).toBe(true);
  });

  it('ends fatal naming both providers when the fallback fails too', async () => {
    const slow: LLMProvider = {
      name: 'primary',
      chat: async () => {
        await sleep(300);
        return { content: 'x', model: 'p' };
      },
    };
    const outcome = await createSmartAgent({
      llm: slow,
      fallbackLlm: scriptedLlm([new Error('503 Service Unavailable')], { name: 'backup' }),
      tools: [],
      llmTimeout: { chatTimeoutMs: 30 },
    }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe(
      'LLM provider "primary" failed: primary: no answer within chatTimeoutMs (30 ms); raise llmTimeout.chatTimeoutMs or check the provider.; fallback "backup" failed: 503 Service Unavailable',
    );
    expect(outcome.checkpoint?.stage).toBe('initialized');
  });

  it('times out a stream that goes silent with streamIdleTimeoutMs', async () => {
    const silent: LLMProvider = {
      name: 'streamer',
      chat: async () => ({ content: 'unused', model: 's' }),
      async *stream() {
        yield { type: 'text', text: 'Let me' };
        await sleep(400);
        yield { type: 'done', model: 's' };
      },
    };
    const outcome = await createSmartAgent({ llm: silent, tools: [], llmTimeout: { streamIdleTimeoutMs: 40 } }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe(
      'LLM provider "streamer" failed: streamer: the stream was silent for streamIdleTimeoutMs (40 ms); raise llmTimeout.streamIdleTimeoutMs or check the provider.',
    );
  });

  it('raises onStallWarning once per call after stallWarningMs, with the iteration', async () => {
    const stalls: unknown[] = [];
    const slow: LLMProvider = {
      name: 'slow',
      chat: async () => {
        await sleep(90);
        return { content: 'finally', model: 's' };
      },
    };
    const outcome = await createSmartAgent({
      llm: slow,
      tools: [],
      llmTimeout: { stallWarningMs: 25 },
      hooks: { onStallWarning: (info) => void stalls.push(info) },
    }).run('g');
    expect(outcome.status).toBe('completed');
    expect(stalls).toEqual([{ provider: 'slow', waitedMs: expect.any(Number), iteration: 1 }]);
    expect((stalls[0] as { waitedMs: number }).waitedMs).toBeGreaterThanOrEqual(20);
  });

  it('ends fatal naming onStallWarning when it throws', async () => {
    const slow: LLMProvider = {
      name: 'slow',
      chat: async () => {
        await sleep(60);
        return { content: 'x', model: 's' };
      },
    };
    const outcome = await createSmartAgent({
      llm: slow,
      tools: [],
      llmTimeout: { stallWarningMs: 10 },
      hooks: {
        onStallWarning: () => {
          throw new Error('pager down');
        },
      },
    }).run('g');
    expect(outcome).toMatchObject({ status: 'fatal', error: 'hooks.onStallWarning threw: pager down' });
  });
});

describe('compaction in the loop', () => {
  function reader(turns: number): string[] {
    return [...Array.from({ length: turns }, (_, index) => callText('read_page', { n: index + 1 })), 'summary of all pages'];
  }

  it('keeps every request inside the window with snip, and the conversation valid', async () => {
    const llm = scriptedLlm(reader(12));
    const snapshots: IterationSnapshot[] = [];
    const outcome = await createSmartAgent({
      llm,
      tools: [page],
      maxIterations: 20,
      contextWindowSize: 1500,
      compaction: { snip: { preserveTail: 4 } },
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).run('GOAL: read the pages');
    expect(outcome.status).toBe('completed');
    for (const request of llm.requests) {
      expect(estimateTokens(request.messages)).toBeLessThanOrEqual(1500);
      expect(conversationProblems(request.messages.slice(1), 'GOAL:')).toEqual([]);
    }
    expect(snapshots.some((snapshot) => snapshot.compactions.includes('snip'))).toBe(true);
    expect(llm.requests.at(-1)!.messages[1]!.content).toMatch(
      /^GOAL: read the pages\n\n\[Earlier conversation snipped: \d+ messages were removed/,
    );
  });

  it('shortens old tool results with microcompact', async () => {
    const llm = scriptedLlm(reader(4));
    await createSmartAgent({ llm, tools: [page], compaction: { microcompact: { maxToolResultChars: 120, protectedTail: 2 } } }).run(
      'GOAL: read',
    );
    const last = llm.requests.at(-1)!.messages;
    expect(last[3]!.content).toContain('[shortened by microcompact:');
    expect(last.at(-1)!.content).not.toContain('[shortened by microcompact:');
  });

  it('summarises with one extra call without tools when over the autocompact threshold', async () => {
    const summaries: LLMMessage[][] = [];
    const requests: LLMMessage[][] = [];
    const steps = reader(8);
    const provider: LLMProvider = {
      name: 'm',
      chat: async (messages, options) => {
        if (messages[0]!.content.startsWith('Summarise the conversation')) {
          summaries.push(messages);
          expect(options?.tools).toBeUndefined();
          return { content: 'Pages read so far: all fine.', model: 'm', usage: { promptTokens: 50, completionTokens: 7, totalTokens: 57 } };
        }
        requests.push(messages);
        return { content: steps.shift() ?? 'done', model: 'm' };
      },
    };
    const snapshots: IterationSnapshot[] = [];
    const outcome = await createSmartAgent({
      llm: provider,
      tools: [page],
      maxIterations: 20,
      contextWindowSize: 2000,
      compaction: { snip: { preserveTail: 2 }, autocompact: { threshold: 0.5, maxFailures: 2, bufferTokens: 200 } },
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).run('GOAL: read');
    expect(outcome.status).toBe('completed');
    expect(summaries.length).toBeGreaterThan(0);
    expect(summaries[0]![1]!.content.startsWith('ASSISTANT: {"tool":"read_page"')).toBe(true);
    expect(snapshots.filter((snapshot) => snapshot.compactions.includes('autocompact'))).toHaveLength(summaries.length);
    expect(outcome.usage?.completionTokens).toBe(7 * summaries.length);
    for (const messages of requests) expect(conversationProblems(messages.slice(1), 'GOAL:')).toEqual([]);
    expect(requests.at(-1)!.some((message) => message.content.includes('[Summary of the earlier conversation'))).toBe(true);
    for (const messages of requests) expect(estimateTokens(messages)).toBeLessThanOrEqual(2000);
  });

  it('counts failed autocompactions in the checkpoint and stops trying after maxFailures', async () => {
    let summaryCalls = 0;
    const steps = reader(6);
    const provider: LLMProvider = {
      name: 'm',
      chat: async (messages) => {
        if (messages[0]!.content.startsWith('Summarise the conversation')) {
          summaryCalls++;
          throw new Error('summariser down');
        }
        return { content: steps.shift() ?? 'done', model: 'm' };
      },
    };
    const outcome = await createSmartAgent({
      llm: provider,
      tools: [page],
      contextWindowSize: 100_000,
      compaction: { autocompact: { threshold: 0.001, maxFailures: 2 } },
    }).run('GOAL: read');
    expect(outcome.status).toBe('completed');
    expect(summaryCalls).toBe(2);
    expect(outcome.checkpoint?.compaction.autocompactFailures).toBe(2);
  });

  it('recovers from a context overflow by snipping hard and retrying, at most twice', async () => {
    const limitChars = 2200;
    const steps = reader(8);
    const seen: LLMMessage[][] = [];
    const provider: LLMProvider = {
      name: 'strict',
      chat: async (messages) => {
        seen.push(messages);
        const size = messages.reduce((total, message) => total + message.content.length, 0);
        if (size > limitChars) throw new KitAIError('context_overflow', `strict: ${size} characters is over the window`);
        return { content: steps.shift() ?? 'done', model: 'm' };
      },
    };
    const snapshots: IterationSnapshot[] = [];
    const outcome = await createSmartAgent({
      llm: provider,
      tools: [page],
      maxIterations: 20,
      hooks: { afterIteration: (snapshot) => void snapshots.push(snapshot) },
    }).run('GOAL: read');
    expect(outcome.status).toBe('completed');
    expect(outcome.checkpoint!.compaction.reactiveCompactRetries).toBeGreaterThan(0);
    expect(snapshots.some((snapshot) => snapshot.compactions.includes('reactive'))).toBe(true);
    for (const messages of seen) expect(conversationProblems(messages.slice(1), 'GOAL:')).toEqual([]);

    const hopeless: LLMProvider = {
      name: 'tiny',
      chat: async () => {
        throw new KitAIError('context_overflow', 'tiny: over the window');
      },
    };
    const failed = await createSmartAgent({ llm: hopeless, tools: [] }).run('GOAL: x');
    expect(failed.status).toBe('fatal');
    expect(failed.error).toBe(
      'the model reported a context overflow that compaction could not resolve (after 0 reactive compactions): tiny: over the window; lower contextWindowSize or configure compaction',
    );
  });

  it('does not hand a context overflow to the fallback model', async () => {
    let fallbackCalls = 0;
    const overflowing: LLMProvider = {
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
    const outcome = await createSmartAgent({ llm: overflowing, fallbackLlm: fallback, tools: [] }).run('g');
    expect(outcome.status).toBe('fatal');
    expect(fallbackCalls).toBe(0);
  });
});
