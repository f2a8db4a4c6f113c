// ---
// title: Streaming a long answer with generateStream
// description: Uses generateStream, the streaming variant of generate, to forward a long answer to the caller chunk by chunk from an API route instead of waiting for the whole text.
// topics: [ai-toolkit]
// relatedDocs: /docs/llm-providers#thinkstream-and-generatestream
// ---
import { generateStream, type LLMProvider } from '@kit/kit-ai';

// The reference names generateStream without its signature. This example assumes it yields the
// answer as an async iterable of chunks, and passes each chunk through unchanged, since the fields of
// a chunk are not listed either; check the type declaration of your kit-ai version.
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
