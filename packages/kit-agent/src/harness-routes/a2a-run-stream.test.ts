/**
 * A2A streams of harness runs, driven by the official SDK client over real HTTP on loopback against an app
 * with `harnessRoutes` and `createA2AHandler`, whose agent talks to a scripted model: a streamed start follows
 * the run to its end, a held run ends `input-required` and is followed again once decided, `CancelTask`
 * cancels the run, a client that leaves does not stop it, and a plain `SendMessage` answers as before.
 */
import { Role, TaskState, type Part, type SendMessageRequest, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, ClientFactoryOptions, JsonRpcTransportFactory, type Client } from '@a2a-js/sdk/client';
import { TaskNotCancelableError, UnsupportedOperationError } from '@a2a-js/sdk/errors';
import { createKitApp, defineMiddleware, type KitContext, type KitServer } from '@kit/kit-core';
import { createHarness, MemoryRunStore, type AgentTool, type Harness, type LLMProvider, type LLMStreamChunk } from '@kit/kit-ai';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateAgentCard } from '../a2a/agent-card.js';
import { createA2AHandler } from '../a2a/create-a2a-handler.js';
import { harnessRoutes } from './harness-routes.js';

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

/** Holds the model's answer until the test lets it go, so that the stream is listening when its text comes. */
let answerGate = deferred();
/** Resolved once the model waits at the gate of a "Wait" goal. */
let modelWaits = deferred();

/**
 * A streaming model that acts on the goal: "Look up" calls `lookup_ticket`, "Close" calls `close_ticket`
 * (held for approval), each then answering in pieces; "Wait" waits for the gate, then calls `lookup_ticket`;
 * anything else says hello.
 */
function scriptedModel(): LLMProvider {
  return {
    name: 'scripted',
    chat: () => Promise.reject(new Error('streams only')),
    async *stream(messages): AsyncIterable<LLMStreamChunk> {
      const goal = messages.find((message) => message.role === 'user')?.content ?? '';
      const asked = messages.some((message) => message.role === 'assistant');
      const tool = goal.startsWith('Look up') ? 'lookup_ticket' : goal.startsWith('Close') ? 'close_ticket' : undefined;
      if (tool && !asked) {
        yield { type: 'tool_call', toolCall: { id: `call-${tool}`, name: tool, arguments: { id: 'T-7' } } };
      } else if (tool) {
        await answerGate.promise;
        const pieces = tool === 'lookup_ticket' ? ['Ticket T-7 ', 'is about ', 'billing.'] : ['Ticket T-7 ', 'is closed.'];
        for (const text of pieces) yield { type: 'text', text };
      } else if (goal.startsWith('Wait') && !asked) {
        // Then asks for a call, which a cancel asked for meanwhile does not let run.
        modelWaits.resolve();
        await answerGate.promise;
        yield { type: 'tool_call', toolCall: { id: 'call-wait', name: 'lookup_ticket', arguments: { id: 'T-9' } } };
      } else if (goal.startsWith('Wait')) {
        yield { type: 'text', text: 'Done waiting.' };
      } else {
        yield { type: 'text', text: 'Hello.' };
      }
      yield { type: 'done', model: 'scripted-1' };
    },
  };
}

const tools: AgentTool[] = [
  {
    name: 'lookup_ticket',
    description: 'Reads a ticket',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    execute: async ({ id }) => ({ id, topic: 'billing' }),
  },
  {
    name: 'close_ticket',
    description: 'Closes a ticket',
    parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
    execute: async ({ id }) => ({ id, closed: true }),
  },
];

let harness: Harness;
let server: KitServer;
let ada: Client;
let bob: Client;
const timeout = () => ({ signal: AbortSignal.timeout(10_000) });
const decideSkill = 'post_api_runs_runId_approvals_approvalId';

