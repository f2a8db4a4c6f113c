/**
 * A2A 0.3 clients against a kit app on loopback: the SDK's own 0.3 transport (what a 1.0 client
 * with the compatibility layer uses for a 0.3 agent), and requests written byte for byte as a 0.3
 * client sends them (no A2A-Version header, `kind` on every object, slash method names), checking
 * the 0.3 shapes of the answers. The 1.0 client keeps working on the same endpoint.
 */
import { Role, TaskState, type Part, type SendMessageRequest, type StreamResponse, type Task } from '@a2a-js/sdk';
import { Client, ClientFactory } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { TaskNotCancelableError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import { createKitApp, defineAPI, definePolicy, type KitServer } from '@kit/kit-core';
import fc from 'fast-check';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { answerWithin, expectJsonRpcAnswers } from '../../../../test-support/json-rpc-answers.js';
import { generateAgentCard } from './agent-card.js';
import { createA2AHandler } from './create-a2a-handler.js';

const app = createKitApp({
  policies: [
    definePolicy({
      key: 'humans-only',
      title: 'Only people may open tickets',
      effect: 'deny',
      check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents may not open tickets' }),
    }),
  ],
  routes: {
    'GET /api/search': defineAPI({
      description: 'Searches the tickets.',
      input: z.strictObject({ q: z.string().min(1), limit: z.number().int().min(1).max(10, 'must be at most 10').default(2) }),
      output: z.strictObject({ hits: z.array(z.string()) }),
      handler: async ({ input }) => ({ hits: Array.from({ length: input.limit }, (_, index) => `${input.q} #${index + 1}`) }),
    }),
    'POST /api/tickets': defineAPI({
      description: 'Opens a ticket.',
      capability: 'write',
      policy: 'humans-only',
      input: z.strictObject({ title: z.string() }),
      handler: async ({ input }) => ({ id: 1, title: input.title }),
    }),
  },
});
app.mount('/a2a', ['POST'], createA2AHandler({ registry: app.registry, textSkill: 'get_api_search' }));
app.get('/.well-known/agent-card.json', (request) =>
  Response.json(
    generateAgentCard({
      registry: app.registry,
      name: 'helpdesk',
      description: 'Tickets.',
      url: new URL('/a2a', request.url).href,
      version: '1.0.0',
    }),
  ),
);

let server: KitServer;
let base: string;
let legacy: Client;
const timeout = () => ({ signal: AbortSignal.timeout(5_000) });

beforeAll(async () => {
  server = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
  // A 0.3 client asks for the card without a version header and reads the endpoint from its `url`.
  const card = (await (await fetch(`${base}/.well-known/agent-card.json`)).json()) as { url: string };
  legacy = new Client(new LegacyJsonRpcTransport({ endpoint: card.url }), parseLegacyAgentCard(card));
});
afterAll(() => server?.close());

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

function send(parts: Part[]): SendMessageRequest {
  return {
    tenant: '',
    message: {
      messageId: randomUUID(),
      contextId: '',
      taskId: '',
      role: Role.ROLE_USER,
      parts,
      metadata: undefined,
      extensions: [],
      referenceTaskIds: [],
    },
    configuration: undefined,
    metadata: undefined,
  };
}

async function task(client: Client, parts: Part[]): Promise<Task> {
  const result = await client.sendMessage(send(parts), timeout());
  if (!('id' in result)) throw new Error('expected a task, got a message');
  return result;
}

function output(of: Task): unknown {
  const part = of.artifacts[0]?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

async function failure(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

/** POSTs a body exactly as written, with the headers a 0.3 client sends (no A2A-Version). */
function post03(body: string, accept = 'application/json'): Promise<Response> {
  return fetch(`${base}/a2a`, { method: 'POST', headers: { 'Content-Type': 'application/json', Accept: accept }, body });
}

describe('A2A 0.3 clients', () => {
  it('find the endpoint in the 0.3 fields of the card, which also lists it for 1.0', async () => {
    const card = await (await fetch(`${base}/.well-known/agent-card.json`)).json();
    expect(card).toMatchObject({
      url: `${base}/a2a`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      capabilities: { streaming: true },
    });
    expect(card.supportedInterfaces.map((entry: { protocolVersion: string }) => entry.protocolVersion)).toEqual(['1.0', '0.3']);
    expect(legacy.protocolVersion).toBe('0.3');
  });

  it('run a skill with the SDK 0.3 transport: plain text, a data-part envelope, streaming, get and cancel', async () => {
    const searched = await task(legacy, [text('printer')]);
    expect(searched.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(output(searched)).toEqual({ hits: ['printer #1', 'printer #2'] });
    expect(output(await task(legacy, [data({ skill: 'get_api_search', input: { q: 'jam', limit: 1 } })]))).toEqual({ hits: ['jam #1'] });

    const events: StreamResponse[] = [];
    for await (const event of legacy.sendMessageStream(send([text('streamed')]), timeout())) events.push(event);
    expect(events.map((event) => event.payload?.$case)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const last = events.at(-1)?.payload;
    expect(last?.$case === 'statusUpdate' && last.value.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);

    const got = await legacy.getTask({ tenant: '', id: searched.id, historyLength: undefined }, timeout());
    expect(output(got)).toEqual({ hits: ['printer #1', 'printer #2'] });
    expect(await failure(legacy.cancelTask({ tenant: '', id: searched.id, metadata: undefined }, timeout()))).toBeInstanceOf(
      TaskNotCancelableError,
    );
    expect(await failure(legacy.getTask({ tenant: '', id: 'no-such-task', historyLength: undefined }, timeout()))).toBeInstanceOf(
      TaskNotFoundError,
    );
  });

  it('hear refusals as 0.3 errors and policy outcomes as task states', async () => {
    const invalid = await failure(task(legacy, [data({ skill: 'get_api_search', input: { q: 'x', limit: 50 } })]));
    expect(invalid.message).toContain('Skill get_api_search: Invalid input: limit must be at most 10');
    const rejected = await task(legacy, [data({ skill: 'post_api_tickets', input: { title: 'Broken' } })]);
    expect(rejected.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
  });

  it('get 0.3 shapes for requests written as a 0.3 client writes them', async () => {
    const sent = await post03(
      '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"0d5c7a52-legacy-1","role":"user","parts":[{"kind":"text","text":"toner"}]}},"id":1}',
    );
    expect(sent.status).toBe(200);
    expect(sent.headers.get('content-type')).toBe('application/json');
    const { id, result } = await sent.json();
    expect(id).toBe(1);
    expect(result).toMatchObject({
      kind: 'task',
      status: { state: 'completed' },
      metadata: { skill: 'get_api_search' },
      artifacts: [
        {
          artifactId: `${result.id}-result`,
          name: 'get_api_search',
          parts: [
            { kind: 'data', data: { hits: ['toner #1', 'toner #2'] } },
            { kind: 'text', text: '{"hits":["toner #1","toner #2"]}' },
          ],
        },
      ],
    });
    expect(result.history[0]).toMatchObject({
      kind: 'message',
      messageId: '0d5c7a52-legacy-1',
      role: 'user',
      parts: [{ kind: 'text', text: 'toner' }],
    });

    const got = await (
      await post03(`{"jsonrpc":"2.0","method":"tasks/get","params":{"id":"${result.id}","historyLength":0},"id":"get-1"}`)
    ).json();
    expect(got).toMatchObject({ jsonrpc: '2.0', id: 'get-1', result: { kind: 'task', id: result.id, status: { state: 'completed' } } });

    const streamed = await post03(
      '{"jsonrpc":"2.0","method":"message/stream","params":{"message":{"kind":"message","messageId":"0d5c7a52-legacy-2","role":"user","parts":[{"kind":"data","data":{"skill":"get_api_search","input":{"q":"fuser","limit":1}}}]},"configuration":{"acceptedOutputModes":["application/json"]}},"id":2}',
      'text/event-stream',
    );
    expect(streamed.headers.get('content-type')).toBe('text/event-stream');
    const events = (await streamed.text())
      .split('\n\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(events.every((event) => event.jsonrpc === '2.0' && event.id === 2)).toBe(true);
    expect(events.map((event) => event.result.kind)).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    expect(events.map((event) => event.result.status?.state)).toEqual(['submitted', 'working', undefined, 'completed']);
    expect(events.map((event) => event.result.final)).toEqual([undefined, false, undefined, true]);
    expect(events[2].result.artifact.parts).toEqual([{ kind: 'data', data: { hits: ['fuser #1'] } }]);
  });

  it('wait for the result of a 0.3 message whose configuration leaves out blocking, as 0.3 servers did', async () => {
    const { result } = await (
      await post03(
        '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"0d5c7a52-legacy-3","role":"user","parts":[{"kind":"text","text":"drum"}]},"configuration":{"acceptedOutputModes":["text/plain"]}},"id":3}',
      )
    ).json();
    expect(result.status.state).toBe('completed');
    expect(result.artifacts[0].parts).toEqual([{ kind: 'text', text: '{"hits":["drum #1","drum #2"]}' }]);
    const early = await (
      await post03(
        '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"0d5c7a52-legacy-4","role":"user","parts":[{"kind":"text","text":"drum"}]},"configuration":{"blocking":false}},"id":4}',
      )
    ).json();
    expect(early.result.status.state).toBe('submitted');
  });

  it('hear which field to fix, in 0.3 terms, for a malformed 0.3 request', async () => {
    const body = (parts: string) =>
      `{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"m","role":"user","parts":${parts}}},"id":5}`;
    expect((await (await post03(body('[{"text":"no kind"}]'))).json()).error).toEqual({
      code: -32602,
      message: 'Invalid params: params.message.parts[0].kind must be "text", "data" or "file", got nothing.',
    });
    expect((await (await post03(body('[{"kind":"data","data":{"skill":"nope"}}]'))).json()).error).toMatchObject({
      code: -32602,
      message: expect.stringContaining('Unknown skill "nope"'),
    });
    expect((await (await post03('{"jsonrpc":"2.0","method":"tasks/list","params":{},"id":6}')).json()).error).toMatchObject({
      code: -32601,
      message: expect.stringContaining('is not an A2A 0.3 method'),
    });
  });

  it('leave the 1.0 client working on the same endpoint and card', async () => {
    const current = await new ClientFactory().createFromUrl(base);
    expect(current.protocolVersion).toBe('1.0');
    expect(output(await task(current, [text('paper')]))).toEqual({ hits: ['paper #1', 'paper #2'] });
  });

  it('get a JSON-RPC answer to any 0.3 request, never a 5xx or a hang', async () => {
    const part = fc.oneof(
      fc.record(
        {
          kind: fc.constantFrom('text', 'data', 'file', 'other'),
          text: fc.oneof(fc.string(), fc.integer()),
          data: fc.jsonValue(),
          file: fc.jsonValue(),
        },
        { requiredKeys: [] },
      ),
      fc.jsonValue(),
    );
    const params = fc.oneof(
      fc.jsonValue(),
      fc.record(
        {
          message: fc.record(
            {
              kind: fc.constant('message'),
              messageId: fc.string(),
              role: fc.constantFrom('user', 'agent', 'ROLE_USER', 7),
              parts: fc.array(part, { maxLength: 3 }),
            },
            { requiredKeys: [] },
          ),
          configuration: fc.jsonValue(),
          id: fc.string(),
        },
        { requiredKeys: [] },
      ),
    );
    const methods = [
      'message/send',
      'message/stream',
      'tasks/get',
      'tasks/cancel',
      'tasks/resubscribe',
      'tasks/pushNotificationConfig/set',
      'tasks/pushNotificationConfig/get',
      'tasks/pushNotificationConfig/list',
      'tasks/pushNotificationConfig/delete',
      'agent/getAuthenticatedExtendedCard',
    ];
    const body = fc
      .record({ jsonrpc: fc.constant('2.0'), id: fc.oneof(fc.integer(), fc.string()), method: fc.constantFrom(...methods), params })
      .map((value) => JSON.stringify(value));
    await fc.assert(
      fc.asyncProperty(body, async (written) => {
        const response = await answerWithin(
          app.fetch(
            new Request('http://localhost/a2a', { method: 'POST', headers: { 'content-type': 'application/json' }, body: written }),
          ),
        );
        for (const message of await expectJsonRpcAnswers(response)) {
          expect(String(message.error?.message ?? '')).not.toMatch(/Cannot read|undefined is not|TypeError/);
        }
      }),
      { numRuns: 300 },
    );
  });
});
