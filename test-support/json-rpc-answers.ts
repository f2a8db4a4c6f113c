import { expect } from 'vitest';

/** A JSON-RPC message as a test reads it. */
export interface JsonRpcMessage {
  readonly jsonrpc?: unknown;
  readonly result?: unknown;
  readonly error?: { readonly code?: unknown; readonly message?: unknown };
}

/** The answer to `request`, or a failure once `ms` have passed: an endpoint must never leave a caller hanging. */
export function answerWithin(request: Promise<Response>, ms = 2_000): Promise<Response> {
  return Promise.race([
    request,
    new Promise<never>((_, reject) => setTimeout(() => reject(new Error(`no answer within ${ms / 1000} s`)), ms)),
  ]);
}

/**
 * Checks that an answer is not a server failure and that each JSON-RPC message in it (the body, or each
 * event of a `text/event-stream`) is a JSON-RPC 2.0 result or an error with a numeric code and a message.
 * Returns the messages for checks of their own.
 */
export async function expectJsonRpcAnswers(response: Response): Promise<JsonRpcMessage[]> {
  expect(response.status).toBeLessThan(500);
  const answer = await response.text();
  const bodies =
    response.headers.get('content-type') === 'text/event-stream'
      ? answer
          .split('\n\n')
          .filter(Boolean)
          .map((event) => event.replace(/^(event: error\n)?data: /, ''))
      : [answer];
  return bodies.map((body) => {
    const message = JSON.parse(body) as JsonRpcMessage;
    expect(message.jsonrpc).toBe('2.0');
    expect('result' in message || (typeof message.error?.code === 'number' && typeof message.error?.message === 'string')).toBe(true);
    return message;
  });
}
