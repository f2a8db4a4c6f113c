import { KitAIError, type LLMProvider } from '@kit/kit-ai';
import { defaultChatCompletionsBaseUrl } from '../chat-completions/provider.js';
import { resolveCallSettings, resolveConnection, type ProviderConnectionOptions } from '../options.js';
import { parseEventData } from '../transport.js';
import { isRecord } from '../wire-values.js';
import { wireProvider } from '../wire-provider.js';
import { responsesRequest, type ResponsesReasoningOptions } from './request.js';
import { responsesResponse } from './response.js';
import { ResponsesStreamDecoder } from './stream-decoder.js';

/** The vendor's public root, the same as for Chat Completions; `baseUrl` replaces it for any other compatible server. */
export const defaultResponsesBaseUrl = defaultChatCompletionsBaseUrl;

/** Options of `responsesProvider`. */
export interface ResponsesProviderOptions extends ProviderConnectionOptions {
  /**
   * Root of the API; requests go to `{baseUrl}/responses`. Default `https://api.openai.com/v1`.
   * Point it at any server that speaks the protocol (a gateway, a local model server such as
   * `http://127.0.0.1:8000/v1`).
   */
  baseUrl?: string;
  /**
   * Reasoning settings sent with every request, for reasoning models: `{ effort: 'low' }` answers
   * sooner and spends fewer reasoning tokens. Left out of the request when not given, so the model's
   * default applies (models without reasoning reject the field).
   */
  reasoning?: ResponsesReasoningOptions;
  /**
   * Whether the server keeps each answer for later reference (`store`). Default `false`: kit keeps
   * the conversation itself and sends it whole with every call.
   */
  store?: boolean;
}

function checkOptions(factory: string, options: ResponsesProviderOptions): void {
  const { reasoning, store } = options;
  if (reasoning !== undefined && (!isRecord(reasoning) || typeof reasoning.effort !== 'string' || reasoning.effort.trim() === '')) {
    throw new KitAIError(
      'invalid_config',
      `${factory}: reasoning must be an object with an effort such as { effort: "low" }, got ${JSON.stringify(reasoning)}`,
    );
  }
  if (store !== undefined && typeof store !== 'boolean') {
    throw new KitAIError('invalid_config', `${factory}: store must be true or false, got ${JSON.stringify(store)}`);
  }
}

/**
 * An `LLMProvider` speaking the Responses wire protocol: `POST {baseUrl}/responses` with
 * `Authorization: Bearer <apiKey>`, the protocol of the vendor's reasoning models and of the servers
 * that implement it. With `baseUrl`, `apiKey` may be empty and no `Authorization` header is sent.
 *
 * The system messages that open the conversation are sent as `instructions`; the other messages
 * become `input` messages in order (`input_text` parts, `output_text` for the model's own replies).
 * `LLMOptions.tools` become function tools (`strict: false`), `maxTokens` is sent as
 * `max_output_tokens` (the call's, else the factory's), and `store` is `false` unless the options
 * say otherwise. `reasoning` adds `reasoning.effort` to every request.
 *
 * The answer's `message` items give the text (a refusal's text too) and its `function_call` items
 * `LLMResponse.toolCalls` with parsed arguments; reasoning items are left out. The finish reason
 * comes from the answer's `status`: `tool_calls` when it calls functions, else `stop`, and for an
 * `incomplete` answer `length` (cut at `max_output_tokens`) or `content_filter`. `stream` reads the
 * server-sent events, yielding text as it comes, each tool call once its item is done, and a final
 * `done` chunk with the usage of `response.completed` (a whole JSON answer to a streamed request
 * yields the same chunks at once).
 *
 * Failures are `KitAIError`s: `llm_http_error` with `status` and the server's own message (also for
 * an `error` or `response.failed` event inside a stream, with the status its code stands for),
 * `context_overflow` when the input is over the model's window, `llm_network_error`,
 * `llm_invalid_response`, and `aborted` when `LLMOptions.signal` fires (the request or the stream
 * stops at once). Nothing is retried: the agent loop has `fallbackLlm` for that.
 *
 * @example
 * ```ts
 * import { responsesProvider } from '@kit/kit-agent';
 * import { createSmartAgent } from '@kit/kit-ai';
 *
 * const llm = responsesProvider({ apiKey: process.env.LLM_API_KEY ?? '', model: 'gpt-5-mini', reasoning: { effort: 'low' } });
 * // Any server that speaks the protocol, here a local one that needs no key:
 * const local = responsesProvider({ apiKey: '', model: 'gpt-oss-20b', baseUrl: 'http://127.0.0.1:8000/v1' });
 *
 * const agent = createSmartAgent({ llm, fallbackLlm: local, tools: [] });
 * for await (const chunk of local.stream([{ role: 'user', content: 'Count to three.' }], { maxTokens: 200 })) {
 *   if (chunk.type === 'text') process.stdout.write(chunk.text);
 *   if (chunk.type === 'done') console.log(`\n${chunk.finishReason} ${chunk.usage?.totalTokens}`);
 * }
 * ```
 */
export function responsesProvider(options: ResponsesProviderOptions): Required<LLMProvider> {
  const factory = 'responsesProvider';
  const connection = resolveConnection(factory, options, defaultResponsesBaseUrl);
  checkOptions(factory, options);
  const reasoning = options.reasoning === undefined ? undefined : { effort: options.reasoning.effort };
  const store = options.store ?? false;
  const name = `responses:${connection.model}`;
  const url = `${connection.baseUrl}/responses`;

  return wireProvider({
    name,
    url,
    headers: { ...(connection.apiKey ? { authorization: `Bearer ${connection.apiKey}` } : {}), ...connection.headers },
    body: (messages, callOptions, stream) =>
      responsesRequest({
        model: connection.model,
        messages,
        tools: callOptions?.tools,
        settings: resolveCallSettings(name, callOptions, connection.maxTokens),
        reasoning,
        store,
        stream,
      }),
    answer: (payload) => responsesResponse(name, url, payload, connection.model),
    streamDecoder(call) {
      const decoder = new ResponsesStreamDecoder(name, url, connection.model);
      return {
        get complete() {
          return decoder.complete;
        },
        // The protocol has no end marker, but a few compatible servers add the Chat Completions one.
        read: (event) => (event.data.trim() === '[DONE]' ? [] : decoder.push(event.event, parseEventData(call, event.data))),
        end: () => decoder.end(),
      };
    },
  });
}