beforeAll(async () => {
  harness = createHarness({ store: new MemoryRunStore(), agent: { llm: scriptedModel(), tools }, requireApproval: ['close_ticket'] });
  // Callers name themselves in a header, as agents with an API key would: enough to tell owners apart.
  const identity = defineMiddleware({
    name: 'test-identity',
    authenticate: async ({ request, ctx }) => {
      const user = request.headers.get('x-user');
      return user ? { ...ctx, authType: 'agent', auth: { subject: `agent:${user}`, method: 'api_key', permissions: [] } } : ctx;
    },
    handler: async ({ next }) => next(),
  });
  const owner = (ctx: KitContext) => ctx.auth?.subject;
  // The same runs again under /api/brief-runs, whose A2A streams stop following after 300 ms.
  const routes = {
    ...harnessRoutes(harness, { owner }),
    ...harnessRoutes(harness, { owner, basePath: '/api/brief-runs', streamLimitMs: 300 }),
  };
  const app = createKitApp({ middleware: [identity], routes });
  app.mount('/a2a', ['POST'], createA2AHandler({ registry: app.registry }));
  app.get('/.well-known/agent.json', (request) =>
    Response.json(
      generateAgentCard({
        registry: app.registry,
        name: 'runs',
        description: 'Runs.',
        url: new URL('/a2a', request.url).href,
        version: '1.0.0',
      }),
    ),
  );
  server = await app.listen({ port: 0, host: '127.0.0.1' });
  const clientOf = (user: string) => {
    const fetchImpl: typeof fetch = (input, init) => {
      const headers = new Headers(init?.headers);
      headers.set('x-user', user);
      return fetch(input, { ...init, headers });
    };
    const options = ClientFactoryOptions.createFrom(ClientFactoryOptions.default, {
      transports: [new JsonRpcTransportFactory({ fetchImpl })],
    });
    return new ClientFactory(options).createFromUrl(`http://127.0.0.1:${server.port}`, '/.well-known/agent.json');
  };
  [ada, bob] = await Promise.all([clientOf('ada'), clientOf('bob')]);
});

afterAll(async () => {
  answerGate.resolve();
  await harness?.close();
  await server?.close();
});

function data(value: unknown): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' };
}

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

const startRun = (goal: string) => send([data({ skill: 'post_api_runs', input: { goal } })]);

/** An update of the stream, flattened for assertions. */
interface Seen {
  kind: 'task' | 'status' | 'artifact';
  state?: TaskState;
  text: string;
  data?: unknown;
  metadata?: Record<string, unknown>;
  artifactName?: string;
  taskId: string;
}

function seen(event: StreamResponse): Seen {
  const payload = event.payload!;
  const partsText = (parts: Part[] = []) => parts.map((part) => (part.content?.$case === 'text' ? part.content.value : '')).join('');
  const partsData = (parts: Part[] = []) => parts.find((part) => part.content?.$case === 'data')?.content;
  if (payload.$case === 'task') return { kind: 'task', state: payload.value.status?.state, text: '', taskId: payload.value.id };
  if (payload.$case === 'statusUpdate') {
    const message = payload.value.status?.message;
    const content = partsData(message?.parts);
    return {
      kind: 'status',
      state: payload.value.status?.state,
      text: partsText(message?.parts),
      ...(content?.$case === 'data' ? { data: content.value } : {}),
      ...(message?.metadata ? { metadata: message.metadata } : {}),
      taskId: payload.value.taskId,
    };
  }
  if (payload.$case === 'artifactUpdate') {
    return {
      kind: 'artifact',
      text: partsText(payload.value.artifact?.parts),
      artifactName: payload.value.artifact?.name,
      taskId: payload.value.taskId,
    };
  }
  throw new Error(`unexpected ${payload.$case}`);
}

/** Reads a stream to its end, calling `onUpdate` on each update as it comes. */
async function readAll(events: AsyncIterable<StreamResponse>, onUpdate: (update: Seen) => void = () => undefined): Promise<Seen[]> {
  const all: Seen[] = [];
  for await (const event of events) {
    const update = seen(event);
    all.push(update);
    onUpdate(update);
  }
  return all;
}

