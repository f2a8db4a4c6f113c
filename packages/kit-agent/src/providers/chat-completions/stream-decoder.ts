import { KitAIError, type LLMStreamChunk, type LLMToolCall, type LLMUsage } from '@kit/kit-ai';
import { chatCompletionsFinishReason } from '../finish-reason.js';
import { providerFailure, readVendorError } from '../provider-errors.js';
import { isCompleteJsonObject, parseToolArguments } from '../tool-arguments.js';
import { isRecord, numberOf, stringOf } from '../wire-values.js';
import { argumentsText, chatCompletionsUsage, contentText } from './response.js';

interface PartialCall {
  id: string | undefined;
  name: string;
  args: string;
  emitted: boolean;
}

/**
 * Turns the `chat.completion.chunk` payloads of a stream into `LLMStreamChunk`s. Text deltas pass
 * through at once. Tool calls arrive as fragments keyed by `index` (the id and name first, then
 * pieces of the arguments' JSON); a call is handed on as one `tool_call` chunk when it is complete:
 * when a later call starts and its arguments already parse, or at the latest when the choice
 * reports its finish reason. The `done` chunk follows `[DONE]`, after the usage chunk.
 */
export class ChatCompletionsStreamDecoder {
  private readonly calls = new Map<number, PartialCall>();
  private model: string;
  private finishReason: string | undefined;
  private usage: LLMUsage | undefined;

  constructor(
    private readonly provider: string,
    private readonly url: string,
    requestedModel: string,
  ) {
    this.model = requestedModel;
  }

  /** Reads one event's JSON payload. */
  push(payload: unknown): LLMStreamChunk[] {
    if (!isRecord(payload)) {
      throw new KitAIError('llm_invalid_response', `${this.provider}: a streamed event from ${this.url} is not a JSON object`);
    }
    if (payload.error !== undefined) {
      const error = readVendorError(payload);
      const code = numberOf(isRecord(payload.error) ? payload.error.code : undefined);
      throw providerFailure(
        this.provider,
        this.url,
        { status: code !== undefined && code >= 400 && code < 600 ? code : undefined, inStream: true },
        error,
      );
    }
    this.model = stringOf(payload.model) || this.model;
    this.usage = chatCompletionsUsage(payload.usage) ?? this.usage;
    const chunks: LLMStreamChunk[] = [];
    const choices = Array.isArray(payload.choices) ? payload.choices : [];
    for (const choice of choices) {
      if (!isRecord(choice) || (numberOf(choice.index) ?? 0) !== 0) continue;
      const delta = isRecord(choice.delta) ? choice.delta : {};
      const text = contentText(delta.content) ?? stringOf(delta.refusal);
      if (text) chunks.push({ type: 'text', text });
      if (Array.isArray(delta.tool_calls)) {
        delta.tool_calls.forEach((fragment, position) => chunks.push(...this.addFragment(fragment, position)));
      }
      const finishReason = chatCompletionsFinishReason(choice.finish_reason);
      if (finishReason) {
        this.finishReason = finishReason;
        chunks.push(...this.flushCalls());
      }
    }
    return chunks;
  }

  /** The end marker `[DONE]` arrived: the remaining calls, then `done`. */
  finish(): LLMStreamChunk[] {
    const done: LLMStreamChunk = { type: 'done', model: this.model };
    if (this.finishReason) done.finishReason = this.finishReason;
    if (this.usage) done.usage = this.usage;
    return [...this.flushCalls(), done];
  }

  /**
   * The body ended. Without `[DONE]`, a stream that reported its finish reason is complete (some
   * compatible servers omit the marker); one that did not was cut off.
   */
  end(): LLMStreamChunk[] {
    if (this.finishReason === undefined) {
      throw new KitAIError(
        'llm_invalid_response',
        `${this.provider}: the stream from ${this.url} ended before its finish reason and its end marker [DONE]`,
      );
    }
    return this.finish();
  }

  private addFragment(fragment: unknown, position: number): LLMStreamChunk[] {
    if (!isRecord(fragment)) return [];
    const index = numberOf(fragment.index) ?? position;
    const fn = isRecord(fragment.function) ? fragment.function : {};
    const chunks: LLMStreamChunk[] = [];
    let call = this.calls.get(index);
    if (!call) {
      // A new call starts: earlier calls whose arguments already parse are complete.
      for (const [earlier, pending] of this.calls) {
        if (earlier < index && !pending.emitted && isCompleteJsonObject(pending.args)) chunks.push(this.emit(pending));
      }
      call = { id: undefined, name: '', args: '', emitted: false };
      this.calls.set(index, call);
    }
    call.id ??= stringOf(fragment.id) || undefined;
    const name = stringOf(fn.name);
    // Most servers send the name once; a few repeat it whole in every fragment.
    if (name && name !== call.name) call.name += name;
    call.args += argumentsText(fn.arguments);
    return chunks;
  }

  private flushCalls(): LLMStreamChunk[] {
    return [...this.calls.entries()]
      .sort(([a], [b]) => a - b)
      .filter(([, call]) => !call.emitted)
      .map(([, call]) => this.emit(call));
  }

  private emit(call: PartialCall): LLMStreamChunk {
    call.emitted = true;
    if (!call.name) {
      throw new KitAIError('llm_invalid_response', `${this.provider}: a streamed tool call from ${this.url} has no function name`);
    }
    const toolCall: LLMToolCall = { name: call.name, arguments: parseToolArguments(this.provider, call.name, call.args) };
    return { type: 'tool_call', toolCall: call.id ? { id: call.id, ...toolCall } : toolCall };
  }
}
