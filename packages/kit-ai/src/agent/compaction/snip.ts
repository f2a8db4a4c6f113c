import type { LLMMessage } from '../../llm/types.js';
import { isSummary, snipNote, snippedCount, tailStart } from './conversation.js';

/** What `snip` did: the new conversation and how many messages it removed this time. */
export interface SnipResult {
  messages: LLMMessage[];
  removed: number;
}

/**
 * Drops the oldest messages of a conversation (the system prompt not included: `messages[0]` is the
 * goal). Kept: the goal, an autocompact summary right after it, and the last `preserveTail`
 * messages, the tail extended back to open with an assistant message so that no tool result loses
 * its call. In place of the removed messages goes one user note, `[Earlier conversation snipped: N
 * messages were removed ...]`, where N also counts messages removed by earlier snips. Nothing
 * changes (`removed` 0) when there is nothing between the kept parts.
 */
export function snip(messages: readonly LLMMessage[], preserveTail: number): SnipResult {
  const floor = isSummary(messages[1]) ? 2 : 1;
  const start = tailStart(messages, preserveTail, floor);
  const middle = messages.slice(floor, start);
  const earlier = middle.reduce((total, message) => total + snippedCount(message), 0);
  const removed = middle.filter((message) => snippedCount(message) === 0).length;
  if (removed === 0) return { messages: [...messages], removed: 0 };
  return { messages: [...messages.slice(0, floor), snipNote(earlier + removed), ...messages.slice(start)], removed };
}
