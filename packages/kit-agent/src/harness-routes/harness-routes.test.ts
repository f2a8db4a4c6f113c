import { createKitApp, defineMiddleware, type KitServer } from '@kit/kit-core';
import { createHarness, MemoryRunStore, type AgentTool, type Harness, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { harnessRoutes } from './harness-routes.js';

/** Opened by the test once it follows the run live, so the answer's pieces reach it as they are written. */
let openAnswer: () => void = () => undefined;
let answerGate = Promise.resolve();

/** A streaming model: it asks to close the ticket, then answers in pieces. */
function ticketModel(): LLMProvider {
  return {
    name: 'scripted',
    chat: () => Promise.reject(new Error('streams only')),
    async *stream(messages): AsyncIterable<LLMStreamChunk> {
      const asked = messages.some((message) => message.role === 'assistant');
      if (!asked) yield { type: 'tool_call', toolCall: { id: 'call-close', name: 'close_ticket', arguments: { id: 'T-7' } } };
      else {
        await answerGate;
        for (const text of ['Ticket ', 'T-7 ', 'is closed.']) yield { type: 'text', text };
      }
      yield { type: 'done', model: 'scripted-1' };
    },
  };
}

const closeTicket: AgentTool = {
  name: 'close_ticket',
  description: 'Closes a ticket',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  execute: async ({ id }) => ({ id, closed: true }),
};

interface SentEvent {
  id?: string;
  event: string;
  data: unknown;
}

/** Reads server-sent events from a response until `stop` says so or the stream ends. */
async function readEvents(response: Response, stop: (events: SentEvent[]) => boolean = () => false): Promise<SentEvent[]> {
  const reader = response.body!.pipeThrough(new TextDecoderStream()).getReader();
  const events: SentEvent[] = [];
  let buffer = '';
  for (;;) {
    const { value, done } = await reader.read();
    if (done) return events;
    buffer += value;
    let end: number;
    while ((end = buffer.indexOf('\n\n')) >= 0) {
      const block = buffer.slice(0, end);
      buffer = buffer.slice(end + 2);
      if (block.startsWith(':')) continue;
      const fields = Object.fromEntries(
        block.split('\n').map((line) => [line.slice(0, line.indexOf(':')), line.slice(line.indexOf(':') + 2)]),
      );
      events.push({
        ...(fields.id === undefined ? {} : { id: fields.id }),
        event: fields.event ?? 'message',
        data: JSON.parse(fields.data ?? 'null'),
      });
      if (stop(events)) {
        await reader.cancel();
        return events;
      }
    }
  }
}

let harness: Harness;
let server: KitServer;
let base = '';

beforeAll(async () => {
  harness = createHarness({
    store: new MemoryRunStore(),
    agent: { llm: ticketModel(), tools: [closeTicket] },
    requireApproval: ['close_ticket'],
  });
  // Callers name themselves in a header: enough to tell owners apart in a test.
  const identity = defineMiddleware({
    name: 'test-identity',
    authenticate: async ({ request, ctx }) => {
      const user = request.headers.get('x-user');
      return user ? { ...ctx, auth: { subject: `user:${user}`, method: 'session', permissions: [] } } : ctx;
    },
    handler: async ({ next }) => next(),
  });
  const app = createKitApp({ middleware: [identity], routes: harnessRoutes(harness, { owner: (ctx) => ctx.auth?.subject }) });
  const mcp = createMcpServer({ registry: app.registry, name: 'runs', version: '1.0.0' });
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request, ctx) => mcp.handleHttp(request, ctx));
  server = await app.listen({ port: 0 });
  base = `http://127.0.0.1:${server.port}`;
});

afterAll(async () => {
  await harness.close();
  await server.close();
});

const ada = { 'x-user': 'ada' };
const get = (path: string, headers: Record<string, string> = ada) => fetch(`${base}${path}`, { headers });
const post = (path: string, body: unknown = {}, user = 'ada') =>
  fetch(`${base}${path}`, { method: 'POST', headers: { 'content-type': 'application/json', 'x-user': user }, body: JSON.stringify(body) });

