import { describe, expect, it } from 'vitest';
import { conversation, conversationProblems } from './conversation.js';

describe('conversationProblems', () => {
  it('accepts a well-formed conversation', () => {
    expect(conversationProblems(conversation(3))).toEqual([]);
  });

  it('finds a lost goal, broken alternation and a result without its call', () => {
    const messages = conversation(3);
    expect(conversationProblems(messages.slice(2))).toContain('the goal was lost');
    expect(conversationProblems(messages.slice(1))).toEqual(
      expect.arrayContaining(['the second message is not a user message', 'the goal was lost', 'message 1 is assistant, expected user']),
    );
    expect(conversationProblems([messages[0]!, messages[2]!])).toEqual(['the result of call_1_1 lost its call']);
    expect(conversationProblems([messages[0]!, messages[3]!, messages[2]!])).toEqual(['the result of call_1_1 lost its call']);
  });
});
