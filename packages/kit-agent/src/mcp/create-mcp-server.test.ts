import { createKitApp, defineAPI, definePolicy, KitError, resolveApproval, type KitServer } from '@kit/kit-core';
import { isKitAIError } from '@kit/kit-ai';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StreamableHTTPClientTransport } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { createMcpServer } from './create-mcp-server.js';

let server: KitServer;
let client: Client;
const notes = new Map([
  ['todo', '- write the report'],
  ['a b', 'spaced'],
]);

const agentsMayNotDelete = definePolicy({
  key: 'no-agent-deletes',
  title: 'Agents may not delete',
  effect: 'deny',
  check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents may not delete notes' }),
});
const bigRefundsNeedApproval = definePolicy({
  key: 'large-refund',
  title: 'Refunds over 100 need approval',
  effect: 'approve',
  check: async ({ input }) => ({ applies: (input as { amount: number }).amount > 100, reason: 'refunds over 100 need a person' }),
});

beforeAll(async () => {
  const app = createKitApp({
    policies: [agentsMayNotDelete, bigRefundsNeedApproval],
    routes: {
      'GET /api/greet': defineAPI({
        description: 'Greets someone. Give a name.',
        input: z.strictObject({ name: z.string().min(1), times: z.number().int().min(1).max(3).default(1) }),
        output: z.strictObject({ message: z.string() }),
        handler: async ({ input }) => ({ message: `Hello, ${input.name}`.repeat(input.times) }),
      }),
      'POST /api/notes': defineAPI({
        capability: 'write',
        input: z.strictObject({ id: z.string() }),
        handler: async ({ input }) => ({ created: input.id }),
      }),
      'PUT /api/notes': defineAPI({ capability: 'write', handler: async () => ({ replaced: true }) }),
      'PATCH /api/notes': defineAPI({ capability: 'write', handler: async () => ({ patched: true }) }),
      'DELETE /api/notes': defineAPI({ capability: 'write', policy: 'no-agent-deletes', handler: async () => ({ deleted: true }) }),
      'GET /api/weather': defineAPI({ capability: 'external', handler: async () => ({ sky: 'clear' }) }),
      'GET /api/tags': defineAPI({ description: 'Lists the tags.', output: z.array(z.string()), handler: async () => ['red', 'blue'] }),
      // For the app's own pages: no tool.
      'GET /api/drafts': defineAPI({ agents: false, handler: async () => ({ drafts: [] }) }),
      'POST /api/refunds': defineAPI({
        capability: 'external',
        policy: 'large-refund',
        input: z.strictObject({ amount: z.number().positive() }),
        handler: async ({ input }) => ({ refunded: input.amount }),
      }),
    },
  });
  const mcp = createMcpServer({
    registry: app.registry,
    name: 'greeter',
    version: '1.0.0',
    resources: () => [{ uri: 'test://notes/one', name: 'one', mimeType: 'text/markdown', read: () => '# One' }],
    resourceTemplates: [
      {
        uriTemplate: 'notes://{id}',
        name: 'note',
        title: 'Note',
        description: 'One note.',
        mimeType: 'text/markdown',
        read: ({ id }) => (id === undefined ? undefined : notes.get(id)),
        complete: { id: (typed) => [...notes.keys()].filter((id) => id.startsWith(typed)) },
      },
      { uriTemplate: 'listed://{x}', name: 'listed-only', mimeType: 'text/plain' },
    ],
    prompts: [
      {
        name: 'explain_api',
        title: 'Explain an API',
        description: 'Explain one kit API.',
        arguments: [
          {
            name: 'api',
            description: 'A function name',
            required: true,
            complete: (typed) => ['createSmartAgent', 'createMcpClient', 'createKitApp'].filter((name) => name.startsWith(typed)),
          },
          { name: 'level', description: 'beginner or expert' },
        ],
        render: ({ api, level }) => `Explain ${api}${level ? ` for a ${level}` : ''}.`,
      },
      {
        name: 'review',
        render: () => [
          { role: 'user', text: 'Review this.' },
          { role: 'assistant', text: 'Which file?' },
        ],
      },
      {
        name: 'strict',
        arguments: [{ name: 'slug', required: true }],
        render: ({ slug }) => {
          if (slug !== 'known') throw new KitError('not_found', `No document "${slug}"; the documents are "known".`);
          return 'ok';
        },
      },
      {
        name: 'broken',
        render: () => {
          throw new Error('secret internal detail');
        },
      },
    ],
  });
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
  server = await app.listen({ port: 0 });
  client = new Client({ name: 'test-client', version: '1.0.0' });
  await client.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${server.port}/mcp`)));
});

afterAll(async () => {
  await client?.close();
  await server?.close();
});

function problemOf(result: Awaited<ReturnType<Client['callTool']>>): Record<string, unknown> {
  return JSON.parse((result.content as { text: string }[])[0]!.text) as Record<string, unknown>;
}

describe('createMcpServer tools', () => {
  it('lists one tool per route with the route schemas', async () => {
    const { tools } = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_api_greet',
      'post_api_notes',
      'put_api_notes',
      'patch_api_notes',
      'delete_api_notes',
      'get_api_weather',
      'get_api_tags',
      'post_api_refunds',
    ]);
    expect(tools[0]).toMatchObject({
      name: 'get_api_greet',
      description: 'Greets someone. Give a name.',
      inputSchema: { type: 'object', required: ['name'], additionalProperties: false },
      outputSchema: { type: 'object', required: ['message'] },
    });
  });

  it('derives every hint from the capability and the method', async () => {
    const { tools } = await client.listTools();
    const hints = Object.fromEntries(tools.map((tool) => [tool.name, tool.annotations]));
    expect(hints).toEqual({
      get_api_greet: { readOnlyHint: true, openWorldHint: false },
      post_api_notes: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: false },
      put_api_notes: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      patch_api_notes: { readOnlyHint: false, destructiveHint: true, idempotentHint: false, openWorldHint: false },
      delete_api_notes: { readOnlyHint: false, destructiveHint: true, idempotentHint: true, openWorldHint: false },
      get_api_weather: { readOnlyHint: false, destructiveHint: false, idempotentHint: true, openWorldHint: true },
      get_api_tags: { readOnlyHint: true, openWorldHint: false },
      post_api_refunds: { readOnlyHint: false, destructiveHint: false, idempotentHint: false, openWorldHint: true },
    });
  });

  it('wraps an output that is not an object as { result }, in the tool schema and in the result alike', async () => {
    // The SDK client validates every tool's outputSchema and every structuredContent against it: a
    // non-object schema would make it refuse the whole tool list.
    const tool = (await client.listTools()).tools.find((candidate) => candidate.name === 'get_api_tags');
    expect(tool?.outputSchema).toMatchObject({ type: 'object', properties: { result: { type: 'array' } }, required: ['result'] });
    const result = await client.callTool({ name: 'get_api_tags', arguments: {} });
    expect(result.structuredContent).toEqual({ result: ['red', 'blue'] });
  });

  it('calls a tool and returns structuredContent plus the same JSON as text', async () => {
    const result = await client.callTool({ name: 'get_api_greet', arguments: { name: 'Ada' } });
    expect(result.structuredContent).toEqual({ message: 'Hello, Ada' });
    expect(result.content).toEqual([{ type: 'text', text: JSON.stringify({ message: 'Hello, Ada' }) }]);
  });

  it('reports invalid arguments as a tool error carrying a problem document', async () => {
    const result = await client.callTool({ name: 'get_api_greet', arguments: { name: '', extra: 1 } });
    expect(result.isError).toBe(true);
    const problem = problemOf(result);
    expect(problem).toMatchObject({ status: 400, type: '/problems/invalid-input' });
    expect((problem.errors as { field: string }[]).map((issue) => issue.field).sort()).toEqual(['extra', 'name']);
  });

  it('answers an unknown tool with a protocol error, a route declared agents: false included', async () => {
    await expect(client.callTool({ name: 'nope', arguments: {} })).rejects.toThrow(/Unknown tool/);
    await expect(client.callTool({ name: 'get_api_drafts', arguments: {} })).rejects.toThrow(/Unknown tool/);
  });
});

describe('createMcpServer policies', () => {
  it('refuses a call its policy denies with a result naming the policy and its reason', async () => {
    const result = await client.callTool({ name: 'delete_api_notes', arguments: {} });
    expect(result.isError).toBe(true);
    expect(problemOf(result)).toEqual({
      type: '/problems/forbidden',
      title: 'Forbidden',
      status: 403,
      detail: 'Policy "no-agent-deletes" denies this call: agents may not delete notes.',
    });
  });

  it('answers the same call over HTTP, where the caller is not an agent, so the policy does not apply', async () => {
    const response = await fetch(`http://127.0.0.1:${server.port}/api/notes`, { method: 'DELETE' });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ deleted: true });
  });

  it('reports an approve effect as an error result naming the approval, and runs the same call once it is approved', async () => {
    const result = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 500 } });
    expect(result.isError).toBe(true);
    const [prose, json] = result.content as { type: string; text: string }[];
    const pending = JSON.parse(json!.text) as { approvalId: string; statusUrl: string; expiresAt: string };
    expect(pending).toEqual({
      approvalId: expect.stringMatching(/^[A-Za-z0-9_-]{22}$/),
      status: 'pending',
      statusUrl: `/approvals/${pending.approvalId}`,
      policy: 'large-refund',
      reason: 'refunds over 100 need a person',
      expiresAt: expect.any(String),
    });
    expect(prose!.text).toBe(
      `Policy "large-refund" requires an approval for this call: refunds over 100 need a person. Approval ${pending.approvalId} is pending (status at ${pending.statusUrl}); once a person approves it, the same call succeeds, once, until ${pending.expiresAt}. Do not change the arguments: call this tool again with the same ones after the approval is given, or read the status URL.`,
    );
    // Retrying before the decision names the same approval.
    const retried = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 500 } });
    expect(JSON.parse((retried.content as { text: string }[])[1]!.text).approvalId).toBe(pending.approvalId);
    // Over HTTP the caller is anonymous, not an agent: another caller, so another approval, answered 202.
    const http = await fetch(`http://127.0.0.1:${server.port}/api/refunds`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"amount":500}',
    });
    expect(http.status).toBe(202);
    expect((await http.json()).approvalId).not.toBe(pending.approvalId);

    await resolveApproval(pending.approvalId, { approved: true, by: 'reviewer' });
    const approved = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 500 } });
    expect(approved.isError).toBeFalsy();
    expect(approved.structuredContent).toEqual({ refunded: 500 });
    const again = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 500 } });
    expect(again.isError).toBe(true);
    expect(JSON.parse((again.content as { text: string }[])[1]!.text).approvalId).not.toBe(pending.approvalId);
  });

  it('answers a call whose approval was denied with the 403 problem naming it', async () => {
    const held = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 250 } });
    const { approvalId } = JSON.parse((held.content as { text: string }[])[1]!.text) as { approvalId: string };
    await resolveApproval(approvalId, { approved: false, note: 'too much' });
    const denied = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 250 } });
    expect(denied.isError).toBe(true);
    expect(problemOf(denied)).toMatchObject({
      status: 403,
      detail: expect.stringContaining(`approval ${approvalId} was denied: too much.`),
    });
  });

  it('lets a call through when the policy does not apply', async () => {
    const result = await client.callTool({ name: 'post_api_refunds', arguments: { amount: 20 } });
    expect(result.isError).toBeFalsy();
    expect(result.structuredContent).toEqual({ refunded: 20 });
  });

  it('validates the input before the policy sees it', async () => {
    const result = await client.callTool({ name: 'post_api_refunds', arguments: { amount: -1 } });
    expect(problemOf(result)).toMatchObject({ status: 400, errors: [{ field: 'amount' }] });
  });
});

