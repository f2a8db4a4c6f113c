import { KitAIError, type LLMProvider } from '@kit/kit-ai';
import { resolveCallSettings, resolveConnection, type ProviderConnectionOptions } from '../options.js';
import { parseEventData } from '../transport.js';
import { wireProvider } from '../wire-provider.js';
import { messagesRequest } from './request.js';
import { messagesResponse } from './response.js';
import { MessagesStreamDecoder } from './stream-decoder.js';

/** The vendor's public root; requests go to `{baseUrl}/v1/messages`. */
export const defaultMessagesBaseUrl = 'https://api.anthropic.com';

/** The protocol version sent in `anthropic-version` unless `apiVersion` says otherwise. */
export const defaultMessagesApiVersion = '2023-06-01';

/**
 * The output cap sent as `max_tokens` when neither the call (`LLMOptions.maxTokens`) nor the factory
 * (`maxTokens`) gives one; the protocol requires the field. 4096 is within every current model's limit.
 */
export const defaultMessagesMaxTokens = 4096;

/** Options of `messagesProvider`. */
export interface MessagesProviderOptions extends ProviderConnectionOptions {
  /**
   * Root of the API, without the `/v1` (requests go to `{baseUrl}/v1/messages`). Default
   * `https://api.anthropic.com`. An addition to the reference, for gateways and tests.
   */
  baseUrl?: string;
  /** Output cap when a call gives none. Default 4096. */
  maxTokens?: number;
  /** Value of the `anthropic-version` header. Default `2023-06-01`. */
  apiVersion?: string;
}

/**
 * An `LLMProvider` speaking the Messages wire protocol: `POST {baseUrl}/v1/messages` with the
 * `x-api-key` and `anthropic-version` headers.
 *
 * System messages are sent as the top-level `system` field (joined by blank lines); the others keep
 * their order, with empty ones dropped and consecutive ones of one role joined, as the protocol
 * requires. `max_tokens` is `LLMOptions.maxTokens`, else the factory's `maxTokens`, else 4096.
 * `LLMOptions.tools` become tools with an `input_schema`; `tool_use` blocks come back as
 * `LLMResponse.toolCalls`. `stream` reads the server-sent events, yielding text as it comes, each
 * tool call when its block closes, and a final `done` chunk (a whole JSON answer to a streamed
 * request yields the same chunks at once). Stop reasons are normalised:
 * `end_turn` and `stop_sequence` to `stop`, `max_tokens` (and `model_context_window_exceeded`) to
 * `length`, `tool_use` to `tool_calls`, `refusal` to `content_filter`; others pass as given. Usage
 * counts cached prompt tokens as prompt tokens.
 *
 * Failures are `KitAIError`s: `llm_http_error` with `status` and the server's own message (also for
 * an `error` event inside a stream), `context_overflow` when the prompt is too long,
 * `llm_network_error`, `llm_invalid_response`, and `aborted` when `LLMOptions.signal` fires.
 * Nothing is retried: the agent loop has `fallbackLlm` for that.
 *
 * @example
 * ```ts
 * import { messagesProvider } from '@kit/kit-agent';
 * import { generate } from '@kit/kit-ai';
 *
 * const llm = messagesProvider({ apiKey: process.env.LLM_API_KEY ?? '', model: 'claude-sonnet-4-5', maxTokens: 2048 });
 *
 * for await (const chunk of llm.stream([{ role: 'user', content: 'Count to three.' }])) {
 *   if (chunk.type === 'text') process.stdout.write(chunk.text);
 *   if (chunk.type === 'done') console.log(`\n${chunk.finishReason} ${chunk.usage?.totalTokens}`);
 * }
 * const title = await generate(llm, 'Write a five-word title for a post about database migrations.');
 * ```
 */
export function messagesProvider(options: MessagesProviderOptions): Required<LLMProvider> {
  const factory = 'messagesProvider';
  const connection = resolveConnection(factory, options, defaultMessagesBaseUrl);
  const apiVersion = options.apiVersion ?? defaultMessagesApiVersion;
  if (typeof apiVersion !== 'string' || apiVersion.trim() === '') {
    throw new KitAIError(
      'invalid_config',
      `${factory}: apiVersion must be a version string such as "${defaultMessagesApiVersion}", got ${JSON.stringify(apiVersion)}`,
    );
  }
  const name = `messages:${connection.model}`;
  const url = `${connection.baseUrl}/v1/messages`;

  return wireProvider({
    name,
    url,
    headers: { 'anthropic-version': apiVersion, ...(connection.apiKey ? { 'x-api-key': connection.apiKey } : {}), ...connection.headers },
    body(messages, callOptions, stream) {
      const settings = resolveCallSettings(name, callOptions, connection.maxTokens ?? defaultMessagesMaxTokens);
      return messagesRequest({
        model: connection.model,
        messages,
        tools: callOptions?.tools,
        settings: { temperature: settings.temperature, maxTokens: settings.maxTokens ?? defaultMessagesMaxTokens },
        stream,
      });
    },
    answer: (payload) => messagesResponse(name, url, payload, connection.model),
    streamDecoder(call) {
      const decoder = new MessagesStreamDecoder(name, url, connection.model);
      return {
        get complete() {
          return decoder.complete;
        },
        read: (event) => decoder.push(event.event, parseEventData(call, event.data)),
        end: () => decoder.end(),
      };
    },
  });
}
