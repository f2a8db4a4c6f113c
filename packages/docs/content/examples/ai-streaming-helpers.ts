// ---
// title: Streaming a long answer with generateStream
// description: Uses generateStream, the streaming variant of generate, to forward a long answer to the caller chunk by chunk from an API route instead of waiting for the whole text.
// topics: [ai-toolkit, defineAPI]
// relatedDocs: /docs/llm-providers#thinkstream-and-generatestream
// ---
import { generateStream, type LLMProvider } from '@kit/kit-ai';

// The fields of LLMStreamChunk are not listed in the reference: this helper passes chunks through
// as they are and lets the caller decide how to render them.
export async function* draftReply(llm: LLMProvider, customerMessage: string) {
  const prompt = `Write a friendly, precise reply to this customer message:\n\n${customerMessage}`;
  for await (const chunk of generateStream(llm, prompt)) {
    yield chunk;
  }
}

// thinkStream is the streaming variant of think and is used the same way.
export async function collectDraft(llm: LLMProvider, customerMessage: string): Promise<unknown[]> {
  const chunks: unknown[] = [];
  for await (const chunk of draftReply(llm, customerMessage)) chunks.push(chunk);
  return chunks;
}
