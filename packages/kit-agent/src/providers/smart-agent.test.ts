/**
 * Each provider driving a real smart agent against local servers that speak its protocol: the
 * model first calls a tool natively, then answers with the tool's result.
 */
import { createSmartAgent, type AgentTool, type LLMProvider } from '@kit/kit-ai';
import type { ServerResponse } from 'node:http';
import { describe, expect, it } from 'vitest';
import { chatCompletionsProvider } from './chat-completions/provider.js';
import { messagesProvider } from './messages/provider.js';
import { responsesProvider } from './responses/provider.js';
import { bytePieces, sendEventStream, sendJson, useWireServer, type RecordedRequest } from './testing/wire-server.js';

const server = useWireServer();

/** One scripted turn of the model: a tool call, or a final text. */
type Turn = { kind: 'call'; id: string; name: string; args: Record<string, unknown> } | { kind: 'text'; text: string };

const turns: Turn[] = [
  { kind: 'call', id: 'call_1', name: 'lookup_order', args: { orderId: 'A7' } },
  { kind: 'text', text: 'Order A7 has shipped to Zürich.' },
];

function chatCompletionsAnswer(response: ServerResponse, turn: Turn, stream: boolean): Promise<void> | void {
  const head = { id: 'chatcmpl-1', object: stream ? 'chat.completion.chunk' : 'chat.completion', created: 1, model: 'local-model' };
  const usage = { prompt_tokens: 50, completion_tokens: 10, total_tokens: 60 };
  if (!stream) {
    const message =
      turn.kind === 'call'
        ? {
            role: 'assistant',
            content: null,
            tool_calls: [{ id: turn.id, type: 'function', function: { name: turn.name, arguments: JSON.stringify(turn.args) } }],
          }
        : { role: 'assistant', content: turn.text };
    return sendJson(
      response,
      200,
      JSON.stringify({ ...head, choices: [{ index: 0, message, finish_reason: turn.kind === 'call' ? 'tool_calls' : 'stop' }], usage }),
    );
  }
  const chunk = (delta: unknown, finish: string | null) =>
    `data: ${JSON.stringify({ ...head, choices: [{ index: 0, delta, finish_reason: finish }] })}\n\n`;
  const events =
    turn.kind === 'call'
      ? [
          chunk(
            {
              role: 'assistant',
              content: null,
              tool_calls: [{ index: 0, id: turn.id, type: 'function', function: { name: turn.name, arguments: '' } }],
            },
            null,
          ),
          ...JSON.stringify(turn.args)
            .match(/.{1,5}/g)!
            .map((piece) => chunk({ tool_calls: [{ index: 0, function: { arguments: piece } }] }, null)),
          chunk({}, 'tool_calls'),
        ]
      : [
          chunk({ role: 'assistant', content: '' }, null),
          ...turn.text.split(' ').map((word, index) => chunk({ content: index === 0 ? word : ` ${word}` }, null)),
          chunk({}, 'stop'),
        ];
  events.push(`data: ${JSON.stringify({ ...head, choices: [], usage })}\n\n`, 'data: [DONE]\n\n');
  return sendEventStream(response, bytePieces(events.join(''), 97), 0);
}

function messagesAnswer(response: ServerResponse, turn: Turn, stream: boolean): Promise<void> | void {
  const stopReason = turn.kind === 'call' ? 'tool_use' : 'end_turn';
  if (!stream) {
    const content =
      turn.kind === 'call' ? [{ type: 'tool_use', id: turn.id, name: turn.name, input: turn.args }] : [{ type: 'text', text: turn.text }];
    return sendJson(
      response,
      200,
      JSON.stringify({
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        model: 'local-model',
        content,
        stop_reason: stopReason,
        stop_sequence: null,
        usage: { input_tokens: 50, output_tokens: 10 },
      }),
    );
  }
  const event = (name: string, data: unknown) => `event: ${name}\ndata: ${JSON.stringify(data)}\n\n`;
  const block =
    turn.kind === 'call'
      ? [
          event('content_block_start', {
            type: 'content_block_start',
            index: 0,
            content_block: { type: 'tool_use', id: turn.id, name: turn.name, input: {} },
          }),
          ...JSON.stringify(turn.args)
            .match(/.{1,5}/g)!
            .map((piece) =>
              event('content_block_delta', {
                type: 'content_block_delta',
                index: 0,
                delta: { type: 'input_json_delta', partial_json: piece },
              }),
            ),
        ]
      : [
          event('content_block_start', { type: 'content_block_start', index: 0, content_block: { type: 'text', text: '' } }),
          ...turn.text.split(' ').map((word, index) =>
            event('content_block_delta', {
              type: 'content_block_delta',
              index: 0,
              delta: { type: 'text_delta', text: index === 0 ? word : ` ${word}` },
            }),
          ),
        ];
  const events = [
    event('message_start', {
      type: 'message_start',
      message: {
        id: 'msg_1',
        type: 'message',
        role: 'assistant',
        content: [],
        model: 'local-model',
        stop_reason: null,
        stop_sequence: null,
        usage: { input_tokens: 50, output_tokens: 1 },
      },
    }),
    event('ping', { type: 'ping' }),
    ...block,
    event('content_block_stop', { type: 'content_block_stop', index: 0 }),
    event('message_delta', {
      type: 'message_delta',
      delta: { stop_reason: stopReason, stop_sequence: null },
      usage: { output_tokens: 10 },
    }),
    event('message_stop', { type: 'message_stop' }),
  ];
  return sendEventStream(response, bytePieces(events.join(''), 97), 0);
}

