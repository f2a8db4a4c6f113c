import type { LLMMessage, LLMToolDefinition } from '@kit/kit-ai';
import type { CallSettings } from '../options.js';

/** Which request field carries the output cap: servers differ (see `ChatCompletionsProviderOptions`). */
export type MaxTokensParameter = 'max_tokens' | 'max_completion_tokens';

/** What a request needs besides the conversation. */
export interface ChatCompletionsRequestInput {
  readonly model: string;
  readonly messages: readonly LLMMessage[];
  readonly tools: readonly LLMToolDefinition[] | undefined;
  readonly settings: CallSettings;
  readonly maxTokensParameter: MaxTokensParameter;
  readonly stream: boolean;
}

/**
 * The JSON body of `POST /chat/completions`. Messages keep their roles and text as they are (the
 * protocol accepts any order); tools become `function` tools; a stream asks for the usage chunk
 * that the protocol sends just before `[DONE]`.
 */
export function chatCompletionsRequest(input: ChatCompletionsRequestInput): Record<string, unknown> {
  const body: Record<string, unknown> = {
    model: input.model,
    messages: input.messages.map((message) => ({ role: message.role, content: message.content })),
  };
  if (input.tools && input.tools.length > 0) {
    body.tools = input.tools.map((tool) => ({
      type: 'function',
      function: { name: tool.name, description: tool.description, parameters: tool.parameters },
    }));
  }
  if (input.settings.maxTokens !== undefined) body[input.maxTokensParameter] = input.settings.maxTokens;
  if (input.settings.temperature !== undefined) body.temperature = input.settings.temperature;
  if (input.stream) {
    body.stream = true;
    body.stream_options = { include_usage: true };
  }
  return body;
}
