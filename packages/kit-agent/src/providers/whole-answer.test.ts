import { describe, expect, it } from 'vitest';
import { chunksOfAnswer, isWholeJsonAnswer } from './whole-answer.js';

describe('whole answers on a streamed request', () => {
  it('are recognised by their JSON content type', () => {
    expect(isWholeJsonAnswer(new Response('{}', { headers: { 'content-type': 'application/json; charset=utf-8' } }))).toBe(true);
    expect(isWholeJsonAnswer(new Response('data: x\n\n', { headers: { 'content-type': 'text/event-stream' } }))).toBe(false);
  });

  it('become text, tool calls and done, in that order', () => {
    expect(
      chunksOfAnswer({
        content: 'Checking.',
        model: 'm',
        finishReason: 'tool_calls',
        usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 },
        toolCalls: [{ id: 'c', name: 'lookup', arguments: { id: 1 } }],
      }),
    ).toEqual([
      { type: 'text', text: 'Checking.' },
      { type: 'tool_call', toolCall: { id: 'c', name: 'lookup', arguments: { id: 1 } } },
      { type: 'done', model: 'm', finishReason: 'tool_calls', usage: { promptTokens: 1, completionTokens: 2, totalTokens: 3 } },
    ]);
    expect(chunksOfAnswer({ content: '', model: 'm' })).toEqual([{ type: 'done', model: 'm' }]);
  });
});
