/**
 * The contract between kit-ai and a language model. A provider is any object with a `name` and a
 * `chat()` method; `stream()` is optional. Provider factories for hosted vendors live in
 * `@kit/kit-agent`; tests use scripted providers that return prepared answers.
 */

/** Who wrote a message of the conversation. */
export type LLMRole = 'system' | 'user' | 'assistant';

/** One message of a conversation sent to a model. */
export interface LLMMessage {
  role: LLMRole;
  content: string;
}

/** A tool offered to the model natively (providers that support tool calling pass it on). */
export interface LLMToolDefinition {
  name: string;
  description: string;
  /** JSON Schema of the tool's arguments (an object schema). */
  parameters: Record<string, unknown>;
}

/** A tool (or task) call the model asked for. */
export interface LLMToolCall {
  /** The provider's id of the call, when it gives one. */
  id?: string;
  name: string;
  arguments: Record<string, unknown>;
}

/** Tokens used by one call, as the provider reports them. */
export interface LLMUsage {
  promptTokens: number;
  completionTokens: number;
  totalTokens: number;
}

/** Options of one call. Every field is optional; a provider ignores what it cannot honour. */
export interface LLMOptions {
  /** Tools the model may call natively. */
  tools?: LLMToolDefinition[];
  /** Hard cap on output tokens for this call. */
  maxTokens?: number;
  temperature?: number;
  /** Aborts the call (the agent loop uses it for timeouts and cancellation). */
  signal?: AbortSignal;
}

/** The answer of one `chat()` call. */
export interface LLMResponse {
  content: string;
  model: string;
  usage?: LLMUsage;
  /** Why the model stopped, normalised where known: `stop`, `length`, `tool_calls`, ... */
  finishReason?: string;
  /** Native tool calls, for providers that support them. */
  toolCalls?: LLMToolCall[];
}

/**
 * One piece of a streamed answer: text as it arrives, each tool call once it is complete, and a
 * final `done` chunk with the model, finish reason and usage.
 */
export type LLMStreamChunk =
  | { type: 'text'; text: string }
  | { type: 'tool_call'; toolCall: LLMToolCall }
  | { type: 'done'; model: string; finishReason?: string; usage?: LLMUsage };

/** A language model. */
export interface LLMProvider {
  /** Shown in errors and logs (`chat-completions:gpt-x`, `scripted`). */
  name: string;
  chat(messages: LLMMessage[], options?: LLMOptions): Promise<LLMResponse>;
  stream?(messages: LLMMessage[], options?: LLMOptions): AsyncIterable<LLMStreamChunk>;
}

/** How long the agent loop waits for a model. */
export interface LLMTimeoutConfig {
  /** Longest wait for one `chat()` answer, in milliseconds. Default 120000. */
  chatTimeoutMs?: number;
  /** Longest silence between two chunks of a streamed answer, in milliseconds. Default 90000. */
  streamIdleTimeoutMs?: number;
  /** After this long without progress, a stall warning is raised, in milliseconds. Default 30000. */
  stallWarningMs?: number;
}

/**
 * Defaults of `LLMTimeoutConfig`, the values a smart agent uses for the fields it is not given.
 *
 * @example
 * ```ts
 * import { defaultLLMTimeouts, type LLMTimeoutConfig } from '@kit/kit-ai';
 *
 * // Half of every default, for an interactive agent that should fail fast.
 * const snappy: LLMTimeoutConfig = {
 *   chatTimeoutMs: defaultLLMTimeouts.chatTimeoutMs / 2,
 *   streamIdleTimeoutMs: defaultLLMTimeouts.streamIdleTimeoutMs / 2,
 *   stallWarningMs: defaultLLMTimeouts.stallWarningMs / 2,
 * };
 * console.log(snappy); // { chatTimeoutMs: 60000, streamIdleTimeoutMs: 45000, stallWarningMs: 15000 }
 * ```
 */
export const defaultLLMTimeouts = {
  chatTimeoutMs: 120_000,
  streamIdleTimeoutMs: 90_000,
  stallWarningMs: 30_000,
} as const satisfies Required<LLMTimeoutConfig>;
