import type { LLMStreamChunk } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import * as fixtures from '../testing/messages-fixtures.js';
import { collect, failure, streamUntilFailure } from '../testing/stream-results.js';
import { weatherTool } from '../testing/tool-definitions.js';
import {
  bytePieces,
  nextWithin,
  replyInTwoParts,
  restOf,
  sendEventStream,
  sendEventStreamPart,
  sendJson,
  splitEvents,
  useWireServer,
} from '../testing/wire-server.js';
import { messagesProvider } from './provider.js';

const server = useWireServer();

const provider = (extra: Record<string, unknown> = {}) =>
  messagesProvider({ apiKey: 'key-test', model: 'claude-sonnet-4-5', baseUrl: server.url, ...extra });

describe('messagesProvider chat', () => {
  it('sends system apart, the protocol headers and the default max_tokens; reads text, usage and stop reason', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    const answer = await provider().chat([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Weather in Paris?' },
    ]);
    expect(answer).toEqual({
      content: 'Bonjour ! Il fait beau à Paris.',
      model: 'claude-sonnet-4-5-20250929',
      // Cache writes and reads are prompt tokens too: 12 + 100 + 8.
      usage: { promptTokens: 120, completionTokens: 9, totalTokens: 129 },
      finishReason: 'stop',
    });
    const request = server.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/messages');
    expect(request.headers['x-api-key']).toBe('key-test');
    expect(request.headers['anthropic-version']).toBe('2023-06-01');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.authorization).toBeUndefined();
    expect(request.json).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'Answer in French.',
      messages: [{ role: 'user', content: 'Weather in Paris?' }],
    });
  });

  it('joins system messages, merges same-role turns and drops empty ones', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await provider().chat([
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'Goal: find the order.' },
      { role: 'user', content: 'Note: the order is recent.' },
      { role: 'assistant', content: '' },
      { role: 'system', content: 'Use tools.' },
      { role: 'assistant', content: '{"tool":"lookup","arguments":{}}' },
      { role: 'user', content: 'Result of tool lookup: {"id":7}' },
      { role: 'assistant', content: 'The order is' },
    ]);
    expect(server.lastRequest().json).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      system: 'Be brief.\n\nUse tools.',
      messages: [
        { role: 'user', content: 'Goal: find the order.\n\nNote: the order is recent.' },
        { role: 'assistant', content: '{"tool":"lookup","arguments":{}}' },
        { role: 'user', content: 'Result of tool lookup: {"id":7}' },
        { role: 'assistant', content: 'The order is' },
      ],
    });
  });

  it('passes tools with input_schema, maxTokens and temperature', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await provider({ maxTokens: 1000 }).chat([{ role: 'user', content: 'Hi' }], {
      tools: [weatherTool, { name: 'get_time', description: 'Current time.', parameters: {} }],
      maxTokens: 300,
      temperature: 0.5,
    });
    expect(server.lastRequest().json).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 300,
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [
        { name: 'get_weather', description: 'Current weather of a city.', input_schema: weatherTool.parameters },
        { name: 'get_time', description: 'Current time.', input_schema: { type: 'object' } },
      ],
      temperature: 0.5,
    });
    await provider({ maxTokens: 1000, apiVersion: '2024-01-01' }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().json).toMatchObject({ max_tokens: 1000 });
    expect(server.lastRequest().headers['anthropic-version']).toBe('2024-01-01');
  });

  it('reads tool_use blocks as tool calls beside the text', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.toolUseAnswer));
    const answer = await provider().chat([{ role: 'user', content: 'Weather and time in Paris?' }], { tools: [weatherTool] });
    expect(answer).toEqual({
      content: "I'll check the weather and the time.",
      model: 'claude-sonnet-4-5-20250929',
      usage: { promptTokens: 472, completionTokens: 91, totalTokens: 563 },
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'toolu_01A09q90qw90lq917835lq9', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
        { id: 'toolu_01B7x', name: 'get_time', arguments: {} },
      ],
    });
  });

  it('reports max_tokens as finish reason length', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.maxTokensAnswer));
    expect((await provider().chat([{ role: 'user', content: 'Tell a story' }], { maxTokens: 3 })).finishReason).toBe('length');
  });

  it('sends no x-api-key for an empty key with baseUrl, and lets headers override', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await provider({ apiKey: '' }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().headers['x-api-key']).toBeUndefined();
    await provider({ headers: { 'anthropic-beta': 'tools-2024', 'x-api-key': 'other' } }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().headers['anthropic-beta']).toBe('tools-2024');
    expect(server.lastRequest().headers['x-api-key']).toBe('other');
  });
});

