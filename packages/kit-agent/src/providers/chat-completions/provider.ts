import { KitAIError, type LLMProvider } from '@kit/kit-ai';
import { resolveCallSettings, resolveConnection, type ProviderConnectionOptions } from '../options.js';
import { parseEventData } from '../transport.js';
import { wireProvider } from '../wire-provider.js';
import { chatCompletionsRequest, type MaxTokensParameter } from './request.js';
import { chatCompletionsResponse } from './response.js';
import { ChatCompletionsStreamDecoder } from './stream-decoder.js';

/** The vendor's public root; `baseUrl` replaces it for any other compatible server. */
export const defaultChatCompletionsBaseUrl = 'https://api.openai.com/v1';

/** Options of `chatCompletionsProvider`. */
export interface ChatCompletionsProviderOptions extends ProviderConnectionOptions {
  /**
   * Root of the API; requests go to `{baseUrl}/chat/completions`. Default
   * `https://api.openai.com/v1`. Point it at any server that speaks the protocol (a gateway, a local
   * model server such as `http://127.0.0.1:8080/v1`).
   */
  baseUrl?: string;
  /**
   * The request field that carries the output cap. The vendor's own API wants
   * `max_completion_tokens` (its reasoning models reject `max_tokens`), while many compatible servers
   * only know `max_tokens`. Default: `max_completion_tokens` without `baseUrl`, `max_tokens` with it.
   */
  maxTokensParameter?: MaxTokensParameter;
}

/**
 * An `LLMProvider` speaking the Chat Completions wire protocol: `POST {baseUrl}/chat/completions`
 * with `Authorization: Bearer <apiKey>`. Because that protocol is widely implemented, `baseUrl`
 * reaches hosted gateways and local model servers alike; with `baseUrl`, `apiKey` may be empty and
 * no `Authorization` header is sent.
 *
 * Messages are sent with their roles and text as they are. `LLMOptions.tools` become `function`
 * tools and the model's `tool_calls` come back as `LLMResponse.toolCalls` with parsed arguments
 * (arguments that are not a JSON object are an `llm_invalid_response`). `stream` reads the
 * server-sent events, yielding text as it comes, each tool call once its arguments are complete,
 * and a final `done` chunk with the finish reason and usage (a server that answers a streamed
 * request with one whole JSON answer yields the same chunks at once). Finish reasons are `stop`,
 * `length`, `tool_calls` and `content_filter` (`function_call` becomes `tool_calls`; others pass
 * as given).
 *
 * Failures are `KitAIError`s: `llm_http_error` with `status` and the server's own message,
 * `context_overflow` when the prompt is over the model's window, `llm_network_error`,
 * `llm_invalid_response`, and `aborted` when `LLMOptions.signal` fires (the request or the stream
 * stops at once). Nothing is retried: the agent loop has `fallbackLlm` for that.
 *
 * @example
 * ```ts
 * import { chatCompletionsProvider } from '@kit/kit-agent';
 * import { createSmartAgent } from '@kit/kit-ai';
 *
 * const llm = chatCompletionsProvider({ apiKey: process.env.LLM_API_KEY ?? '', model: 'gpt-4o-mini' });
 * // Any compatible server, here a local one that needs no key:
 * const local = chatCompletionsProvider({ apiKey: '', model: 'qwen2.5-7b-instruct', baseUrl: 'http://127.0.0.1:8080/v1' });
 *
 * const agent = createSmartAgent({ llm, fallbackLlm: local, tools: [] });
 * const answer = await local.chat([{ role: 'user', content: 'Say hello.' }], { maxTokens: 50 });
 * console.log(answer.content, answer.usage?.totalTokens);
 * ```
 */
export function chatCompletionsProvider(options: ChatCompletionsProviderOptions): Required<LLMProvider> {
  const factory = 'chatCompletionsProvider';
  const connection = resolveConnection(factory, options, defaultChatCompletionsBaseUrl);
  const maxTokensParameter = options.maxTokensParameter ?? (connection.baseUrlGiven ? 'max_tokens' : 'max_completion_tokens');
  if (maxTokensParameter !== 'max_tokens' && maxTokensParameter !== 'max_completion_tokens') {
    throw new KitAIError(
      'invalid_config',
      `${factory}: maxTokensParameter must be "max_tokens" or "max_completion_tokens", got ${JSON.stringify(maxTokensParameter)}`,
    );
  }
  const name = `chat-completions:${connection.model}`;
  const url = `${connection.baseUrl}/chat/completions`;

  return wireProvider({
    name,
    url,
    headers: { ...(connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}), ...connection.headers },
    body: (messages, callOptions, stream) =>
      chatCompletionsRequest({
        model: connection.model,
        messages,
        tools: callOptions?.tools,
        settings: resolveCallSettings(name, callOptions, connection.maxTokens),
        maxTokensParameter,
        stream,
      }),
    answer: (payload) => chatCompletionsResponse(name, url, payload, connection.model),
    streamDecoder(call) {
      const decoder = new ChatCompletionsStreamDecoder(name, url, connection.model);
      let complete = false;
      return {
        get complete() {
          return complete;
        },
        read(event) {
          // The protocol's end marker is the only event whose data is not JSON.
          if (event.data.trim() !== '[DONE]') return decoder.push(parseEventData(call, event.data));
          complete = true;
          return decoder.finish();
        },
        end: () => decoder.end(),
      };
    },
  });
}
