// ---
// title: One-shot LLM calls with generate and think
// description: Uses the one-shot helpers of kit-ai for work that needs no agent loop - generate returns the model's raw text, think asks for JSON and parses and validates it with a zod schema, both with a system message and a deadline.
// topics: [ai-toolkit]
// relatedDocs: /docs/llm-providers#generate
// ---
import { generate, think, type LLMProvider } from '@kit/kit-ai';
import { z } from 'zod';

// A single call, raw text back (not trimmed): good for summaries, titles and rewrites.
export async function suggestTitle(llm: LLMProvider, ticketBody: string): Promise<string> {
  const text = await generate(llm, `Suggest a ticket title of at most eight words for:\n\n${ticketBody}`, {
    system: 'You write short, factual ticket titles.',
    maxTokens: 30,
    // Past 15 s the call is aborted and rejects with KitAIError code 'llm_timeout'.
    timeoutMs: 15_000,
  });
  return text.trim();
}

const Classification = z.object({
  kind: z.enum(['bug', 'question', 'feature request']),
  confidence: z.number().min(0).max(1),
});

// think() adds "Reply with JSON only..." and this schema (as JSON Schema) to the system message, finds the
// JSON in the reply (whole reply, fenced json block or first {...} span), validates it and returns it typed.
// A reply without JSON or failing the schema rejects with code 'invalid_model_output' and its `issues`.
export async function classify(llm: LLMProvider, ticketBody: string): Promise<z.infer<typeof Classification>> {
  return think(llm, `Classify this ticket. Ticket:\n\n${ticketBody}`, { schema: Classification, timeoutMs: 15_000 });
}

// A scripted model, so the example runs without a network: it answers JSON requests in a code fence.
const scripted: LLMProvider = {
  name: 'scripted',
  chat: async (messages) => {
    const wantsJson = messages.some((message) => message.role === 'system' && message.content.includes('Reply with JSON only'));
    return wantsJson
      ? { content: 'Here you go:\n```json\n{"kind": "bug", "confidence": 0.9}\n```', model: 'scripted-1' }
      : { content: '  Printer on floor 2 is offline\n', model: 'scripted-1' };
  },
};

const ticket = 'The printer on floor 2 shows "offline" since this morning.';
console.log(await suggestTitle(scripted, ticket)); // Printer on floor 2 is offline
const { kind, confidence } = await classify(scripted, ticket);
console.log(kind, confidence); // bug 0.9
