/**
 * kit docs over A2A, checked with the official SDK's client against the real service: the agent
 * card at both well-known paths, a question in plain text answered by a search, the other skills by
 * name, streaming, task get, list and cancel, and bad input refused with a clear JSON-RPC error.
 * Results must equal what the HTTP API answers for the same input.
 */
import { Role, TaskState, type Part, type SendMessageRequest, type StreamResponse, type Task } from '@a2a-js/sdk';
import { ClientFactory, type Client } from '@a2a-js/sdk/client';
import { RequestMalformedError, TaskNotCancelableError, TaskNotFoundError } from '@a2a-js/sdk/errors';
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { startService, type RunningService } from '../support/start-service.js';

let running: RunningService;
let client: Client;
const timeout = () => ({ signal: AbortSignal.timeout(5_000) });

beforeAll(async () => {
  running = await startService();
  client = await new ClientFactory().createFromUrl(running.baseUrl, '/.well-known/agent.json');
});
afterAll(() => running?.stop());

const text = (value: string): Part => ({ content: { $case: 'text', value }, metadata: undefined, filename: '', mediaType: 'text/plain' });
const data = (value: unknown): Part => ({
  content: { $case: 'data', value },
  metadata: undefined,
  filename: '',
  mediaType: 'application/json',
});

function message(parts: Part[], returnImmediately = false): SendMessageRequest {
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
    configuration: returnImmediately ? { acceptedOutputModes: [], taskPushNotificationConfig: undefined, returnImmediately } : undefined,
    metadata: undefined,
  };
}

async function ask(parts: Part[]): Promise<Task> {
  const result = await client.sendMessage(message(parts), timeout());
  if (!('id' in result)) throw new Error('expected a task');
  return result;
}

function output(task: Task): unknown {
  const part = task.artifacts[0]?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

function problemOf(task: Task): unknown {
  const part = task.status?.message?.parts.find((candidate) => candidate.content?.$case === 'data');
  return part?.content?.$case === 'data' ? part.content.value : undefined;
}

async function failure(promise: Promise<unknown>): Promise<Error & { envelopeCode?: number }> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the call to fail');
}

