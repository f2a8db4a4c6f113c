import { describe, expect, it } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { estimateTokens, normalizeMessages } from './messages.js';
import type { LLMMessage } from './types.js';

describe('estimateTokens', () => {
  it('is the ceiling of total content characters over 4', () => {
    expect(estimateTokens([])).toBe(0);
    expect(estimateTokens([{ role: 'user', content: 'abcd' }])).toBe(1);
    expect(estimateTokens([{ role: 'user', content: 'abcde' }])).toBe(2);
    expect(
      estimateTokens([
        { role: 'system', content: 'You are concise.' },
        { role: 'user', content: 'Hello' },
      ]),
    ).toBe(6);
    expect(estimateTokens([{ role: 'assistant', content: 'x'.repeat(4001) }])).toBe(1001);
  });

  it('rejects what is not a conversation', () => {
    expect(() => estimateTokens('hello' as unknown as LLMMessage[])).toThrow(KitAIError);
    expect(() => estimateTokens([{ role: 'user', content: 5 } as unknown as LLMMessage])).toThrow(
      /estimateTokens: messages\[0\]\.content must be a string, got 5/,
    );
  });
});

describe('normalizeMessages', () => {
  it('drops empty and whitespace-only messages', () => {
    expect(
      normalizeMessages([
        { role: 'user', content: '' },
        { role: 'assistant', content: ' \n\t ' },
        { role: 'user', content: 'hi' },
      ]),
    ).toEqual([{ role: 'user', content: 'hi' }]);
  });

  it('merges consecutive same-role messages with a blank line, keeping contents untrimmed', () => {
    expect(
      normalizeMessages([
        { role: 'user', content: 'one ' },
        { role: 'user', content: 'two' },
        { role: 'assistant', content: 'a' },
        { role: 'assistant', content: '' },
        { role: 'assistant', content: 'b' },
        { role: 'user', content: 'three' },
      ]),
    ).toEqual([
      { role: 'user', content: 'one \n\ntwo' },
      { role: 'assistant', content: 'a\n\nb' },
      { role: 'user', content: 'three' },
    ]);
  });

  it('keeps one leading system message holding every distinct opening system content in order', () => {
    expect(
      normalizeMessages([
        { role: 'system', content: 'A' },
        { role: 'system', content: 'B' },
        { role: 'system', content: ' A ' },
        { role: 'system', content: 'C' },
        { role: 'user', content: 'go' },
      ]),
    ).toEqual([
      { role: 'system', content: 'A\n\nB\n\nC' },
      { role: 'user', content: 'go' },
    ]);
  });

  it('turns a late system message into a marked user message and drops late duplicates of the system prompt', () => {
    expect(
      normalizeMessages([
        { role: 'system', content: 'Be brief.' },
        { role: 'user', content: 'Question' },
        { role: 'assistant', content: 'Answer' },
        { role: 'system', content: 'Be brief.' },
        { role: 'system', content: 'Wrap up now.' },
        { role: 'assistant', content: 'Done' },
        { role: 'system', content: 'Wrap up now.' },
      ]),
    ).toEqual([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Question' },
      { role: 'assistant', content: 'Answer' },
      { role: 'user', content: '[system] Wrap up now.' },
      { role: 'assistant', content: 'Done' },
      { role: 'user', content: '[system] Wrap up now.' },
    ]);
  });

  it('merges a converted system message into the user turn next to it', () => {
    expect(
      normalizeMessages([
        { role: 'user', content: 'Hi' },
        { role: 'system', content: 'Note' },
        { role: 'user', content: 'More' },
      ]),
    ).toEqual([{ role: 'user', content: 'Hi\n\n[system] Note\n\nMore' }]);
  });

  it('matches the documented example', () => {
    const clean = normalizeMessages([
      { role: 'system', content: 'You are a support agent.' },
      { role: 'system', content: 'Answer in English.' },
      { role: 'user', content: 'My parcel is late.' },
      { role: 'user', content: '   ' },
      { role: 'user', content: 'Order 1234.' },
      { role: 'system', content: 'The customer is a VIP.' },
      { role: 'assistant', content: 'Let me check.' },
    ]);
    expect(clean).toEqual([
      { role: 'system', content: 'You are a support agent.\n\nAnswer in English.' },
      { role: 'user', content: 'My parcel is late.\n\nOrder 1234.\n\n[system] The customer is a VIP.' },
      { role: 'assistant', content: 'Let me check.' },
    ]);
  });

  it('never mutates its input and returns fresh objects', () => {
    const input: LLMMessage[] = [
      { role: 'system', content: 'S' },
      { role: 'user', content: 'a' },
      { role: 'user', content: 'b' },
    ];
    const snapshot = structuredClone(input);
    const output = normalizeMessages(input);
    expect(input).toEqual(snapshot);
    output.forEach((message) => expect(input).not.toContain(message));
    const single: LLMMessage[] = [{ role: 'user', content: 'x' }];
    const [copy] = normalizeMessages(single);
    expect(copy).toEqual(single[0]);
    expect(copy).not.toBe(single[0]);
  });

  it('is idempotent', () => {
    const once = normalizeMessages([
      { role: 'system', content: 'S' },
      { role: 'system', content: 'T' },
      { role: 'user', content: 'a' },
      { role: 'system', content: 'late' },
      { role: 'assistant', content: 'b' },
    ]);
    expect(normalizeMessages(once)).toEqual(once);
  });

  it('rejects bad roles and non-arrays with a message naming the fix', () => {
    expect(() => normalizeMessages(undefined as unknown as LLMMessage[])).toThrow(/normalizeMessages: messages must be an array/);
    try {
      normalizeMessages([{ role: 'tool', content: 'x' } as unknown as LLMMessage]);
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(KitAIError);
      expect((error as KitAIError).code).toBe('invalid_config');
      expect((error as KitAIError).message).toContain(`messages[0].role must be 'system', 'user' or 'assistant', got "tool"`);
    }
  });
});
