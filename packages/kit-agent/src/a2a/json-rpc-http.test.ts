/**
 * The JSON-RPC layer as the wire shows it: hand-written requests for what the SDK's client never
 * sends (broken JSON, batches, old method names, a missing version header, oversized bodies), the
 * exact event-stream format, and task subscription and eviction through the handler itself.
 */
import { createKitApp, defineAPI } from '@kit/kit-core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerWithin, expectJsonRpcAnswers } from '../../../../test-support/json-rpc-answers.js';
import { createA2AHandler } from './create-a2a-handler.js';

const app = createKitApp({
  routes: {
    'GET /api/echo': defineAPI({
      description: 'Echoes a word.',
      input: z.strictObject({ word: z.string() }),
      output: z.strictObject({ word: z.string() }),
      handler: async ({ input }) => ({ word: input.word }),
    }),
  },
});
const a2a = createA2AHandler({ registry: app.registry, maxTasks: 2 });
app.mount('/a2a', ['POST'], a2a);

const headers = { 'content-type': 'application/json', 'a2a-version': '1.0' };

function post(body: string | Uint8Array<ArrayBuffer>, extra: Record<string, string> = {}): Promise<Response> {
  return app.fetch(new Request('http://localhost/a2a', { method: 'POST', headers: { ...headers, ...extra }, body }));
}

function rpc(method: string, params: unknown, id: number | string = 1): Promise<Response> {
  return post(JSON.stringify({ jsonrpc: '2.0', id, method, params }));
}

const message = (text: string) => ({ message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] } });

async function errorOf(response: Response): Promise<{ id: unknown; code: number; message: string }> {
  const body = await response.json();
  return { id: body.id, code: body.error.code, message: body.error.message };
}

