import type { LLMMessage, LLMOptions, LLMProvider, LLMResponse, LLMStreamChunk } from '@kit/kit-ai';
import type { ServerSentEvent } from './sse.js';
import { postJson, readJson, streamEvents, type ProviderRequest } from './transport.js';
import { chunksOfAnswer, isWholeJsonAnswer } from './whole-answer.js';

/** Reads the events of one streamed answer, in order, into chunks. */
export interface StreamDecoder {
  /** Reads one event whose data is not blank. */
  read(event: ServerSentEvent): LLMStreamChunk[];
  /** Whether the protocol's end of stream has arrived; no event is read after it. */
  readonly complete: boolean;
  /** The body ended before `complete`: the last chunks, or a `KitAIError` for a stream that was cut off. */
  end(): LLMStreamChunk[];
}

/** What one wire protocol adds to the HTTP exchange both providers share. */
export interface WireProtocol {
  /** The provider's `name`, which starts every error message. */
  readonly name: string;
  /** The address every request is posted to. */
  readonly url: string;
  /**
   * Headers of every request besides `content-type` and `accept` (authentication, protocol version),
   * with the factory's own `headers` last so that they win.
   */
  readonly headers: Readonly<Record<string, string>>;
  /** The JSON body of one call; bad call options throw here, before anything is sent. */
  body(messages: LLMMessage[], options: LLMOptions | undefined, stream: boolean): unknown;
  /** Reads a whole JSON answer. */
  answer(payload: unknown): LLMResponse;
  /** A decoder for the events of one streamed answer to `call`. */
  streamDecoder(call: ProviderRequest): StreamDecoder;
}

/**
 * Header names are case-insensitive, but a plain object keeps `Authorization` and `authorization` apart
 * and fetch would send both, joined; lower-casing every name lets a later header replace an earlier one.
 */
export function mergeHeaders(...sources: Readonly<Record<string, string>>[]): Record<string, string> {
  const merged: Record<string, string> = {};
  for (const source of sources) for (const [name, value] of Object.entries(source)) merged[name.toLowerCase()] = value;
  return merged;
}

/**
 * An `LLMProvider` over one wire protocol. `chat` posts the request and reads the whole answer;
 * `stream` asks for server-sent events and decodes them, or, when the server answers a streamed request
 * with one whole JSON answer anyway, yields the chunks that answer would have streamed.
 */
export function wireProvider(protocol: WireProtocol): Required<LLMProvider> {
  function request(messages: LLMMessage[], options: LLMOptions | undefined, stream: boolean): ProviderRequest {
    return {
      provider: protocol.name,
      url: protocol.url,
      headers: mergeHeaders(
        { 'content-type': 'application/json', accept: stream ? 'text/event-stream' : 'application/json' },
        protocol.headers,
      ),
      body: protocol.body(messages, options, stream),
      signal: options?.signal,
    };
  }

  return {
    name: protocol.name,
    async chat(messages: LLMMessage[], options?: LLMOptions): Promise<LLMResponse> {
      const call = request(messages, options, false);
      const response = await postJson(call);
      return protocol.answer(await readJson(call, response));
    },
    async *stream(messages: LLMMessage[], options?: LLMOptions): AsyncGenerator<LLMStreamChunk, void, undefined> {
      const call = request(messages, options, true);
      const response = await postJson(call);
      if (isWholeJsonAnswer(response)) {
        yield* chunksOfAnswer(protocol.answer(await readJson(call, response)));
        return;
      }
      const decoder = protocol.streamDecoder(call);
      for await (const event of streamEvents(call, response)) {
        if (event.data.trim() === '') continue;
        yield* decoder.read(event);
        if (decoder.complete) return;
      }
      yield* decoder.end();
    },
  };
}
