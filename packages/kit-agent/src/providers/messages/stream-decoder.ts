import { KitAIError, type LLMStreamChunk } from '@kit/kit-ai';
import { messagesFinishReason } from '../finish-reason.js';
import { providerFailure, readVendorError } from '../provider-errors.js';
import { parseToolArguments } from '../tool-arguments.js';
import { isRecord, numberOf, stringOf } from '../wire-values.js';
import { messagesInputTokens, messagesUsage, toolUseCall } from './response.js';

/** HTTP statuses of the protocol's error types, for errors that arrive inside a stream. */
const errorStatuses: Readonly<Record<string, number>> = {
  invalid_request_error: 400,
  authentication_error: 401,
  billing_error: 402,
  permission_error: 403,
  not_found_error: 404,
  request_too_large: 413,
  rate_limit_error: 429,
  api_error: 500,
  timeout_error: 504,
  overloaded_error: 529,
};

interface OpenBlock {
  readonly block: Record<string, unknown>;
  json: string;
  closed: boolean;
}

/**
 * Turns the events of a Messages stream into `LLMStreamChunk`s: `text_delta` as text at once;
 * a `tool_use` block's `input_json_delta` pieces gathered until its `content_block_stop`, when the
 * call is handed on; `message_delta` carrying the stop reason and the output count;
 * `message_stop` ending the stream with `done`. `ping`, thinking deltas and event types the
 * decoder does not know are skipped; an `error` event is thrown as the matching `KitAIError`.
 */
export class MessagesStreamDecoder {
  private readonly blocks = new Map<number, OpenBlock>();
  private model: string;
  private promptTokens: number | undefined;
  private completionTokens: number | undefined;
  private finishReason: string | undefined;
  private stopped = false;

  constructor(
    private readonly provider: string,
    private readonly url: string,
    requestedModel: string,
  ) {
    this.model = requestedModel;
  }

  /** Whether `message_stop` has arrived. */
  get complete(): boolean {
    return this.stopped;
  }

  /** Reads one event; the type comes from the payload, or from the `event:` name when the payload has none. */
  push(eventName: string | undefined, payload: unknown): LLMStreamChunk[] {
    if (!isRecord(payload)) {
      throw new KitAIError('llm_invalid_response', `${this.provider}: a streamed event from ${this.url} is not a JSON object`);
    }
    switch (stringOf(payload.type) ?? eventName) {
      case 'message_start':
        return this.start(payload);
      case 'content_block_start':
        return this.openBlock(payload);
      case 'content_block_delta':
        return this.delta(payload);
      case 'content_block_stop':
        return this.closeBlock(payload);
      case 'message_delta':
        this.messageDelta(payload);
        return [];
      case 'message_stop':
        return this.stop();
      case 'error': {
        const error = readVendorError(payload);
        throw providerFailure(
          this.provider,
          this.url,
          { status: error.type === undefined ? undefined : errorStatuses[error.type], inStream: true },
          error,
        );
      }
      default:
        return [];
    }
  }

  /** The body ended; a stream without `message_stop` was cut off. */
  end(): LLMStreamChunk[] {
    if (!this.stopped) {
      throw new KitAIError('llm_invalid_response', `${this.provider}: the stream from ${this.url} ended before its message_stop event`);
    }
    return [];
  }

  private start(payload: Record<string, unknown>): LLMStreamChunk[] {
    const message = isRecord(payload.message) ? payload.message : {};
    this.model = stringOf(message.model) || this.model;
    if (isRecord(message.usage)) this.readUsage(message.usage);
    return [];
  }

  private readUsage(usage: Record<string, unknown>): void {
    this.promptTokens = messagesInputTokens(usage) ?? this.promptTokens;
    // The protocol reports the output count so far, not an increment.
    this.completionTokens = numberOf(usage.output_tokens) ?? this.completionTokens;
  }

  private openBlock(payload: Record<string, unknown>): LLMStreamChunk[] {
    const index = numberOf(payload.index) ?? this.blocks.size;
    const block = isRecord(payload.content_block) ? payload.content_block : {};
    this.blocks.set(index, { block, json: '', closed: false });
    const text = block.type === 'text' ? stringOf(block.text) : undefined;
    return text ? [{ type: 'text', text }] : [];
  }

  private delta(payload: Record<string, unknown>): LLMStreamChunk[] {
    const delta = isRecord(payload.delta) ? payload.delta : {};
    if (delta.type === 'text_delta') {
      const text = stringOf(delta.text);
      return text ? [{ type: 'text', text }] : [];
    }
    if (delta.type === 'input_json_delta') {
      const open = this.blocks.get(numberOf(payload.index) ?? -1);
      if (!open)
        throw new KitAIError(
          'llm_invalid_response',
          `${this.provider}: the stream from ${this.url} sent input for block ${String(payload.index)} before starting it`,
        );
      open.json += stringOf(delta.partial_json) ?? '';
    }
    return [];
  }

  private closeBlock(payload: Record<string, unknown>): LLMStreamChunk[] {
    const open = this.blocks.get(numberOf(payload.index) ?? -1);
    if (!open || open.closed) return [];
    return this.finishBlock(open);
  }

  private finishBlock(open: OpenBlock): LLMStreamChunk[] {
    open.closed = true;
    if (open.block.type !== 'tool_use') return [];
    const name = stringOf(open.block.name) ?? '';
    // A call without input deltas carries its (empty) input in the start event.
    const input = open.json.trim() === '' ? (open.block.input ?? {}) : parseToolArguments(this.provider, name, open.json);
    return [{ type: 'tool_call', toolCall: toolUseCall(this.provider, open.block, input) }];
  }

  private messageDelta(payload: Record<string, unknown>): void {
    const delta = isRecord(payload.delta) ? payload.delta : {};
    this.finishReason = messagesFinishReason(delta.stop_reason) ?? this.finishReason;
    if (isRecord(payload.usage)) this.readUsage(payload.usage);
  }

  private stop(): LLMStreamChunk[] {
    if (this.stopped) return [];
    this.stopped = true;
    const chunks = [...this.blocks.values()].filter((open) => !open.closed).flatMap((open) => this.finishBlock(open));
    const done: LLMStreamChunk = { type: 'done', model: this.model };
    if (this.finishReason) done.finishReason = this.finishReason;
    const usage = messagesUsage(this.promptTokens, this.completionTokens);
    if (usage) done.usage = usage;
    return [...chunks, done];
  }
}
