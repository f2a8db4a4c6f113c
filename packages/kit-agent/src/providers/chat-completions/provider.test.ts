import { KitAIError } from '@kit/kit-ai';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../testing/chat-completions-fixtures.js';
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
  startWireServer,
  useWireServer,
} from '../testing/wire-server.js';
import { chatCompletionsProvider } from './provider.js';

const server = useWireServer();
let baseUrl: string;

beforeAll(() => {
  baseUrl = `${server.url}/v1`;
});

describe('chatCompletionsProvider chat', () => {
  it('sends the conversation and reads text, model, usage and finish reason', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    const llm = chatCompletionsProvider({ apiKey: 'sk-test', model: 'gpt-4.1', baseUrl });
    const answer = await llm.chat([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Weather in Paris?' },
    ]);
    expect(answer).toEqual({
      content: 'Bonjour ! Il fait beau à Paris.',
      model: 'gpt-4.1-2025-04-14',
      usage: { promptTokens: 19, completionTokens: 10, totalTokens: 29 },
      finishReason: 'stop',
    });
    const request = server.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/chat/completions');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
    expect(request.json).toEqual({
      model: 'gpt-4.1',
      messages: [
        { role: 'system', content: 'Answer in French.' },
        { role: 'user', content: 'Weather in Paris?' },
      ],
    });
  });

  it('passes tools, maxTokens and temperature in the protocol fields', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    const llm = chatCompletionsProvider({ apiKey: 'sk-test', model: 'local-model', baseUrl });
    await llm.chat([{ role: 'user', content: 'Hi' }], { tools: [weatherTool], maxTokens: 256, temperature: 0.2 });
    expect(server.lastRequest().json).toEqual({
      model: 'local-model',
      messages: [{ role: 'user', content: 'Hi' }],
      tools: [{ type: 'function', function: weatherTool }],
      max_tokens: 256,
      temperature: 0.2,
    });
  });

  it('names the cap max_completion_tokens when asked, and uses the factory cap when the call gives none', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    const llm = chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl, maxTokens: 99, maxTokensParameter: 'max_completion_tokens' });
    await llm.chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().json).toMatchObject({ max_completion_tokens: 99 });
    expect(server.lastRequest().json).not.toHaveProperty('max_tokens');
  });

  it('reads native tool calls with their ids and parsed arguments', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.toolCallAnswer));
    const llm = chatCompletionsProvider({ apiKey: 'sk-test', model: 'gpt-4o-mini', baseUrl });
    const answer = await llm.chat([{ role: 'user', content: 'Weather and time in Paris?' }], { tools: [weatherTool] });
    expect(answer.content).toBe('');
    expect(answer.finishReason).toBe('tool_calls');
    expect(answer.toolCalls).toEqual([
      { id: 'call_abc123', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
      { id: 'call_def456', name: 'get_time', arguments: {} },
    ]);
    expect(answer.usage).toEqual({ promptTokens: 82, completionTokens: 17, totalTokens: 99 });
  });

  it('reports a cut answer as finish reason length', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.lengthAnswer));
    const llm = chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl });
    expect((await llm.chat([{ role: 'user', content: 'Tell a story' }], { maxTokens: 3 })).finishReason).toBe('length');
  });

  it('sends no Authorization header for an empty key with baseUrl, and lets headers override', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await chatCompletionsProvider({ apiKey: '', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().headers.authorization).toBeUndefined();
    await chatCompletionsProvider({
      apiKey: 'k',
      model: 'm',
      baseUrl: `${baseUrl}/`,
      headers: { authorization: 'Token other', 'x-team': 'docs' },
    }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().path).toBe('/v1/chat/completions');
    expect(server.lastRequest().headers.authorization).toBe('Token other');
    expect(server.lastRequest().headers['x-team']).toBe('docs');
  });

  it('lets a header written in another case replace the built-in one instead of joining it', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await chatCompletionsProvider({
      apiKey: 'k',
      model: 'm',
      baseUrl,
      headers: { Authorization: 'Token other', Accept: 'application/json' },
    }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().headers.authorization).toBe('Token other');
    expect(server.lastRequest().headers.accept).toBe('application/json');
  });
});