describe('harnessRoutes', () => {
  it('starts a run, streams it through an approval to its end, and a reconnect gets exactly what it missed', async () => {
    const started = await post('/api/runs', { goal: 'Close ticket T-7', metadata: { ticket: 'T-7' } });
    expect(started.status).toBe(201);
    const run = (await started.json()) as { id: string; metadata: Record<string, unknown> };
    expect(started.headers.get('location')).toBe(`/api/runs/${run.id}`);
    expect(run.metadata).toEqual({ ticket: 'T-7', startedBy: 'user:ada', owner: 'user:ada' });

    // Follow until the run holds the close for a person, then drop the connection.
    const first = await readEvents(await get(`/api/runs/${run.id}/events`), (events) =>
      events.some((event) => event.event === 'approval_requested'),
    );
    const held = first.find((event) => event.event === 'approval_requested')!;
    const approvalId = (held.data as { data: { approvalId: string } }).data.approvalId;
    expect((await (await get(`/api/runs/${run.id}`)).json()).status).toBe('approval_required');

    // Reconnect after the last event seen, approve, and follow: the rest, with no gap and no repeat, then `end`.
    answerGate = new Promise((resolve) => (openAnswer = resolve));
    const lastId = first.filter((event) => event.id !== undefined).at(-1)!.id!;
    const following = await get(`/api/runs/${run.id}/events`, { ...ada, 'Last-Event-ID': lastId });
    const decided = await post(`/api/runs/${run.id}/approvals/${approvalId}`, { approved: true, note: 'ok' });
    expect(decided.status).toBe(200);
    const rest = await readEvents(following, (events) => {
      if (events.at(-1)?.event === 'approval_decided') openAnswer();
      return false;
    });
    const pieces = rest.filter((event) => event.event === 'text').map((event) => (event.data as { text: string }).text);
    expect(pieces).toEqual(['Ticket ', 'T-7 ', 'is closed.']);
    expect(rest.at(-1)?.event).toBe('end');
    expect((rest.at(-1)?.data as { status: string; result: { result: string } }).result.result).toBe('Ticket T-7 is closed.');

    const stored = [...first, ...rest].filter((event) => event.id !== undefined).map((event) => Number(event.id));
    expect(stored).toEqual(stored.map((_, index) => index + 1));
    const recorded = await harness.get(run.id).then((handle) => handle.get());
    expect(stored.at(-1)).toBe(recorded.lastSequence);
  });

  it('answers an unknown run and a bad Last-Event-ID with problem documents before any event', async () => {
    const missing = await get('/api/runs/nope/events');
    expect(missing.status).toBe(404);
    expect((await missing.json()).detail).toMatch(/nope/);
    const { id } = (await (await post('/api/runs', { goal: 'Close ticket T-7' })).json()) as { id: string };
    const bad = await get(`/api/runs/${id}/events`, { ...ada, 'Last-Event-ID': 'yesterday' });
    expect(bad.status).toBe(400);
    expect((await bad.json()).detail).toMatch(/Last-Event-ID/);
    await (await harness.get(id)).cancel();
    expect((await (await post(`/api/runs/${id}/resume`)).json()).detail).toMatch(/canceled/);
  });

  it('lists and pages runs, and offers every route but the event stream as an MCP tool', async () => {
    const page = (await (await get('/api/runs?limit=1')).json()) as { runs: unknown[]; nextCursor?: string };
    expect(page.runs).toHaveLength(1);
    expect(page.nextCursor).toBeTypeOf('string');

    const client = new Client({ name: 'test-client', version: '1.0.0' });
    await client.connect(new StreamableHTTPClientTransport(new URL(`${base}/mcp`), { requestInit: { headers: ada } }));
    try {
      const names = (await client.listTools()).tools.map((tool) => tool.name).sort();
      expect(names).toHaveLength(7);
      expect(names.some((name) => name.includes('events'))).toBe(false);
    } finally {
      await client.close();
    }
  });

  it('shows each caller its own runs only, refuses callers without an owner, and will not serve runs to anyone unless told', async () => {
    const { id } = (await (await post('/api/runs', { goal: 'Close ticket T-7' })).json()) as { id: string };
    // Bob gets a 404 for Ada's run, on every route, as if it did not exist.
    for (const response of [
      await get(`/api/runs/${id}`, { 'x-user': 'bob' }),
      await get(`/api/runs/${id}/events`, { 'x-user': 'bob' }),
      await post(`/api/runs/${id}/cancel`, {}, 'bob'),
    ]) {
      expect(response.status).toBe(404);
    }
    const bobs = (await (await get('/api/runs', { 'x-user': 'bob' })).json()) as { runs: unknown[] };
    expect(bobs.runs).toEqual([]);
    const adas = (await (await get('/api/runs?limit=500')).json()) as { runs: { id: string }[] };
    expect(adas.runs.map((run) => run.id)).toContain(id);
    expect((await get('/api/runs', {})).status).toBe(403);
    await (await harness.get(id)).cancel();

    expect(() => harnessRoutes(harness)).toThrow(expect.objectContaining({ code: 'invalid_config' }));
    expect(() => harnessRoutes(harness, { basePath: 'runs', allowAnyone: true })).toThrow(/basePath must be a path/);
  });
});
