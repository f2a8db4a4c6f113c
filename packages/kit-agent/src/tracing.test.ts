import { createKitApp, defineAPI } from '@kit/kit-core';
import { SpanKind, SpanStatusCode } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { isChildOf, recordSpansInTests } from '../../../test-support/tracing.js';
import { createA2AHandler } from './a2a/create-a2a-handler.js';
import { createMcpServer } from './mcp/create-mcp-server.js';

const app = createKitApp({
  routes: {
    'GET /api/search': defineAPI({
      description: 'Searches the tickets.',
      input: z.strictObject({ q: z.string().min(1) }),
      output: z.strictObject({ hits: z.array(z.string()) }),
      handler: async ({ input }) => ({ hits: [`ticket about ${input.q}`] }),
    }),
    'GET /api/broken': defineAPI({
      description: 'Fails on purpose.',
      handler: async () => {
        throw new Error('the index is corrupt');
      },
    }),
  },
  onError: () => undefined,
});
const mcp = createMcpServer({ registry: app.registry, name: 'tickets', version: '1.0.0' });
app.mount('/mcp', ['POST'], (request, ctx) => mcp.handleHttp(request, ctx));
app.mount('/a2a', ['POST'], createA2AHandler({ registry: app.registry }));

function post(path: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return app.fetch(
    new Request(`http://localhost${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

function toolCall(name: string, args: Record<string, unknown>, meta?: Record<string, string>) {
  return { jsonrpc: '2.0', id: 3, method: 'tools/call', params: { name, arguments: args, ...(meta ? { _meta: meta } : {}) } };
}

describe('machine surface spans', () => {
  const recorded = recordSpansInTests();

  it('makes an MCP tools/call a SERVER span under the request’s span', async () => {
    const response = await post('/mcp', toolCall('get_api_search', { q: 'printer' }));
    expect(response.status).toBe(200);
    const call = recorded.named('tools/call get_api_search');
    expect(call.kind).toBe(SpanKind.SERVER);
    expect(call.instrumentationScope.name).toBe('@kit/kit-agent');
    expect(isChildOf(call, recorded.named('POST /mcp'))).toBe(true);
    expect(call.attributes).toMatchObject({
      'mcp.method.name': 'tools/call',
      'gen_ai.tool.name': 'get_api_search',
      'gen_ai.operation.name': 'execute_tool',
      'jsonrpc.request.id': '3',
    });
    expect(call.status.code).toBe(SpanStatusCode.UNSET);
  });

  it('marks a tool that failed, and takes the client’s trace context from params._meta, linking the request', async () => {
    const traceparent = '00-0af7651916cd43dd8448eb211c80319c-b7ad6b7169203331-01';
    await post('/mcp', toolCall('get_api_broken', {}, { traceparent }));
    const call = recorded.named('tools/call get_api_broken');
    expect(call.status.code).toBe(SpanStatusCode.ERROR);
    expect(call.attributes['error.type']).toBe('tool_error');
    expect(call.spanContext().traceId).toBe('0af7651916cd43dd8448eb211c80319c');
    expect(call.parentSpanContext?.spanId).toBe('b7ad6b7169203331');
    expect(call.links.map((link) => link.context.spanId)).toEqual([recorded.named('POST /mcp').spanContext().spanId]);
  });

  it('makes an A2A message a span named after its method, under the request’s span, with the task and skill', async () => {
    const response = await post(
      '/a2a',
      {
        jsonrpc: '2.0',
        id: 1,
        method: 'SendMessage',
        params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ data: { skill: 'get_api_search', input: { q: 'toner' } } }] } },
      },
      { 'a2a-version': '1.0' },
    );
    const body = (await response.json()) as { result: { task: { id: string; contextId: string } } };
    const message = recorded.named('SendMessage');
    expect(message.kind).toBe(SpanKind.SERVER);
    expect(isChildOf(message, recorded.named('POST /a2a'))).toBe(true);
    expect(message.attributes).toEqual({
      'a2a.method.name': 'SendMessage',
      'a2a.message.id': 'm-1',
      'a2a.task.id': body.result.task.id,
      'a2a.task.state': 'TASK_STATE_COMPLETED',
      'gen_ai.conversation.id': body.result.task.contextId,
      'kit.a2a.skill': 'get_api_search',
    });
  });
});
