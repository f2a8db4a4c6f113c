import { createKitApp, defineAPI } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';
import { KitAIError } from '@kit/kit-ai';
import { agentCardEndpoint } from './agent-card-endpoint.js';

const app = createKitApp({
  routes: { 'GET /api/ping': defineAPI({ description: 'Answers pong.', handler: async () => ({ pong: true }) }) },
});
const options = {
  registry: app.registry,
  name: 'ping',
  description: 'Answers pings.',
  version: '1.0.0',
  endpointPath: '/a2a',
  documentationPath: '/docs',
};

describe('agentCardEndpoint', () => {
  it('names the endpoint and the documentation on the origin each request came by', async () => {
    const card = agentCardEndpoint(options);
    for (const origin of ['http://127.0.0.1:3000', 'https://help.example.com', 'http://127.0.0.1:3000']) {
      const response = card(new Request(`${origin}/.well-known/agent.json`));
      expect(response.headers.get('content-type')).toBe('application/json; charset=utf-8');
      const body = (await response.json()) as { url: string; documentationUrl: string; skills: { id: string }[] };
      expect(body).toMatchObject({ url: `${origin}/a2a`, documentationUrl: `${origin}/docs` });
      expect(body.skills.map((skill) => skill.id)).toEqual(['get_api_ping']);
    }
  });

  it('checks the options when it is made, not at the first request', () => {
    expect(() => agentCardEndpoint({ ...options, name: '' })).toThrow(KitAIError);
  });
});
