import type { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { ResponsesStreamDecoder } from './stream-decoder.js';

const created = { type: 'response.created', response: { model: 'served', status: 'in_progress', output: [] } };
const usage = { input_tokens: 10, output_tokens: 5, total_tokens: 15 };

describe('ResponsesStreamDecoder', () => {
  it('takes the type from the event name when the data has none, and skips reasoning and unknown events', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    const chunks = [
      ...decoder.push('response.created', { response: { model: 'served' } }),
      ...decoder.push(undefined, { type: 'response.output_item.added', output_index: 0, item: { type: 'reasoning', id: 'rs' } }),
      ...decoder.push(undefined, { type: 'response.reasoning_summary_text.delta', output_index: 0, delta: 'hmm' }),
      ...decoder.push('response.some_future_event', { sequence_number: 4 }),
      ...decoder.push('response.output_text.delta', { item_id: 'msg', output_index: 1, delta: 'Hi' }),
      ...decoder.push(undefined, { type: 'response.refusal.delta', output_index: 1, delta: ', no.' }),
      ...decoder.push(undefined, { type: 'response.completed', response: { model: 'served-2', status: 'completed', usage } }),
    ];
    expect(chunks).toEqual([
      { type: 'text', text: 'Hi' },
      { type: 'text', text: ', no.' },
      { type: 'done', model: 'served-2', finishReason: 'stop', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } },
    ]);
    expect(decoder.complete).toBe(true);
    expect(decoder.end()).toEqual([]);
  });

  it('finds the item of a delta by its id when the server leaves out output_index', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    decoder.push(undefined, created);
    decoder.push(undefined, {
      type: 'response.output_item.added',
      item: { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lookup', arguments: '' },
    });
    decoder.push(undefined, { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '{"id":' });
    decoder.push(undefined, { type: 'response.function_call_arguments.delta', item_id: 'fc_1', delta: '7}' });
    expect(decoder.push(undefined, { type: 'response.output_item.done', item: { id: 'fc_1', status: 'completed' } })).toEqual([
      { type: 'tool_call', toolCall: { id: 'call_1', name: 'lookup', arguments: { id: 7 } } },
    ]);
  });

  it('hands on from response.completed what the stream did not deliver on its own', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    decoder.push(undefined, created);
    // A call opened and streamed but never closed, and a message sent without deltas.
    decoder.push(undefined, {
      type: 'response.output_item.added',
      output_index: 1,
      item: { type: 'function_call', call_id: 'call_2', name: 'ping', arguments: '' },
    });
    decoder.push(undefined, { type: 'response.function_call_arguments.done', output_index: 1, arguments: '{"host":"a"}' });
    expect(
      decoder.push(undefined, {
        type: 'response.completed',
        response: {
          status: 'completed',
          output: [{ type: 'message', content: [{ type: 'output_text', text: 'Pinging.' }] }],
          usage,
        },
      }),
    ).toEqual([
      { type: 'text', text: 'Pinging.' },
      { type: 'tool_call', toolCall: { id: 'call_2', name: 'ping', arguments: { host: 'a' } } },
      { type: 'done', model: 'served', finishReason: 'tool_calls', usage: { promptTokens: 10, completionTokens: 5, totalTokens: 15 } },
    ]);
  });

  it('names a call from its arguments.done event when no item announced it, and hands each call on once', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    decoder.push(undefined, { type: 'response.function_call_arguments.done', output_index: 0, name: 'ping', arguments: '{}' });
    const done = { type: 'response.output_item.done', output_index: 0, item: { type: 'function_call', call_id: 'c', arguments: '{}' } };
    expect(decoder.push(undefined, done)).toEqual([{ type: 'tool_call', toolCall: { id: 'c', name: 'ping', arguments: {} } }]);
    expect(decoder.push(undefined, done)).toEqual([]);
  });

  it('ends an incomplete answer with its reason and without the call it cut off', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    decoder.push(undefined, {
      type: 'response.output_item.added',
      output_index: 0,
      item: { type: 'function_call', call_id: 'c', name: 'lookup', arguments: '' },
    });
    decoder.push(undefined, { type: 'response.function_call_arguments.delta', output_index: 0, delta: '{"id":' });
    expect(decoder.push('response.incomplete', { response: { incomplete_details: { reason: 'content_filter' }, output: [] } })).toEqual([
      { type: 'done', model: 'asked', finishReason: 'content_filter' },
    ]);
  });

  it('rejects an event that is not an object, a stream cut off, and error events', () => {
    const decoder = new ResponsesStreamDecoder('p', 'u', 'asked');
    expect(() => decoder.push(undefined, [1])).toThrow('p: a streamed event from u is not a JSON object');
    expect(() => decoder.end()).toThrow('p: the stream from u ended before its response.completed event');
    let error: unknown;
    try {
      decoder.push('error', {
        type: 'error',
        error: { type: 'invalid_request_error', code: 'context_length_exceeded', message: 'Too long' },
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as KitAIError).code).toBe('context_overflow');
    expect((error as KitAIError).status).toBe(400);
    try {
      decoder.push(undefined, {
        type: 'response.failed',
        response: { status: 'failed', error: { code: 'server_error', message: 'Boom' } },
      });
    } catch (caught) {
      error = caught;
    }
    expect((error as KitAIError).code).toBe('llm_http_error');
    expect((error as KitAIError).message).toBe(
      'p: an error event (server_error) in the stream from u: Boom (retry later, or give the agent a fallbackLlm)',
    );
  });
});