describe('messagesProvider stream', () => {
  it('streams text split mid-line and mid-character, skipping pings, then done with usage', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.textStream, 5), 0));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Greet me' }]));
    expect(chunks).toEqual([
      { type: 'text', text: 'Grüße' },
      { type: 'text', text: ' aus 🌍' },
      {
        type: 'done',
        model: 'claude-sonnet-4-5-20250929',
        finishReason: 'stop',
        usage: { promptTokens: 25, completionTokens: 15, totalTokens: 40 },
      },
    ]);
    expect(server.lastRequest().json).toEqual({
      model: 'claude-sonnet-4-5',
      max_tokens: 4096,
      messages: [{ role: 'user', content: 'Greet me' }],
      stream: true,
    });
    expect(server.lastRequest().headers.accept).toBe('text/event-stream');
  });

  it('assembles input_json_delta fragments into one tool call per block', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.toolUseStream, 17), 0));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Weather and time in Zürich?' }], { tools: [weatherTool] }));
    expect(chunks).toEqual([
      { type: 'text', text: 'Let me check.' },
      {
        type: 'tool_call',
        toolCall: { id: 'toolu_01T1x1fJ34qAmk2tNTrN7Up6', name: 'get_weather', arguments: { city: 'Zürich', unit: 'celsius' } },
      },
      { type: 'tool_call', toolCall: { id: 'toolu_02', name: 'get_time', arguments: {} } },
      {
        type: 'done',
        model: 'claude-sonnet-4-5-20250929',
        finishReason: 'tool_calls',
        usage: { promptTokens: 25, completionTokens: 89, totalTokens: 114 },
      },
    ]);
  });

  it('hands on a tool call as soon as its block stops', async () => {
    const all = splitEvents(fixtures.toolUseStream);
    const firstStop = all.findIndex((event) => event.includes('"content_block_stop","index":1'));
    const release = replyInTwoParts(server, all, firstStop + 1);
    const iterator = provider()
      .stream([{ role: 'user', content: 'Weather?' }])
      [Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'text', text: 'Let me check.' });
    const second = await nextWithin(iterator);
    release();
    expect(second).toMatchObject({ done: false, value: { type: 'tool_call', toolCall: { name: 'get_weather' } } });
    expect((await restOf(iterator)).map((chunk) => chunk.type)).toEqual(['tool_call', 'done']);
  });

  it('turns a whole JSON answer to a streamed request into the same chunks', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.toolUseAnswer));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text', 'tool_call', 'tool_call', 'done']);
  });

  it('turns an error event into llm_http_error with the status of its type', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.overloadedStream)));
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(529);
    expect(error.message).toBe(
      `messages:claude-sonnet-4-5: an error event (overloaded_error) in the stream from ${server.url}/v1/messages: Overloaded (retry later, or give the agent a fallbackLlm)`,
    );
  });

  it('rejects a stream cut off before message_stop', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.textStream).slice(0, 4)));
    const error = await failure(collect(provider().stream([{ role: 'user', content: 'Hi' }])));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('ended before its message_stop event');
  });

  it('rejects a tool input that is not JSON', async () => {
    const broken = fixtures.toolUseStream.replace('\\"celsius\\"}', '\\"celsius\\"');
    server.reply((_request, response) => sendEventStream(response, [broken]));
    const error = await failure(collect(provider().stream([{ role: 'user', content: 'Hi' }])));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('tool "get_weather"');
  });
});

