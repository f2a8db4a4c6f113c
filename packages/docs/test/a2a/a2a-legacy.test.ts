/**
 * kit docs answering A2A 0.3 clients, which most agents in the field still are: the SDK's 0.3
 * transport found through the card's 0.3 fields, and requests written byte for byte as a 0.3 client
 * sends them (`message/send`, `message/stream`, `tasks/get`, no A2A-Version header), with answers in
 * 0.3 shapes equal to what the HTTP API gives. The 1.0 client is covered by a2a.test.ts.
 */
import { Role, TaskState, type Part, type SendMessageRequest, type StreamResponse, type Task } from '@a2a-js/sdk';
import { Client } from '@a2a-js/sdk/client';
import { LegacyJsonRpcTransport, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { RequestMalformedError } from '@a2a-js/sdk/errors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { startService, type RunningService } from '../support/start-service.js';

let running: RunningService;
let client: Client;
const timeout = () => ({ signal: AbortSignal.timeout(5_000) });

beforeAll(async () => {
  running = await startService();
  // A 0.3 client reads the card without a version header and calls the `url` it names.
  const card = (await sendRaw(`${running.baseUrl}/.well-known/agent.json`)).json();
  client = new Client(new LegacyJsonRpcTransport({ endpoint: card.url }), parseLegacyAgentCard(card));
});
afterAll(() => running?.stop());

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

function message(parts: Part[]): SendMessageRequest {
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

function output(task: Task): unknown {
  const part = task.artifacts[0]?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

/** A body exactly as written, with the headers of a 0.3 client: JSON, and no A2A-Version. */
function post03(body: string, accept = 'application/json') {
  return sendRaw(`${running.baseUrl}/a2a`, { method: 'POST', body, headers: { 'content-type': 'application/json', accept } });
}

describe('kit docs over A2A 0.3', () => {
  it('announces the endpoint in the 0.3 fields of the card a 0.3 client reads', async () => {
    const card = (await sendRaw(`${running.baseUrl}/.well-known/agent-card.json`)).json();
    expect(card).toMatchObject({
      url: `${running.baseUrl}/a2a`,
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      supportsAuthenticatedExtendedCard: false,
    });
    expect(client.protocolVersion).toBe('0.3');
  });

  it('answers the SDK 0.3 transport: a question in plain text, a skill by name, a stream', async () => {
    const searched = await client.sendMessage(message([text('how do I resume a paused run')]), timeout());
    expect('id' in searched && searched.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(output(searched as Task)).toEqual((await sendRaw(`${running.baseUrl}/api/search?q=how+do+I+resume+a+paused+run`)).json());
    const docs = await client.sendMessage(
      message([data({ skill: 'get_api_docs', input: { slug: 'core-concepts', section: 'defineAPI' } })]),
      timeout(),
    );
    expect(output(docs as Task)).toEqual((await sendRaw(`${running.baseUrl}/api/docs?slug=core-concepts&section=defineAPI`)).json());
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(message([text('token budgets')]), timeout())) events.push(event);
    expect(events.map((event) => event.payload?.$case)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const invalid = await client
      .sendMessage(message([data({ skill: 'get_api_search', input: { q: 'x', limit: 99 } })]), timeout())
      .catch((error: unknown) => error);
    expect(invalid).toBeInstanceOf(RequestMalformedError);
    expect((invalid as Error).message).toContain('limit must be at most 50');
  });

  it('answers message/send, tasks/get and message/stream written as a 0.3 client writes them, in 0.3 shapes', async () => {
    const http = (await sendRaw(`${running.baseUrl}/api/search?q=rate+limits`)).json();
    const sent = await post03(
      '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"9f1e-legacy-1","role":"user","parts":[{"kind":"text","text":"rate limits"}]}},"id":1}',
    );
    expect(sent.status).toBe(200);
    const { result } = sent.json();
    expect(result).toMatchObject({ kind: 'task', status: { state: 'completed' }, metadata: { skill: 'get_api_search' } });
    expect(result.artifacts[0].parts[0]).toEqual({ kind: 'data', data: http });

    const got = (await post03(`{"jsonrpc":"2.0","method":"tasks/get","params":{"id":"${result.id}"},"id":2}`)).json();
    expect(got).toMatchObject({ jsonrpc: '2.0', id: 2, result: { kind: 'task', id: result.id, status: { state: 'completed' } } });

    const streamed = await post03(
      '{"jsonrpc":"2.0","method":"message/stream","params":{"message":{"kind":"message","messageId":"9f1e-legacy-2","role":"user","parts":[{"kind":"data","data":{"skill":"get_api_search","input":{"q":"rate limits"}}}]}},"id":3}',
      'text/event-stream',
    );
    expect(streamed.headers['content-type']).toBe('text/event-stream');
    const events = streamed.text
      .split('\n\n')
      .filter(Boolean)
      .map((event) => JSON.parse(event.replace(/^data: /, '')));
    expect(events.map((event) => event.result.kind)).toEqual(['task', 'status-update', 'artifact-update', 'status-update']);
    expect(events.at(-1).result).toMatchObject({ status: { state: 'completed' }, final: true });
    expect(events[2].result.artifact.parts[0]).toEqual({ kind: 'data', data: http });
  });
});