describe('chatCompletionsProvider stream', () => {
  it('streams text split mid-line and mid-character, then done with usage', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.textStream, 7), 0));
    const llm = chatCompletionsProvider({ apiKey: 'sk-test', model: 'gpt-4o-mini', baseUrl });
    const chunks = await collect(llm.stream([{ role: 'user', content: 'Greet me' }], { maxTokens: 20 }));
    const text = chunks.flatMap((chunk) => (chunk.type === 'text' ? [chunk.text] : [])).join('');
    expect(text).toBe('Grüße aus 🌍');
    expect(chunks[chunks.length - 1]).toEqual({
      type: 'done',
      model: 'gpt-4o-mini-2024-07-18',
      finishReason: 'stop',
      usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
    });
    const request = server.lastRequest();
    expect(request.headers.accept).toBe('text/event-stream');
    expect(request.json).toEqual({
      model: 'gpt-4o-mini',
      messages: [{ role: 'user', content: 'Greet me' }],
      max_tokens: 20,
      stream: true,
      stream_options: { include_usage: true },
    });
  });

  it('assembles streamed tool-call fragments into one chunk per call', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.toolCallStream, 23), 0));
    const llm = chatCompletionsProvider({ apiKey: 'sk-test', model: 'gpt-4o-mini', baseUrl });
    const chunks = await collect(llm.stream([{ role: 'user', content: 'Weather and time in Zürich?' }], { tools: [weatherTool] }));
    expect(chunks).toEqual([
      { type: 'tool_call', toolCall: { id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', arguments: { city: 'Zürich' } } },
      { type: 'tool_call', toolCall: { id: 'call_8f6mJ2kYx1', name: 'get_time', arguments: { zone: 'Europe/Zurich' } } },
      {
        type: 'done',
        model: 'gpt-4o-mini-2024-07-18',
        finishReason: 'tool_calls',
        usage: { promptTokens: 90, completionTokens: 40, totalTokens: 130 },
      },
    ]);
    expect(server.lastRequest().json).toMatchObject({ tools: [{ type: 'function', function: weatherTool }], stream: true });
  });

  it('hands on a completed call while the server is still streaming the next one', async () => {
    // Everything up to the start of the second call, then wait for the test.
    const release = replyInTwoParts(server, splitEvents(fixtures.toolCallStream), 5);
    const llm = chatCompletionsProvider({ apiKey: 'k', model: 'gpt-4o-mini', baseUrl });
    const iterator = llm.stream([{ role: 'user', content: 'Weather and time?' }])[Symbol.asyncIterator]();
    const first = await nextWithin(iterator);
    release();
    expect(first).toEqual({
      done: false,
      value: { type: 'tool_call', toolCall: { id: 'call_DdmO9pD3xa9XTPNJ32zg2hcA', name: 'get_weather', arguments: { city: 'Zürich' } } },
    });
    expect((await restOf(iterator)).map((chunk) => chunk.type)).toEqual(['tool_call', 'done']);
  });

  it('turns a whole JSON answer to a streamed request into the same chunks', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.toolCallAnswer));
    const chunks = await collect(
      chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }], { tools: [weatherTool] }),
    );
    expect(chunks.map((chunk) => chunk.type)).toEqual(['tool_call', 'tool_call', 'done']);
    expect(chunks[2]).toEqual({
      type: 'done',
      model: 'gpt-4o-mini-2024-07-18',
      finishReason: 'tool_calls',
      usage: { promptTokens: 82, completionTokens: 17, totalTokens: 99 },
    });
  });

  it('turns an error sent inside the stream into llm_http_error with the server message', async () => {
    server.reply((_request, response) => sendEventStream(response, [fixtures.midStreamError]));
    const llm = chatCompletionsProvider({ apiKey: 'k', model: 'gpt-4o-mini', baseUrl });
    const { chunks, error } = await streamUntilFailure(llm.stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(error.code).toBe('llm_http_error');
    expect(error.message).toContain('chat-completions:gpt-4o-mini');
    expect(error.message).toContain('The server had an error while processing your request');
  });

  it('rejects a stream cut off before its finish reason and [DONE]', async () => {
    const cut = fixtures.textStream.split('\n\n').slice(0, 2).join('\n\n');
    server.reply((_request, response) => sendEventStream(response, [`${cut}\n\n`]));
    const error = await failure(
      collect(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }])),
    );
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('ended before its finish reason');
  });

  it('rejects an event whose data is not JSON', async () => {
    server.reply((_request, response) =>
      sendEventStream(response, ['data: {"choices":[{"index":0,"delta":{"content":"a"}}]}\n\n', 'data: {"choices":[{"ind\n\n']),
    );
    const error = await failure(
      collect(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }])),
    );
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('is not JSON');
  });
});

