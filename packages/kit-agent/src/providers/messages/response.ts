import { KitAIError, type LLMResponse, type LLMToolCall, type LLMUsage } from '@kit/kit-ai';
import { messagesFinishReason } from '../finish-reason.js';
import { excerpt, isRecord, numberOf, stringOf } from '../wire-values.js';

/**
 * Input tokens of a Messages usage object. Tokens read from or written to the prompt cache are
 * counted apart from `input_tokens` by the protocol; all of them were part of the prompt.
 */
export function messagesInputTokens(usage: Record<string, unknown>): number | undefined {
  const parts = [usage.input_tokens, usage.cache_creation_input_tokens, usage.cache_read_input_tokens].map(numberOf);
  return parts.every((part) => part === undefined) ? undefined : parts.reduce<number>((sum, part) => sum + (part ?? 0), 0);
}

/** `{ promptTokens, completionTokens, totalTokens }` from the protocol's input and output counts. */
export function messagesUsage(promptTokens: number | undefined, completionTokens: number | undefined): LLMUsage | undefined {
  if (promptTokens === undefined && completionTokens === undefined) return undefined;
  const prompt = promptTokens ?? 0;
  const completion = completionTokens ?? 0;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: prompt + completion };
}

/** A `tool_use` block as an `LLMToolCall`. */
export function toolUseCall(provider: string, block: Record<string, unknown>, input: unknown): LLMToolCall {
  const name = stringOf(block.name);
  if (!name)
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: a tool_use block of the answer has no name: ${excerpt(JSON.stringify(block))}`,
    );
  if (!isRecord(input)) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the input of the call to tool "${name}" must be a JSON object, got ${excerpt(JSON.stringify(input) ?? 'nothing')}`,
    );
  }
  const id = stringOf(block.id);
  return id ? { id, name, arguments: input } : { name, arguments: input };
}

/**
 * Maps a Messages answer to an `LLMResponse`: the `text` blocks joined in order as `content`,
 * `tool_use` blocks as `toolCalls`, other blocks (thinking) left out.
 */
export function messagesResponse(provider: string, url: string, payload: unknown, requestedModel: string): LLMResponse {
  if (!isRecord(payload) || !Array.isArray(payload.content)) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the answer from ${url} has no content array, so it is not a Messages answer: ${excerpt(JSON.stringify(payload) ?? '')}`,
    );
  }
  let content = '';
  const toolCalls: LLMToolCall[] = [];
  for (const block of payload.content) {
    if (!isRecord(block)) continue;
    if (block.type === 'text') content += stringOf(block.text) ?? '';
    else if (block.type === 'tool_use') toolCalls.push(toolUseCall(provider, block, block.input));
  }
  const response: LLMResponse = { content, model: stringOf(payload.model) ?? requestedModel };
  const usage = isRecord(payload.usage)
    ? messagesUsage(messagesInputTokens(payload.usage), numberOf(payload.usage.output_tokens))
    : undefined;
  if (usage) response.usage = usage;
  const finishReason = messagesFinishReason(payload.stop_reason);
  if (finishReason) response.finishReason = finishReason;
  if (toolCalls.length > 0) response.toolCalls = toolCalls;
  return response;
}
