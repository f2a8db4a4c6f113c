import { normalizeMessages } from '../../llm/messages.js';
import type { LLMMessage } from '../../llm/types.js';

/** A conversation for tests: the goal, then `turns` tool rounds (assistant call, user result of `size` characters). */
export function conversation(turns: number, size = 40): LLMMessage[] {
  const messages: LLMMessage[] = [{ role: 'user', content: 'GOAL: reconcile the ledgers' }];
  for (let turn = 1; turn <= turns; turn++) {
    messages.push({ role: 'assistant', content: `{"id":"call_${turn}_1","tool":"read","arguments":{"page":${turn}}}` });
    messages.push({ role: 'user', content: `Result of tool read (call call_${turn}_1):\n${JSON.stringify('r'.repeat(size))}` });
  }
  return messages;
}

/**
 * What is wrong with a conversation (after the system prompt) as the loop would send it: after
 * `normalizeMessages`, the system prompt first, then a user message opening with `goalPrefix`, then
 * alternating roles; and no tool result without the assistant reply just before it (holding its
 * call id, when that reply names ids).
 * Empty when it is valid.
 */
export function conversationProblems(messages: readonly LLMMessage[], goalPrefix = 'GOAL:'): string[] {
  const problems: string[] = [];
  const sent = normalizeMessages([{ role: 'system', content: 'SYSTEM' }, ...messages]);
  if (sent[0]?.role !== 'system') problems.push('the first message is not the system prompt');
  if (sent[1]?.role !== 'user') problems.push('the second message is not a user message');
  if (!sent[1]?.content.startsWith(goalPrefix)) problems.push('the goal was lost');
  sent.slice(1).forEach((message, index) => {
    const expected = index % 2 === 0 ? 'user' : 'assistant';
    if (message.role !== expected) problems.push(`message ${index + 1} is ${message.role}, expected ${expected}`);
  });
  messages.forEach((message, index) => {
    for (const match of message.content.matchAll(/(?:^|\n\n)(?:Result of|Error from) (?:tool|task) \S+ \(call ([^)\s]+)\)/g)) {
      const previous = messages[index - 1];
      // Calls written as text carry no id; native ones are recorded with theirs.
      const lost = previous?.role !== 'assistant' || (previous.content.includes('"id"') && !previous.content.includes(`"${match[1]}"`));
      if (lost) problems.push(`the result of ${match[1]} lost its call`);
    }
  });
  return problems;
}
