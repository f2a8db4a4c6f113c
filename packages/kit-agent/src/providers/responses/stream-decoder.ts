import { KitAIError, type LLMStreamChunk } from '@kit/kit-ai';
import { isRecord, numberOf, stringOf } from '../wire-values.js';
import { answerFinishReason, functionCallOf, isFinishedFunctionCall, messageText, responsesFailure, responsesUsage } from './response.js';

/**
 * Turns the events of a Responses stream into `LLMStreamChunk`s. Each event names its type (in its
 * data, or in its `event:` line) and the output item it belongs to by `output_index`:
 *
 * - `response.output_text.delta` and `response.refusal.delta` are text, handed on at once;
 * - a `function_call` item opens with `response.output_item.added` (its name and `call_id`), its
 *   arguments arrive as `response.function_call_arguments.delta` pieces (and whole in `.done`), and
 *   the call is handed on when `response.output_item.done` closes the item;
 * - `response.completed` (or `response.incomplete`) carries the whole answer: its model, usage and
 *   status end the stream with `done`, and any item the stream did not deliver on its own (a call
 *   never closed, a message sent without deltas) is handed on from it first;
 * - `response.failed` and `error` are thrown as the matching `KitAIError`.
 *
 * `response.created`, reasoning items and events the decoder does not know are read for the model
 * name or skipped.
 */
export class ResponsesStreamDecoder {
  /** Output items by their index, as `response.output_item.added` announced them. */
  private readonly items = new Map<number, Record<string, unknown>>();
  /** Item ids to output indexes, for servers whose deltas name the item only by id. */
  private readonly indexes = new Map<string, number>();
  /** Arguments of function calls streamed so far, by output index. */
  private readonly streamedArguments = new Map<number, string>();
  /** Output indexes whose text arrived as deltas. */
  private readonly streamedText = new Set<number>();
  /** Output indexes already handed on. */
  private readonly handedOn = new Set<number>();
  private toolCalls = 0;
  private model: string;
  private finished = false;

  constructor(
    private readonly provider: string,
    private readonly url: string,
    requestedModel: string,
  ) {
    this.model = requestedModel;
  }

  /** Whether `response.completed` or `response.incomplete` has arrived. */
  get complete(): boolean {
    return this.finished;
  }

  /** Reads one event; the type comes from the payload, or from the `event:` name when the payload has none. */
  push(eventName: string | undefined, payload: unknown): LLMStreamChunk[] {
    if (!isRecord(payload)) {
      throw new KitAIError('llm_invalid_response', `${this.provider}: a streamed event from ${this.url} is not a JSON object`);
    }
    const type = stringOf(payload.type) ?? eventName;
    switch (type) {
      case 'response.created':
      case 'response.queued':
      case 'response.in_progress':
        this.readModel(payload.response);
        return [];
      case 'response.output_item.added':
        this.addItem(payload);
        return [];
      case 'response.output_text.delta':
      case 'response.refusal.delta':
        return this.text(payload);
      case 'response.function_call_arguments.delta':
      case 'response.function_call_arguments.done':
        this.callArguments(payload, type.endsWith('.done'));
        return [];
      case 'response.output_item.done':
        return this.itemDone(payload);
      case 'response.completed':
      case 'response.incomplete':
        return this.finish(payload.response, type === 'response.completed' ? 'completed' : 'incomplete');
      case 'response.failed':
        throw responsesFailure(this.provider, this.url, isRecord(payload.response) ? payload.response.error : undefined, true);
      case 'error':
        throw responsesFailure(this.provider, this.url, isRecord(payload.error) ? payload.error : payload, true);
      default:
        return [];
    }
  }

  /** The body ended; a stream without `response.completed` (or `response.incomplete`) was cut off. */
  end(): LLMStreamChunk[] {
    if (!this.finished) {
      throw new KitAIError(
        'llm_invalid_response',
        `${this.provider}: the stream from ${this.url} ended before its response.completed event`,
      );
    }
    return [];
  }

  private readModel(response: unknown): void {
    if (isRecord(response)) this.model = stringOf(response.model) || this.model;
  }

  private indexOf(payload: Record<string, unknown>): number {
    return numberOf(payload.output_index) ?? this.indexes.get(stringOf(payload.item_id) ?? '') ?? -1;
  }

  private addItem(payload: Record<string, unknown>): void {
    const item = isRecord(payload.item) ? payload.item : {};
    const index = numberOf(payload.output_index) ?? this.items.size;
    this.items.set(index, item);
    const id = stringOf(item.id);
    if (id) this.indexes.set(id, index);
  }

  private text(payload: Record<string, unknown>): LLMStreamChunk[] {
    this.streamedText.add(this.indexOf(payload));
    const text = stringOf(payload.delta);
    return text ? [{ type: 'text', text }] : [];
  }

  private callArguments(payload: Record<string, unknown>, whole: boolean): void {
    const index = this.indexOf(payload);
    const piece = stringOf(whole ? payload.arguments : payload.delta) ?? '';
    this.streamedArguments.set(index, whole ? piece : (this.streamedArguments.get(index) ?? '') + piece);
    // The closing event names the function too, for a server that announced no item.
    const name = stringOf(payload.name);
    if (whole && name && !stringOf(this.items.get(index)?.name)) {
      this.items.set(index, { type: 'function_call', ...this.items.get(index), name });
    }
  }

  private itemDone(payload: Record<string, unknown>): LLMStreamChunk[] {
    const item = isRecord(payload.item) ? payload.item : {};
    const index = numberOf(payload.output_index) ?? this.indexes.get(stringOf(item.id) ?? '') ?? this.items.size;
    const whole = { ...this.items.get(index), ...item };
    this.items.set(index, whole);
    return this.handOn(index, whole);
  }

  /** Hands on a finished item once: the text of a message that sent no deltas, or a function call. */
  private handOn(index: number, item: Record<string, unknown>): LLMStreamChunk[] {
    if (this.handedOn.has(index) || (item.type !== 'message' && item.type !== 'function_call')) return [];
    this.handedOn.add(index);
    if (item.type === 'message') {
      const text = this.streamedText.has(index) ? '' : messageText(item);
      return text ? [{ type: 'text', text }] : [];
    }
    if (!isFinishedFunctionCall(item)) return [];
    this.toolCalls += 1;
    return [{ type: 'tool_call', toolCall: functionCallOf(this.provider, item, this.streamedArguments.get(index) ?? '') }];
  }

  private finish(response: unknown, status: 'completed' | 'incomplete'): LLMStreamChunk[] {
    this.finished = true;
    const answer = isRecord(response) ? response : {};
    this.readModel(answer);
    const chunks: LLMStreamChunk[] = [];
    const output = Array.isArray(answer.output) ? answer.output : [];
    output.forEach((item, index) => {
      if (isRecord(item)) chunks.push(...this.handOn(index, { ...this.items.get(index), ...item }));
    });
    // A call the server opened but never closed is complete only when the whole answer is.
    if (status === 'completed') {
      for (const [index, item] of [...this.items.entries()].sort(([a], [b]) => a - b)) chunks.push(...this.handOn(index, item));
    }
    const done: LLMStreamChunk = { type: 'done', model: this.model };
    const finishReason = answerFinishReason({ ...answer, status: answer.status ?? status }, this.toolCalls > 0);
    if (finishReason) done.finishReason = finishReason;
    const usage = responsesUsage(answer.usage);
    if (usage) done.usage = usage;
    return [...chunks, done];
  }
}
