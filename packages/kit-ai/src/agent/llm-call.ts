import { KitAIError, isKitAIError } from '../errors/kit-ai-error.js';
import {
  defaultLLMTimeouts,
  type LLMMessage,
  type LLMOptions,
  type LLMProvider,
  type LLMResponse,
  type LLMStreamChunk,
  type LLMTimeoutConfig,
  type LLMToolCall,
} from '../llm/types.js';
import { inModelCallSpan } from './agent-spans.js';

/** The options of one model call made by the loop. */
export interface ModelCallOptions {
  llm: Omit<LLMOptions, 'signal'>;
  timeouts: Required<LLMTimeoutConfig>;
  /** Raised once per provider call after `stallWarningMs` without progress (no answer, or no chunk). */
  onStall?: (info: { provider: string; waitedMs: number }) => void;
  /**
   * Called with each tool call of a streamed reply as its chunk arrives, so it can start before the
   * stream ends. When the stream fails after a call was handed over, the reply received so far
   * stands (see `callModel`).
   */
  onToolCall?: (call: LLMToolCall) => void;
}

/** Fills the defaults of `LLMTimeoutConfig` (120000, 90000, 30000 ms). */
export function resolveTimeouts(config: LLMTimeoutConfig | undefined): Required<LLMTimeoutConfig> {
  return {
    chatTimeoutMs: config?.chatTimeoutMs ?? defaultLLMTimeouts.chatTimeoutMs,
    streamIdleTimeoutMs: config?.streamIdleTimeoutMs ?? defaultLLMTimeouts.streamIdleTimeoutMs,
    stallWarningMs: config?.stallWarningMs ?? defaultLLMTimeouts.stallWarningMs,
  };
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

/** A stall-warning timer that fires at most once, restarted on progress. */
function stallWatch(provider: LLMProvider, options: ModelCallOptions): { progress(): void; stop(): void } {
  let since = Date.now();
  let fired = false;
  let timer: NodeJS.Timeout | undefined;
  const arm = (): void => {
    if (!options.onStall || fired) return;
    timer = setTimeout(() => {
      fired = true;
      options.onStall?.({ provider: provider.name, waitedMs: Date.now() - since });
    }, options.timeouts.stallWarningMs);
  };
  arm();
  return {
    progress() {
      if (fired || !options.onStall) return;
      clearTimeout(timer);
      since = Date.now();
      arm();
    },
    stop() {
      clearTimeout(timer);
    },
  };
}

/** Resolves with `promise`, or rejects with `onTimeout()` after `ms`; the timer is always cleared. */
async function within<T>(promise: Promise<T>, ms: number, onTimeout: () => Error): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  try {
    return await Promise.race([
      promise,
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(onTimeout()), ms);
      }),
    ]);
  } finally {
    clearTimeout(timer);
  }
}

async function chatOnce(provider: LLMProvider, messages: LLMMessage[], options: ModelCallOptions): Promise<LLMResponse> {
  const controller = new AbortController();
  const watch = stallWatch(provider, options);
  const limit = options.timeouts.chatTimeoutMs;
  try {
    return await within(provider.chat(messages, { ...options.llm, signal: controller.signal }), limit, () => {
      controller.abort();
      return new KitAIError(
        'llm_timeout',
        `${provider.name}: no answer within chatTimeoutMs (${limit} ms); raise llmTimeout.chatTimeoutMs or check the provider.`,
      );
    });
  } finally {
    watch.stop();
  }
}

/** A stream failure after tool calls were handed to `onToolCall`: the partial reply stands. */
class PartialReply extends Error {
  constructor(readonly response: LLMResponse) {
    super('partial reply');
  }
}

