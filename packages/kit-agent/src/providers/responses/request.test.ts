import { describe, expect, it } from 'vitest';
import { weatherTool } from '../testing/tool-definitions.js';
import { responsesConversation, responsesRequest } from './request.js';

const base = {
  model: 'm',
  messages: [{ role: 'user' as const, content: 'Hi' }],
  tools: undefined,
  settings: { maxTokens: undefined, temperature: undefined },
  reasoning: undefined,
  store: false,
  stream: false,
};

const userText = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

describe('responsesConversation', () => {
  it('makes the opening system messages the instructions and keeps the rest in order', () => {
    expect(
      responsesConversation([
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Goal: find the order.' },
        { role: 'assistant', content: '{"tool":"lookup","arguments":{}}' },
        { role: 'system', content: 'The customer is a VIP.' },
        { role: 'user', content: '' },
      ]),
    ).toEqual({
      instructions: 'Be brief.\n\nAnswer in French.',
      input: [
        userText('Goal: find the order.'),
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '{"tool":"lookup","arguments":{}}' }] },
        { type: 'message', role: 'system', content: [{ type: 'input_text', text: 'The customer is a VIP.' }] },
        userText(''),
      ],
    });
  });

  it('has no instructions without an opening system message, and no input for a system-only conversation', () => {
    expect(responsesConversation([{ role: 'user', content: 'Hi' }])).toEqual({ instructions: undefined, input: [userText('Hi')] });
    expect(responsesConversation([{ role: 'system', content: 'S' }])).toEqual({ instructions: 'S', input: [] });
  });
});

describe('responsesRequest', () => {
  it('sends only what is set, and store false', () => {
    expect(responsesRequest(base)).toEqual({ model: 'm', input: [userText('Hi')], store: false });
    expect(responsesRequest({ ...base, tools: [] })).not.toHaveProperty('tools');
  });

  it('sends flat function tools, the output cap, temperature, reasoning, store and stream', () => {
    expect(
      responsesRequest({
        ...base,
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content: 'Hi' },
        ],
        tools: [weatherTool],
        settings: { maxTokens: 64, temperature: 0.3 },
        reasoning: { effort: 'minimal' },
        store: true,
        stream: true,
      }),
    ).toEqual({
      model: 'm',
      instructions: 'S',
      input: [userText('Hi')],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Current weather of a city.',
          parameters: weatherTool.parameters,
          strict: false,
        },
      ],
      max_output_tokens: 64,
      temperature: 0.3,
      reasoning: { effort: 'minimal' },
      store: true,
      stream: true,
    });
  });
});