describe('chatCompletionsProvider errors', () => {
  it('reports an HTTP error with the status and the server message', async () => {
    server.reply((_request, response) => sendJson(response, 401, fixtures.invalidKeyError));
    const llm = chatCompletionsProvider({ apiKey: 'sk-wrong', model: 'gpt-4o-mini', baseUrl });
    const error = await failure(llm.chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      `chat-completions:gpt-4o-mini: HTTP 401 from ${baseUrl}/chat/completions: Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys. (check apiKey and that the key may use this model)`,
    );
  });

  it('reports the same HTTP errors from stream before any chunk', async () => {
    server.reply((_request, response) => sendJson(response, 429, fixtures.rateLimitError));
    const error = await failure(
      collect(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }])),
    );
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(429);
    expect(error.message).toContain('Rate limit reached for gpt-4o-mini');
    expect(error.message).toContain('fallbackLlm');
  });

  it('quotes a body that is not JSON', async () => {
    server.reply((_request, response) =>
      response.writeHead(502, { 'content-type': 'text/html' }).end('<html><body>Bad gateway</body></html>'),
    );
    const error = await failure(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.status).toBe(502);
    expect(error.message).toContain('<html><body>Bad gateway</body></html>');
  });

  it('recognises a context-length error by its code', async () => {
    server.reply((_request, response) => sendJson(response, 400, fixtures.contextLengthError));
    const error = await failure(
      chatCompletionsProvider({ apiKey: 'k', model: 'gpt-4o', baseUrl }).chat([{ role: 'user', content: 'x'.repeat(1000) }]),
    );
    expect(error.code).toBe('context_overflow');
    expect(error.status).toBe(400);
    expect(error.message).toContain('maximum context length is 128000 tokens');
    expect(error.message).toContain('compact the conversation');
  });

  it("recognises a local server's context-size error by its wording, in stream too", async () => {
    server.reply((_request, response) => sendJson(response, 400, fixtures.localContextError));
    const error = await failure(
      collect(chatCompletionsProvider({ apiKey: '', model: 'local', baseUrl }).stream([{ role: 'user', content: 'long' }])),
    );
    expect(error.code).toBe('context_overflow');
  });

  it('rejects an answer that is not JSON as llm_invalid_response', async () => {
    server.reply((_request, response) => sendJson(response, 200, '{"id":"chatcmpl-1","choices":[{"index":0,"message":{"role":"assis'));
    const error = await failure(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('is not JSON');
    expect(error.message).toContain('{"id":"chatcmpl-1"');
  });

  it('rejects JSON that is not a Chat Completions answer', async () => {
    server.reply((_request, response) => sendJson(response, 200, '{"result":"ok"}'));
    const error = await failure(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('no choices[0].message');
  });

  it('rejects tool arguments that are not JSON, naming the tool', async () => {
    const broken = fixtures.toolCallAnswer.replace('"{}"', '"{\\"zone\\": "');
    server.reply((_request, response) => sendJson(response, 200, broken));
    const error = await failure(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('tool "get_time"');
  });

  it('reports a connection reset as llm_network_error', async () => {
    server.reply((_request, response) => {
      response.socket?.destroy();
    });
    const error = await failure(chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_network_error');
    expect(error.message).toContain(`could not reach ${baseUrl}/chat/completions`);
  });

  it('reports a connection reset in the middle of a stream as llm_network_error', async () => {
    const firstEvents = fixtures.textStream.split('\n\n').slice(0, 2).join('\n\n');
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, [`${firstEvents}\n\n`]);
      response.socket?.destroy();
    });
    const { chunks, error } = await streamUntilFailure(
      chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }]),
    );
    expect(chunks).toEqual([{ type: 'text', text: 'Grüße' }]);
    expect(error.code).toBe('llm_network_error');
    expect(error.message).toContain('broke while reading the answer');
  });

  it('reports a server that is not there as llm_network_error', async () => {
    const gone = await startWireServer();
    await gone.close();
    const error = await failure(
      chatCompletionsProvider({ apiKey: '', model: 'm', baseUrl: gone.url }).chat([{ role: 'user', content: 'Hi' }]),
    );
    expect(error.code).toBe('llm_network_error');
    expect(error.message).toContain('ECONNREFUSED');
  });
});