async function streamOnce(
  provider: LLMProvider,
  stream: NonNullable<LLMProvider['stream']>,
  messages: LLMMessage[],
  options: ModelCallOptions,
): Promise<LLMResponse> {
  const controller = new AbortController();
  const watch = stallWatch(provider, options);
  const limit = options.timeouts.streamIdleTimeoutMs;
  let content = '';
  const toolCalls: LLMToolCall[] = [];
  let done: Extract<LLMStreamChunk, { type: 'done' }> | undefined;
  let iterator: AsyncIterator<LLMStreamChunk> | undefined;
  try {
    iterator = stream.call(provider, messages, { ...options.llm, signal: controller.signal })[Symbol.asyncIterator]();
    for (;;) {
      const next = await within(iterator.next(), limit, () => {
        controller.abort();
        return new KitAIError(
          'llm_timeout',
          `${provider.name}: the stream was silent for streamIdleTimeoutMs (${limit} ms); raise llmTimeout.streamIdleTimeoutMs or check the provider.`,
        );
      });
      if (next.done) break;
      watch.progress();
      const chunk = next.value;
      if (chunk.type === 'text') content += chunk.text;
      else if (chunk.type === 'tool_call') {
        toolCalls.push(chunk.toolCall);
        options.onToolCall?.(chunk.toolCall);
      } else if (chunk.type === 'done') done = chunk;
    }
  } catch (error) {
    // Do not wait for the producer: it may be the thing that hangs.
    void iterator?.return?.().catch(() => undefined);
    if (options.onToolCall && toolCalls.length > 0)
      throw new PartialReply({ content, model: provider.name, finishReason: 'error', toolCalls });
    throw error;
  } finally {
    watch.stop();
  }
  const response: LLMResponse = { content, model: done?.model ?? provider.name };
  if (done?.finishReason !== undefined) response.finishReason = done.finishReason;
  if (done?.usage) response.usage = done.usage;
  if (toolCalls.length > 0) response.toolCalls = toolCalls;
  return response;
}

/**
 * One call of one provider with the loop's timeouts: `stream()` when the provider has it (bounded by
 * `streamIdleTimeoutMs` between chunks), else `chat()` (bounded by `chatTimeoutMs`). The call's
 * `AbortSignal` is aborted on timeout, and the timeout is a `KitAIError('llm_timeout')`.
 */
export function callProvider(provider: LLMProvider, messages: LLMMessage[], options: ModelCallOptions): Promise<LLMResponse> {
  return inModelCallSpan(provider, options.llm, () =>
    provider.stream ? streamOnce(provider, provider.stream, messages, options) : chatOnce(provider, messages, options),
  );
}

/** The answer of `callModel` and the provider that gave it. */
export interface ModelAnswer {
  response: LLMResponse;
  provider: LLMProvider;
}

/**
 * One model call of the loop: the primary provider, then `fallback` once when the primary fails for
 * any reason but `context_overflow` (which the loop answers by compacting, not by switching
 * models). When both fail, or there is no fallback, the error names the provider(s) and their
 * messages and keeps the last error's code. A streamed reply whose calls already started keeps what
 * arrived instead of switching models, so every call that ran stays on record.
 */
export async function callModel(
  primary: LLMProvider,
  fallback: LLMProvider | undefined,
  messages: LLMMessage[],
  options: ModelCallOptions,
): Promise<ModelAnswer> {
  let firstError: unknown;
  try {
    return { response: await callProvider(primary, messages, options), provider: primary };
  } catch (error) {
    if (error instanceof PartialReply) return { response: error.response, provider: primary };
    if (isKitAIError(error, 'context_overflow')) throw error;
    firstError = error;
  }
  const primaryText = `LLM provider "${primary.name}" failed: ${messageOf(firstError)}`;
  if (!fallback) throw new KitAIError(isKitAIError(firstError) ? firstError.code : 'llm_network_error', primaryText, { cause: firstError });
  try {
    return { response: await callProvider(fallback, messages, options), provider: fallback };
  } catch (error) {
    if (error instanceof PartialReply) return { response: error.response, provider: fallback };
    if (isKitAIError(error, 'context_overflow')) throw error;
    throw new KitAIError(
      isKitAIError(error) ? error.code : 'llm_network_error',
      `${primaryText}; fallback "${fallback.name}" failed: ${messageOf(error)}`,
      { cause: error },
    );
  }
}
