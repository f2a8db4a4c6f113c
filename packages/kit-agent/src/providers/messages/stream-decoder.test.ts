import type { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { MessagesStreamDecoder } from './stream-decoder.js';

const start = { type: 'message_start', message: { model: 'served', usage: { input_tokens: 10, output_tokens: 1 } } };

describe('MessagesStreamDecoder', () => {
  it('skips thinking deltas and unknown events, and takes the type from the event name when the data has none', () => {
    const decoder = new MessagesStreamDecoder('p', 'u', 'asked');
    const chunks = [
      ...decoder.push('message_start', start),
      ...decoder.push(undefined, { type: 'content_block_start', index: 0, content_block: { type: 'thinking', thinking: '' } }),
      ...decoder.push(undefined, { type: 'content_block_delta', index: 0, delta: { type: 'thinking_delta', thinking: 'hmm' } }),
      ...decoder.push(undefined, { type: 'content_block_delta', index: 0, delta: { type: 'signature_delta', signature: 'x' } }),
      ...decoder.push(undefined, { type: 'content_block_stop', index: 0 }),
      ...decoder.push('some_future_event', { type: 'some_future_event' }),
      ...decoder.push('content_block_start', { index: 1, content_block: { type: 'text', text: 'Hi' } }),
      ...decoder.push(undefined, {
        type: 'message_delta',
        delta: { stop_reason: 'pause_turn' },
        usage: { input_tokens: 12, output_tokens: 30 },
      }),
      ...decoder.push(undefined, { type: 'message_stop' }),
    ];
    expect(chunks).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'done', model: 'served', finishReason: 'pause_turn', usage: { promptTokens: 12, completionTokens: 30, totalTokens: 42 } },
    ]);
    expect(decoder.complete).toBe(true);
    expect(decoder.end()).toEqual([]);
  });

  it('hands on a tool call left open at message_stop, with the input of its start event', () => {
    const decoder = new MessagesStreamDecoder('p', 'u', 'asked');
    decoder.push(undefined, start);
    decoder.push(undefined, {
      type: 'content_block_start',
      index: 0,
      content_block: { type: 'tool_use', id: 't1', name: 'ping', input: { host: 'a' } },
    });
    expect(decoder.push(undefined, { type: 'message_stop' })).toEqual([
      { type: 'tool_call', toolCall: { id: 't1', name: 'ping', arguments: { host: 'a' } } },
      { type: 'done', model: 'served', usage: { promptTokens: 10, completionTokens: 1, totalTokens: 11 } },
    ]);
  });

  it('rejects input for a block that never started, and error events', () => {
    const decoder = new MessagesStreamDecoder('p', 'u', 'asked');
    expect(() =>
      decoder.push(undefined, { type: 'content_block_delta', index: 3, delta: { type: 'input_json_delta', partial_json: '{' } }),
    ).toThrow('p: the stream from u sent input for block 3 before starting it');
    let error: unknown;
    try {
      decoder.push('error', {
        type: 'error',
        error: { type: 'rate_limit_error', message: 'Number of request tokens has exceeded your per-minute rate limit' },
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as KitAIError).code).toBe('llm_http_error');
    expect((error as KitAIError).status).toBe(429);
  });
});