describe('createMcpServer resources and templates', () => {
  it('lists and reads resources', async () => {
    const { resources } = await client.listResources();
    expect(resources).toEqual([{ uri: 'test://notes/one', name: 'one', mimeType: 'text/markdown' }]);
    const read = await client.readResource({ uri: 'test://notes/one' });
    expect(read.contents[0]).toMatchObject({ text: '# One', mimeType: 'text/markdown' });
  });

  it('lists the resource templates in order', async () => {
    const { resourceTemplates } = await client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      { uriTemplate: 'notes://{id}', name: 'note', title: 'Note', description: 'One note.', mimeType: 'text/markdown' },
      { uriTemplate: 'listed://{x}', name: 'listed-only', mimeType: 'text/plain' },
    ]);
  });

  it('reads a URI through the template that matches it, with percent-decoded variables', async () => {
    expect((await client.readResource({ uri: 'notes://todo' })).contents).toEqual([
      { uri: 'notes://todo', mimeType: 'text/markdown', text: '- write the report' },
    ]);
    expect((await client.readResource({ uri: 'notes://a%20b' })).contents[0]).toMatchObject({ text: 'spaced' });
  });

  it('refuses a URI nothing answers, including one a template matches but has no item for', async () => {
    await expect(client.readResource({ uri: 'notes://missing' })).rejects.toThrow(/No resource at "notes:\/\/missing"/);
    await expect(client.readResource({ uri: 'listed://x' })).rejects.toThrow(/No resource at/);
    await expect(client.readResource({ uri: 'test://notes/two' })).rejects.toThrow(/No resource/);
  });

  it('completes a template variable', async () => {
    const answer = await client.complete({ ref: { type: 'ref/resource', uri: 'notes://{id}' }, argument: { name: 'id', value: 't' } });
    expect(answer.completion).toEqual({ values: ['todo'], total: 1, hasMore: false });
  });
});