describe('chatCompletionsProvider cancellation', () => {
  it('rejects promptly with aborted when the signal fires while the server hangs', async () => {
    server.reply(() => undefined);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('the agent was canceled')), 50);
    const error = await failure(
      chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }], { signal: controller.signal }),
    );
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('chat-completions:m: the call was aborted by its signal (the agent was canceled)');
    expect(Date.now() - started).toBeLessThan(1000);
    await server.lastRequest().closed;
  });

  it('stops reading a stream when the signal fires, and the connection closes', async () => {
    server.reply(async (_request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      for (let index = 0; !response.destroyed && index < 500; index += 1) {
        response.write(`data: {"model":"m","choices":[{"index":0,"delta":{"content":"tick ${index} "},"finish_reason":null}]}\n\n`);
        await new Promise((resolve) => setTimeout(resolve, 10));
      }
      response.end();
    });
    const controller = new AbortController();
    const seen: string[] = [];
    const error = await failure(
      (async () => {
        for await (const chunk of chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }], {
          signal: controller.signal,
        })) {
          if (chunk.type === 'text') seen.push(chunk.text);
          if (seen.length === 2) controller.abort();
        }
      })(),
    );
    expect(error.code).toBe('aborted');
    expect(seen).toEqual(['tick 0 ', 'tick 1 ']);
    const closedAt = Date.now();
    await server.lastRequest().closed;
    expect(Date.now() - closedAt).toBeLessThan(1000);
  });

  it('closes the connection when the consumer stops early', async () => {
    server.reply((_request, response) =>
      sendEventStream(
        response,
        fixtures.textStream.split('\n\n').map((event) => `${event}\n\n`),
        20,
      ),
    );
    for await (const chunk of chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).stream([{ role: 'user', content: 'Hi' }])) {
      if (chunk.type === 'text') break;
    }
    await server.lastRequest().closed;
  });

  it('does not send a request when the signal is already aborted', async () => {
    const before = server.requests.length;
    const error = await failure(
      chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }], {
        signal: AbortSignal.abort(),
      }),
    );
    expect(error.code).toBe('aborted');
    expect(server.requests.length).toBe(before);
  });
});

describe('chatCompletionsProvider options', () => {
  it('is named after the protocol and the model', () => {
    expect(chatCompletionsProvider({ apiKey: 'k', model: 'gpt-4o-mini' }).name).toBe('chat-completions:gpt-4o-mini');
  });

  it('rejects a missing key unless baseUrl is given', () => {
    expect(() => chatCompletionsProvider({ apiKey: '', model: 'gpt-4o-mini' })).toThrow(KitAIError);
    expect(() => chatCompletionsProvider({ apiKey: '', model: 'gpt-4o-mini' })).toThrow(
      /^chatCompletionsProvider: apiKey must be the vendor API key .*got ""; an empty apiKey is accepted only together with baseUrl/,
    );
    expect(chatCompletionsProvider({ apiKey: '', model: 'llama', baseUrl: 'http://127.0.0.1:8080/v1' }).name).toBe(
      'chat-completions:llama',
    );
  });

  it('rejects a missing model, a bad baseUrl, a bad maxTokens and a bad maxTokensParameter', () => {
    const bad = (options: Record<string, unknown>) => () => chatCompletionsProvider({ apiKey: 'k', model: 'm', ...options } as never);
    expect(bad({ model: '' })).toThrow('chatCompletionsProvider: model must be a non-empty string naming the model to call, got ""');
    expect(bad({ baseUrl: 'localhost:8080' })).toThrow('chatCompletionsProvider: baseUrl must be an absolute http or https address');
    expect(bad({ maxTokens: 0 })).toThrow('chatCompletionsProvider: maxTokens must be a positive integer number of tokens, got 0');
    expect(bad({ maxTokensParameter: 'max_output_tokens' })).toThrow('maxTokensParameter must be "max_tokens" or "max_completion_tokens"');
    expect(bad({ headers: { 'x-n': 1 } })).toThrow(
      'chatCompletionsProvider: headers must map header names to string values, got {"x-n":1}',
    );
    try {
      bad({ model: undefined })();
    } catch (error) {
      expect(error).toBeInstanceOf(KitAIError);
      expect((error as KitAIError).code).toBe('invalid_config');
    }
  });

  it('rejects bad call options before sending', async () => {
    const before = server.requests.length;
    const error = await failure(
      chatCompletionsProvider({ apiKey: 'k', model: 'm', baseUrl }).chat([{ role: 'user', content: 'Hi' }], { maxTokens: -1 }),
    );
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('chat-completions:m: options.maxTokens must be a positive integer number of tokens, got -1');
    expect(server.requests.length).toBe(before);
  });
});
