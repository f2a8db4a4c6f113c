import { KitAIError, type LLMStreamChunk } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { ChatCompletionsStreamDecoder } from './stream-decoder.js';

const delta = (value: Record<string, unknown>, finish: string | null = null, index = 0) => ({
  model: 'm-1',
  choices: [{ index, delta: value, finish_reason: finish }],
});
const fragment = (index: number, fn: Record<string, unknown>, id?: string) =>
  delta({ tool_calls: [{ index, ...(id ? { id, type: 'function' } : {}), function: fn }] });

function run(payloads: unknown[]): LLMStreamChunk[] {
  const decoder = new ChatCompletionsStreamDecoder('p', 'u', 'asked');
  return [...payloads.flatMap((payload) => decoder.push(payload)), ...decoder.finish()];
}

describe('ChatCompletionsStreamDecoder', () => {
  it('waits for the finish reason when a new call starts before the previous arguments parse', () => {
    const decoder = new ChatCompletionsStreamDecoder('p', 'u', 'asked');
    expect(decoder.push(fragment(0, { name: 'a', arguments: '{"x":' }, 'c0'))).toEqual([]);
    // Interleaved: call 1 starts while call 0 is incomplete; nothing can be handed on yet.
    expect(decoder.push(fragment(1, { name: 'b', arguments: '{}' }, 'c1'))).toEqual([]);
    expect(decoder.push(fragment(0, { arguments: '1}' }))).toEqual([]);
    expect(decoder.push(delta({}, 'tool_calls'))).toEqual([
      { type: 'tool_call', toolCall: { id: 'c0', name: 'a', arguments: { x: 1 } } },
      { type: 'tool_call', toolCall: { id: 'c1', name: 'b', arguments: {} } },
    ]);
    expect(decoder.finish()).toEqual([{ type: 'done', model: 'm-1', finishReason: 'tool_calls' }]);
  });

  it('accepts a name repeated in every fragment and whole calls in one fragment', () => {
    const chunks = run([
      fragment(0, { name: 'lookup', arguments: '{"id"' }, 'c'),
      fragment(0, { name: 'lookup', arguments: ':7}' }),
      delta({}, 'tool_calls'),
    ]);
    expect(chunks[0]).toEqual({ type: 'tool_call', toolCall: { id: 'c', name: 'lookup', arguments: { id: 7 } } });
  });

  it('ignores other choices and reads the usage chunk', () => {
    const chunks = run([
      delta({ content: 'main' }),
      delta({ content: 'other' }, null, 1),
      delta({}, 'stop'),
      { choices: [], usage: { prompt_tokens: 1, completion_tokens: 2, total_tokens: 3 } },
    ]);
    expect(chunks).toEqual([
      { type: 'text', text: 'main' },
      { type: 'done', model: 'm-1', finishReason: 'stop', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
    ]);
  });

  it('ends without [DONE] once the finish reason came, and fails without it', () => {
    const complete = new ChatCompletionsStreamDecoder('p', 'u', 'asked');
    complete.push(delta({ content: 'x' }, 'length'));
    expect(complete.end()).toEqual([{ type: 'done', model: 'm-1', finishReason: 'length' }]);
    const cut = new ChatCompletionsStreamDecoder('p', 'u', 'asked');
    cut.push(delta({ content: 'x' }));
    expect(() => cut.end()).toThrow('p: the stream from u ended before its finish reason and its end marker [DONE]');
  });

  it('throws an error payload as the matching KitAIError', () => {
    const decoder = new ChatCompletionsStreamDecoder('p', 'u', 'asked');
    let error: unknown;
    try {
      decoder.push({ error: { code: 400, message: "This model's maximum context length is 4096 tokens." } });
    } catch (caught) {
      error = caught;
    }
    expect((error as KitAIError).code).toBe('context_overflow');
    expect((error as KitAIError).status).toBe(400);
    expect(() => decoder.push('text')).toThrow('p: a streamed event from u is not a JSON object');
  });

  it('rejects a streamed call that never got a name', () => {
    expect(() => run([fragment(0, { arguments: '{}' }, 'c'), delta({}, 'tool_calls')])).toThrow('has no function name');
  });
});
