import { KitAIError } from '../errors/kit-ai-error.js';
import type { LLMMessage, LLMRole } from './types.js';
import { describeValue } from './describe-value.js';

/**
 * The prefix a system message gets when `normalizeMessages` turns it into a `user` message because it came
 * after the conversation had started. The model still sees that the text is an instruction, not the user's words.
 */
export const LATE_SYSTEM_PREFIX = '[system] ';

const roles: ReadonlySet<LLMRole> = new Set(['system', 'user', 'assistant']);

function checkMessages(component: string, messages: unknown): asserts messages is LLMMessage[] {
  if (!Array.isArray(messages)) {
    throw new KitAIError(
      'invalid_config',
      `${component}: messages must be an array of { role, content }, got ${describeValue(messages)}; pass [] for an empty conversation.`,
    );
  }
  messages.forEach((message: unknown, index) => {
    const candidate = message as { role?: unknown; content?: unknown } | null;
    if (typeof candidate !== 'object' || candidate === null) {
      throw new KitAIError(
        'invalid_config',
        `${component}: messages[${index}] must be an object { role, content }, got ${describeValue(message)}.`,
      );
    }
    if (!roles.has(candidate.role as LLMRole)) {
      throw new KitAIError(
        'invalid_config',
        `${component}: messages[${index}].role must be 'system', 'user' or 'assistant', got ${describeValue(candidate.role)}.`,
      );
    }
    if (typeof candidate.content !== 'string') {
      throw new KitAIError(
        'invalid_config',
        `${component}: messages[${index}].content must be a string, got ${describeValue(candidate.content)}; serialise structured content with JSON.stringify first.`,
      );
    }
  });
}

/**
 * A rough token count of a conversation: `Math.ceil(total content characters / 4)`. No tokenizer and no
 * network, so it is cheap enough to call before every LLM call; prefer `LLMResponse.usage` for billing.
 * Roles and message framing are not counted.
 *
 * @example
 * ```ts
 * import { estimateTokens } from '@kit/kit-ai';
 *
 * // 16 + 5 characters: Math.ceil(21 / 4) = 6
 * const tokens = estimateTokens([
 *   { role: 'system', content: 'You are concise.' },
 *   { role: 'user', content: 'Hello' },
 * ]);
 * console.log(tokens); // 6
 * ```
 */
export function estimateTokens(messages: LLMMessage[]): number {
  checkMessages('estimateTokens', messages);
  let characters = 0;
  for (const message of messages) characters += message.content.length;
  return Math.ceil(characters / 4);
}

/**
 * Cleans a conversation so that providers which accept only one leading system message and strictly
 * alternating turns take it. Returns new message objects; the input is never changed. In this order:
 *
 * 1. Messages whose content is empty or only whitespace are dropped.
 * 2. The system messages that open the conversation (before the first `user` or `assistant` message) become
 *    ONE system message, first: their contents in order, joined with a blank line (`\n\n`), each distinct
 *    content once (contents equal after trimming count as duplicates).
 * 3. A system message that comes later is dropped when its content is already part of that opening system
 *    message; otherwise it becomes a `user` message at the same place, its content prefixed with `[system] `
 *    (two equal late system messages both stay: a repeated reminder is meant to be seen again).
 * 4. Consecutive messages of the same role are merged into one, contents joined with a blank line.
 *
 * Contents are otherwise kept as they are (not trimmed).
 *
 * @example
 * ```ts
 * import { normalizeMessages } from '@kit/kit-ai';
 *
 * const clean = normalizeMessages([
 *   { role: 'system', content: 'You are a support agent.' },
 *   { role: 'system', content: 'Answer in English.' },
 *   { role: 'user', content: 'My parcel is late.' },
 *   { role: 'user', content: '   ' },
 *   { role: 'user', content: 'Order 1234.' },
 *   { role: 'system', content: 'The customer is a VIP.' },
 *   { role: 'assistant', content: 'Let me check.' },
 * ]);
 * // [
 * //   { role: 'system', content: 'You are a support agent.\n\nAnswer in English.' },
 * //   { role: 'user', content: 'My parcel is late.\n\nOrder 1234.\n\n[system] The customer is a VIP.' },
 * //   { role: 'assistant', content: 'Let me check.' },
 * // ]
 * console.log(clean.length); // 3
 * ```
 */
export function normalizeMessages(messages: LLMMessage[]): LLMMessage[] {
  checkMessages('normalizeMessages', messages);
  const nonEmpty = messages.filter((message) => message.content.trim() !== '');

  const systemContents: string[] = [];
  const seen = new Set<string>();
  const rest: LLMMessage[] = [];
  let started = false;
  for (const message of nonEmpty) {
    if (message.role !== 'system') {
      started = true;
      rest.push({ role: message.role, content: message.content });
      continue;
    }
    const key = message.content.trim();
    if (seen.has(key)) continue;
    if (!started) {
      seen.add(key);
      systemContents.push(message.content);
    } else {
      // A late instruction keeps its place in time (it may refer to what was said before it), so it
      // becomes a marked user turn instead of being hoisted into the opening system prompt. Late ones
      // are not deduplicated among themselves: a reminder repeated later is meant to be seen again.
      rest.push({ role: 'user', content: `${LATE_SYSTEM_PREFIX}${message.content}` });
    }
  }

  const ordered: LLMMessage[] = systemContents.length > 0 ? [{ role: 'system', content: systemContents.join('\n\n') }, ...rest] : rest;
  const merged: LLMMessage[] = [];
  for (const message of ordered) {
    const last = merged[merged.length - 1];
    if (last && last.role === message.role) last.content = `${last.content}\n\n${message.content}`;
    else merged.push({ role: message.role, content: message.content });
  }
  return merged;
}
