import { createKitApp, defineAPI, defineMiddleware, type KitApp } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { mountA2A, servesOwnA2A } from './a2a-endpoints.js';

const search = defineAPI({
  description: 'Searches the tickets.',
  input: z.strictObject({ q: z.string() }),
  output: z.strictObject({ hits: z.array(z.string()) }),
  handler: async ({ input }) => ({ hits: [`ticket about ${input.q}`] }),
});

const marked = defineMiddleware({
  name: 'marked',
  handler: async ({ next }) => {
    const response = await next();
    response.headers.set('X-Marked', 'yes');
    return response;
  },
});

function rpc(app: KitApp, host: string, body: unknown, headers: Record<string, string> = { 'a2a-version': '1.0' }): Promise<Response> {
  return app.fetch(
    new Request(`http://${host}/a2a`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify(body),
    }),
  );
}

describe('mountA2A', () => {
  it('serves the card at both well-known paths, naming the address the request reached, and the endpoint it names', async () => {
    const app = createKitApp({ routes: { 'GET /api/search': search }, middleware: [marked] });
    mountA2A(app, { title: 'Tickets', version: '2.0.0', description: 'Finds tickets.' });
    const card = await app.fetch(new Request('http://tickets.example:8080/.well-known/agent.json'));
    expect(card.status).toBe(200);
    expect(card.headers.get('content-type')).toBe('application/json; charset=utf-8');
    expect(card.headers.get('x-marked')).toBe('yes');
    const body = await card.json();
    expect(body).toMatchObject({
      name: 'Tickets',
      description: 'Finds tickets.',
      version: '2.0.0',
      url: 'http://tickets.example:8080/a2a',
    });
    expect(
      body.supportedInterfaces.map((entry: { url: string; protocolVersion: string }) => `${entry.protocolVersion} ${entry.url}`),
    ).toEqual(['1.0 http://tickets.example:8080/a2a', '0.3 http://tickets.example:8080/a2a']);
    expect(body.skills.map((skill: { id: string }) => skill.id)).toEqual(['get_api_search']);
    const other = await (await app.fetch(new Request('http://127.0.0.1:3000/.well-known/agent-card.json'))).json();
    expect(other.url).toBe('http://127.0.0.1:3000/a2a');

    const answer = await rpc(app, 'tickets.example:8080', {
      jsonrpc: '2.0',
      id: 1,
      method: 'SendMessage',
      params: { message: { messageId: 'm-1', role: 'ROLE_USER', parts: [{ text: 'printer' }] } },
    });
    expect(answer.headers.get('x-marked')).toBe('yes');
    expect((await answer.json()).result.task.artifacts[0].parts[0].data).toEqual({ hits: ['ticket about printer'] });
    const legacy = await rpc(
      app,
      'tickets.example:8080',
      {
        jsonrpc: '2.0',
        id: 2,
        method: 'message/send',
        params: { message: { kind: 'message', messageId: 'm-2', role: 'user', parts: [{ kind: 'text', text: 'toner' }] } },
      },
      {},
    );
    expect((await legacy.json()).result).toMatchObject({ kind: 'task', status: { state: 'completed' } });
  });

  it('fills in a card name, description and version the app info leaves blank', async () => {
    const app = createKitApp({ routes: { 'GET /api/search': search } });
    mountA2A(app, { title: ' ', version: '' });
    expect(await (await app.fetch(new Request('http://localhost/.well-known/agent.json'))).json()).toMatchObject({
      name: 'kit app',
      version: '0.0.0',
      description: 'kit app: its API routes as skills, one per route.',
    });
  });

  it('serves nothing for an app without API routes, which has no skill to offer', async () => {
    const app = createKitApp({ routes: {} });
    mountA2A(app, { title: 'Pages only', version: '1.0.0' });
    expect((await app.fetch(new Request('http://localhost/.well-known/agent.json'))).status).toBe(404);
    expect((await rpc(app, 'localhost', {})).status).toBe(404);
  });
});

describe('servesOwnA2A', () => {
  it('sees a route of the app at the endpoint or at either card path', () => {
    const own = (key: `GET ${string}` | `POST ${string}`) =>
      servesOwnA2A(createKitApp({ routes: { 'GET /api/search': search, [key]: defineAPI({ handler: async () => ({}) }) } }));
    expect(own('GET /.well-known/agent.json')).toBe(true);
    expect(own('GET /.well-known/agent-card.json')).toBe(true);
    expect(own('POST /a2a')).toBe(true);
    expect(own('GET /api/a2a')).toBe(false);
  });
});
