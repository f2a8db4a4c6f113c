import { describe, expect, it } from 'vitest';
import { autocompact, transcriptOf } from './autocompact.js';
import { conversation, conversationProblems } from '../testing/conversation.js';

describe('autocompact', () => {
  it('replaces the middle with the summary and keeps the goal and the tail', async () => {
    const messages = conversation(5);
    let seen = '';
    const result = await autocompact(messages, 2, async (transcript) => {
      seen = transcript;
      return '  Pages 1-4 read; totals match.  ';
    });
    expect(result.summarised).toBe(8);
    expect(result.messages).toEqual([
      messages[0],
      { role: 'user', content: '[Summary of the earlier conversation (8 messages)]\nPages 1-4 read; totals match.' },
      ...messages.slice(-2),
    ]);
    expect(seen).toBe(transcriptOf(messages.slice(1, 9)));
    expect(seen.startsWith('ASSISTANT: {"id":"call_1_1"')).toBe(true);
    expect(conversationProblems(result.messages)).toEqual([]);
  });

  it('folds an earlier summary into the new one', async () => {
    const first = await autocompact(conversation(4), 2, async () => 'first summary');
    const longer = [...first.messages, ...conversation(3).slice(1)];
    let seen = '';
    const second = await autocompact(longer, 2, async (transcript) => {
      seen = transcript;
      return 'second summary';
    });
    expect(seen).toContain('first summary');
    expect(second.messages[1]!.content).toContain('second summary');
    expect(conversationProblems(second.messages)).toEqual([]);
  });

  it('rejects on a failing or blank summary and does nothing without a middle', async () => {
    await expect(autocompact(conversation(4), 2, async () => '   ')).rejects.toThrow('the summary was empty');
    await expect(
      autocompact(conversation(4), 2, async () => {
        throw new Error('model down');
      }),
    ).rejects.toThrow('model down');
    let calls = 0;
    const none = await autocompact(conversation(1), 4, async () => {
      calls++;
      return 'x';
    });
    expect(none.summarised).toBe(0);
    expect(calls).toBe(0);
  });
});
