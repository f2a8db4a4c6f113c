import { describe, expect, it } from 'vitest';
import { chatCompletionsRequest } from './request.js';

const base = {
  model: 'm',
  messages: [{ role: 'user' as const, content: 'Hi' }],
  tools: undefined,
  maxTokensParameter: 'max_tokens' as const,
  stream: false,
};

describe('chatCompletionsRequest', () => {
  it('sends only what is set', () => {
    expect(chatCompletionsRequest({ ...base, settings: { maxTokens: undefined, temperature: undefined } })).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
    });
    expect(chatCompletionsRequest({ ...base, tools: [], settings: { maxTokens: undefined, temperature: undefined } })).not.toHaveProperty(
      'tools',
    );
  });

  it('keeps every role and message as given, in order', () => {
    const messages = [
      { role: 'system' as const, content: 'S' },
      { role: 'user' as const, content: '' },
      { role: 'user' as const, content: 'U' },
      { role: 'system' as const, content: 'S2' },
    ];
    expect(chatCompletionsRequest({ ...base, messages, settings: { maxTokens: undefined, temperature: undefined } }).messages).toEqual(
      messages,
    );
  });

  it('puts the cap in the chosen field and asks a stream for usage', () => {
    const body = chatCompletionsRequest({
      ...base,
      maxTokensParameter: 'max_completion_tokens',
      stream: true,
      settings: { maxTokens: 64, temperature: 1 },
    });
    expect(body).toEqual({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      max_completion_tokens: 64,
      temperature: 1,
      stream: true,
      stream_options: { include_usage: true },
    });
  });
});
