/**
 * The A2A handler driven by the official SDK's client over real HTTP on loopback: card discovery,
 * blocking and streamed messages, task get, list, subscribe and cancel, and every refusal as a
 * JSON-RPC error the client turns into the SDK's own error classes.
 */
import { Role, TaskState, type Message, type Part, type SendMessageRequest, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { InMemoryTaskStore, ServerCallContext } from '@a2a-js/sdk/server';
import {
  ContentTypeNotSupportedError,
  RequestMalformedError,
  TaskNotCancelableError,
  TaskNotFoundError,
  UnsupportedOperationError,
  isJsonRpcError,
} from '@a2a-js/sdk/errors';
import { createKitApp, defineAPI, definePolicy, MemoryApprovalStore, resolveApproval, type KitServer } from '@kit/kit-core';
import { isKitAIError } from '@kit/kit-ai';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateAgentCard } from './agent-card.js';
import { createA2AHandler } from './create-a2a-handler.js';

/** A skill that waits until the test lets it go, recording whether its request was aborted. */
let slow = slowCall();

function slowCall() {
  return { started: deferred(), release: deferred(), aborted: false };
}

function deferred(): { promise: Promise<void>; resolve: () => void } {
  let resolve!: () => void;
  const promise = new Promise<void>((done) => (resolve = done));
  return { promise, resolve };
}

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
      capability: 'read',
      resource: 'tickets',
      input: z.strictObject({
        q: z.string().min(1, 'must not be empty'),
        limit: z.number().int().min(1).max(10, 'must be at most 10').default(3),
      }),
      output: z.strictObject({ query: z.string(), hits: z.array(z.string()), requestId: z.string() }),
      handler: async ({ input, ctx }) => ({
        query: input.q,
        hits: Array.from({ length: input.limit }, (_, index) => `${input.q} #${index + 1}`),
        requestId: ctx.requestId,
      }),
    }),
    'POST /api/tickets': defineAPI({
      description: 'Opens a ticket.',
      capability: 'write',
      policy: 'humans-only',
      input: z.strictObject({ title: z.string(), priority: z.enum(['low', 'high']) }),
      handler: async ({ input }) => ({ id: 1, title: input.title }),
    }),
    'GET /api/slow': defineAPI({
      description: 'Takes as long as the test wants.',
      capability: 'external',
      handler: async ({ ctx }) => {
        const call = slow;
        call.started.resolve();
        ctx.request.signal.addEventListener('abort', () => (call.aborted = true));
        await call.release.promise;
        return { done: true };
      },
    }),
    'GET /api/broken': defineAPI({
      description: 'Fails on purpose.',
      handler: async () => {
        throw new Error('database password is hunter2');
      },
    }),
  },
});
app.mount('/a2a', ['POST'], createA2AHandler({ registry: app.registry, maxTasks: 50 }));
app.get('/.well-known/agent.json', (request) =>
  Response.json(
    generateAgentCard({
      registry: app.registry,
      name: 'helpdesk',
      description: 'Tickets.',
      url: new URL('/a2a', request.url).href,
      version: '2.1.0',
      examples: { get_api_search: ['printer on fire'] },
    }),
  ),
);

let server: KitServer;
let base: string;
let client: Client;
const timeout = () => ({ signal: AbortSignal.timeout(5_000) });

beforeAll(async () => {
  server = await app.listen({ port: 0, host: '127.0.0.1' });
  base = `http://127.0.0.1:${server.port}`;
  client = await new ClientFactory().createFromUrl(base, '/.well-known/agent.json');
});
afterAll(() => server?.close());

function data(value: unknown): Part {
  return { content: { $case: 'data', value }, metadata: undefined, filename: '', mediaType: 'application/json' };
}

