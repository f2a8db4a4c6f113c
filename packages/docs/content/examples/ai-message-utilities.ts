// ---
// title: Cleaning and measuring a conversation with normalizeMessages and estimateTokens
// description: Normalizes a hand-built message list - merging consecutive messages of the same role, dropping empty ones and converting duplicate system messages - and estimates its size before sending it.
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
];

// Same-role neighbours are merged, empty messages removed, duplicate system messages converted.
const cleaned = normalizeMessages(conversation);

// Rough estimate: total content length divided by 4.
const tokens = estimateTokens(cleaned);
const BUDGET = 8_000;

export async function ask(llm: LLMProvider): Promise<string> {
  if (tokens > BUDGET) {
    throw new Error(`conversation is about ${tokens} tokens, over the ${BUDGET}-token budget; shorten it first.`);
  }
  const response = await llm.chat(cleaned);
  return response.content;
}