describe('messagesProvider errors', () => {
  it('reports an HTTP error with the status and the server message', async () => {
    server.reply((_request, response) => sendJson(response, 401, fixtures.authenticationError));
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      `messages:claude-sonnet-4-5: HTTP 401 from ${server.url}/v1/messages: invalid x-api-key (check apiKey and that the key may use this model)`,
    );
  });

  it('reports an overloaded server from stream before any chunk', async () => {
    server.reply((_request, response) => sendJson(response, 529, fixtures.overloadedError));
    const error = await failure(collect(provider().stream([{ role: 'user', content: 'Hi' }])));
    expect(error.status).toBe(529);
    expect(error.message).toContain(': Overloaded (retry later');
  });

  it('recognises a prompt that is too long as context_overflow', async () => {
    server.reply((_request, response) => sendJson(response, 400, fixtures.promptTooLongError));
    const error = await failure(provider().chat([{ role: 'user', content: 'x'.repeat(100) }]));
    expect(error.code).toBe('context_overflow');
    expect(error.status).toBe(400);
    expect(error.message).toContain('prompt is too long: 208310 tokens > 200000 maximum');
  });

  it('rejects an answer that is not JSON, or not a Messages answer', async () => {
    server.reply((_request, response) => sendJson(response, 200, '{"id":"msg_1","content":[{"type":"te'));
    expect((await failure(provider().chat([{ role: 'user', content: 'Hi' }]))).code).toBe('llm_invalid_response');
    server.reply((_request, response) => sendJson(response, 200, '{"completion":"Hello"}'));
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('has no content array');
  });

  it('reports a connection reset, before and during a stream, as llm_network_error', async () => {
    server.reply((_request, response) => {
      response.socket?.destroy();
    });
    expect((await failure(provider().chat([{ role: 'user', content: 'Hi' }]))).code).toBe('llm_network_error');
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, splitEvents(fixtures.textStream).slice(0, 4));
      response.socket?.destroy();
    });
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Grüße' }]);
    expect(error.code).toBe('llm_network_error');
  });
});

describe('messagesProvider cancellation', () => {
  it('rejects promptly with aborted when the signal fires while the server hangs', async () => {
    server.reply(() => undefined);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(), 50);
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }], { signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('messages:claude-sonnet-4-5: the call was aborted by its signal');
    expect(Date.now() - started).toBeLessThan(1000);
    await server.lastRequest().closed;
  });

  it('stops reading a stream when the signal fires while the server goes silent', async () => {
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, splitEvents(fixtures.textStream).slice(0, 4));
      // Silent from here on, as a stalled server would be.
    });
    const controller = new AbortController();
    const seen: LLMStreamChunk[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of provider().stream([{ role: 'user', content: 'Hi' }], { signal: controller.signal })) {
          seen.push(chunk);
          setTimeout(() => controller.abort(), 30);
        }
      })(),
    );
    expect(error.code).toBe('aborted');
    expect(seen).toEqual([{ type: 'text', text: 'Grüße' }]);
    await server.lastRequest().closed;
  });
});

describe('messagesProvider options', () => {
  it('is named after the protocol and the model, and defaults to the vendor address', () => {
    expect(messagesProvider({ apiKey: 'k', model: 'claude-haiku-4-5' }).name).toBe('messages:claude-haiku-4-5');
  });

  it('rejects a missing key unless baseUrl is given, and a missing model', () => {
    expect(() => messagesProvider({ apiKey: '', model: 'claude-haiku-4-5' })).toThrow(
      /^messagesProvider: apiKey must be the vendor API key/,
    );
    expect(() => messagesProvider({ apiKey: 'k', model: ' ' })).toThrow(
      'messagesProvider: model must be a non-empty string naming the model to call, got " "',
    );
    expect(() => messagesProvider({ apiKey: 'k', model: 'm', apiVersion: '' })).toThrow(
      'messagesProvider: apiVersion must be a version string such as "2023-06-01", got ""',
    );
    expect(() => messagesProvider({ apiKey: 'k', model: 'm', maxTokens: 1.5 })).toThrow(
      'messagesProvider: maxTokens must be a positive integer number of tokens, got 1.5',
    );
  });

  it('rejects a bad temperature before sending', async () => {
    const before = server.requests.length;
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }], { temperature: Number.NaN }));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('messages:claude-sonnet-4-5: options.temperature must be a finite number of at least 0, got null');
    expect(server.requests.length).toBe(before);
  });
});
