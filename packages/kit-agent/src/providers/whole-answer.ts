import type { LLMResponse, LLMStreamChunk } from '@kit/kit-ai';

/**
 * Whether a server answered a streamed request with one whole JSON answer instead of an event
 * stream; some compatible servers do when they cannot stream a request (with tools, for example).
 */
export function isWholeJsonAnswer(response: Response): boolean {
  return (response.headers.get('content-type') ?? '').toLowerCase().includes('application/json');
}

/** The chunks a stream would have produced for a whole answer: its text, its calls, then `done`. */
export function chunksOfAnswer(answer: LLMResponse): LLMStreamChunk[] {
  const chunks: LLMStreamChunk[] = [];
  if (answer.content !== '') chunks.push({ type: 'text', text: answer.content });
  for (const toolCall of answer.toolCalls ?? []) chunks.push({ type: 'tool_call', toolCall });
  const done: LLMStreamChunk = { type: 'done', model: answer.model };
  if (answer.finishReason) done.finishReason = answer.finishReason;
  if (answer.usage) done.usage = answer.usage;
  chunks.push(done);
  return chunks;
}
