import { describe, expect, it } from 'vitest';
import { httpFailure, isContextOverflow, providerFailure, readVendorError } from './provider-errors.js';

describe('readVendorError', () => {
  it('reads the error shapes servers send', () => {
    expect(readVendorError({ error: { message: 'bad key', type: 'invalid_request_error', code: 'invalid_api_key' } })).toEqual({
      message: 'bad key',
      type: 'invalid_request_error',
      code: 'invalid_api_key',
    });
    expect(readVendorError({ type: 'error', error: { type: 'overloaded_error', message: 'Overloaded' } })).toEqual({
      message: 'Overloaded',
      type: 'overloaded_error',
      code: undefined,
    });
    expect(readVendorError({ error: { code: 400, message: 'too big' } }).code).toBe('400');
    expect(readVendorError({ error: 'model not found' }).message).toBe('model not found');
    expect(readVendorError({ message: 'plain' }).message).toBe('plain');
    expect(readVendorError({ detail: 'Not Found' }).message).toBe('Not Found');
    expect(readVendorError({ detail: [{ loc: ['body', 'model'], msg: 'field required' }] }).message).toBe('field required');
    expect(readVendorError([{ error: { message: 'in an array' } }]).message).toBe('in an array');
    expect(readVendorError('text')).toEqual({ message: undefined, code: undefined, type: undefined });
  });
});

describe('isContextOverflow', () => {
  const said = (message: string, code?: string, type?: string) => ({ message, code, type });

  it('recognises the codes and wordings of context-window errors on 400 and 413', () => {
    expect(isContextOverflow(400, said('x', 'context_length_exceeded'))).toBe(true);
    expect(isContextOverflow(400, said('x', undefined, 'exceed_context_size_error'))).toBe(true);
    expect(isContextOverflow(400, said("This model's maximum context length is 4096 tokens. However, you requested 5000 tokens"))).toBe(
      true,
    );
    expect(isContextOverflow(400, said('prompt is too long: 208310 tokens > 200000 maximum'))).toBe(true);
    expect(isContextOverflow(400, said('input length and `max_tokens` exceed context limit: 188240 + 21333 > 200000'))).toBe(true);
    expect(isContextOverflow(413, said('the request exceeds the available context size'))).toBe(true);
  });

  it('leaves other failures alone', () => {
    expect(isContextOverflow(400, said('messages: roles must alternate'))).toBe(false);
    expect(isContextOverflow(429, said('x', 'context_length_exceeded'))).toBe(false);
    expect(isContextOverflow(500, said('maximum context length'))).toBe(false);
  });
});

describe('providerFailure', () => {
  it('names the provider, the status, the server message and a fix', () => {
    const error = httpFailure('p:m', 'http://h/v1/x', 404, '{"error":{"message":"The model `m` does not exist"}}');
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(404);
    expect(error.message).toBe('p:m: HTTP 404 from http://h/v1/x: The model `m` does not exist (check model and baseUrl)');
    expect(httpFailure('p', 'u', 503, '').message).toBe(
      'p: HTTP 503 from u: no error message in the answer (retry later, or give the agent a fallbackLlm)',
    );
    expect(httpFailure('p', 'u', 400, '{"error":{"message":"bad tools"}}').message).toBe(
      'p: HTTP 400 from u: bad tools (check the request options)',
    );
  });

  it('names a failed answer as such, with the status its code stands for', () => {
    const error = providerFailure(
      'p',
      'u',
      { status: 500, inStream: false, inAnswer: true },
      { message: 'The model failed.', code: 'server_error', type: 'server_error' },
    );
    expect([error.code, error.status]).toEqual(['llm_http_error', 500]);
    expect(error.message).toBe(
      'p: a failed answer (server_error) from u: The model failed. (retry later, or give the agent a fallbackLlm)',
    );
  });

  it('makes a context-length error a context_overflow, in a stream too', () => {
    const error = providerFailure(
      'p',
      'u',
      { status: undefined, inStream: true },
      { message: 'prompt is too long: 9 tokens > 8 maximum', code: undefined, type: 'invalid_request_error' },
    );
    expect(error.code).toBe('context_overflow');
    expect(error.status).toBeUndefined();
    expect(error.message).toBe(
      "p: the prompt does not fit the model's context window (an error event (invalid_request_error) in the stream from u: prompt is too long: 9 tokens > 8 maximum); compact the conversation or shorten the input",
    );
  });
});
