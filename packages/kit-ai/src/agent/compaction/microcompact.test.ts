import { describe, expect, it } from 'vitest';
import { isResultsMessage, microcompact } from './microcompact.js';
import { conversation, conversationProblems } from '../testing/conversation.js';

describe('microcompact', () => {
  it('shortens old results over maxToolResultChars and leaves the protected tail alone', () => {
    const messages = conversation(4, 500);
    const result = microcompact(messages, { maxToolResultChars: 100, protectedTail: 2 });
    expect(result.shortened).toBe(3);
    for (const index of [2, 4, 6]) {
      expect(result.messages[index]!.content).toMatch(
        /^Result of tool read \(call call_\d_1\):\n.{100}\n\[shortened by microcompact: 402 of 502 characters removed\]$/,
      );
    }
    expect(result.messages[8]).toEqual(messages[8]);
    expect(result.messages[0]).toEqual(messages[0]);
    expect(conversationProblems(result.messages)).toEqual([]);
  });

  it('splits the allowance between the results of one message and keeps error blocks', () => {
    const content = [
      `Result of tool a (call c1):\n${JSON.stringify('x'.repeat(300))}`,
      'Error from tool b (call c2): Tool b failed: boom',
      `Result of task c (call c3):\n${JSON.stringify('y'.repeat(300))}`,
      'Started in the background: task d (call c4); its result will come in a later message.',
    ].join('\n\n');
    const messages = [
      { role: 'user' as const, content: 'goal' },
      { role: 'assistant' as const, content: '[...]' },
      { role: 'user' as const, content },
    ];
    const result = microcompact(messages, { maxToolResultChars: 100, protectedTail: 0 });
    const blocks = result.messages[2]!.content.split('\n\n');
    expect(blocks[0]).toContain('\n' + '"' + 'x'.repeat(49) + '\n[shortened by microcompact: 252 of 302');
    expect(blocks[1]).toBe('Error from tool b (call c2): Tool b failed: boom');
    expect(blocks[2]).toContain('[shortened by microcompact: 252 of 302');
    expect(blocks[3]).toBe('Started in the background: task d (call c4); its result will come in a later message.');
  });

  it('does not shorten a result twice, nor messages that are not results', () => {
    const messages = conversation(3, 500);
    messages.splice(3, 0, { role: 'user', content: 'u'.repeat(1000) });
    const once = microcompact(messages, { maxToolResultChars: 100, protectedTail: 0 });
    const twice = microcompact(once.messages, { maxToolResultChars: 100, protectedTail: 0 });
    expect(twice.shortened).toBe(0);
    expect(twice.messages).toEqual(once.messages);
    expect(once.messages[3]!.content).toBe('u'.repeat(1000));
    expect(isResultsMessage({ role: 'user', content: 'Error from tool x (call c1): nope' })).toBe(true);
    expect(isResultsMessage({ role: 'assistant', content: 'Result of tool x (call c1):\n1' })).toBe(false);
  });

  it('keeps the result budget note and the path of the persisted full result, shortening only the text before it', () => {
    const path = '/tmp/agent-overflow/read-call_1_1-0a1b2c3d.json';
    const note = `[truncated: 4000 of 4402 characters cut; the full result is in the file ${path}]`;
    const first = `Result of tool read (call call_1_1):\n${JSON.stringify('r'.repeat(400))}\n${note}`;
    const second = `Result of tool read (call call_1_2):\n${JSON.stringify('s'.repeat(400))}\n[truncated: 9 of 411 characters cut]`;
    const messages = [
      { role: 'user' as const, content: 'goal' },
      { role: 'assistant' as const, content: '[...]' },
      { role: 'user' as const, content: `${first}\n\n${second}` },
    ];
    const result = microcompact(messages, { maxToolResultChars: 200, protectedTail: 0 });
    expect(result.shortened).toBe(1);
    const blocks = result.messages[2]!.content.split('\n\n');
    expect(blocks[0]).toBe(
      `Result of tool read (call call_1_1):\n"${'r'.repeat(99)}\n[shortened by microcompact: 302 of 402 characters removed]\n${note}`,
    );
    expect(blocks[1]).toBe(
      `Result of tool read (call call_1_2):\n"${'s'.repeat(99)}\n[shortened by microcompact: 302 of 402 characters removed]\n[truncated: 9 of 411 characters cut]`,
    );
    // Shortened once: a second pass leaves it alone, the path still there.
    const again = microcompact(result.messages, { maxToolResultChars: 200, protectedTail: 0 });
    expect(again.shortened).toBe(0);
    expect(again.messages[2]!.content).toContain(path);
  });
});