describe('kit docs over A2A, with the official client', () => {
  it('serves the same agent card at /.well-known/agent.json and at the SDK default path', async () => {
    const decided = await sendRaw(`${running.baseUrl}/.well-known/agent.json`);
    const sdkDefault = await sendRaw(`${running.baseUrl}/.well-known/agent-card.json`);
    expect(decided.status).toBe(200);
    expect(decided.headers['content-type']).toBe('application/json; charset=utf-8');
    expect(sdkDefault.text).toBe(decided.text);
    const card = decided.json();
    expect(card.name).toBe('kit-docs');
    expect(card.supportedInterfaces).toEqual([
      { url: `${running.baseUrl}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '1.0' },
      { url: `${running.baseUrl}/a2a`, protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
    ]);
    expect(card).toMatchObject({ url: `${running.baseUrl}/a2a`, preferredTransport: 'JSONRPC', protocolVersion: '0.3.0' });
    expect(card.capabilities.streaming).toBe(true);
    expect(card.skills.map((skill: { id: string }) => skill.id)).toEqual([
      'get_api_docs',
      'get_api_examples',
      'get_api_health',
      'get_api_libraries',
      'get_api_search',
    ]);
    const openapi = (await sendRaw(`${running.baseUrl}/openapi.json`)).json();
    for (const skill of card.skills) {
      const operation = openapi.paths[`/api/${skill.id.replace('get_api_', '')}`].get;
      expect(skill.description.startsWith(operation.description)).toBe(true);
      expect(skill.tags[0]).toBe('read');
      expect(skill.examples.length).toBeGreaterThan(0);
    }
    const viaDefault = await new ClientFactory().createFromUrl(running.baseUrl);
    expect((await viaDefault.getAgentCard()).skills).toHaveLength(5);
  });

  it('answers a question in plain text with the search results the HTTP API gives', async () => {
    const task = await ask([text('how do I resume a paused run')]);
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect(task.metadata).toEqual({ skill: 'get_api_search' });
    const http = (await sendRaw(`${running.baseUrl}/api/search?q=how+do+I+resume+a+paused+run`)).json();
    expect(output(task)).toEqual(http);
    expect((output(task) as { results: unknown[] }).results.length).toBeGreaterThan(0);
  });

  it('runs the other skills by name, with the same answers as HTTP', async () => {
    const calls: [unknown, string][] = [
      [{ skill: 'get_api_search', input: { q: 'maxIterations default', limit: 3 } }, '/api/search?q=maxIterations%20default&limit=3'],
      [{ skill: 'get_api_docs', input: { slug: 'core-concepts', section: 'defineAPI' } }, '/api/docs?slug=core-concepts&section=defineAPI'],
      [{ skill: 'get_api_examples', input: { topic: 'defineAPI', limit: 2 } }, '/api/examples?topic=defineAPI&limit=2'],
      [{ topic: 'defineModel' }, '/api/examples?topic=defineModel'],
    ];
    for (const [input, path] of calls) {
      const task = await ask([data(input)]);
      expect(output(task), JSON.stringify(input)).toEqual((await sendRaw(`${running.baseUrl}${path}`)).json());
    }
    const health = await ask([data({ skill: 'get_api_health' })]);
    expect(output(health)).toMatchObject({ status: 'ok' });
  });

  it('streams a search: the task, working, the results, completed', async () => {
    const events: StreamResponse[] = [];
    for await (const event of client.sendMessageStream(message([text('token budgets')]), timeout())) events.push(event);
    expect(events.map((event) => event.payload?.$case)).toEqual(['task', 'statusUpdate', 'artifactUpdate', 'statusUpdate']);
    const states = events.map((event) =>
      event.payload?.$case === 'task' || event.payload?.$case === 'statusUpdate' ? event.payload.value.status?.state : 'artifact',
    );
    expect(states).toEqual([TaskState.TASK_STATE_SUBMITTED, TaskState.TASK_STATE_WORKING, 'artifact', TaskState.TASK_STATE_COMPLETED]);
    const artifact = events[2]!.payload;
    const results = artifact?.$case === 'artifactUpdate' ? artifact.value.artifact?.parts[0]?.content : undefined;
    const http = (await sendRaw(`${running.baseUrl}/api/search?q=token+budgets`)).json();
    expect(results).toEqual({ $case: 'data', value: http });
  });

  it('gets and lists a task, refuses to cancel a finished one, and reports an unknown one', async () => {
    const submitted = await client.sendMessage(message([text('defineModel relations')], true), timeout());
    const id = 'id' in submitted ? submitted.id : '';
    let task = await client.getTask({ tenant: '', id }, timeout());
    for (let tries = 0; task.status?.state !== TaskState.TASK_STATE_COMPLETED && tries < 50; tries += 1) {
      await new Promise((resolve) => setTimeout(resolve, 10));
      task = await client.getTask({ tenant: '', id }, timeout());
    }
    expect(task.status?.state).toBe(TaskState.TASK_STATE_COMPLETED);
    expect((output(task) as { query: string }).query).toBe('defineModel relations');
    const listed = await client.listTasks(
      { tenant: '', contextId: task.contextId, status: TaskState.TASK_STATE_UNSPECIFIED, pageToken: '', statusTimestampAfter: undefined },
      timeout(),
    );
    expect(listed.tasks.map((entry) => entry.id)).toEqual([id]);
    const cancel = await failure(client.cancelTask({ tenant: '', id, metadata: undefined }, timeout()));
    expect(cancel).toBeInstanceOf(TaskNotCancelableError);
    expect(cancel.envelopeCode).toBe(-32002);
    const missing = await failure(client.getTask({ tenant: '', id: 'not-a-task' }, timeout()));
    expect(missing).toBeInstanceOf(TaskNotFoundError);
  });

  it('refuses an unknown skill and invalid arguments with -32602 and a message that says what to fix', async () => {
    const unknown = await failure(client.sendMessage(message([data({ skill: 'search', input: { q: 'x' } })]), timeout()));
    expect(unknown).toBeInstanceOf(RequestMalformedError);
    expect(unknown.envelopeCode).toBe(-32602);
    expect(unknown.message).toBe(
      'Unknown skill "search"; name one in message.metadata.skill or send a data part {"skill": "<id>", "input": {…}}; the skills are get_api_docs, get_api_examples, get_api_health, get_api_libraries, get_api_search.',
    );
    const invalid = await failure(client.sendMessage(message([data({ skill: 'get_api_search', input: { q: '', limit: 99 } })]), timeout()));
    expect(invalid).toBeInstanceOf(RequestMalformedError);
    expect(invalid.message).toMatch(/^Skill get_api_search: Invalid input: q .+; limit must be at most 50\. Correct the input/);
    const streamed = await failure(
      (async () => {
        for await (const event of client.sendMessageStream(message([data({ skill: 'get_api_docs', input: { page: 2 } })]), timeout()))
          void event;
      })(),
    );
    expect(streamed).toBeInstanceOf(RequestMalformedError);
    expect(streamed.message).toContain('page is not a known field; remove it');
  });

  it('ends a call the route itself refuses as a failed task carrying the HTTP problem document', async () => {
    const task = await ask([data({ skill: 'get_api_docs', input: { slug: 'databse' } })]);
    expect(task.status?.state).toBe(TaskState.TASK_STATE_FAILED);
    const http = (await sendRaw(`${running.baseUrl}/api/docs?slug=databse`)).json();
    expect(problemOf(task)).toEqual(http);
    expect(http).toMatchObject({ status: 404, suggestions: ['database'] });
  });
});
