import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { messagesInputTokens, messagesResponse, messagesUsage } from './response.js';

describe('messagesResponse', () => {
  it('joins text blocks, skips thinking blocks and falls back to the requested model', () => {
    const response = messagesResponse(
      'p',
      'u',
      {
        content: [
          { type: 'thinking', thinking: 'Let me think', signature: 'sig' },
          { type: 'text', text: 'Part one, ' },
          { type: 'text', text: 'part two.' },
        ],
        stop_reason: 'stop_sequence',
      },
      'asked',
    );
    expect(response).toEqual({ content: 'Part one, part two.', model: 'asked', finishReason: 'stop' });
  });

  it('rejects a tool_use block whose input is not an object', () => {
    let error: unknown;
    try {
      messagesResponse('p', 'u', { content: [{ type: 'tool_use', id: 't', name: 'lookup', input: 'id=7' }] }, 'm');
    } catch (caught) {
      error = caught;
    }
    expect((error as KitAIError).code).toBe('llm_invalid_response');
    expect((error as KitAIError).message).toBe('p: the input of the call to tool "lookup" must be a JSON object, got "id=7"');
  });
});

describe('messages usage', () => {
  it('counts cache tokens as input and sums the total', () => {
    expect(messagesInputTokens({ input_tokens: 1, cache_read_input_tokens: 10 })).toBe(11);
    expect(messagesInputTokens({ output_tokens: 5 })).toBeUndefined();
    expect(messagesUsage(11, 5)).toEqual({ promptTokens: 11, completionTokens: 5, totalTokens: 16 });
    expect(messagesUsage(undefined, undefined)).toBeUndefined();
  });
});
