import { KitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { useWireServer } from './testing/wire-server.js';
import { abortedError, postJson, readJson, streamEvents, transportFailure, type ProviderRequest } from './transport.js';

const server = useWireServer();

const call = (signal?: AbortSignal): ProviderRequest => ({
  provider: 'test:m',
  url: `${server.url}/x`,
  headers: { 'content-type': 'application/json', 'x-one': '1' },
  body: { hello: 'wörld' },
  signal,
});

describe('postJson and readJson', () => {
  it('posts the JSON body with the headers and reads a JSON answer', async () => {
    server.reply((_request, response) => response.writeHead(200, { 'content-type': 'application/json' }).end('{"ok":true}'));
    const request = call();
    expect(await readJson(request, await postJson(request))).toEqual({ ok: true });
    const seen = server.lastRequest();
    expect(seen.body).toBe('{"hello":"wörld"}');
    expect(seen.headers['x-one']).toBe('1');
  });
});

describe('streamEvents', () => {
  it('stops at the next event once the signal fires, even when events are already buffered', async () => {
    server.reply((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: 1\n\ndata: 2\n\ndata: 3\n\n');
    });
    const controller = new AbortController();
    const request = call(controller.signal);
    const seen: string[] = [];
    let error: unknown;
    try {
      for await (const event of streamEvents(request, await postJson(request))) {
        seen.push(event.data);
        controller.abort();
      }
    } catch (caught) {
      error = caught;
    }
    expect(seen).toEqual(['1']);
    expect(error).toBeInstanceOf(KitAIError);
    expect((error as KitAIError).code).toBe('aborted');
    await server.lastRequest().closed;
  });
});

describe('transportFailure', () => {
  it('passes KitAIErrors through and reports others as network errors with their causes', () => {
    const own = new KitAIError('llm_http_error', 'x');
    expect(transportFailure(call(), own, 'read')).toBe(own);
    const cause = Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:9'), { code: 'ECONNREFUSED' });
    const error = transportFailure(call(), new TypeError('fetch failed', { cause }), 'connect');
    expect(error.code).toBe('llm_network_error');
    expect(error.message).toBe(
      `test:m: could not reach ${server.url}/x: fetch failed: connect ECONNREFUSED 127.0.0.1:9; check baseUrl and that the server is running`,
    );
  });

  it('reports anything after an abort as aborted, keeping the reason as the cause', () => {
    const controller = new AbortController();
    const reason = new Error('chat timed out after 100 ms');
    controller.abort(reason);
    const error = transportFailure(call(controller.signal), new Error('whatever fetch threw'), 'connect');
    expect(error.code).toBe('aborted');
    expect(error.cause).toBe(reason);
    expect(abortedError('p', AbortSignal.abort()).message).toBe('p: the call was aborted by its signal');
  });
});
