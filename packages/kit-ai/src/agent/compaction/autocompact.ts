import type { LLMMessage } from '../../llm/types.js';
import { SUMMARY_PREFIX, tailStart } from './conversation.js';

/** Summarises a transcript; rejects (or returns blank text) when it cannot. */
export type Summariser = (transcript: string) => Promise<string>;

/** The instruction of the summary call. */
export const SUMMARY_INSTRUCTION =
  'Summarise the conversation below between a user and an AI agent that calls tools, so the agent can continue the work from the summary alone. Keep the facts found, tool results that still matter, decisions made, open questions and what remains to do. Reply with the summary only.';

/** What `autocompact` did. */
export interface AutocompactResult {
  messages: LLMMessage[];
  /** Messages replaced by the summary (0: nothing to summarise). */
  summarised: number;
}

/** The transcript handed to the summariser: one `USER:` / `ASSISTANT:` paragraph per message. */
export function transcriptOf(messages: readonly LLMMessage[]): string {
  return messages.map((message) => `${message.role.toUpperCase()}: ${message.content}`).join('\n\n');
}

/**
 * Replaces the middle of a conversation (after the goal, before a tail of about `preserveTail`
 * messages that opens with an assistant message) with one user message holding a summary written
 * by `summarise`: `[Summary of the earlier conversation (N messages)]` and the summary. An earlier
 * summary is part of the middle, so summaries fold into each other. Rejects when `summarise`
 * fails or returns blank text; the conversation is then unchanged.
 */
export async function autocompact(
  messages: readonly LLMMessage[],
  preserveTail: number,
  summarise: Summariser,
): Promise<AutocompactResult> {
  const start = tailStart(messages, preserveTail, 1);
  const middle = messages.slice(1, start);
  if (middle.length === 0) return { messages: [...messages], summarised: 0 };
  const summary = (await summarise(transcriptOf(middle))).trim();
  if (summary === '') throw new Error('the summary was empty');
  const note: LLMMessage = { role: 'user', content: `${SUMMARY_PREFIX} (${middle.length} messages)]\n${summary}` };
  return { messages: [messages[0]!, note, ...messages.slice(start)], summarised: middle.length };
}
