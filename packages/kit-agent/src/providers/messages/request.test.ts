import { describe, expect, it } from 'vitest';
import { messagesConversation, messagesRequest } from './request.js';

describe('messagesConversation', () => {
  it('moves system text out, in order, and trims a final assistant turn', () => {
    expect(
      messagesConversation([
        { role: 'system', content: 'A' },
        { role: 'user', content: 'q' },
        { role: 'system', content: '   ' },
        { role: 'assistant', content: 'partial answer  \n' },
      ]),
    ).toEqual({
      system: 'A',
      messages: [
        { role: 'user', content: 'q' },
        { role: 'assistant', content: 'partial answer' },
      ],
    });
  });

  it('has no system field without system text, and merges turns across dropped empty ones', () => {
    expect(
      messagesConversation([
        { role: 'user', content: 'one' },
        { role: 'assistant', content: ' ' },
        { role: 'user', content: 'two' },
      ]),
    ).toEqual({ system: undefined, messages: [{ role: 'user', content: 'one\n\ntwo' }] });
  });

  it('does not change the messages it is given', () => {
    const messages = [
      { role: 'user' as const, content: 'one' },
      { role: 'user' as const, content: 'two' },
    ];
    messagesConversation(messages);
    expect(messages).toEqual([
      { role: 'user', content: 'one' },
      { role: 'user', content: 'two' },
    ]);
  });
});

describe('messagesRequest', () => {
  it('always sends max_tokens and keeps a given schema type', () => {
    const body = messagesRequest({
      model: 'm',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 't', description: 'd', parameters: { type: 'object', properties: { a: { type: 'string' } } } }],
      settings: { maxTokens: 7, temperature: undefined },
      stream: false,
    });
    expect(body).toEqual({
      model: 'm',
      max_tokens: 7,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ name: 't', description: 'd', input_schema: { type: 'object', properties: { a: { type: 'string' } } } }],
    });
  });
});
