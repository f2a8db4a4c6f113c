import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { functionCallOf, messageText, responsesFailure, responsesResponse, responsesUsage } from './response.js';

function thrown(run: () => unknown): KitAIError {
  try {
    run();
  } catch (error) {
    if (error instanceof KitAIError) return error;
    throw error;
  }
  throw new Error('expected a KitAIError');
}

describe('responsesResponse', () => {
  it('joins the text of message items, skips reasoning and built-in tool items, and falls back to the requested model', () => {
    const response = responsesResponse(
      'p',
      'u',
      {
        status: 'completed',
        output: [
          { type: 'reasoning', id: 'rs_1', summary: [{ type: 'summary_text', text: 'Thinking' }] },
          { type: 'message', content: [{ type: 'output_text', text: 'Part one, ', annotations: [] }] },
          { type: 'web_search_call', id: 'ws_1', status: 'completed' },
          { type: 'message', content: [{ type: 'output_text', text: 'part two.' }, { type: 'input_image' }] },
        ],
      },
      'asked',
    );
    expect(response).toEqual({ content: 'Part one, part two.', model: 'asked', finishReason: 'stop' });
  });

  it('reads function calls by call_id, or by the item id when there is none', () => {
    const response = responsesResponse(
      'p',
      'u',
      {
        model: 'served',
        output: [
          { type: 'function_call', id: 'fc_1', call_id: 'call_1', name: 'lookup', arguments: '{"id":7}' },
          { type: 'function_call', id: 'fc_2', name: 'ping', arguments: '' },
        ],
      },
      'asked',
    );
    expect(response).toEqual({
      content: '',
      model: 'served',
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'call_1', name: 'lookup', arguments: { id: 7 } },
        { id: 'fc_2', name: 'ping', arguments: {} },
      ],
    });
  });

  it('leaves out a call the output cap cut off, and reports length', () => {
    const response = responsesResponse(
      'p',
      'u',
      {
        status: 'incomplete',
        incomplete_details: { reason: 'max_output_tokens' },
        output: [{ type: 'function_call', call_id: 'c', name: 'lookup', arguments: '{"id":', status: 'incomplete' }],
      },
      'm',
    );
    expect(response).toEqual({ content: '', model: 'm', finishReason: 'length' });
  });

  it('rejects what is not a Responses answer, and a function call without a name', () => {
    expect(thrown(() => responsesResponse('p', 'u', { choices: [] }, 'm')).message).toBe(
      'p: the answer from u has no output array, so it is not a Responses answer: {"choices":[]}',
    );
    const error = thrown(() => responsesResponse('p', 'u', { output: [{ type: 'function_call', arguments: '{}' }] }, 'm'));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toBe('p: a function_call item of the answer has no name: {"type":"function_call","arguments":"{}"}');
  });

  it('throws the error of an answer whose status is failed', () => {
    const error = thrown(() =>
      responsesResponse('p', 'u', { status: 'failed', error: { code: 'server_error', message: 'The model failed.' }, output: [] }, 'm'),
    );
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      'p: a failed answer (server_error) from u: The model failed. (retry later, or give the agent a fallbackLlm)',
    );
  });
});

describe('responsesFailure', () => {
  it('reads the top-level and the nested forms of an error event, with the status of its code', () => {
    const flat = responsesFailure('p', 'u', { type: 'error', code: 'rate_limit_exceeded', message: 'Slow down', param: null }, true);
    expect([flat.code, flat.status, flat.message]).toEqual([
      'llm_http_error',
      429,
      'p: an error event (rate_limit_exceeded) in the stream from u: Slow down (retry later, or give the agent a fallbackLlm)',
    ]);
    const nested = responsesFailure('p', 'u', { type: 'invalid_request_error', code: null, message: 'Bad input' }, true);
    expect([nested.status, nested.message]).toEqual([
      400,
      'p: an error event (invalid_request_error) in the stream from u: Bad input (check the request options)',
    ]);
    const unknown = responsesFailure('p', 'u', undefined, true);
    expect([unknown.status, unknown.message]).toEqual([
      undefined,
      'p: an error event in the stream from u: no error message in the answer (retry later, or give the agent a fallbackLlm)',
    ]);
  });

  it('makes a context-length error a context_overflow', () => {
    const error = responsesFailure(
      'p',
      'u',
      { code: 'context_length_exceeded', message: 'Your input exceeds the context window of this model.' },
      true,
    );
    expect(error.code).toBe('context_overflow');
    expect(error.status).toBe(400);
  });
});

describe('message parts and usage', () => {
  it('reads output text and refusals, and the call of a function_call item', () => {
    expect(
      messageText({
        content: [
          { type: 'refusal', refusal: 'No.' },
          { type: 'output_text', text: ' Sorry.' },
        ],
      }),
    ).toBe('No. Sorry.');
    expect(messageText({ content: 'text' })).toBe('');
    expect(functionCallOf('p', { type: 'function_call', name: 'f', call_id: 'c' }, '{"a":1}')).toEqual({
      id: 'c',
      name: 'f',
      arguments: { a: 1 },
    });
  });

  it('takes input and output counts as they are, and the total when given', () => {
    expect(
      responsesUsage({ input_tokens: 291, input_tokens_details: { cached_tokens: 256 }, output_tokens: 215, total_tokens: 506 }),
    ).toEqual({
      promptTokens: 291,
      completionTokens: 215,
      totalTokens: 506,
    });
    expect(responsesUsage({ input_tokens: 3 })).toEqual({ promptTokens: 3, completionTokens: 0, totalTokens: 3 });
    expect(responsesUsage({ total_tokens: 3 })).toBeUndefined();
    expect(responsesUsage(null)).toBeUndefined();
  });
});
