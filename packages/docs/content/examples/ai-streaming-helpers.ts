// ---
// title: Streaming a long answer with generateStream and thinkStream
// description: Uses generateStream to forward a long answer piece by piece as it is written, and thinkStream to show the deltas of a JSON answer before its parsed, zod-validated result.
// topics: [ai-toolkit]
// relatedDocs: /docs/llm-providers#thinkstream-and-generatestream
// ---
import { generateStream, thinkStream, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';
import { z } from 'zod';

// generateStream yields the text as string pieces: the provider's `text` chunks when it has stream(),
// else the whole chat() answer as one piece. The call starts on the first read; breaking out of the
// loop closes the provider's stream.
export async function* draftReply(llm: LLMProvider, customerMessage: string): AsyncGenerator<string> {
  const prompt = `Write a friendly, precise reply to this customer message:\n\n${customerMessage}`;
  yield* generateStream(llm, prompt, { system: 'You are a support agent.', timeoutMs: 60_000 });
}

const Outline = z.object({ subject: z.string(), points: z.array(z.string()) });

// thinkStream yields { type: 'delta', text } events, then one { type: 'result', value } with the value
// think() would return, typed by the schema.
export async function outlineReply(llm: LLMProvider, customerMessage: string): Promise<z.infer<typeof Outline>> {
  for await (const event of thinkStream(llm, `Outline a reply to: ${customerMessage}`, { schema: Outline })) {
    if (event.type === 'delta') process.stdout.write('.');
    else return event.value;
  }
  throw new Error('thinkStream ended without a result');
}

// A scripted streaming model, so the example runs without a network.
function scripted(pieces: string[]): LLMProvider {
  return {
    name: 'scripted-stream',
    chat: async () => ({ content: pieces.join(''), model: 'scripted-1' }),
    async *stream(): AsyncGenerator<LLMStreamChunk> {
      for (const text of pieces) yield { type: 'text', text };
      yield { type: 'done', model: 'scripted-1', finishReason: 'stop' };
    },
  };
}

const received: string[] = [];
for await (const piece of draftReply(scripted(['Hello Sam, ', 'your parcel ', 'left the depot today.']), 'Where is my parcel?')) {
  received.push(piece);
}
console.log(received.length, received.join('')); // 3 Hello Sam, your parcel left the depot today.

const outline = await outlineReply(scripted(['{"subject": "Your parcel", ', '"points": ["left the depot", "arrives Friday"]}']), 'Where is my parcel?');
console.log('\n', outline.subject, outline.points.length); // Your parcel 2
