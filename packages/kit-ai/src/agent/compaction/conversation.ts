import type { LLMMessage } from '../../llm/types.js';

/** The first line of a snip note; its count is read back when a later snip removes the note itself. */
const SNIP_NOTE = /^\[Earlier conversation snipped: (\d+) messages were removed/;

/** The first line of an autocompact summary. */
export const SUMMARY_PREFIX = '[Summary of the earlier conversation';

/** The note snip puts after the goal. */
export function snipNote(removed: number): LLMMessage {
  return {
    role: 'user',
    content: `[Earlier conversation snipped: ${removed} messages were removed to fit the context window. The goal above and the latest messages are kept.]`,
  };
}

/** Messages counted in an earlier snip note, 0 when `message` is not one. */
export function snippedCount(message: LLMMessage | undefined): number {
  const match = message && message.role === 'user' ? SNIP_NOTE.exec(message.content) : null;
  return match ? Number(match[1]) : 0;
}

/** Whether `message` is an autocompact summary. */
export function isSummary(message: LLMMessage | undefined): boolean {
  return message?.role === 'user' && message.content.startsWith(SUMMARY_PREFIX);
}

/**
 * Where a kept tail of about `tail` messages starts, so that nothing before `floor` is touched (the
 * goal, and a summary) and the tail opens with an assistant message: a tool result is never kept
 * without the reply that asked for it, and after the user messages before it the roles alternate.
 * The tail grows backwards to the nearest assistant message; `floor` when there is none.
 */
export function tailStart(messages: readonly LLMMessage[], tail: number, floor: number): number {
  let start = Math.max(floor, messages.length - Math.max(0, tail));
  while (start > floor && messages[start]?.role !== 'assistant') start--;
  return start;
}
