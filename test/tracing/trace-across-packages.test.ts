/**
 * One trace across kit's packages, as an app with an OpenTelemetry SDK sees it: an HTTP request to a kit app
 * route starts a harness run, whose tool queries a SQLite database. The spans also leave the process over
 * OTLP/HTTP, to a receiver on loopback.
 */
import { createKitApp, defineAPI, type KitServer } from '@kit/kit-core';
import { createHarness, MemoryRunStore, type AgentTool, type Harness, type LLMProvider } from '@kit/kit-ai';
import { createDatabase, createTables, defineModel, id, string, type KitDatabase } from '@kit/kit-db';
import { SpanKind } from '@opentelemetry/api';
import { OTLPTraceExporter } from '@opentelemetry/exporter-trace-otlp-http';
import { SimpleSpanProcessor, type ReadableSpan } from '@opentelemetry/sdk-trace-base';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startOtlpReceiver, type OtlpReceiver } from '../../test-support/otlp-receiver.js';
import { isChildOf, recordSpans, type RecordedSpans } from '../../test-support/tracing.js';

const ticket = defineModel('ticket', { id: id(), title: string(), status: string() });

/** A model that first asks for the ticket, then answers with what the tool found. */
function scriptedModel(): LLMProvider {
  const replies = ['{"tool": "lookup_ticket", "arguments": {"id": "T-7"}}', 'Ticket T-7 is open.'];
  return {
    name: 'scripted',
    chat: async () => ({
      content: replies.shift() ?? 'Done.',
      model: 'scripted-1',
      finishReason: 'stop',
      usage: { promptTokens: 20, completionTokens: 8, totalTokens: 28 },
    }),
  };
}

describe('one trace from an HTTP request through a harness run to the database', () => {
  let recorded: RecordedSpans;
  let receiver: OtlpReceiver;
  let db: KitDatabase;
  let harness: Harness;
  let server: KitServer;

  beforeAll(async () => {
    receiver = await startOtlpReceiver();
    recorded = recordSpans([new SimpleSpanProcessor(new OTLPTraceExporter({ url: receiver.url }))]);
    db = await createDatabase({ provider: 'sqlite', url: ':memory:', models: [ticket] });
    await createTables(db);
    await db.insert(ticket, { id: 'T-7', title: 'Printer on fire', status: 'open' });
    const lookupTicket: AgentTool = {
      name: 'lookup_ticket',
      description: 'Reads a ticket',
      parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
      execute: async ({ id }) => db.get(ticket, String(id)),
    };
    harness = createHarness({ store: new MemoryRunStore(), agent: { llm: scriptedModel(), tools: [lookupTicket] } });
    const app = createKitApp({
      routes: {
        'POST /api/runs': defineAPI({
          input: z.strictObject({ goal: z.string() }),
          handler: async ({ input }) => ({ id: (await harness.start({ goal: input.goal })).id }),
        }),
      },
    });
    server = await app.listen({ port: 0 });
  });

  afterAll(async () => {
    await server?.close();
    await harness?.close();
    await db?.close();
    await recorded?.stop();
    await receiver?.close();
  });

  it('parents the run to the request, the model and tool calls to the run, and the query to the tool call', async () => {
    // Setting the database up made spans of its own, in traces of their own.
    recorded.reset();
    const traceId = '5b8efff798038103d269b633813fc60c';
    const response = await fetch(`http://127.0.0.1:${server.port}/api/runs`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', traceparent: `00-${traceId}-eee19b7ec3c1b174-01` },
      body: JSON.stringify({ goal: 'What is the state of ticket T-7?' }),
    });
    expect(response.status).toBe(200);
    const { id: runId } = (await response.json()) as { id: string };
    expect((await (await harness.get(runId)).wait({ timeoutMs: 10_000 })).result).toBe('Ticket T-7 is open.');
    // The execution's span ends once its last write is done, a moment after the run reads completed.
    await expect.poll(() => recorded.spans().some((span) => span.name === 'invoke_agent'), { timeout: 5000 }).toBe(true);

    const spans = recorded.spans();
    expect(new Set(spans.map((span) => span.spanContext().traceId))).toEqual(new Set([traceId]));
    const request = recorded.named('POST /api/runs');
    const run = recorded.named('invoke_agent');
    const chats = spans.filter((span) => span.name === 'chat scripted');
    const tool = recorded.named('execute_tool lookup_ticket');
    const query = recorded.named('SELECT ticket');

    expect(request.kind).toBe(SpanKind.SERVER);
    expect(request.parentSpanContext?.spanId).toBe('eee19b7ec3c1b174');
    expect(isChildOf(run, request)).toBe(true);
    expect(run.attributes).toMatchObject({ 'gen_ai.conversation.id': runId, 'kit.run.status': 'completed' });
    expect(chats).toHaveLength(2);
    for (const chat of chats) expect(isChildOf(chat, run)).toBe(true);
    expect(chats[0]!.attributes).toMatchObject({ 'gen_ai.response.model': 'scripted-1', 'gen_ai.usage.input_tokens': 20 });
    expect(isChildOf(tool, run)).toBe(true);
    expect(isChildOf(query, tool)).toBe(true);
    expect(query.kind).toBe(SpanKind.CLIENT);
    expect(query.attributes).toMatchObject({ 'db.system.name': 'sqlite', 'db.operation.name': 'SELECT', 'db.collection.name': 'ticket' });
    expect(query.attributes['db.query.text']).not.toContain('T-7');
    expect(describeTree(spans, request)).toEqual([
      'POST /api/runs',
      '  invoke_agent',
      '    chat scripted',
      '    execute_tool lookup_ticket',
      '      SELECT ticket',
      '    chat scripted',
    ]);

    await recorded.flush();
    expect(receiver.spans().map((span) => span.name)).toEqual(expect.arrayContaining(spans.map((span) => span.name)));
  });
});

/** The spans under `root`, one a line, indented by depth, children in the order they started. */
function describeTree(spans: ReadableSpan[], root: ReadableSpan, depth = 0): string[] {
  const children = spans
    .filter((span) => isChildOf(span, root))
    .sort((a, b) => a.startTime[0] - b.startTime[0] || a.startTime[1] - b.startTime[1]);
  return [`${'  '.repeat(depth)}${root.name}`, ...children.flatMap((child) => describeTree(spans, child, depth + 1))];
}
