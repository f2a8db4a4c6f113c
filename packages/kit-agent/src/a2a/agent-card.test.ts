import { A2A_PROTOCOL_VERSION, AgentCard } from '@a2a-js/sdk';
import { DefaultAgentCardResolver } from '@a2a-js/sdk/client';
import { isLegacyAgentCard, parseLegacyAgentCard } from '@a2a-js/sdk/compat/v0_3/client';
import { createKitApp, defineAPI } from '@kit/kit-core';
import { isKitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { generateAgentCard, type GenerateAgentCardOptions } from './agent-card.js';

const app = createKitApp({
  routes: {
    'GET /api/search': defineAPI({
      description: 'Searches the documentation.',
      capability: 'read',
      resource: 'sections',
      input: z.strictObject({ q: z.string(), topic: z.string().optional(), limit: z.number().int().default(5) }),
      handler: async () => ({ results: [] }),
    }),
    'POST /api/notes': defineAPI({
      capability: 'write',
      input: z.strictObject({ title: z.string(), body: z.string() }),
      handler: async () => ({}),
    }),
    'GET /api/health': defineAPI({ description: 'Reports health.', handler: async () => ({ status: 'ok' }) }),
  },
});

const options: GenerateAgentCardOptions = {
  registry: app.registry,
  name: 'docs',
  description: 'Answers from the docs.',
  url: 'https://docs.example.com/a2a',
  version: '0.1.0',
};

function configError(overrides: Partial<GenerateAgentCardOptions>): string {
  try {
    generateAgentCard({ ...options, ...overrides });
  } catch (error) {
    if (isKitAIError(error, 'invalid_config')) return error.message;
    throw error;
  }
  throw new Error('expected an invalid_config error');
}

describe('generateAgentCard', () => {
  it('describes the agent with one JSON-RPC endpoint for protocol 1.0, the version the SDK speaks, and 0.3', () => {
    const card = generateAgentCard({
      ...options,
      provider: { organization: 'kit', url: 'https://kit.example.com' },
      documentationUrl: 'https://docs.example.com/',
    });
    expect(card).toMatchObject({
      name: 'docs',
      description: 'Answers from the docs.',
      version: '0.1.0',
      supportedInterfaces: [
        { url: 'https://docs.example.com/a2a', protocolBinding: 'JSONRPC', tenant: '', protocolVersion: A2A_PROTOCOL_VERSION },
        { url: 'https://docs.example.com/a2a', protocolBinding: 'JSONRPC', tenant: '', protocolVersion: '0.3' },
      ],
      url: 'https://docs.example.com/a2a',
      preferredTransport: 'JSONRPC',
      protocolVersion: '0.3.0',
      supportsAuthenticatedExtendedCard: false,
      provider: { organization: 'kit', url: 'https://kit.example.com' },
      documentationUrl: 'https://docs.example.com/',
      capabilities: { streaming: true, pushNotifications: false, extensions: [], extendedAgentCard: false },
      defaultInputModes: ['application/json', 'text/plain'],
      defaultOutputModes: ['application/json', 'text/plain'],
    });
  });

  it('makes each route a skill named by operation id, method and path, tagged with capability and resource', () => {
    const card = generateAgentCard({
      ...options,
      examples: { get_api_search: ['how do I resume a paused run', '{"q": "maxIterations", "limit": 3}'] },
    });
    expect(card.skills.map(({ id, name, tags, examples }) => ({ id, name, tags, examples }))).toEqual([
      {
        id: 'get_api_search',
        name: 'GET /api/search',
        tags: ['read', 'sections'],
        examples: ['how do I resume a paused run', '{"q": "maxIterations", "limit": 3}'],
      },
      { id: 'post_api_notes', name: 'POST /api/notes', tags: ['write'], examples: [] },
      { id: 'get_api_health', name: 'GET /api/health', tags: ['read'], examples: [] },
    ]);
    expect(card.skills.map((skill) => skill.description)).toEqual([
      'Searches the documentation.\n\nInput: a JSON object with q (string, required), topic (string), limit (integer), in a data part or as JSON text. Plain text is taken as q.',
      'Calls POST /api/notes.\n\nInput: a JSON object with title (string, required), body (string, required), in a data part or as JSON text.',
      'Reports health.\n\nInput: none; send an empty data part {} or no parts.',
    ]);
    expect(generateAgentCard({ ...options, describeInput: false }).skills[0]!.description).toBe('Searches the documentation.');
    expect(generateAgentCard({ ...options, filter: (route) => route.capability === 'write' }).skills.map((skill) => skill.id)).toEqual([
      'post_api_notes',
    ]);
  });

  it('is an AgentCard as the SDK encodes and its client reads it, with the 0.3 fields beside', () => {
    const { url, preferredTransport, protocolVersion, supportsAuthenticatedExtendedCard, ...current } = generateAgentCard(options);
    const wire = JSON.parse(JSON.stringify({ ...current, url, preferredTransport, protocolVersion, supportsAuthenticatedExtendedCard }));
    expect(AgentCard.fromJSON(wire)).toEqual(current);
    expect(AgentCard.fromJSON(AgentCard.toJSON(current))).toEqual(current);
    expect(AgentCard.fromJSON(new DefaultAgentCardResolver().normalizeAgentCard(wire))).toEqual(current);
    // The SDK's compatibility layer takes it for a 1.0 card; read as 0.3, it names the same endpoint.
    expect(isLegacyAgentCard(wire)).toBe(false);
    expect(new DefaultAgentCardResolver({ legacyCompat: { enabled: true } }).normalizeAgentCard(wire)).toEqual(wire);
    const asLegacy = parseLegacyAgentCard(wire);
    expect(asLegacy.supportedInterfaces[0]).toMatchObject({ url: 'https://docs.example.com/a2a', protocolBinding: 'JSONRPC' });
    expect(asLegacy.skills.map((skill) => skill.id)).toEqual(['get_api_search', 'post_api_notes', 'get_api_health']);
  });

  it('refuses options that would make a card no client can use, naming the value and the fix', () => {
    expect(configError({ url: '/a2a' })).toBe(
      "generateAgentCard: url must be an absolute http(s) URL, got \"/a2a\"; resolve a path against the public base URL, e.g. new URL('/a2a', 'https://example.com').href.",
    );
    expect(configError({ url: 'ftp://example.com/a2a' })).toContain('url must be an absolute http(s) URL');
    expect(configError({ name: ' ' })).toBe(
      'generateAgentCard: name must be a non-empty string, got " "; set it to what clients should see.',
    );
    expect(configError({ version: '' })).toContain('version must be a non-empty string');
    expect(configError({ provider: { organization: 'kit', url: 'kit.example.com' } })).toContain(
      'provider.url must be an absolute http(s) URL',
    );
    expect(configError({ examples: { get_api_serch: ['x'] } })).toBe(
      'generateAgentCard: examples names skill "get_api_serch", which is not offered; key examples by one of get_api_search, post_api_notes, get_api_health.',
    );
    expect(configError({ examples: { get_api_search: [''] } })).toContain('examples.get_api_search must be a list of non-empty strings');
    expect(configError({ filter: () => false })).toBe(
      'generateAgentCard: no route is left to offer as a skill (filter refuses all 3 routes); register defineAPI routes or loosen filter.',
    );
    expect(configError({ registry: createKitApp({ routes: {} }).registry })).toContain('(the registry has no routes)');
  });
});