/** The stored run events the updates carry as data parts, by their sequence numbers. */
function eventsIn(updates: readonly Seen[]): { type: string; sequence: number }[] {
  return updates
    .filter((update) => update.metadata?.event !== undefined && typeof update.metadata.sequence === 'number')
    .map((update) => update.data as { type: string; sequence: number });
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 5_000;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('A2A streams of harness runs', () => {
  it('follows a run that calls a tool: working updates in order, then completed with the answer', async () => {
    answerGate = deferred();
    const updates = await readAll(ada.sendMessageStream(startRun('Look up ticket T-7'), timeout()), (update) => {
      // The answer is let go once the tool has run, so the live text reaches the stream.
      if (update.metadata?.event === 'call_finished') answerGate.resolve();
    });

    expect(updates[0]).toMatchObject({ kind: 'task', state: TaskState.TASK_STATE_SUBMITTED });
    const last = updates.at(-1)!;
    expect(last).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_COMPLETED });
    const view = (last.data as { run: { id: string; status: string; result: { result: string } } }).run;
    expect(view.status).toBe('completed');
    expect(updates.slice(1, -2).every((update) => update.kind === 'status' && update.state === TaskState.TASK_STATE_WORKING)).toBe(true);
    expect(updates.at(-2)).toMatchObject({ kind: 'artifact', artifactName: 'answer', text: 'Ticket T-7 is about billing.' });

    // The first update after the call's own is the run's view; then every stored event, once, in order.
    const first = updates.find((update) => update.metadata?.event === 'view')!;
    expect(first.data).toMatchObject({ id: view.id, goal: 'Look up ticket T-7' });
    const events = eventsIn(updates);
    const recorded = await (await harness.get(view.id)).get();
    expect(events.map((event) => event.sequence)).toEqual(Array.from({ length: recorded.lastSequence }, (_, index) => index + 1));
    const types = events.map((event) => event.type);
    for (const type of ['status', 'claimed', 'model_call', 'call_started', 'call_finished', 'checkpoint']) expect(types).toContain(type);
    expect(types.indexOf('call_started')).toBeLessThan(types.indexOf('call_finished'));
    const started = updates.find((update) => update.metadata?.event === 'call_started')!;
    expect(started.text).toBe('Calling tool lookup_ticket.');

    // The model's text arrived live, before the stored reply that holds it whole.
    const live = updates.filter((update) => update.metadata?.event === 'text');
    expect(live.map((update) => update.text).join('')).toBe('Ticket T-7 is about billing.');
    const lastReply = updates.findLastIndex((update) => update.metadata?.event === 'model_call');
    expect(updates.indexOf(live.at(-1)!)).toBeLessThan(lastReply);

    const task = await ada.getTask({ tenant: '', id: last.taskId }, timeout());
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts.map((artifact) => artifact.name)).toEqual(['answer']);
    expect(task.metadata).toMatchObject({ skill: 'post_api_runs', stream: { key: view.id } });
  });

  it('ends a held run input-required naming the approval; once decided, SubscribeToTask follows it to completion', async () => {
    answerGate = deferred();
    const held = await readAll(ada.sendMessageStream(startRun('Close ticket T-7'), timeout()));
    const last = held.at(-1)!;
    expect(last).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_INPUT_REQUIRED });
    const { run, next } = last.data as {
      run: { id: string; status: string; pendingApproval: { approvalId: string } };
      next: { skill: string; input: { runId: string; approvalId: string; approved: boolean } };
    };
    const { approvalId } = run.pendingApproval;
    expect(run.status).toBe('approval_required');
    expect(next).toEqual({ skill: decideSkill, input: { runId: run.id, approvalId, approved: true } });
    expect(last.text).toContain(`approval ${approvalId}`);
    expect(last.text).toContain(`Decide it with the skill ${decideSkill}`);
    expect(last.text).toContain(`SubscribeToTask with this task's id (${last.taskId})`);
    const taskId = last.taskId;

    // Another caller may neither follow nor cancel Ada's run through her task.
    const peek = await rejection(readAll(bob.resubscribeTask({ tenant: '', id: taskId }, timeout())));
    expect(peek).toBeInstanceOf(UnsupportedOperationError);
    expect(peek.message).toContain('cannot be followed again');
    const stop = await rejection(bob.cancelTask({ tenant: '', id: taskId, metadata: undefined }, timeout()));
    expect(stop).toBeInstanceOf(TaskNotCancelableError);
    expect((await (await harness.get(run.id)).get()).status).toBe('approval_required');

    // Deciding through the decide skill, as the end said; the answer is held until the task is followed again.
    const decided = await ada.sendMessage(send([data(next)]), timeout());
    expect('id' in decided && decided.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    const followed = await readAll(ada.resubscribeTask({ tenant: '', id: taskId }, timeout()), (update) => {
      if (update.metadata?.event === 'approval_decided') answerGate.resolve();
    });
    expect(followed[0]).toMatchObject({ kind: 'task', state: TaskState.TASK_STATE_INPUT_REQUIRED });
    expect(followed.at(-2)).toMatchObject({ kind: 'artifact', artifactName: 'answer', text: 'Ticket T-7 is closed.' });
    expect(followed.at(-1)).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_COMPLETED });

    // The second stream went on where the first stopped: every event once across both.
    const recorded = await (await harness.get(run.id)).get();
    const sequences = [...eventsIn(held), ...eventsIn(followed)].map((event) => event.sequence);
    expect(sequences).toEqual(Array.from({ length: recorded.lastSequence }, (_, index) => index + 1));
    const task = await ada.getTask({ tenant: '', id: taskId }, timeout());
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts.map((artifact) => artifact.name)).toEqual(['answer']);
  });

  it('cancels the run with CancelTask, and only for a caller who may see it', async () => {
    answerGate = deferred();
    modelWaits = deferred();
    const stream = ada.sendMessageStream(startRun('Wait for the gate'), timeout())[Symbol.asyncIterator]();
    let taskId = '';
    let runId = '';
    // Read until the run's view, then wait until the run executes: its model waits at the gate.
    while (!runId) {
      const next = await stream.next();
      if (next.done) throw new Error('the stream ended early');
      const update = seen(next.value);
      taskId = update.taskId;
      if (update.metadata?.event === 'view') runId = (update.data as { id: string }).id;
    }
    await modelWaits.promise;
    const refused = await rejection(bob.cancelTask({ tenant: '', id: taskId, metadata: undefined }, timeout()));
    expect(refused).toBeInstanceOf(TaskNotCancelableError);
    expect(refused.message).toContain('no run');

    const canceled = await ada.cancelTask({ tenant: '', id: taskId, metadata: undefined }, timeout());
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    const rest: Seen[] = [];
    for (let next = await stream.next(); !next.done; next = await stream.next()) rest.push(seen(next.value));
    expect(rest.at(-1)).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_CANCELED });

    // The run was asked to stop while it executed, and stops at its next control point.
    answerGate.resolve();
    const result = await (await harness.get(runId)).wait({ timeoutMs: 5_000 });
    expect(result.status).toBe('canceled');
    expect((await ada.getTask({ tenant: '', id: taskId }, timeout())).status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it('keeps the run and its task going when the client goes away', async () => {
    answerGate = deferred();
    const leave = new AbortController();
    let taskId = '';
    let runId = '';
    await rejection(
      readAll(ada.sendMessageStream(startRun('Look up ticket T-8'), { signal: leave.signal }), (update) => {
        taskId = update.taskId;
        if (update.metadata?.event === 'view') runId = (update.data as { id: string }).id;
        if (update.metadata?.event === 'call_finished') leave.abort();
      }),
    );
    // The server notices the closed connection before the run goes on.
    await new Promise((resolve) => setTimeout(resolve, 200));
    answerGate.resolve();
    const result = await (await harness.get(runId)).wait({ timeoutMs: 5_000 });
    expect(result.status).toBe('completed');
    const task = await until(
      () => ada.getTask({ tenant: '', id: taskId }, timeout()),
      (current) => current.status?.state === TaskState.TASK_STATE_COMPLETED,
    );
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts.map((artifact) => artifact.name)).toEqual(['answer']);
  });

  it('stops following after streamLimitMs, leaving the run and its task working; SubscribeToTask follows on', async () => {
    answerGate = deferred();
    modelWaits = deferred();
    const started = Date.now();
    const first = await readAll(
      ada.sendMessageStream(send([data({ skill: 'post_api_brief_runs', input: { goal: 'Wait a while' } })]), timeout()),
    );
    expect(Date.now() - started).toBeGreaterThanOrEqual(250);
    const last = first.at(-1)!;
    expect(last).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_WORKING });
    expect(last.text).toBe(
      `The stream stopped following the work before it ended; the work goes on. SubscribeToTask with this task's id (${last.taskId}) follows it again.`,
    );
    expect((await ada.getTask({ tenant: '', id: last.taskId }, timeout())).status?.state).toBe(TaskState.TASK_STATE_WORKING);

    await modelWaits.promise;
    answerGate.resolve();
    const rest = await readAll(ada.resubscribeTask({ tenant: '', id: last.taskId }, timeout()));
    expect(rest[0]).toMatchObject({ kind: 'task', state: TaskState.TASK_STATE_WORKING });
    expect(rest.at(-2)).toMatchObject({ kind: 'artifact', artifactName: 'answer', text: 'Done waiting.' });
    expect(rest.at(-1)).toMatchObject({ kind: 'status', state: TaskState.TASK_STATE_COMPLETED });
    const view = first.find((update) => update.metadata?.event === 'view')!.data as { id: string };
    const recorded = await (await harness.get(view.id)).get();
    const sequences = [...eventsIn(first), ...eventsIn(rest)].map((event) => event.sequence);
    expect(sequences).toEqual(Array.from({ length: recorded.lastSequence }, (_, index) => index + 1));
  });

  it('answers a plain SendMessage with the run view, as before', async () => {
    const answer = await ada.sendMessage(startRun('Say hello'), timeout());
    if (!('id' in answer)) throw new Error('expected a task');
    const task: Task = answer;
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.artifacts.map((artifact) => artifact.name)).toEqual(['post_api_runs']);
    const part = task.artifacts[0]!.parts.find((candidate) => candidate.content?.$case === 'data');
    const view = (part?.content?.$case === 'data' ? part.content.value : {}) as {
      id: string;
      goal: string;
      metadata: Record<string, unknown>;
    };
    expect(view).toMatchObject({ goal: 'Say hello', metadata: { owner: 'agent:ada' } });
    expect(task.metadata).toEqual({ skill: 'post_api_runs' });
    expect((await (await harness.get(view.id)).wait({ timeoutMs: 5_000 })).result).toBe('Hello.');
  });
});
