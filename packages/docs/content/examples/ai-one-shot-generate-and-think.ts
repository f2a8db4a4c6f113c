// ---
// title: One-shot LLM calls with generate and think
// description: Uses the one-shot helpers of kit-ai for work that needs no agent loop - generate returns the model's raw text, think makes a single call with optional schema parsing of the answer.
// topics: [ai-toolkit]
// relatedDocs: /docs/llm-providers#generate
// ---
import { generate, think, type LLMProvider } from '@kit/kit-ai';

// A single call, raw text back: good for summaries, titles and rewrites.
export async function suggestTitle(llm: LLMProvider, ticketBody: string): Promise<string> {
  const text = await generate(llm, `Suggest a ticket title of at most eight words for:\n\n${ticketBody}`);
  return text.trim();
}

// think() is the single-call helper that can parse the answer against a schema through its optional
// third argument; the reference does not list the options, so this call uses the default behaviour.
export async function classify(llm: LLMProvider, ticketBody: string): Promise<unknown> {
  return think(llm, `Classify this ticket as "bug", "question" or "feature request". Ticket:\n\n${ticketBody}`);
}
