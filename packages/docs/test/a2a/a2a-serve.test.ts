/**
 * The A2A surface of `kit-docs serve` (the real server with its listener): the client works through
 * the response cache, timeouts and metrics; the card is open to every origin; `/a2a` is guarded
 * against DNS rebinding as `/mcp` is, and measured under its own route label.
 */
import { Role, TaskState } from '@a2a-js/sdk';
import { ClientFactory } from '@a2a-js/sdk/client';
import { describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { serverForSuite } from '../ops/support.js';

const sendMessage = (text: string, method = 'SendMessage') =>
  JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: { message: { messageId: `m-${text}`, role: 'ROLE_USER', parts: [{ text }] } } });
const a2aHeaders = { 'content-type': 'application/json', 'a2a-version': '1.0' };

describe('A2A on kit-docs serve', () => {
  const server = serverForSuite();

  it('answers the official client, blocking and streamed, through the whole server', async () => {
    const client = await new ClientFactory().createFromUrl(server.base, '/.well-known/agent.json');
    const request = {
      tenant: '',
      message: {
        messageId: 'm-serve',
        contextId: '',
        taskId: '',
        role: Role.ROLE_USER,
        parts: [{ content: { $case: 'text' as const, value: 'rate limits' }, metadata: undefined, filename: '', mediaType: '' }],
        metadata: undefined,
        extensions: [],
        referenceTaskIds: [],
      },
      configuration: undefined,
      metadata: undefined,
    };
    const result = await client.sendMessage(request, { signal: AbortSignal.timeout(5_000) });
    expect('id' in result && result.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const kinds: string[] = [];
    for await (const event of client.sendMessageStream(
      { ...request, message: { ...request.message, messageId: 'm-serve-2' } },
      { signal: AbortSignal.timeout(5_000) },
    ))
      kinds.push(event.payload?.$case ?? '');
    expect(kinds).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
  });

  it('answers a 0.3 client, which sends no A2A-Version header and 0.3 method names, through the whole server', async () => {
    const body =
      '{"jsonrpc":"2.0","method":"message/send","params":{"message":{"kind":"message","messageId":"m-serve-03","role":"user","parts":[{"kind":"text","text":"rate limits"}]}},"id":7}';
    const answer = await sendRaw(`${server.base}/a2a`, { method: 'POST', body, headers: { 'content-type': 'application/json' } });
    expect(answer.status).toBe(200);
    expect(answer.json()).toMatchObject({ jsonrpc: '2.0', id: 7, result: { kind: 'task', status: { state: 'completed' } } });
    expect((await sendRaw(`${server.base}/.well-known/agent.json`)).json().url).toBe(`${server.base}/a2a`);
  });

  it('lets any origin read the agent card, as it does the API', async () => {
    const card = await sendRaw(`${server.base}/.well-known/agent.json`, { headers: { origin: 'https://agents.example' } });
    expect(card.status).toBe(200);
    expect(card.headers['access-control-allow-origin']).toBe('*');
    expect(card.json().supportedInterfaces[0].url).toBe(`${server.base}/a2a`);
    const preflight = await sendRaw(`${server.base}/.well-known/agent-card.json`, {
      method: 'OPTIONS',
      headers: { origin: 'https://agents.example', 'access-control-request-method': 'GET' },
    });
    expect(preflight.status).toBe(204);
  });

  it('guards /a2a against DNS rebinding as it guards /mcp', async () => {
    const allowed = await sendRaw(`${server.base}/a2a`, {
      method: 'POST',
      body: sendMessage('guard'),
      headers: { ...a2aHeaders, host: `localhost:${server.port}` },
    });
    expect(allowed.status).toBe(200);
    expect(allowed.json().result.task.status.state).toBe('TASK_STATE_COMPLETED');
    const otherHost = await sendRaw(`${server.base}/a2a`, {
      method: 'POST',
      body: sendMessage('guard'),
      headers: { ...a2aHeaders, host: 'rebound.example' },
    });
    expect(otherHost.status).toBe(403);
    expect(otherHost.json().detail).toBe('Host "rebound.example" is not allowed to reach /a2a; add it with --allowed-hosts.');
    const otherOrigin = await sendRaw(`${server.base}/a2a`, {
      method: 'POST',
      body: sendMessage('guard'),
      headers: { ...a2aHeaders, origin: 'http://rebound.example' },
    });
    expect(otherOrigin.status).toBe(403);
    expect(otherOrigin.json().detail).toBe('Origin "http://rebound.example" is not allowed to reach /a2a.');
  });

  it('refuses a body over the A2A limit with a JSON-RPC error, and one over the server limit before reading it', async () => {
    const large = await sendRaw(`${server.base}/a2a`, { method: 'POST', body: sendMessage('x'.repeat(100_000)), headers: a2aHeaders });
    expect(large.status).toBe(413);
    expect(large.json().error).toMatchObject({
      code: -32600,
      message: 'The request body is larger than 65536 bytes; send the skill input in a smaller message.',
    });
    const huge = await sendRaw(`${server.base}/a2a`, {
      method: 'POST',
      body: sendMessage('x'.repeat(2 * 1024 * 1024)),
      headers: a2aHeaders,
    });
    expect(huge.status).toBe(413);
    expect(huge.headers['content-type']).toMatch(/^application\/problem\+json/);
  });

  it('measures /a2a and the card under their own route labels', async () => {
    await sendRaw(`${server.base}/a2a`, { method: 'POST', body: sendMessage('metrics'), headers: a2aHeaders });
    await sendRaw(`${server.base}/.well-known/agent.json`);
    const metrics = (await sendRaw(`${server.base}/metrics`)).text;
    expect(metrics).toMatch(/kit_docs_http_requests_total\{route="\/a2a",method="POST",status="200"\} \d+/);
    expect(metrics).toMatch(/kit_docs_http_requests_total\{route="\/\.well-known\/agent\.json",method="GET",status="200"\} \d+/);
  });
});