function responsesAnswer(response: ServerResponse, turn: Turn, stream: boolean): Promise<void> | void {
  const item =
    turn.kind === 'call'
      ? { id: 'fc_1', type: 'function_call', status: 'completed', arguments: JSON.stringify(turn.args), call_id: turn.id, name: turn.name }
      : {
          id: 'msg_1',
          type: 'message',
          status: 'completed',
          role: 'assistant',
          content: [{ type: 'output_text', annotations: [], text: turn.text }],
        };
  const whole = {
    id: 'resp_1',
    object: 'response',
    status: 'completed',
    error: null,
    incomplete_details: null,
    model: 'local-model',
    output: [{ id: 'rs_1', type: 'reasoning', summary: [] }, item],
    usage: { input_tokens: 50, output_tokens: 10, total_tokens: 60 },
  };
  if (!stream) return sendJson(response, 200, JSON.stringify(whole));
  let sequence = 0;
  const event = (type: string, data: Record<string, unknown>) =>
    `event: ${type}\ndata: ${JSON.stringify({ type, sequence_number: sequence++, ...data })}\n\n`;
  const opened = turn.kind === 'call' ? { ...item, status: 'in_progress', arguments: '' } : { ...item, status: 'in_progress', content: [] };
  const pieces =
    turn.kind === 'call'
      ? JSON.stringify(turn.args)
          .match(/.{1,5}/g)!
          .map((piece) => event('response.function_call_arguments.delta', { item_id: item.id, output_index: 1, delta: piece }))
      : turn.text.split(' ').map((word, index) =>
          event('response.output_text.delta', {
            item_id: item.id,
            output_index: 1,
            content_index: 0,
            delta: index === 0 ? word : ` ${word}`,
          }),
        );
  const events = [
    event('response.created', { response: { ...whole, status: 'in_progress', output: [], usage: null } }),
    event('response.output_item.added', { output_index: 0, item: whole.output[0] }),
    event('response.output_item.done', { output_index: 0, item: whole.output[0] }),
    event('response.output_item.added', { output_index: 1, item: opened }),
    ...pieces,
    event('response.output_item.done', { output_index: 1, item }),
    event('response.completed', { response: whole }),
  ];
  return sendEventStream(response, bytePieces(events.join(''), 97), 0);
}

const cases: { name: string; make: () => LLMProvider; answer: typeof chatCompletionsAnswer; path: string }[] = [
  {
    name: 'chatCompletionsProvider',
    make: () => chatCompletionsProvider({ apiKey: 'k', model: 'local-model', baseUrl: `${server.url}/v1` }),
    answer: chatCompletionsAnswer,
    path: '/v1/chat/completions',
  },
  {
    name: 'messagesProvider',
    make: () => messagesProvider({ apiKey: 'k', model: 'local-model', baseUrl: server.url }),
    answer: messagesAnswer,
    path: '/v1/messages',
  },
  {
    name: 'responsesProvider',
    make: () => responsesProvider({ apiKey: 'k', model: 'local-model', baseUrl: `${server.url}/v1` }),
    answer: responsesAnswer,
    path: '/v1/responses',
  },
];

const modes = [
  { mode: 'stream', streamed: true },
  { mode: 'chat', streamed: false },
] as const;

describe.each(cases)('createSmartAgent on $name', ({ make, answer, path }) => {
  it.each(modes)('calls a tool natively, then completes with the final answer ($mode)', async ({ streamed }) => {
    const before = server.requests.length;
    server.reply((request: RecordedRequest, response) => {
      const index = server.requests.slice(before).indexOf(request);
      const turn = turns[Math.min(index, turns.length - 1)] as Turn;
      const body = request.json as { stream?: boolean };
      return answer(response, turn, body.stream === true);
    });
    const seenArgs: unknown[] = [];
    const lookupOrder: AgentTool = {
      name: 'lookup_order',
      description: 'Finds an order by its id.',
      parameters: { type: 'object', properties: { orderId: { type: 'string' } }, required: ['orderId'], additionalProperties: false },
      execute: async (args) => {
        seenArgs.push(args);
        return { orderId: args.orderId, status: 'shipped', city: 'Zürich' };
      },
    };
    const provider = make();
    // Without `stream`, the loop falls back to `chat`.
    const llm: LLMProvider = streamed ? provider : { name: provider.name, chat: (messages, options) => provider.chat(messages, options) };
    const agent = createSmartAgent({ llm, tools: [lookupOrder], maxIterations: 4 });
    const result = await agent.run('Where is order A7?');

    expect(result.status).toBe('completed');
    expect(result.result).toBe('Order A7 has shipped to Zürich.');
    expect(result.iterations).toBe(2);
    expect(seenArgs).toEqual([{ orderId: 'A7' }]);
    expect(result.toolCalls).toHaveLength(1);
    expect(result.toolCalls[0]).toMatchObject({ tool: 'lookup_order', args: { orderId: 'A7' }, status: 'success' });

    const requests = server.requests.slice(before);
    expect(requests).toHaveLength(2);
    for (const request of requests) {
      expect(request.path).toBe(path);
      expect((request.json as { stream?: boolean }).stream === true).toBe(streamed);
    }
    // The tool went to the model natively, and its result came back in the second request.
    const first = JSON.stringify(requests[0]?.json);
    expect(first).toContain('lookup_order');
    expect(first).toContain('Finds an order by its id.');
    const second = JSON.stringify(requests[1]?.json);
    expect(second).toContain('shipped');
    expect(second).toContain('Where is order A7?');
  });
});
