import { createSmartAgent, KitAIError, type LLMStreamChunk } from '@kit/kit-ai';
import { beforeAll, describe, expect, it } from 'vitest';
import * as fixtures from '../testing/responses-fixtures.js';
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
import { responsesProvider } from './provider.js';

const server = useWireServer();
let baseUrl: string;

beforeAll(() => {
  baseUrl = `${server.url}/v1`;
});

const provider = (extra: Record<string, unknown> = {}) => responsesProvider({ apiKey: 'sk-test', model: 'gpt-5-mini', baseUrl, ...extra });

const userInput = (text: string) => ({ type: 'message', role: 'user', content: [{ type: 'input_text', text }] });

/** The events of a stream up to and including its first text delta. */
const upToFirstDelta = (stream: string) => {
  const events = splitEvents(stream);
  return events.slice(0, events.findIndex((event) => event.includes('output_text.delta')) + 1);
};

describe('responsesProvider chat', () => {
  it('sends the system message as instructions and the rest as input, with store false; reads text, model, usage and status', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    const answer = await provider().chat([
      { role: 'system', content: 'Answer in French.' },
      { role: 'user', content: 'Weather in Paris?' },
    ]);
    expect(answer).toEqual({
      content: 'Bonjour ! Il fait beau à Paris.',
      model: 'gpt-5-mini-2025-08-07',
      // Reasoning tokens are output tokens, and are in the counts already.
      usage: { promptTokens: 36, completionTokens: 87, totalTokens: 123 },
      finishReason: 'stop',
    });
    const request = server.lastRequest();
    expect(request.method).toBe('POST');
    expect(request.path).toBe('/v1/responses');
    expect(request.headers.authorization).toBe('Bearer sk-test');
    expect(request.headers['content-type']).toBe('application/json');
    expect(request.headers.accept).toBe('application/json');
    expect(request.json).toEqual({
      model: 'gpt-5-mini',
      instructions: 'Answer in French.',
      input: [userInput('Weather in Paris?')],
      store: false,
    });
  });

  it('sends earlier replies as output_text, flat function tools, the output cap, temperature, reasoning and store', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await provider({ maxTokens: 1000, reasoning: { effort: 'low' }, store: true }).chat(
      [
        { role: 'user', content: 'Goal: find the order.' },
        { role: 'assistant', content: '{"tool":"lookup","arguments":{}}' },
        { role: 'user', content: 'Result of tool lookup: {"id":7}' },
      ],
      { tools: [weatherTool, { name: 'get_time', description: 'Current time.', parameters: {} }], maxTokens: 300, temperature: 0.5 },
    );
    expect(server.lastRequest().json).toEqual({
      model: 'gpt-5-mini',
      input: [
        userInput('Goal: find the order.'),
        { type: 'message', role: 'assistant', content: [{ type: 'output_text', text: '{"tool":"lookup","arguments":{}}' }] },
        userInput('Result of tool lookup: {"id":7}'),
      ],
      tools: [
        {
          type: 'function',
          name: 'get_weather',
          description: 'Current weather of a city.',
          parameters: weatherTool.parameters,
          strict: false,
        },
        { type: 'function', name: 'get_time', description: 'Current time.', parameters: {}, strict: false },
      ],
      max_output_tokens: 300,
      temperature: 0.5,
      reasoning: { effort: 'low' },
      store: true,
    });
    await provider({ maxTokens: 1000 }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().json).toEqual({ model: 'gpt-5-mini', input: [userInput('Hi')], max_output_tokens: 1000, store: false });
  });

  it('reads function_call items as tool calls with their call ids, past the reasoning item', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.functionCallAnswer));
    const answer = await provider().chat([{ role: 'user', content: 'Weather and time in Paris?' }], { tools: [weatherTool] });
    expect(answer).toEqual({
      content: '',
      model: 'gpt-5-2025-08-07',
      usage: { promptTokens: 291, completionTokens: 215, totalTokens: 506 },
      finishReason: 'tool_calls',
      toolCalls: [
        { id: 'call_w2dq8bHJmJ4C3Ls5Ey2Y1VAA', name: 'get_weather', arguments: { city: 'Paris', unit: 'celsius' } },
        { id: 'call_Zh0Pq9x7Ty3mB1kcRvd2fQeS', name: 'get_time', arguments: {} },
      ],
    });
  });

  it('reports an answer cut at max_output_tokens as length, and a refusal as the text', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.incompleteAnswer));
    expect(await provider().chat([{ role: 'user', content: 'Tell a story' }], { maxTokens: 40 })).toEqual({
      content: 'Once upon a',
      model: 'gpt-5-mini-2025-08-07',
      usage: { promptTokens: 12, completionTokens: 40, totalTokens: 52 },
      finishReason: 'length',
    });
    server.reply((_request, response) => sendJson(response, 200, fixtures.refusalAnswer));
    const refused = await provider().chat([{ role: 'user', content: 'Something else' }]);
    expect([refused.content, refused.finishReason]).toEqual(["I can't help with that.", 'stop']);
  });

  it('sends no Authorization header for an empty key with baseUrl, and lets headers override', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.textAnswer));
    await provider({ apiKey: '' }).chat([{ role: 'user', content: 'Hi' }]);
    expect(server.lastRequest().headers.authorization).toBeUndefined();
    await provider({ baseUrl: `${baseUrl}//`, headers: { Authorization: 'Token other', 'OpenAI-Project': 'proj_1' } }).chat([
      { role: 'user', content: 'Hi' },
    ]);
    expect(server.lastRequest().path).toBe('/v1/responses');
    expect(server.lastRequest().headers.authorization).toBe('Token other');
    expect(server.lastRequest().headers['openai-project']).toBe('proj_1');
  });
});

