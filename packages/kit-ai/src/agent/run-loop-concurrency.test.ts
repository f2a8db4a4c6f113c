import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';

interface Span {
  id: string;
  start: number;
  end: number;
}

function timedTool(name: string, ms: number, safe: boolean, spans: Span[], origin: () => number): AgentTool {
  return {
    name,
    description: `${name} takes ${ms} ms`,
    parameters: { type: 'object', properties: { id: { type: 'string' } } },
    isConcurrencySafe: safe,
    execute: async ({ id }) => {
      const start = performance.now() - origin();
      await sleep(ms);
      spans.push({ id: String(id), start, end: performance.now() - origin() });
      return { id };
    },
  };
}

const overlap = (a: Span, b: Span): boolean => a.start < b.end && b.start < a.end;

describe('concurrent tool execution', () => {
  it('runs three 50 ms concurrency-safe calls together with maxConcurrency 3 (measured)', async () => {
    let origin = 0;
    const spans: Span[] = [];
    const tool = timedTool('fetch_page', 50, true, spans, () => origin);
    const reply = `[${['a', 'b', 'c'].map((id) => callText('fetch_page', { id })).join(',')}]`;
    const llm = scriptedLlm([reply, 'done']);
    const agent = createSmartAgent({ llm, tools: [tool], streaming: { maxConcurrency: 3 } });
    let toolsStarted = 0;
    let toolsEnded = 0;
    origin = performance.now();
    await agent.run('fetch three pages');
    toolsStarted = Math.min(...spans.map((span) => span.start));
    toolsEnded = Math.max(...spans.map((span) => span.end));
    const wall = toolsEnded - toolsStarted;
    expect(wall).toBeLessThan(110);
    const [a, b, c] = ['a', 'b', 'c'].map((id) => spans.find((span) => span.id === id)!) as [Span, Span, Span];
    expect(overlap(a, b) && overlap(b, c) && overlap(a, c)).toBe(true);
    // Results are reported in call order whatever the completion order.
    expect(llm.requests[1]!.messages.at(-1)!.content.match(/call_1_\d/g)).toEqual(['call_1_1', 'call_1_2', 'call_1_3']);
  });

  it('runs calls one after another without streaming', async () => {
    let origin = 0;
    const spans: Span[] = [];
    const tool = timedTool('fetch_page', 30, true, spans, () => origin);
    const llm = scriptedLlm([`[${callText('fetch_page', { id: 'a' })}, ${callText('fetch_page', { id: 'b' })}]`, 'done']);
    origin = performance.now();
    await createSmartAgent({ llm, tools: [tool] }).run('g');
    expect(spans[1]!.start).toBeGreaterThanOrEqual(spans[0]!.end - 1);
  });

  it('runs a call that is not concurrency-safe alone, in its place', async () => {
    let origin = 0;
    const spans: Span[] = [];
    const safe = timedTool('read', 30, true, spans, () => origin);
    const unsafe = timedTool('write', 20, false, spans, () => origin);
    const reply = `[${callText('read', { id: 'r1' })}, ${callText('read', { id: 'r2' })}, ${callText('write', { id: 'w' })}, ${callText('read', { id: 'r3' })}]`;
    origin = performance.now();
    await createSmartAgent({ llm: scriptedLlm([reply, 'done']), tools: [safe, unsafe], streaming: { maxConcurrency: 4 } }).run('g');
    const span = (id: string): Span => spans.find((candidate) => candidate.id === id)!;
    expect(overlap(span('r1'), span('r2'))).toBe(true);
    expect(span('w').start).toBeGreaterThanOrEqual(Math.max(span('r1').end, span('r2').end) - 1);
    expect(span('r3').start).toBeGreaterThanOrEqual(span('w').end - 1);
  });

  it('starts concurrency-safe calls of a streamed reply as their chunks arrive, before the stream ends', async () => {
    let origin = 0;
    const spans: Span[] = [];
    const tool = timedTool('fetch_page', 40, true, spans, () => origin);
    const calls = ['a', 'b', 'c'].map((id, index) => ({ id: `t${index}`, name: 'fetch_page', arguments: { id } }));
    // Chunks 40 ms apart: the stream takes about 160 ms in all.
    const llm = scriptedLlm([{ content: '', model: 'm', toolCalls: calls }, 'done'], { stream: true, chunkDelayMs: 40 });
    const agent = createSmartAgent({ llm, tools: [tool], streaming: { maxConcurrency: 3 } });
    origin = performance.now();
    const outcome = await agent.run('g');
    expect(outcome.status).toBe('completed');
    const first = spans.find((span) => span.id === 'a')!;
    const last = spans.find((span) => span.id === 'c')!;
    // The first call finished before the last call's chunk even arrived: had the calls waited for the whole
    // stream, all three would start together. (Compared with each other, not with a clock, so a busy
    // machine cannot fail it.)
    expect(first.end).toBeLessThanOrEqual(last.start + 1);
    expect(outcome.toolCalls.map((call) => call.id)).toEqual(['t0', 't1', 't2']);
    const history = llm.requests[1]!.messages;
    expect(history[2]!.content).toContain('"id":"t0"');
    expect(history[3]!.content.match(/\(call t\d\)/g)).toEqual(['(call t0)', '(call t1)', '(call t2)']);
  });

  it('waits for the whole stream before running calls when streaming is not set', async () => {
    let origin = 0;
    const spans: Span[] = [];
    const tool = timedTool('fetch_page', 10, true, spans, () => origin);
    const calls = ['a', 'b'].map((id) => ({ name: 'fetch_page', arguments: { id } }));
    const llm = scriptedLlm([{ content: '', model: 'm', toolCalls: calls }, 'done'], { stream: true, chunkDelayMs: 30 });
    origin = performance.now();
    await createSmartAgent({ llm, tools: [tool] }).run('g');
    // Two calls and done, 30 ms apart: no call starts before about 90 ms.
    expect(Math.min(...spans.map((span) => span.start))).toBeGreaterThanOrEqual(80);
  });
});