describe('createMcpServer prompts', () => {
  it('lists the prompts with their arguments', async () => {
    const { prompts } = await client.listPrompts();
    expect(prompts[0]).toEqual({
      name: 'explain_api',
      title: 'Explain an API',
      description: 'Explain one kit API.',
      arguments: [
        { name: 'api', description: 'A function name', required: true },
        { name: 'level', description: 'beginner or expert', required: false },
      ],
    });
    expect(prompts.map((prompt) => prompt.name)).toEqual(['explain_api', 'review', 'strict', 'broken']);
  });

  it('renders a prompt from its arguments; a string is one user message', async () => {
    const prompt = await client.getPrompt({ name: 'explain_api', arguments: { api: 'createMcpClient', level: 'beginner' } });
    expect(prompt).toEqual({
      description: 'Explain one kit API.',
      messages: [{ role: 'user', content: { type: 'text', text: 'Explain createMcpClient for a beginner.' } }],
    });
  });

  it('renders a conversation of several messages', async () => {
    const prompt = await client.getPrompt({ name: 'review' });
    expect(prompt.messages.map((message) => [message.role, (message.content as { text: string }).text])).toEqual([
      ['user', 'Review this.'],
      ['assistant', 'Which file?'],
    ]);
  });

  it('names every missing and unknown argument in one error', async () => {
    await expect(client.getPrompt({ name: 'explain_api', arguments: { topic: 'x' } })).rejects.toThrow(
      'MCP error -32602: Prompt "explain_api" needs "api" and takes no argument "topic"; its arguments are "api", "level".',
    );
  });

  it('refuses an unknown prompt, listing the prompts there are', async () => {
    await expect(client.getPrompt({ name: 'nope' })).rejects.toThrow(
      'Unknown prompt "nope"; the prompts are "explain_api", "review", "strict", "broken".',
    );
  });

  it('passes on the message of a KitError thrown by render, and hides any other error', async () => {
    await expect(client.getPrompt({ name: 'strict', arguments: { slug: 'other' } })).rejects.toThrow(
      'MCP error -32602: No document "other"; the documents are "known".',
    );
    const broken = client.getPrompt({ name: 'broken' });
    await expect(broken).rejects.toThrow('MCP error -32603: Prompt "broken" failed to render.');
    await expect(broken).rejects.not.toThrow(/secret/);
  });

  it('completes a prompt argument, and gives no values for one without a completer', async () => {
    const answer = await client.complete({ ref: { type: 'ref/prompt', name: 'explain_api' }, argument: { name: 'api', value: 'createM' } });
    expect(answer.completion).toEqual({ values: ['createMcpClient'], total: 1, hasMore: false });
    const none = await client.complete({ ref: { type: 'ref/prompt', name: 'explain_api' }, argument: { name: 'level', value: '' } });
    expect(none.completion.values).toEqual([]);
    await expect(client.complete({ ref: { type: 'ref/prompt', name: 'nope' }, argument: { name: 'x', value: '' } })).rejects.toThrow(
      /Unknown prompt "nope"/,
    );
  });
});