describe('responsesProvider stream', () => {
  it('streams text split mid-line and mid-character, then done with the usage of response.completed', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.textStream, 5), 0));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Greet me' }], { maxTokens: 20 }));
    expect(chunks).toEqual([
      { type: 'text', text: 'Grüße' },
      { type: 'text', text: ' aus 🌍' },
      {
        type: 'done',
        model: 'gpt-4.1-2025-04-14',
        finishReason: 'stop',
        usage: { promptTokens: 12, completionTokens: 4, totalTokens: 16 },
      },
    ]);
    const request = server.lastRequest();
    expect(request.headers.accept).toBe('text/event-stream');
    expect(request.json).toEqual({
      model: 'gpt-5-mini',
      input: [userInput('Greet me')],
      max_output_tokens: 20,
      store: false,
      stream: true,
    });
  });

  it('assembles function-call arguments into one chunk per call, after the text and past the reasoning item', async () => {
    server.reply((_request, response) => sendEventStream(response, bytePieces(fixtures.functionCallStream, 23), 0));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Weather and time in Zürich?' }], { tools: [weatherTool] }));
    expect(chunks).toEqual([
      { type: 'text', text: 'Let me check.' },
      { type: 'tool_call', toolCall: { id: 'call_12345xyz', name: 'get_weather', arguments: { city: 'Zürich', unit: 'celsius' } } },
      { type: 'tool_call', toolCall: { id: 'call_67890abc', name: 'get_time', arguments: { zone: 'Europe/Zurich' } } },
      {
        type: 'done',
        model: 'gpt-5-2025-08-07',
        finishReason: 'tool_calls',
        usage: { promptTokens: 90, completionTokens: 140, totalTokens: 230 },
      },
    ]);
  });

  it('hands on a tool call as soon as its item is done', async () => {
    const all = splitEvents(fixtures.functionCallStream);
    const firstDone = all.findIndex((event) => event.includes('"sequence_number":10,'));
    const release = replyInTwoParts(server, all, firstDone + 1);
    const iterator = provider()
      .stream([{ role: 'user', content: 'Weather?' }])
      [Symbol.asyncIterator]();
    expect((await iterator.next()).value).toEqual({ type: 'text', text: 'Let me check.' });
    const second = await nextWithin(iterator);
    release();
    expect(second).toMatchObject({ done: false, value: { type: 'tool_call', toolCall: { name: 'get_weather' } } });
    expect((await restOf(iterator)).map((chunk) => chunk.type)).toEqual(['tool_call', 'done']);
  });

  it('ends a stream cut at the output cap with length, leaving out the call it cut off', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.incompleteStream)));
    expect(await collect(provider().stream([{ role: 'user', content: 'Weather?' }], { maxTokens: 16 }))).toEqual([
      { type: 'text', text: 'Checking' },
      {
        type: 'done',
        model: 'gpt-5-mini-2025-08-07',
        finishReason: 'length',
        usage: { promptTokens: 30, completionTokens: 16, totalTokens: 46 },
      },
    ]);
  });

  it('turns a whole JSON answer to a streamed request into the same chunks', async () => {
    server.reply((_request, response) => sendJson(response, 200, fixtures.functionCallAnswer));
    const chunks = await collect(provider().stream([{ role: 'user', content: 'Hi' }], { tools: [weatherTool] }));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['tool_call', 'tool_call', 'done']);
    expect(chunks[2]).toEqual({
      type: 'done',
      model: 'gpt-5-2025-08-07',
      finishReason: 'tool_calls',
      usage: { promptTokens: 291, completionTokens: 215, totalTokens: 506 },
    });
  });

  it('turns an error event into llm_http_error with the status of its code', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.errorEventStream)));
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(500);
    expect(error.message).toBe(
      `responses:gpt-5-mini: an error event (server_error) in the stream from ${baseUrl}/responses: The server had an error while processing your request. Sorry about that! (retry later, or give the agent a fallbackLlm)`,
    );
  });

  it('turns response.failed into the error of the failed response', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.failedStream)));
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Hel' }]);
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(429);
    expect(error.message).toContain('an error event (rate_limit_exceeded) in the stream');
    expect(error.message).toContain('Rate limit reached for gpt-5-mini');
  });

  it('rejects a stream cut off before response.completed, a [DONE] marker notwithstanding', async () => {
    const cut = splitEvents(fixtures.textStream).slice(0, -1);
    server.reply((_request, response) => sendEventStream(response, [...cut, 'data: [DONE]\n\n']));
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks.map((chunk) => chunk.type)).toEqual(['text', 'text']);
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toBe(`responses:gpt-5-mini: the stream from ${baseUrl}/responses ended before its response.completed event`);
  });

  it('rejects an event whose data is not JSON, and arguments that are not', async () => {
    server.reply((_request, response) =>
      sendEventStream(response, ['event: response.created\ndata: {"type":"response.created","response":{"mod\n\n']),
    );
    const error = await failure(collect(provider().stream([{ role: 'user', content: 'Hi' }])));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('is not JSON');
    const broken = fixtures.functionCallStream.replaceAll('\\"celsius\\"}', '\\"celsius\\"');
    server.reply((_request, response) => sendEventStream(response, [broken]));
    const badArguments = await failure(collect(provider().stream([{ role: 'user', content: 'Hi' }])));
    expect(badArguments.code).toBe('llm_invalid_response');
    expect(badArguments.message).toContain('tool "get_weather"');
  });
});

