import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { argumentsText, chatCompletionsResponse, chatCompletionsUsage, contentText } from './response.js';

const answer = (message: Record<string, unknown>, extra: Record<string, unknown> = {}) => ({
  model: 'served-model',
  choices: [{ index: 0, message: { role: 'assistant', ...message }, finish_reason: 'stop' }],
  ...extra,
});

describe('chatCompletionsResponse', () => {
  it('falls back to the requested model and leaves out what the server did not send', () => {
    expect(chatCompletionsResponse('p', 'u', { choices: [{ message: { content: 'hi' } }] }, 'asked')).toEqual({
      content: 'hi',
      model: 'asked',
    });
  });

  it('joins content parts and uses a refusal as the text', () => {
    expect(
      chatCompletionsResponse(
        'p',
        'u',
        answer({
          content: [
            { type: 'text', text: 'a' },
            { type: 'text', text: 'b' },
          ],
        }),
        'm',
      ).content,
    ).toBe('ab');
    expect(chatCompletionsResponse('p', 'u', answer({ content: null, refusal: 'I cannot help with that.' }), 'm').content).toBe(
      'I cannot help with that.',
    );
  });

  it('reads the older function_call form and calls without ids', () => {
    const response = chatCompletionsResponse(
      'p',
      'u',
      answer({ content: null, function_call: { name: 'lookup', arguments: '{"id":1}' } }),
      'm',
    );
    expect(response.toolCalls).toEqual([{ name: 'lookup', arguments: { id: 1 } }]);
    const objectArgs = chatCompletionsResponse(
      'p',
      'u',
      answer({ content: '', tool_calls: [{ type: 'function', function: { name: 'f', arguments: { a: 1 } } }] }),
      'm',
    );
    expect(objectArgs.toolCalls).toEqual([{ name: 'f', arguments: { a: 1 } }]);
  });

  it('rejects a call without a name and an answer without a message', () => {
    expect(() =>
      chatCompletionsResponse('p', 'u', answer({ content: null, tool_calls: [{ id: 'c', function: { arguments: '{}' } }] }), 'm'),
    ).toThrow(KitAIError);
    expect(() => chatCompletionsResponse('p', 'u', { choices: [] }, 'm')).toThrow('p: the answer from u has no choices[0].message');
  });
});

describe('chatCompletionsUsage and helpers', () => {
  it('computes a missing total and skips absent usage', () => {
    expect(chatCompletionsUsage({ prompt_tokens: 3, completion_tokens: 4 })).toEqual({
      promptTokens: 3,
      completionTokens: 4,
      totalTokens: 7,
    });
    expect(chatCompletionsUsage(null)).toBeUndefined();
    expect(chatCompletionsUsage({})).toBeUndefined();
  });

  it('reads text and argument forms', () => {
    expect(contentText(null)).toBeUndefined();
    expect(argumentsText(undefined)).toBe('');
    expect(argumentsText({ a: 1 })).toBe('{"a":1}');
  });
});