function text(value: string): Part {
  return { content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' };
}

function send(
  parts: Part[],
  options: { metadata?: Record<string, unknown>; returnImmediately?: boolean; acceptedOutputModes?: string[]; taskId?: string } = {},
): SendMessageRequest {
  const message: Message = {
    messageId: randomUUID(),
    contextId: '',
    taskId: options.taskId ?? '',
    role: Role.ROLE_USER,
    parts,
    metadata: options.metadata,
    extensions: [],
    referenceTaskIds: [],
  };
  const configuration =
    options.returnImmediately || options.acceptedOutputModes
      ? {
          acceptedOutputModes: options.acceptedOutputModes ?? [],
          taskPushNotificationConfig: undefined,
          returnImmediately: options.returnImmediately ?? false,
        }
      : undefined;
  return { tenant: '', message, configuration, metadata: undefined };
}

async function sendTask(request: SendMessageRequest): Promise<Task> {
  const result = await client.sendMessage(request, timeout());
  if (!('id' in result)) throw new Error('expected a task, got a message');
  return result;
}

function dataOf(task: Task): unknown {
  const part = task.artifacts[0]?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

function statusText(task: Task): string {
  const part = task.status?.message?.parts.find((candidate) => candidate.content?.$case === 'text');
  return part?.content?.$case === 'text' ? part.content.value : '';
}

async function rejection(promise: Promise<unknown>): Promise<Error & { envelopeCode?: number; data?: unknown }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('createA2AHandler with the official A2A client', () => {
  it('discovers the agent from its card, one skill per route', async () => {
    const card = await client.getAgentCard();
    expect(card.name).toBe('helpdesk');
    expect(card.skills.map((skill) => skill.id)).toEqual(['get_api_search', 'post_api_tickets', 'get_api_slow', 'get_api_broken']);
    expect(card.supportedInterfaces).toEqual([
      { url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${base}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ]);
    expect(client.protocolVersion).toBe('1.0');
  });

  it('runs the skill a data-part envelope names and answers with the completed task and its artifact', async () => {
    const task = await sendTask(send([data({ skill: 'get_api_search', input: { q: 'printer', limit: 2 } })]));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.metadata).toEqual({ skill: 'get_api_search' });
    expect(task.artifacts).toHaveLength(1);
    const artifact = task.artifacts[0]!;
    expect(artifact.name).toBe('get_api_search');
    const output = dataOf(task) as { hits: string[]; requestId: string };
    expect(output.hits).toEqual(['printer #1', 'printer #2']);
    const textPart = artifact.parts.find((part) => part.content?.$case === 'text');
    expect(textPart?.mediaType).toBe('text/plain');
    expect(JSON.parse(textPart?.content?.$case === 'text' ? textPart.content.value : '')).toEqual(output);
    expect(task.history.map((message) => message.role)).toEqual([Role.ROLE_USER]);
  });

  it('routes plain text to the only skill with a text field, and JSON text or metadata.skill as the rule says', async () => {
    const plain = await sendTask(send([text('toner low')]));
    expect(dataOf(plain)).toMatchObject({ query: 'toner low', hits: ['toner low #1', 'toner low #2', 'toner low #3'] });
    const jsonText = await sendTask(send([text('{"q": "jammed", "limit": 1}')]));
    expect(dataOf(jsonText)).toMatchObject({ hits: ['jammed #1'] });
    const byMetadata = await sendTask(send([data({ q: 'paper', limit: 1 })], { metadata: { skill: 'get_api_search' } }));
    expect(dataOf(byMetadata)).toMatchObject({ hits: ['paper #1'] });
    const textWithSkill = await sendTask(send([text('stapler')], { metadata: { skill: 'get_api_search' } }));
    expect(dataOf(textWithSkill)).toMatchObject({ query: 'stapler' });
    const onlyAccepting = await sendTask(send([data({ q: 'cables' })]));
    expect(onlyAccepting.metadata).toEqual({ skill: 'get_api_search' });
  });

  it('passes the HTTP request id to the route, so logs join across protocols', async () => {
    const task = await sendTask(send([text('ids')]));
    expect((dataOf(task) as { requestId: string }).requestId).toMatch(/^[\w-]{10,}$/);
    const response = await fetch(`${base}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'a2a-version': '1.0', 'x-request-id': 'trace-42' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 7,
        method: 'SendMessage',
        params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'ids' }] } },
      }),
    });
    const body = await response.json();
    expect(response.headers.get('x-request-id')).toBe('trace-42');
    expect(body.id).toBe(7);
    expect(body.result.task.artifacts[0].parts[0].data.requestId).toBe('trace-42');
    expect(body.result.task.status.state).toBe('TASK_STATE_COMPLETED');
  });

  it('streams the task, working, the artifact and completed, in that order', async () => {
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(
      send([data({ skill: 'get_api_search', input: { q: 'stream', limit: 1 } })]),
      timeout(),
    ))
      events.push(event);
    const shape = events.map((event) => {
      const payload = event.payload!;
      if (payload.$case === 'task') return `task:${payload.value.status?.state}`;
      if (payload.$case === 'statusUpdate') return `status:${payload.value.status?.state}`;
      return payload.$case;
    });
    expect(shape).toEqual([
      `task:${TaskState.TASK_STATE_SUBMITTED}`,
      `status:${TaskState.TASK_STATE_WORKING}`,
      'artifactUpdate',
      `status:${TaskState.TASK_STATE_COMPLETED}`,
    ]);
    const artifact = events[2]!.payload!;
    expect(artifact.$case === 'artifactUpdate' && artifact.value.lastChunk).toBe(true);
    const taskId = events[0]!.payload!.$case === 'task' ? events[0]!.payload!.value.id : '';
    const stored = await client.getTask({ tenant: '', id: taskId }, timeout());
    expect(dataOf(stored)).toMatchObject({ hits: ['stream #1'] });
  });

  it('gets, lists and cancels a running task; the skill sees its request aborted and its late result is dropped', async () => {
    slow = slowCall();
    const submitted = await sendTask(send([data({ skill: 'get_api_slow' })], { returnImmediately: true }));
    expect([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING]).toContain(submitted.status?.state);
    await slow.started.promise;
    const running = await client.getTask({ tenant: '', id: submitted.id }, timeout());
    expect(running.status?.state).toBe(TaskState.TASK_STATE_WORKING);
    const listed = await client.listTasks(
      { tenant: '', contextId: submitted.contextId, status: TaskState.TASK_STATE_WORKING, pageToken: '', statusTimestampAfter: undefined },
      timeout(),
    );
    expect(listed.tasks.map((task) => task.id)).toEqual([submitted.id]);

    const canceled = await client.cancelTask({ tenant: '', id: submitted.id, metadata: undefined }, timeout());
    expect(canceled.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(statusText(canceled)).toContain('Canceled by the client');
    expect(slow.aborted).toBe(true);
    slow.release.resolve();
    await new Promise((resolve) => setTimeout(resolve, 20));
    const after = await client.getTask({ tenant: '', id: submitted.id }, timeout());
    expect(after.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
    expect(after.artifacts).toEqual([]);
    const again = await client.cancelTask({ tenant: '', id: submitted.id, metadata: undefined }, timeout());
    expect(again.status?.state).toBe(TaskState.TASK_STATE_CANCELED);
  });

  it('lets a client subscribe to a running task and see it finish', async () => {
    slow = slowCall();
    const submitted = await sendTask(send([data({ skill: 'get_api_slow' })], { returnImmediately: true }));
    await slow.started.promise;
    const seen: string[] = [];
    for await (const event of client.resubscribeTask({ tenant: '', id: submitted.id }, timeout())) {
      const payload = event.payload!;
      seen.push(
        payload.$case === 'artifactUpdate'
          ? 'artifact'
          : `${payload.$case}:${payload.$case === 'task' ? payload.value.status?.state : payload.$case === 'statusUpdate' ? payload.value.status?.state : ''}`,
      );
      if (payload.$case === 'task') slow.release.resolve();
    }
    expect(seen).toEqual([`task:${TaskState.TASK_STATE_WORKING}`, 'artifact', `statusUpdate:${TaskState.TASK_STATE_COMPLETED}`]);
    expect(dataOf(await client.getTask({ tenant: '', id: submitted.id }, timeout()))).toEqual({ done: true });
  });

  it('refuses to cancel a finished task and reports unknown tasks', async () => {
    const done = await sendTask(send([text('finished')]));
    const notCancelable = await rejection(client.cancelTask({ tenant: '', id: done.id, metadata: undefined }, timeout()));
    expect(notCancelable).toBeInstanceOf(TaskNotCancelableError);
    expect(notCancelable.envelopeCode).toBe(-32002);
    const missing = await rejection(client.getTask({ tenant: '', id: 'no-such-task' }, timeout()));
    expect(missing).toBeInstanceOf(TaskNotFoundError);
    expect(missing.envelopeCode).toBe(-32001);
    const followUp = await rejection(client.sendMessage(send([text('more')], { taskId: done.id }), timeout()));
    expect(followUp).toBeInstanceOf(UnsupportedOperationError);
    expect(followUp.message).toContain('send a new message without taskId');
  });

  it('answers an unknown skill with -32602 naming the skills and how to name one', async () => {
    const error = await rejection(client.sendMessage(send([data({ skill: 'get_api_serch', input: { q: 'x' } })]), timeout()));
    expect(error).toBeInstanceOf(RequestMalformedError);
    expect(isJsonRpcError(error) && error.envelopeCode).toBe(-32602);
    expect(error.message).toBe(
      'Unknown skill "get_api_serch"; name one in message.metadata.skill or send a data part {"skill": "<id>", "input": {…}}; the skills are get_api_search, post_api_tickets, get_api_slow, get_api_broken.',
    );
  });

  it('answers invalid arguments with -32602 naming every field, before any task exists', async () => {
    const allTasks = {
      tenant: '',
      contextId: '',
      status: TaskState.TASK_STATE_UNSPECIFIED,
      pageToken: '',
      statusTimestampAfter: undefined,
      pageSize: 100,
    };
    const before = (await client.listTasks(allTasks, timeout())).totalSize;
    const error = await rejection(
      client.sendMessage(send([data({ skill: 'get_api_search', input: { q: '', limit: 99, extra: true } })]), timeout()),
    );
    expect(error).toBeInstanceOf(RequestMalformedError);
    expect(error.message).toBe(
      "Skill get_api_search: Invalid input: q must not be empty; limit must be at most 10; extra is not a known field; remove it. Correct the input; the skill's fields are listed in its description on the agent card.",
    );
    const info = (error.data as { metadata?: Record<string, string> }[] | undefined)?.[0]?.metadata;
    expect(info?.skill).toBe('get_api_search');
    expect(JSON.parse(info?.issues ?? '[]').map((issue: { field: string }) => issue.field)).toEqual(['q', 'limit', 'extra']);
    expect((await client.listTasks(allTasks, timeout())).totalSize).toBe(before);
  });

  it('ends the stream of a bad message with the same error, at once', async () => {
    const started = Date.now();
    const error = await rejection(
      (async () => {
        for await (const event of client.sendMessageStream(send([data({ skill: 'get_api_search', input: {} })]), timeout())) void event;
      })(),
    );
    expect(error).toBeInstanceOf(RequestMalformedError);
    expect(error.message).toContain('q is required');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('asks which skill when plain text or JSON fits several or none', async () => {
    const none = await rejection(client.sendMessage(send([data({ colour: 'red' })]), timeout()));
    expect(none.message).toMatch(/^The message names no skill and no skill accepts this input; name one in message.metadata.skill/);
    const empty = await rejection(client.sendMessage(send([]), timeout()));
    expect(empty.message).toMatch(/^The message has no data or text part and names no skill/);
    const notText = await rejection(client.sendMessage(send([text('hello')], { metadata: { skill: 'post_api_tickets' } }), timeout()));
    expect(notText.message).toBe(
      'Skill post_api_tickets takes JSON input, not plain text; send a data part (or JSON text) with its fields, listed in its description on the agent card.',
    );
    const file = await rejection(
      client.sendMessage(
        send([
          { content: { $case: 'url', value: 'https://example.com/a.png' }, metadata: undefined, filename: 'a.png', mediaType: 'image/png' },
        ]),
        timeout(),
      ),
    );
    expect(file).toBeInstanceOf(ContentTypeNotSupportedError);
    expect(file.envelopeCode).toBe(-32005);
  });

  it('ends a call its policy refuses as a rejected task holding the problem document', async () => {
    const task = await sendTask(send([data({ skill: 'post_api_tickets', input: { title: 'Printer on fire', priority: 'high' } })]));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(task)).toBe('Policy "humans-only" denies this call: agents may not open tickets.');
    const problem = task.status?.message?.parts.find((part) => part.content?.$case === 'data');
    expect(problem?.mediaType).toBe('application/problem+json');
    expect(problem?.content?.$case === 'data' && problem.content.value).toMatchObject({ status: 403, type: '/problems/forbidden' });
    expect(task.artifacts).toEqual([]);
  });

  it('ends a failing route as a failed task that reveals nothing of the fault', async () => {
    const task = await sendTask(send([data({ skill: 'get_api_broken' })]));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    expect(statusText(task)).toBe('The server failed to answer this request; it has been logged.');
    expect(JSON.stringify(task)).not.toContain('hunter2');
  });

  it('writes only the output modes the client accepts, and refuses a request that accepts none', async () => {
    const textOnly = await sendTask(send([text('modes')], { acceptedOutputModes: ['text/plain'] }));
    expect(textOnly.artifacts[0]!.parts.map((part) => part.content?.$case)).toEqual(['text']);
    const jsonOnly = await sendTask(send([text('modes')], { acceptedOutputModes: ['application/json'] }));
    expect(jsonOnly.artifacts[0]!.parts.map((part) => part.content?.$case)).toEqual(['data']);
    const none = await rejection(client.sendMessage(send([text('modes')], { acceptedOutputModes: ['image/png'] }), timeout()));
    expect(none).toBeInstanceOf(ContentTypeNotSupportedError);
    expect(none.message).toContain('accept application/json (a data part) or text/plain');
  });
});

describe('createA2AHandler configuration', () => {
  it('refuses a text skill that is not a skill or has no text field, and bad limits', () => {
    const attempt = (options: Partial<Parameters<typeof createA2AHandler>[0]>) => {
      try {
        createA2AHandler({ registry: app.registry, ...options });
      } catch (error) {
        return error;
      }
      return undefined;
    };
    const unknown = attempt({ textSkill: 'get_api_find' });
    expect(isKitAIError(unknown, 'invalid_config') && unknown.message).toBe(
      'createA2AHandler: textSkill "get_api_find" is not a skill; use one of get_api_search, post_api_tickets, get_api_slow, get_api_broken.',
    );
    expect(isKitAIError(attempt({ textSkill: 'post_api_tickets' }), 'invalid_config')).toBe(true);
    expect((attempt({ maxTasks: 0 }) as Error).message).toBe(
      'createA2AHandler: maxTasks must be a whole number of tasks, at least 1, got 0; omit it for 1000.',
    );
    expect(isKitAIError(attempt({ maxBodyBytes: 10 }), 'invalid_config')).toBe(true);
    expect((attempt({ filter: () => false }) as Error).message).toBe(
      'createA2AHandler: no route is left to offer as a skill (filter refuses all 4 routes); register defineAPI routes or loosen filter.',
    );
  });

  it('keeps tasks in the store it is given, such as one replicas share', async () => {
    const store = new InMemoryTaskStore();
    const handler = createA2AHandler({ registry: app.registry, taskStore: store });
    const response = await handler(
      new Request('http://localhost/a2a', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: { message: { messageId: 'm-store', role: 'ROLE_USER', parts: [{ text: 'shared' }] } },
        }),
      }),
    );
    const { result } = await response.json();
    const stored = await store.load(result.task.id, new ServerCallContext());
    expect(stored?.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(stored?.artifacts[0]?.name).toBe('get_api_search');
  });

  it('offers only the routes the filter keeps', async () => {
    const readOnly = createA2AHandler({ registry: app.registry, filter: (route) => route.capability === 'read' });
    const response = await readOnly(
      new Request('http://localhost/a2a', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'a2a-version': '1.0' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'SendMessage',
          params: { message: { messageId: 'm', role: 'ROLE_USER', parts: [{ data: { skill: 'get_api_slow' } }] } },
        }),
      }),
    );
    const body = await response.json();
    expect(body.error.code).toBe(-32602);
    expect(body.error.message).toContain('the skills are get_api_search, get_api_broken');
  });
});

describe('createA2AHandler and approvals', () => {
  const store = new MemoryApprovalStore();
  const paid: string[] = [];
  const payouts = createKitApp({
    policies: [
      definePolicy({
        key: 'payouts-need-approval',
        title: 'Payouts need a person',
        effect: 'approve',
        check: async () => ({ applies: true }),
      }),
    ],
    approvals: { store },
    routes: {
      'POST /api/payouts': defineAPI({
        description: 'Pays an account.',
        capability: 'external',
        policy: 'payouts-need-approval',
        input: z.strictObject({ to: z.string() }),
        handler: async ({ input }) => {
          paid.push(input.to);
          return { paid: input.to };
        },
      }),
    },
  });
  payouts.mount('/a2a', ['POST'], createA2AHandler({ registry: payouts.registry }));
  payouts.get('/.well-known/agent.json', (request) =>
    Response.json(
      generateAgentCard({
        registry: payouts.registry,
        name: 'payouts',
        description: 'Pays.',
        url: new URL('/a2a', request.url).href,
        version: '1.0.0',
      }),
    ),
  );
  let payoutServer: KitServer;
  let payoutClient: Client;

  beforeAll(async () => {
    payoutServer = await payouts.listen({ port: 0 });
    payoutClient = await new ClientFactory().createFromUrl(`http://127.0.0.1:${payoutServer.port}`, '/.well-known/agent.json');
  });
  afterAll(() => payoutServer?.close());

  const pay = (to: string, options: { taskId?: string } = {}) => send([data({ skill: 'post_api_payouts', input: { to } })], options);

  async function sendPayout(request: SendMessageRequest): Promise<Task> {
    const result = await payoutClient.sendMessage(request, timeout());
    if (!('id' in result)) throw new Error('expected a task, got a message');
    return result;
  }

  it('ends a call held for approval in input-required, naming the approval, and runs the same call once approved', async () => {
    const task = await sendPayout(pay('acct-1'));
    expect(task.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(task.artifacts).toEqual([]);
    const pending = task.status?.message?.parts.find((part) => part.content?.$case === 'data');
    expect(pending?.mediaType).toBe('application/json');
    const body = (pending?.content?.$case === 'data' ? pending.content.value : {}) as {
      approvalId: string;
      statusUrl: string;
      expiresAt: string;
    };
    expect(body).toEqual({
      approvalId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      status: 'pending',
      statusUrl: `/approvals/${body.approvalId}`,
      policy: 'payouts-need-approval',
      reason: 'Payouts need a person',
      expiresAt: expect.any(String),
    });
    expect(statusText(task)).toBe(
      `Policy "payouts-need-approval" requires an approval for this call: Payouts need a person. Approval ${body.approvalId} is pending (status at ${body.statusUrl}); once a person approves it, the same call succeeds, once, until ${body.expiresAt}. Send the same call again, as a new message without taskId, once the approval is given.`,
    );
    expect((await payoutClient.getTask({ tenant: '', id: task.id, historyLength: 0 }, timeout())).status?.state).toBe(
      TaskState.TASK_STATE_INPUT_REQUIRED,
    );

    // A follow-up on the task is refused; the same call as a new message is the way back.
    const followUp = await rejection(payoutClient.sendMessage(pay('acct-1', { taskId: task.id }), timeout()));
    expect(followUp).toBeInstanceOf(UnsupportedOperationError);
    const retried = await sendPayout(pay('acct-1'));
    expect(retried.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
    expect(paid).toEqual([]);

    await resolveApproval(body.approvalId, { approved: true }, { store });
    const done = await sendPayout(pay('acct-1'));
    expect(done.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(dataOf(done)).toEqual({ paid: 'acct-1' });
    expect(paid).toEqual(['acct-1']);
  });

  it('ends a streamed call held for approval with an input-required event, without hanging', async () => {
    const events: StreamResponse[] = [];
    for await (const event of payoutClient.sendMessageStream(pay('acct-stream'), timeout())) events.push(event);
    const last = events.at(-1);
    expect(last?.payload?.$case).toBe('statusUpdate');
    expect(last?.payload?.$case === 'statusUpdate' && last.payload.value.status?.state).toBe(TaskState.TASK_STATE_INPUT_REQUIRED);
  });

  it('ends a call whose approval was denied as a rejected task', async () => {
    const task = await sendPayout(pay('acct-2'));
    const part = task.status?.message?.parts.find((candidate) => candidate.content?.$case === 'data');
    const { approvalId } = (part?.content?.$case === 'data' ? part.content.value : {}) as { approvalId: string };
    await resolveApproval(approvalId, { approved: false, note: 'unknown account' }, { store });
    const denied = await sendPayout(pay('acct-2'));
    expect(denied.status?.state).toBe(TaskState.TASK_STATE_REJECTED);
    expect(statusText(denied)).toContain(`approval ${approvalId} was denied: unknown account.`);
  });
});
