// ---
// title: Cleaning and measuring a conversation with normalizeMessages and estimateTokens
// description: Normalizes a hand-built message list - one leading system message, empty messages dropped, a late system message turned into a marked user message, same-role neighbours merged - and estimates its size before sending it.
// topics: [ai-toolkit]
// relatedDocs: /docs/llm-providers#normalizemessages
// ---
import { estimateTokens, normalizeMessages, type LLMMessage, type LLMProvider } from '@kit/kit-ai';

const conversation: LLMMessage[] = [
  { role: 'system', content: 'You are a helpdesk assistant.' },
  { role: 'system', content: 'Answer in English.' },
  { role: 'user', content: 'My printer is offline.' },
  { role: 'user', content: '' },
  { role: 'user', content: 'It is the one on floor 2.' },
  { role: 'system', content: 'Answer in English.' },
  { role: 'system', content: 'The user is on the night shift.' },
];

// 1. Empty messages are dropped. 2. The opening system messages become one, joined by a blank line.
// 3. A later system message already in that one is dropped; any other becomes a user message
//    prefixed "[system] ". 4. Same-role neighbours are merged with a blank line. The input is not changed.
const cleaned = normalizeMessages(conversation);
console.log(cleaned);
// [
//   { role: 'system', content: 'You are a helpdesk assistant.\n\nAnswer in English.' },
//   { role: 'user', content: 'My printer is offline.\n\nIt is the one on floor 2.\n\n[system] The user is on the night shift.' },
// ]

// Math.ceil(total content characters / 4); roles are not counted.
const tokens = estimateTokens(cleaned);
console.log(`about ${tokens} tokens`);

const BUDGET = 8_000;

export async function ask(llm: LLMProvider): Promise<string> {
  if (tokens > BUDGET) {
    throw new Error(`conversation is about ${tokens} tokens, over the ${BUDGET}-token budget; shorten it first.`);
  }
  const response = await llm.chat(cleaned);
  return response.content;
}
