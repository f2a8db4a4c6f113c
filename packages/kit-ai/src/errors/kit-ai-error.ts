/**
 * Stable codes of the errors kit-ai raises. A caller branches on `code`; `message` is written for a
 * person and names the component, the bad value and the fix.
 */
export type KitAIErrorCode =
  /** A configuration value is invalid (duplicate tool names, a negative limit, ...). */
  | 'invalid_config'
  /** Arguments of a tool or task call do not match its schema or `validate`. */
  | 'invalid_arguments'
  /** A tool, task or skill name that does not exist. */
  | 'unknown_tool'
  /** A tool or task did not finish within its `timeout`. */
  | 'tool_timeout'
  /** A tool or task threw. */
  | 'tool_failed'
  /** The model did not answer within `chatTimeoutMs` or went silent for `streamIdleTimeoutMs`. */
  | 'llm_timeout'
  /** The prompt did not fit the model's context window (reported by the provider). */
  | 'context_overflow'
  /** The provider answered with an error status (see `status`). */
  | 'llm_http_error'
  /** The provider could not be reached. */
  | 'llm_network_error'
  /** The provider's answer could not be read. */
  | 'llm_invalid_response'
  /** The call was aborted by its signal. */
  | 'aborted'
  /** `think` could not parse or validate the model's answer. */
  | 'invalid_model_output'
  /** A checkpoint given to `resume` cannot be resumed. */
  | 'invalid_checkpoint'
  /** A memory, evolution or run store failed (it is down, or refused the write). */
  | 'store_failed'
  /** A harness run id that no store holds. */
  | 'run_not_found'
  /** `harness.start` was given the id of a run that exists. */
  | 'run_exists'
  /** A harness run cannot do what was asked in its status (resume a completed run, decide a call nobody holds). */
  | 'invalid_run_state'
  /** A sandbox refused a path, a command or an origin outside what it allows. */
  | 'sandbox_refused'
  /** An MCP server could not be reached, its connection dropped during a call, or the client is closed (`createMcpClient` of `@kit/kit-agent`). */
  | 'mcp_connection_failed'
  /** An MCP server did not answer a request within the client's `timeoutMs` (or `connectTimeoutMs` when connecting). */
  | 'mcp_timeout'
  /** An MCP server answered a request with an error (an unknown tool, resource or prompt, invalid parameters) or with a result that is not valid MCP. */
  | 'mcp_request_failed';

/** Options of a `KitAIError`. */
export interface KitAIErrorOptions {
  /** HTTP status of a provider error. */
  status?: number;
  /** Per-field problems, for `invalid_arguments` and `invalid_model_output`. */
  issues?: readonly { path: string; message: string }[];
  cause?: unknown;
}

/**
 * The error type of kit-ai. Providers throw it too (with `context_overflow`, `llm_http_error`, ...),
 * so the agent loop can tell a full context window, which it recovers from by compacting, from an
 * outage, which it hands to `fallbackLlm`.
 *
 * @example
 * ```ts
 * import { KitAIError } from '@kit/kit-ai';
 *
 * try {
 *   throw new KitAIError('context_overflow', 'chat-completions: the prompt is 140000 tokens, over the 128000-token window; compact the conversation.', { status: 400 });
 * } catch (error) {
 *   if (error instanceof KitAIError && error.code === 'context_overflow') console.log('compact and retry');
 * }
 * ```
 */
export class KitAIError extends Error {
  readonly code: KitAIErrorCode;
  readonly status: number | undefined;
  readonly issues: readonly { path: string; message: string }[];

  constructor(code: KitAIErrorCode, message: string, options: KitAIErrorOptions = {}) {
    super(message, options.cause === undefined ? undefined : { cause: options.cause });
    this.name = 'KitAIError';
    this.code = code;
    this.status = options.status;
    this.issues = options.issues ?? [];
  }
}

/**
 * Whether a value is a `KitAIError`, optionally with a given code: a type guard for `catch` blocks.
 *
 * @example
 * ```ts
 * import { generate, isKitAIError, type LLMProvider } from '@kit/kit-ai';
 *
 * export async function titleOrFallback(llm: LLMProvider, text: string): Promise<string> {
 *   try {
 *     return await generate(llm, `A title of at most eight words for:\n\n${text}`, { timeoutMs: 5_000 });
 *   } catch (error) {
 *     if (isKitAIError(error, 'llm_timeout')) return text.slice(0, 60);
 *     throw error;
 *   }
 * }
 * ```
 */
export function isKitAIError(value: unknown, code?: KitAIErrorCode): value is KitAIError {
  return value instanceof KitAIError && (code === undefined || value.code === code);
}
