import { KitAIError, type LLMResponse, type LLMToolCall, type LLMUsage } from '@kit/kit-ai';
import { chatCompletionsFinishReason } from '../finish-reason.js';
import { parseToolArguments } from '../tool-arguments.js';
import { excerpt, isRecord, numberOf, stringOf } from '../wire-values.js';

/** Usage of a Chat Completions answer or usage chunk; absent when the server sent no counts. */
export function chatCompletionsUsage(value: unknown): LLMUsage | undefined {
  if (!isRecord(value)) return undefined;
  const promptTokens = numberOf(value.prompt_tokens);
  const completionTokens = numberOf(value.completion_tokens);
  if (promptTokens === undefined && completionTokens === undefined) return undefined;
  const prompt = promptTokens ?? 0;
  const completion = completionTokens ?? 0;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: numberOf(value.total_tokens) ?? prompt + completion };
}

/**
 * The text of a message `content`: a string, or (on some compatible servers) an array of parts
 * whose `text` fields are joined. `null` (a reply made only of tool calls) is empty text.
 */
export function contentText(content: unknown): string | undefined {
  if (typeof content === 'string') return content;
  if (Array.isArray(content)) {
    return content.map((part) => (isRecord(part) ? (stringOf(part.text) ?? '') : '')).join('');
  }
  return undefined;
}

/** The string form of streamed or whole arguments; a few servers send an object instead of JSON text. */
export function argumentsText(value: unknown): string {
  if (typeof value === 'string') return value;
  return value === undefined || value === null ? '' : JSON.stringify(value);
}

function toolCallsOf(provider: string, value: unknown): LLMToolCall[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((entry): LLMToolCall[] => {
    if (!isRecord(entry) || !isRecord(entry.function)) return [];
    const name = stringOf(entry.function.name);
    if (!name)
      throw new KitAIError(
        'llm_invalid_response',
        `${provider}: a tool call in the answer has no function name: ${excerpt(JSON.stringify(entry))}`,
      );
    const id = stringOf(entry.id);
    const call: LLMToolCall = { name, arguments: parseToolArguments(provider, name, argumentsText(entry.function.arguments)) };
    return [id ? { id, ...call } : call];
  });
}

/** Maps a `chat.completion` object to an `LLMResponse`; only the first choice is read. */
export function chatCompletionsResponse(provider: string, url: string, payload: unknown, requestedModel: string): LLMResponse {
  const choice = isRecord(payload) && Array.isArray(payload.choices) ? payload.choices[0] : undefined;
  if (!isRecord(payload) || !isRecord(choice) || !isRecord(choice.message)) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the answer from ${url} has no choices[0].message, so it is not a Chat Completions answer: ${excerpt(JSON.stringify(payload) ?? '')}`,
    );
  }
  const message = choice.message;
  // A refusal has no content; its text is the answer the model gave.
  const content = contentText(message.content) ?? stringOf(message.refusal) ?? '';
  const response: LLMResponse = { content, model: stringOf(payload.model) ?? requestedModel };
  const usage = chatCompletionsUsage(payload.usage);
  if (usage) response.usage = usage;
  const finishReason = chatCompletionsFinishReason(choice.finish_reason);
  if (finishReason) response.finishReason = finishReason;
  const toolCalls = toolCallsOf(provider, message.tool_calls);
  // The older single-call form, still sent by some compatible servers.
  if (toolCalls.length === 0 && isRecord(message.function_call))
    toolCalls.push(...toolCallsOf(provider, [{ function: message.function_call }]));
  if (toolCalls.length > 0) response.toolCalls = toolCalls;
  return response;
}
