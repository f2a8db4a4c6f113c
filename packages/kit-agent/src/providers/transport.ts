import { KitAIError } from '@kit/kit-ai';
import { httpFailure } from './provider-errors.js';
import { readServerSentEvents, type ServerSentEvent } from './sse.js';
import { excerpt } from './wire-values.js';

/** One HTTP call of a provider. */
export interface ProviderRequest {
  /** The provider's `name`, which starts every error message. */
  readonly provider: string;
  readonly url: string;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: unknown;
  readonly signal: AbortSignal | undefined;
}

function causeChain(error: unknown): string {
  const parts: string[] = [];
  let current: unknown = error;
  for (let depth = 0; current !== undefined && current !== null && depth < 4; depth += 1) {
    const message = current instanceof Error ? current.message : String(current);
    const code = current instanceof Error && 'code' in current && typeof current.code === 'string' ? current.code : undefined;
    const text = code && !message.includes(code) ? `${message} (${code})` : message;
    if (text && !parts.includes(text)) parts.push(text);
    current = current instanceof Error ? current.cause : undefined;
  }
  return parts.join(': ') || 'unknown error';
}

/** The error of a call its signal aborted; the signal's reason is kept as the cause. */
export function abortedError(provider: string, signal: AbortSignal): KitAIError {
  const reason: unknown = signal.reason;
  const why = reason instanceof Error && reason.name !== 'AbortError' ? ` (${reason.message})` : '';
  return new KitAIError('aborted', `${provider}: the call was aborted by its signal${why}`, { cause: reason });
}

/**
 * Turns whatever a failed fetch or body read threw into a `KitAIError`: aborted when the signal
 * fired, a network error otherwise. Errors that already are `KitAIError`s pass unchanged.
 */
export function transportFailure(request: ProviderRequest, error: unknown, phase: 'connect' | 'read'): KitAIError {
  if (request.signal?.aborted) return abortedError(request.provider, request.signal);
  if (error instanceof KitAIError) return error;
  const what =
    phase === 'connect'
      ? `could not reach ${request.url}: ${causeChain(error)}; check baseUrl and that the server is running`
      : `the connection to ${request.url} broke while reading the answer: ${causeChain(error)}`;
  return new KitAIError('llm_network_error', `${request.provider}: ${what}`, { cause: error });
}

/** Sends the JSON request; resolves with a successful response, rejects with a `KitAIError`. */
export async function postJson(request: ProviderRequest): Promise<Response> {
  if (request.signal?.aborted) throw abortedError(request.provider, request.signal);
  let response: Response;
  try {
    response = await fetch(request.url, {
      method: 'POST',
      headers: request.headers,
      body: JSON.stringify(request.body),
      ...(request.signal ? { signal: request.signal } : {}),
    });
  } catch (error) {
    throw transportFailure(request, error, 'connect');
  }
  if (!response.ok) {
    const text = await readText(request, response);
    throw httpFailure(request.provider, request.url, response.status, text);
  }
  return response;
}

async function readText(request: ProviderRequest, response: Response): Promise<string> {
  try {
    return await response.text();
  } catch (error) {
    throw transportFailure(request, error, 'read');
  }
}

/** Reads a whole JSON answer; a body that is not JSON is an `llm_invalid_response`. */
export async function readJson(request: ProviderRequest, response: Response): Promise<unknown> {
  const text = await readText(request, response);
  try {
    return JSON.parse(text);
  } catch (error) {
    throw new KitAIError(
      'llm_invalid_response',
      `${request.provider}: the answer from ${request.url} is not JSON (${error instanceof Error ? error.message : String(error)}): ${excerpt(text) || 'empty body'}`,
      { cause: error },
    );
  }
}

/**
 * The server-sent events of a streamed answer, with read failures turned into `KitAIError`s and
 * the signal checked between events, so an abort stops the stream even while events are buffered.
 */
export async function* streamEvents(request: ProviderRequest, response: Response): AsyncGenerator<ServerSentEvent, void, undefined> {
  if (!response.body) {
    throw new KitAIError('llm_invalid_response', `${request.provider}: the streamed answer from ${request.url} has no body`);
  }
  const events = readServerSentEvents(response.body);
  try {
    for (;;) {
      let next: IteratorResult<ServerSentEvent, void>;
      try {
        next = await events.next();
      } catch (error) {
        throw transportFailure(request, error, 'read');
      }
      if (next.done) return;
      if (request.signal?.aborted) throw abortedError(request.provider, request.signal);
      yield next.value;
    }
  } finally {
    await events.return(undefined);
  }
}

/** Parses the JSON data of one streamed event; broken JSON is an `llm_invalid_response`. */
export function parseEventData(request: ProviderRequest, data: string): unknown {
  try {
    return JSON.parse(data);
  } catch (error) {
    throw new KitAIError(
      'llm_invalid_response',
      `${request.provider}: a streamed event from ${request.url} is not JSON (${error instanceof Error ? error.message : String(error)}): ${excerpt(data)}`,
      { cause: error },
    );
  }
}
