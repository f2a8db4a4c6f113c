import { describe, expect, it } from 'vitest';
import { snip } from './snip.js';
import { conversation, conversationProblems } from '../testing/conversation.js';

describe('snip', () => {
  it('keeps the goal and the tail, and puts a note in place of the removed messages', () => {
    const messages = conversation(5);
    const result = snip(messages, 4);
    expect(result.removed).toBe(6);
    expect(result.messages).toHaveLength(6);
    expect(result.messages[0]).toEqual(messages[0]);
    expect(result.messages[1]!.content).toMatch(/^\[Earlier conversation snipped: 6 messages were removed/);
    expect(result.messages.slice(2)).toEqual(messages.slice(-4));
    expect(conversationProblems(result.messages)).toEqual([]);
  });

  it('extends the tail back to the call of a kept result', () => {
    const messages = conversation(4);
    // A tail of 3 would start with a result; it grows to 4 so the call stays.
    const result = snip(messages, 3);
    expect(result.messages.slice(2)).toEqual(messages.slice(-4));
    expect(conversationProblems(result.messages)).toEqual([]);
  });

  it('adds the count of an earlier snip note to the new one', () => {
    const once = snip(conversation(6), 6).messages;
    const extended = [...once, ...conversation(3).slice(1)];
    const twice = snip(extended, 2);
    expect(twice.messages[1]!.content).toMatch(/^\[Earlier conversation snipped: 16 messages were removed/);
    expect(conversationProblems(twice.messages)).toEqual([]);
  });

  it('keeps an autocompact summary after the goal', () => {
    const messages = conversation(4);
    messages.splice(1, 0, { role: 'user', content: '[Summary of the earlier conversation (8 messages)]\nfacts' });
    const result = snip(messages, 2);
    expect(result.messages[1]!.content).toContain('facts');
    expect(result.messages[2]!.content).toMatch(/^\[Earlier conversation snipped/);
    expect(conversationProblems(result.messages)).toEqual([]);
  });

  it('changes nothing when there is nothing between the goal and the tail', () => {
    const messages = conversation(2);
    expect(snip(messages, 10)).toEqual({ messages, removed: 0 });
  });

  it('keeps alternation with user messages in the tail (feedback, resume messages)', () => {
    const messages = conversation(3);
    messages.push(
      { role: 'user', content: 'Please continue.' },
      { role: 'assistant', content: 'Done.' },
      { role: 'user', content: 'Stop hook feedback' },
    );
    for (let tail = 1; tail <= messages.length; tail++) expect(conversationProblems(snip(messages, tail).messages)).toEqual([]);
  });
});