describe('A2A JSON-RPC over HTTP', () => {
  it('answers what is not a JSON-RPC request with the JSON-RPC codes -32700 and -32600', async () => {
    expect(await errorOf(await post('{"jsonrpc": "2.0", '))).toMatchObject({
      id: null,
      code: -32700,
      message: expect.stringMatching(/^Parse error: the request body is not JSON/),
    });
    expect(await errorOf(await post(new Uint8Array([0x7b, 0xff, 0x7d])))).toMatchObject({
      code: -32700,
      message: expect.stringContaining('not UTF-8'),
    });
    expect(await errorOf(await post('[{"jsonrpc":"2.0","id":1,"method":"GetTask"}]'))).toMatchObject({
      code: -32600,
      message: expect.stringContaining('batches are not supported'),
    });
    expect(await errorOf(await post('"SendMessage"'))).toMatchObject({ code: -32600 });
    expect(await errorOf(await post('{"jsonrpc":"1.0","id":3,"method":"GetTask"}'))).toMatchObject({
      id: 3,
      code: -32600,
      message: 'Invalid request: jsonrpc must be "2.0".',
    });
    expect(await errorOf(await post('{"jsonrpc":"2.0","id":1.5,"method":"GetTask"}'))).toMatchObject({ id: null, code: -32600 });
    expect(await errorOf(await post('{"jsonrpc":"2.0","id":"a","params":{}}'))).toMatchObject({ id: 'a', code: -32600 });
  });

  it('names the A2A 1.0 methods when asked for another, and the 1.0 name of a 0.3 method sent as 1.0', async () => {
    expect(await errorOf(await rpc('SendMesage', message('x'), 'q'))).toEqual({
      id: 'q',
      code: -32601,
      message:
        'Method not found: "SendMesage" is not an A2A 1.0 method; use one of SendMessage, SendStreamingMessage, GetTask, ListTasks, CancelTask, SubscribeToTask, CreateTaskPushNotificationConfig, GetTaskPushNotificationConfig, ListTaskPushNotificationConfigs, DeleteTaskPushNotificationConfig, GetExtendedAgentCard.',
    });
    expect(await errorOf(await rpc('message/send', message('x'), 'r'))).toEqual({
      id: 'r',
      code: -32601,
      message:
        'Method not found: "message/send" is the A2A 0.3 name of SendMessage and the request sent A2A-Version: 1.0; call SendMessage, or leave out the A2A-Version header to speak 0.3.',
    });
  });

  it('asks a 1.0 method sent without the A2A-Version header (which means 0.3) for the header, with -32009', async () => {
    const body = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message('v') });
    const missing = await app.fetch(
      new Request('http://localhost/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body }),
    );
    expect(await errorOf(missing)).toMatchObject({
      code: -32009,
      message:
        'SendMessage is an A2A 1.0 method and the request sent no A2A-Version header, which means 0.3; send the header A2A-Version: 1.0, or call message/send, its name in 0.3.',
    });
    expect(await errorOf(await post(body, { 'a2a-version': '2.0' }))).toMatchObject({
      code: -32009,
      message: expect.stringContaining('sent A2A-Version "2.0"; send A2A-Version: 1.0, or no A2A-Version header to speak 0.3'),
    });
  });

  it('refuses bodies that are not JSON or too large, and methods other than POST', async () => {
    expect(await errorOf(await post('q=x', { 'content-type': 'application/x-www-form-urlencoded' }))).toMatchObject({
      code: -32005,
      message: expect.stringContaining('send the JSON-RPC request as application/json'),
    });
    const big = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'SendMessage', params: message('x'.repeat(70_000)) });
    const tooLarge = await post(big);
    expect(tooLarge.status).toBe(413);
    expect(await errorOf(tooLarge)).toMatchObject({
      code: -32600,
      message: 'The request body is larger than 65536 bytes; send the skill input in a smaller message.',
    });
    const streamed = new ReadableStream<Uint8Array>({
      start(controller) {
        for (let index = 0; index < 5; index += 1) controller.enqueue(new TextEncoder().encode('x'.repeat(20_000)));
        controller.close();
      },
    });
    const undeclared = await app.fetch(
      new Request('http://localhost/a2a', { method: 'POST', headers, body: streamed, duplex: 'half' } as RequestInit),
    );
    expect(undeclared.status).toBe(413);
    const get = await app.fetch(new Request('http://localhost/a2a'));
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });

  it('names the param to fix when params have the wrong shape, before the SDK decodes them', async () => {
    expect(await errorOf(await rpc('GetTask', ['t']))).toMatchObject({
      code: -32602,
      message: expect.stringMatching(/^Invalid params: params must be a JSON object/),
    });
    expect(await errorOf(await rpc('GetTask', { id: { toString: 1 } }))).toMatchObject({
      code: -32602,
      message: 'Invalid params: params.id must be a string.',
    });
    expect(
      await errorOf(await rpc('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'a' }, null] } })),
    ).toMatchObject({
      code: -32602,
      message: 'Invalid params: params.message.parts[1] must be an object such as {"text": "…"} or {"data": {…}}.',
    });
    expect(await errorOf(await rpc('SendMessage', { message: { messageId: 7, role: 'ROLE_USER', parts: [] } }))).toMatchObject({
      message: 'Invalid params: params.message.messageId must be a string.',
    });
    const many = Array.from({ length: 21 }, (_, index) => `t${index}`);
    expect(
      await errorOf(
        await rpc('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'a' }], referenceTaskIds: many } }),
      ),
    ).toMatchObject({
      message: 'Invalid params: params.message.referenceTaskIds lists 21 tasks; refer to at most 20.',
    });
    expect(
      await errorOf(
        await rpc('SendMessage', { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ text: 'a' }], referenceTaskIds: ['gone'] } }),
      ),
    ).toMatchObject({
      code: -32001,
      message: 'referenceTaskIds names task "gone", which this agent does not have (it keeps the last 2 tasks); remove it.',
    });
  });

  it('answers SendMessage with the task as protocol JSON', async () => {
    const response = await rpc(
      'SendMessage',
      { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: { word: 'hello' } }] } },
      9,
    );
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('application/json');
    const { id, result } = await response.json();
    expect(id).toBe(9);
    expect(result.task.status.state).toBe('TASK_STATE_COMPLETED');
    expect(result.task.metadata).toEqual({ skill: 'get_api_echo' });
    expect(result.task.artifacts).toEqual([
      {
        artifactId: `${result.task.id}-result`,
        name: 'get_api_echo',
        description: 'Output of GET /api/echo',
        parts: [
          { data: { word: 'hello' }, mediaType: 'application/json' },
          { text: '{"word":"hello"}', mediaType: 'text/plain' },
        ],
      },
    ]);
  });

  it('streams one JSON-RPC response per server-sent event, closing after completed', async () => {
    const response = await rpc(
      'SendStreamingMessage',
      { message: { messageId: 'm-2', role: 'ROLE_USER', parts: [{ text: 'streamed' }] } },
      'stream-1',
    );
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    expect(response.headers.get('cache-control')).toBe('no-cache');
    const raw = await response.text();
    const events = raw.split('\n\n').filter(Boolean);
    expect(events.every((event) => event.startsWith('data: '))).toBe(true);
    const results = events.map((event) => JSON.parse(event.slice('data: '.length)));
    expect(results.every((result) => result.jsonrpc === '2.0' && result.id === 'stream-1')).toBe(true);
    expect(results.map((result) => Object.keys(result.result)[0])).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    expect(results.map((result) => (result.result.task ?? result.result.statusUpdate)?.status?.state)).toEqual([
      'TASK_STATE_SUBMITTED',
      'TASK_STATE_WORKING',
      undefined,
      'TASK_STATE_COMPLETED',
    ]);
    expect(results[2].result.artifactUpdate.artifact.parts[0]).toEqual({ data: { word: 'streamed' }, mediaType: 'application/json' });
  });

  it('answers a streamed request refused before its first event as one JSON error', async () => {
    const response = await rpc(
      'SendStreamingMessage',
      { message: { messageId: 'm-3', role: 'ROLE_USER', parts: [{ data: { skill: 'get_api_echo', input: { word: 3 } } }] } },
      5,
    );
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await errorOf(response)).toMatchObject({
      id: 5,
      code: -32602,
      message: expect.stringContaining('word must be a string, got a number'),
    });
  });

  it('keeps at most maxTasks tasks, forgetting the oldest finished one', async () => {
    const ids: string[] = [];
    for (const word of ['one', 'two', 'three']) {
      const { result } = await (
        await rpc('SendMessage', { message: { messageId: `m-${word}`, role: 'ROLE_USER', parts: [{ text: word }] } })
      ).json();
      ids.push(result.task.id);
    }
    expect(await errorOf(await rpc('GetTask', { id: ids[0] }))).toMatchObject({ code: -32001 });
    const kept = await (await rpc('GetTask', { id: ids[2] })).json();
    expect(kept.result.artifacts[0].parts[0].data).toEqual({ word: 'three' });
    const listed = await (await rpc('ListTasks', {})).json();
    expect(listed.result.tasks.map((task: { id: string }) => task.id).sort()).toEqual([ids[1], ids[2]].sort());
  });

  it('refuses push notifications and the extended card, which this agent does not offer', async () => {
    expect(await errorOf(await rpc('CreateTaskPushNotificationConfig', { taskId: 't', url: 'https://example.com/hook' }))).toMatchObject({
      code: -32003,
    });
    expect(await errorOf(await rpc('GetExtendedAgentCard', {}))).toMatchObject({ code: -32004 });
    expect(await errorOf(await rpc('SubscribeToTask', { id: 'missing' }))).toMatchObject({ code: -32001 });
  });

  it('answers any body, any method and any params with a JSON-RPC response, never a 5xx or a hang', async () => {
    const params = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          message: fc.record(
            {
              messageId: fc.string(),
              role: fc.constantFrom('ROLE_USER', 'ROLE_AGENT', 7),
              parts: fc.array(fc.oneof(fc.record({ text: fc.string() }), fc.record({ data: fc.jsonValue() }), fc.jsonValue()), {
                maxLength: 3,
              }),
            },
            { requiredKeys: [] },
          ),
          id: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    const body = fc.oneof(
      fc.string(),
      fc.jsonValue().map((value) => JSON.stringify(value)),
      fc
        .record({
          jsonrpc: fc.constant('2.0'),
          id: fc.oneof(fc.integer(), fc.string()),
          method: fc.constantFrom(
            'SendMessage',
            'SendStreamingMessage',
            'GetTask',
            'ListTasks',
            'CancelTask',
            'SubscribeToTask',
            'GetExtendedAgentCard',
          ),
          params,
        })
        .map((value) => JSON.stringify(value)),
    );
    await fc.assert(
      fc.asyncProperty(body, async (text) => {
        await expectJsonRpcAnswers(await answerWithin(post(text)));
      }),
      { numRuns: 300 },
    );
  });
});