describe('responsesProvider errors', () => {
  it('reports an HTTP error with the status and the server message', async () => {
    server.reply((_request, response) => sendJson(response, 401, fixtures.invalidKeyError));
    const error = await failure(provider({ apiKey: 'sk-wrong' }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(401);
    expect(error.message).toBe(
      `responses:gpt-5-mini: HTTP 401 from ${baseUrl}/responses: Incorrect API key provided: sk-wrong. You can find your API key at https://platform.openai.com/account/api-keys. (check apiKey and that the key may use this model)`,
    );
  });

  it('points at model and baseUrl for an unknown model', async () => {
    server.reply((_request, response) => sendJson(response, 404, fixtures.modelNotFoundError));
    const error = await failure(provider({ model: 'gpt-9' }).chat([{ role: 'user', content: 'Hi' }]));
    expect(error.status).toBe(404);
    expect(error.message).toBe(
      `responses:gpt-9: HTTP 404 from ${baseUrl}/responses: The model \`gpt-9\` does not exist or you do not have access to it. (check model and baseUrl)`,
    );
  });

  it('reports a rate limit from stream before any chunk, Retry-After header and all', async () => {
    server.reply((_request, response) =>
      response.writeHead(429, { 'content-type': 'application/json', 'retry-after': '1' }).end(fixtures.rateLimitError),
    );
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([]);
    expect(error.code).toBe('llm_http_error');
    expect(error.status).toBe(429);
    expect(error.message).toContain('Please try again in 900ms. (retry later, or give the agent a fallbackLlm)');
  });

  it('recognises an input over the context window as context_overflow, and a 500 as an outage', async () => {
    server.reply((_request, response) => sendJson(response, 400, fixtures.contextWindowError));
    const overflow = await failure(provider().chat([{ role: 'user', content: 'x'.repeat(1000) }]));
    expect(overflow.code).toBe('context_overflow');
    expect(overflow.status).toBe(400);
    expect(overflow.message).toContain('Your input exceeds the context window of this model.');
    expect(overflow.message).toContain('compact the conversation');
    server.reply((_request, response) => sendJson(response, 500, fixtures.serverError));
    const outage = await failure(provider().chat([{ role: 'user', content: 'Hi' }]));
    expect([outage.code, outage.status]).toEqual(['llm_http_error', 500]);
  });

  it('rejects an answer that is not JSON, or not a Responses answer', async () => {
    server.reply((_request, response) => sendJson(response, 200, '{"id":"resp_1","output":[{"type":"mess'));
    expect((await failure(provider().chat([{ role: 'user', content: 'Hi' }]))).code).toBe('llm_invalid_response');
    server.reply((_request, response) => sendJson(response, 200, '{"id":"chatcmpl-1","choices":[]}'));
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }]));
    expect(error.code).toBe('llm_invalid_response');
    expect(error.message).toContain('has no output array');
  });

  it('reports a connection reset, before and during a stream, as llm_network_error', async () => {
    server.reply((_request, response) => {
      response.socket?.destroy();
    });
    expect((await failure(provider().chat([{ role: 'user', content: 'Hi' }]))).code).toBe('llm_network_error');
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, upToFirstDelta(fixtures.textStream));
      response.socket?.destroy();
    });
    const { chunks, error } = await streamUntilFailure(provider().stream([{ role: 'user', content: 'Hi' }]));
    expect(chunks).toEqual([{ type: 'text', text: 'Grüße' }]);
    expect(error.code).toBe('llm_network_error');
    expect(error.message).toContain('broke while reading the answer');
  });
});

