/**
 * MCP tests with the SDK's own client against the real server, over both transports: stdio through
 * the `npx kit-docs mcp` command the README gives, and streamable HTTP at /mcp. Tool results must
 * equal what the HTTP API answers for the same input.
 */
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sendRaw } from '../../../../test-support/http.js';
import { startService, type RunningService } from '../support/start-service.js';

const repositoryRoot = fileURLToPath(new URL('../../../../', import.meta.url));
let running: RunningService;
let openapi: any;

beforeAll(async () => {
  running = await startService();
  openapi = (await sendRaw(`${running.baseUrl}/openapi.json`)).json();
});
afterAll(() => running?.stop());

const transports = {
  stdio: () => new StdioClientTransport({ command: 'npx', args: ['--no-install', 'kit-docs', 'mcp'], cwd: repositoryRoot, stderr: 'pipe' }),
  'streamable HTTP': () => new StreamableHTTPClientTransport(new URL(`${running.baseUrl}/mcp`)),
};

describe.each(Object.entries(transports))('MCP over %s', (_name, makeTransport) => {
  let client: Client;

  beforeAll(async () => {
    client = new Client({ name: 'kit-docs-test', version: '1.0.0' });
    await client.connect(makeTransport());
  }, 60_000);
  afterAll(() => client?.close());

  it('lists the five tools named by operation id, with the OpenAPI input schemas and an output schema', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name).sort()).toEqual([
      'get_api_docs',
      'get_api_examples',
      'get_api_health',
      'get_api_libraries',
      'get_api_search',
    ]);
    for (const tool of tools) {
      const path = `/api/${tool.name.replace('get_api_', '')}`;
      const operation = openapi.paths[path].get;
      const bodySchema = operation.requestBody?.content['application/json'].schema ?? {
        type: 'object',
        properties: {},
        additionalProperties: false,
      };
      expect(tool.inputSchema).toEqual({ type: 'object', ...bodySchema });
      expect(tool.outputSchema).toEqual(operation.responses['200'].content['application/json'].schema);
      expect(tool.description?.length).toBeGreaterThan(40);
      expect(tool.annotations?.readOnlyHint).toBe(true);
    }
  });

  it('returns structuredContent equal to the HTTP 200 body, plus the same JSON as text', async () => {
    const calls: [string, Record<string, unknown>, string][] = [
      ['get_api_search', { q: 'maxIterations default', limit: 5 }, '/api/search?q=maxIterations%20default&limit=5'],
      ['get_api_search', { q: 'token', topic: 'auth' }, '/api/search?q=token&topic=auth'],
      ['get_api_docs', {}, '/api/docs'],
      ['get_api_docs', { slug: 'core-concepts', section: 'defineAPI' }, '/api/docs?slug=core-concepts&section=defineAPI'],
      ['get_api_examples', { topic: 'defineAPI' }, '/api/examples?topic=defineAPI'],
    ];
    for (const [name, args, path] of calls) {
      const result = await client.callTool({ name, arguments: args });
      const http = (await sendRaw(`${running.baseUrl}${path}`)).json();
      expect(result.isError ?? false, name).toBe(false);
      expect(result.structuredContent, `${name} ${JSON.stringify(args)}`).toEqual(http);
      expect(JSON.parse((result.content as { text: string }[])[0]!.text)).toEqual(http);
    }
    const health = await client.callTool({ name: 'get_api_health', arguments: {} });
    expect(health.structuredContent).toMatchObject({ status: 'ok', timestamp: expect.stringMatching(/Z$/) });
  });

  it('reports bad arguments as a tool error holding the same problem document as HTTP', async () => {
    const result = await client.callTool({ name: 'get_api_search', arguments: { q: '', limit: 99 } });
    expect(result.isError).toBe(true);
    const problem = JSON.parse((result.content as { text: string }[])[0]!.text);
    expect(problem).toMatchObject({ status: 400, type: '/problems/invalid-input' });
    expect(problem.errors.map((error: { field: string }) => error.field).sort()).toEqual(['limit', 'q']);
    const missing = await client.callTool({ name: 'get_api_docs', arguments: { slug: 'databse' } });
    expect(JSON.parse((missing.content as { text: string }[])[0]!.text)).toMatchObject({ status: 404, suggestions: ['database'] });
  });

  it('offers every document as a Markdown resource', async () => {
    const { resources } = await client.listResources();
    expect(resources.map((resource) => resource.name)).toEqual(running.content.documents.map((document) => document.slug));
    const read = await client.readResource({ uri: 'kit-docs://docs/database' });
    const text = (read.contents[0] as { text: string; mimeType: string }).text;
    expect(read.contents[0]!.mimeType).toBe('text/markdown');
    expect(text.startsWith('# ')).toBe(true);
    expect(text).toContain('defineModel');
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates[0]?.uriTemplate).toBe('kit-docs://docs/{slug}');
  });
});
