import { KitAIError, type LLMResponse, type LLMToolCall, type LLMUsage } from '@kit/kit-ai';
import { argumentsText } from '../chat-completions/response.js';
import { responsesFinishReason } from '../finish-reason.js';
import { providerFailure } from '../provider-errors.js';
import { parseToolArguments } from '../tool-arguments.js';
import { excerpt, isRecord, numberOf, stringOf } from '../wire-values.js';

/**
 * Usage of a Responses answer. Its `input_tokens` already include the tokens read from the prompt
 * cache, and its `output_tokens` the reasoning tokens, so both are taken as they are.
 */
export function responsesUsage(value: unknown): LLMUsage | undefined {
  if (!isRecord(value)) return undefined;
  const inputTokens = numberOf(value.input_tokens);
  const outputTokens = numberOf(value.output_tokens);
  if (inputTokens === undefined && outputTokens === undefined) return undefined;
  const prompt = inputTokens ?? 0;
  const completion = outputTokens ?? 0;
  return { promptTokens: prompt, completionTokens: completion, totalTokens: numberOf(value.total_tokens) ?? prompt + completion };
}

/** HTTP statuses of the error codes and types a failed answer or an error event carries. */
const errorStatuses: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  invalid_prompt: 400,
  context_length_exceeded: 400,
  invalid_api_key: 401,
  authentication_error: 401,
  permission_error: 403,
  model_not_found: 404,
  not_found_error: 404,
  rate_limit_exceeded: 429,
  insufficient_quota: 429,
  server_error: 500,
  vector_store_timeout: 504,
};

function statusOf(key: string | undefined): number | undefined {
  return key !== undefined && Object.hasOwn(errorStatuses, key) ? errorStatuses[key] : undefined;
}

/**
 * The error of a failed answer (`status: "failed"` with its `error`) or of an error event in a
 * stream. An error event carries `code` and `message` at its top level, or (on some servers) an
 * `error` object as an HTTP error body does; the code stands for its HTTP status where it is known,
 * and is named in the message as the kind of error when the server gave no type.
 */
export function responsesFailure(provider: string, url: string, error: unknown, inStream: boolean): KitAIError {
  const source = isRecord(error) ? error : {};
  const code = stringOf(source.code) ?? (numberOf(source.code) === undefined ? undefined : String(source.code));
  // The top-level `type` of an error event is the event's own, `error`.
  const declared = stringOf(source.type);
  const type = declared && declared !== 'error' ? declared : code;
  const status = statusOf(code) ?? statusOf(type);
  return providerFailure(provider, url, { status, inStream, inAnswer: !inStream }, { message: stringOf(source.message), code, type });
}

/**
 * A `function_call` item as an `LLMToolCall`: its `call_id` as the id (the item's own `id` when it
 * has none), its `arguments` JSON text parsed (`arguments` given as text for the items that streamed
 * theirs in pieces).
 */
export function functionCallOf(provider: string, item: Record<string, unknown>, streamedArguments = ''): LLMToolCall {
  const name = stringOf(item.name);
  if (!name) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: a function_call item of the answer has no name: ${excerpt(JSON.stringify(item))}`,
    );
  }
  const call: LLMToolCall = { name, arguments: parseToolArguments(provider, name, argumentsText(item.arguments) || streamedArguments) };
  const id = stringOf(item.call_id) || stringOf(item.id);
  return id ? { id, ...call } : call;
}

/** The text of a `message` item: its `output_text` parts and its `refusal` parts, in order. */
export function messageText(item: Record<string, unknown>): string {
  if (!Array.isArray(item.content)) return '';
  return item.content
    .map((part) => {
      if (!isRecord(part)) return '';
      if (part.type === 'refusal') return stringOf(part.refusal) ?? '';
      return part.type === 'output_text' ? (stringOf(part.text) ?? '') : '';
    })
    .join('');
}

/**
 * Whether an output item is a function call to hand on. A call the output cap cut off (its status
 * `incomplete`) has partial arguments and is left out; the answer then finishes with `length`.
 */
export function isFinishedFunctionCall(item: Record<string, unknown>): boolean {
  return item.type === 'function_call' && item.status !== 'incomplete';
}

/** Checks that a payload is a Responses answer, the whole one or the one a stream ends with. */
export function responseObject(provider: string, url: string, payload: unknown): Record<string, unknown> & { output: unknown[] } {
  if (!isRecord(payload) || !Array.isArray(payload.output)) {
    throw new KitAIError(
      'llm_invalid_response',
      `${provider}: the answer from ${url} has no output array, so it is not a Responses answer: ${excerpt(JSON.stringify(payload) ?? '')}`,
    );
  }
  return payload as Record<string, unknown> & { output: unknown[] };
}

/** The finish reason of an answer object with the calls read from it. */
export function answerFinishReason(answer: Record<string, unknown>, hasToolCalls: boolean): string | undefined {
  const details = isRecord(answer.incomplete_details) ? answer.incomplete_details : {};
  return responsesFinishReason(answer.status, details.reason, hasToolCalls);
}

/**
 * Maps a Responses answer to an `LLMResponse`: the text of its `message` items joined in order as
 * `content`, its `function_call` items as `toolCalls`, other items (`reasoning`, built-in tool
 * calls) left out. An answer whose `status` is `failed` is thrown as the error it carries.
 */
export function responsesResponse(provider: string, url: string, payload: unknown, requestedModel: string): LLMResponse {
  const answer = responseObject(provider, url, payload);
  if (answer.status === 'failed') throw responsesFailure(provider, url, answer.error, false);
  let content = '';
  const toolCalls: LLMToolCall[] = [];
  for (const item of answer.output) {
    if (!isRecord(item)) continue;
    if (item.type === 'message') content += messageText(item);
    else if (isFinishedFunctionCall(item)) toolCalls.push(functionCallOf(provider, item));
  }
  const response: LLMResponse = { content, model: stringOf(answer.model) || requestedModel };
  const usage = responsesUsage(answer.usage);
  if (usage) response.usage = usage;
  const finishReason = answerFinishReason(answer, toolCalls.length > 0);
  if (finishReason) response.finishReason = finishReason;
  if (toolCalls.length > 0) response.toolCalls = toolCalls;
  return response;
}