describe('responsesProvider cancellation', () => {
  it('rejects promptly with aborted when the signal fires while the server hangs', async () => {
    server.reply(() => undefined);
    const controller = new AbortController();
    const started = Date.now();
    setTimeout(() => controller.abort(new Error('the agent was canceled')), 50);
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }], { signal: controller.signal }));
    expect(error.code).toBe('aborted');
    expect(error.message).toBe('responses:gpt-5-mini: the call was aborted by its signal (the agent was canceled)');
    expect(Date.now() - started).toBeLessThan(1000);
    await server.lastRequest().closed;
  });

  it('stops reading a stream when the signal fires while the server is silent', async () => {
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, upToFirstDelta(fixtures.textStream));
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

  it("ends a stalled stream at the agent's streamIdleTimeoutMs and closes the connection", async () => {
    server.reply(async (_request, response) => {
      await sendEventStreamPart(response, upToFirstDelta(fixtures.textStream));
    });
    const started = Date.now();
    const outcome = await createSmartAgent({ llm: provider(), tools: [], llmTimeout: { streamIdleTimeoutMs: 150 } }).run('Greet me');
    expect(outcome.status).toBe('fatal');
    expect(outcome.error).toBe(
      'LLM provider "responses:gpt-5-mini" failed: responses:gpt-5-mini: the stream was silent for streamIdleTimeoutMs (150 ms); raise llmTimeout.streamIdleTimeoutMs or check the provider.',
    );
    expect(Date.now() - started).toBeLessThan(2000);
    await server.lastRequest().closed;
  });

  it('closes the connection when the consumer stops early', async () => {
    server.reply((_request, response) => sendEventStream(response, splitEvents(fixtures.textStream), 20));
    for await (const chunk of provider().stream([{ role: 'user', content: 'Hi' }])) {
      if (chunk.type === 'text') break;
    }
    await server.lastRequest().closed;
  });

  it('does not send a request when the signal is already aborted', async () => {
    const before = server.requests.length;
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }], { signal: AbortSignal.abort() }));
    expect(error.code).toBe('aborted');
    expect(server.requests.length).toBe(before);
  });
});

describe('responsesProvider options', () => {
  it('is named after the protocol and the model', () => {
    expect(responsesProvider({ apiKey: 'k', model: 'o4-mini' }).name).toBe('responses:o4-mini');
    expect(responsesProvider({ apiKey: '', model: 'gpt-oss-20b', baseUrl: 'http://127.0.0.1:8000/v1' }).name).toBe('responses:gpt-oss-20b');
  });

  it('rejects a missing key unless baseUrl is given, a missing model, and bad reasoning, store or maxTokens', () => {
    expect(() => responsesProvider({ apiKey: '', model: 'o4-mini' })).toThrow(KitAIError);
    expect(() => responsesProvider({ apiKey: '', model: 'o4-mini' })).toThrow(/^responsesProvider: apiKey must be the vendor API key/);
    const bad = (options: Record<string, unknown>) => () => responsesProvider({ apiKey: 'k', model: 'm', ...options } as never);
    expect(bad({ model: '' })).toThrow('responsesProvider: model must be a non-empty string naming the model to call, got ""');
    expect(bad({ reasoning: 'low' })).toThrow(
      'responsesProvider: reasoning must be an object with an effort such as { effort: "low" }, got "low"',
    );
    expect(bad({ reasoning: { effort: '' } })).toThrow('responsesProvider: reasoning must be an object with an effort');
    expect(bad({ store: 'no' })).toThrow('responsesProvider: store must be true or false, got "no"');
    expect(bad({ maxTokens: 0 })).toThrow('responsesProvider: maxTokens must be a positive integer number of tokens, got 0');
    expect(bad({ baseUrl: 'localhost:8000' })).toThrow('responsesProvider: baseUrl must be an absolute http or https address');
  });

  it('rejects bad call options before sending', async () => {
    const before = server.requests.length;
    const error = await failure(provider().chat([{ role: 'user', content: 'Hi' }], { maxTokens: 2.5 }));
    expect(error.code).toBe('invalid_config');
    expect(error.message).toBe('responses:gpt-5-mini: options.maxTokens must be a positive integer number of tokens, got 2.5');
    expect(server.requests.length).toBe(before);
  });
});