describe('createMcpServer options', () => {
  const app = createKitApp({ routes: {} });

  it('refuses two prompts of the same name', () => {
    const error = (() => {
      try {
        createMcpServer({
          registry: app.registry,
          name: 'x',
          version: '1',
          prompts: [
            { name: 'a', render: () => '' },
            { name: 'a', render: () => '' },
          ],
        });
      } catch (caught) {
        return caught;
      }
      return undefined;
    })();
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    expect((error as Error).message).toBe('createMcpServer: two prompts are named "a"; give each prompt its own name');
  });

  it('refuses an argument declared twice, and a prompt without render', () => {
    expect(() =>
      createMcpServer({
        registry: app.registry,
        name: 'x',
        version: '1',
        prompts: [{ name: 'p', arguments: [{ name: 'a' }, { name: 'a' }], render: () => '' }],
      }),
    ).toThrow('createMcpServer: prompt "p" declares the argument "a" twice; give each argument its own name');
    expect(() => createMcpServer({ registry: app.registry, name: 'x', version: '1', prompts: [{ name: 'p' } as never] })).toThrow(
      'createMcpServer: prompt "p" needs a render(args) function returning its text or messages',
    );
  });

  it('refuses a malformed URI template when the server is created', () => {
    expect(() =>
      createMcpServer({
        registry: app.registry,
        name: 'x',
        version: '1',
        resourceTemplates: [{ uriTemplate: 'notes://{id', name: 'n', mimeType: 'text/plain' }],
      }),
    ).toThrow(/^createMcpServer: a resource template is not a valid RFC 6570 URI template \(.+\); fix its uriTemplate$/);
  });

  it('announces only the capabilities it serves', async () => {
    const bare = createMcpServer({ registry: app.registry, name: 'bare', version: '1' });
    const response = await bare.handleHttp(
      new Request('http://localhost/mcp', {
        method: 'POST',
        headers: { 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
        body: JSON.stringify({
          jsonrpc: '2.0',
          id: 1,
          method: 'initialize',
          params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
        }),
      }),
    );
    const body = (await response.json()) as { result: { capabilities: Record<string, unknown> } };
    expect(Object.keys(body.result.capabilities)).toEqual(['tools']);
  });
});

describe('createMcpServer host protection', () => {
  const app = createKitApp({ routes: { 'GET /api/ping': defineAPI({ handler: async () => ({ pong: true }) }) } });
  const initialize = (host: string) =>
    new Request(`http://${host}/mcp`, {
      method: 'POST',
      headers: { host, 'content-type': 'application/json', accept: 'application/json, text/event-stream' },
      body: JSON.stringify({
        jsonrpc: '2.0',
        id: 1,
        method: 'initialize',
        params: { protocolVersion: '2025-06-18', capabilities: {}, clientInfo: { name: 't', version: '1' } },
      }),
    });

  it('accepts a listed bare host name on any port, and a host with a port on that port only', async () => {
    const bare = createMcpServer({ registry: app.registry, name: 'n', version: '1', allowedHosts: ['localhost'] });
    expect((await bare.handleHttp(initialize('localhost:3000'))).status).toBe(200);
    expect((await bare.handleHttp(initialize('evil.example:3000'))).status).toBe(403);
    const exact = createMcpServer({ registry: app.registry, name: 'n', version: '1', allowedHosts: ['localhost:4000'] });
    expect((await exact.handleHttp(initialize('localhost:4000'))).status).toBe(200);
    expect((await exact.handleHttp(initialize('localhost:3000'))).status).toBe(403);
  });
});

describe('createMcpServer with a redact policy', () => {
  it('returns redacted output that the official client validates against the widened output schema', async () => {
    const app = createKitApp({
      policies: [
        definePolicy({
          key: 'no-contacts',
          title: 'Agents see no contacts',
          effect: 'redact',
          redact: ['email', 'orders.*.phone'],
          check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }),
        }),
      ],
      routes: {
        'GET /api/customer': defineAPI({
          policy: 'no-contacts',
          output: z.strictObject({
            name: z.string(),
            email: z.email(),
            orders: z.array(z.strictObject({ id: z.number(), phone: z.string() })),
          }),
          handler: async () => ({ name: 'Ada', email: 'ada@example.com', orders: [{ id: 1, phone: '+44 1' }] }),
        }),
      },
    });
    const mcp = createMcpServer({ registry: app.registry, name: 'crm', version: '1.0.0' });
    app.mount('/mcp', ['POST'], (request) => mcp.handleHttp(request));
    const crm = await app.listen({ port: 0 });
    const crmClient = new Client({ name: 'test-client', version: '1.0.0' });
    try {
      await crmClient.connect(new StreamableHTTPClientTransport(new URL(`http://127.0.0.1:${crm.port}/mcp`)));
      const { tools } = await crmClient.listTools();
      expect((tools[0]!.outputSchema as { properties: Record<string, unknown> }).properties.email).toMatchObject({
        anyOf: [{ format: 'email' }, { const: '[redacted]' }],
      });
      const result = await crmClient.callTool({ name: 'get_api_customer', arguments: {} });
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toEqual({ name: 'Ada', email: '[redacted]', orders: [{ id: 1, phone: '[redacted]' }] });
      // People over HTTP are not agents: the policy does not apply to them.
      expect(await (await fetch(`http://127.0.0.1:${crm.port}/api/customer`)).json()).toMatchObject({ email: 'ada@example.com' });
    } finally {
      await crmClient.close();
      await crm.close();
    }
  });
});
