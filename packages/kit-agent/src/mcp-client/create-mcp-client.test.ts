import { spawn, type ChildProcess } from 'node:child_process';
import { once } from 'node:events';
import { createRequire } from 'node:module';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createSmartAgent, isKitAIError, type LLMMessage, type LLMProvider, type LLMResponse } from '@kit/kit-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { restartablePort } from '../../../../test-support/ports.js';
import { createMcpClient } from './create-mcp-client.js';
import type { CreateMcpClientOptions, McpClient } from './types.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));
const tsxLoader = pathToFileURL(createRequire(import.meta.url).resolve('tsx')).href;
const serverModule = new URL('../mcp/create-mcp-server.ts', import.meta.url).href;

/**
 * A real kit app served by createMcpServer, run as its own Node process: over stdio, or over
 * streamable HTTP on 127.0.0.1 (it prints its port), as MCP_MODE says.
 */
const fixtureSource = `
import { createKitApp, defineAPI, KitError } from '@kit/kit-core';
import { z } from 'zod';
import { createMcpServer } from ${JSON.stringify(serverModule)};

const app = createKitApp({
  routes: {
    'GET /api/add': defineAPI({
      description: 'Adds two numbers.',
      input: z.strictObject({ a: z.number(), b: z.number() }),
      output: z.strictObject({ sum: z.number() }),
      handler: async ({ input }) => ({ sum: input.a + input.b }),
    }),
    'GET /api/even': defineAPI({
      description: 'Halves an even number.',
      input: z.strictObject({ n: z.number().refine((n) => n % 2 === 0, { message: 'must be even' }) }),
      handler: async ({ input }) => ({ half: input.n / 2 }),
    }),
    'POST /api/tickets': defineAPI({
      description: 'Opens a ticket.',
      capability: 'write',
      input: z.strictObject({ title: z.string() }),
      handler: async ({ input }) => { throw new KitError('not_found', 'No queue for "' + input.title + '"; the queues are "support".'); },
    }),
    'GET /api/pid': defineAPI({ description: 'The process id.', handler: async () => ({ pid: process.pid }) }),
    'GET /api/slow': defineAPI({
      description: 'Answers after ms milliseconds.',
      input: z.strictObject({ ms: z.number() }),
      handler: async ({ input }) => { await new Promise((done) => setTimeout(done, input.ms)); return { waited: input.ms }; },
    }),
    'POST /api/exit': defineAPI({ description: 'Ends the server process.', capability: 'write', handler: async () => process.exit(3) }),
  },
});
const mcp = createMcpServer({
  registry: app.registry,
  name: 'fixture',
  version: '2.0.0',
  instructions: 'Use get_api_add to add.',
  resources: () => [{ uri: 'fixture://readme', name: 'readme', title: 'Read me', mimeType: 'text/markdown', read: () => '# Fixture' }],
  resourceTemplates: [{ uriTemplate: 'fixture://notes/{id}', name: 'note', mimeType: 'text/plain', read: ({ id }) => 'note ' + id }],
  prompts: [{ name: 'sum_prompt', description: 'Ask for a sum.', arguments: [{ name: 'a', required: true }, { name: 'b' }], render: ({ a, b }) => 'Add ' + a + ' and ' + (b ?? '1') + '.' }],
});
if (process.env.MCP_MODE === 'http') {
  app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
  const server = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
  process.stdout.write('PORT ' + server.port + '\\n');
} else {
  await mcp.connectStdio();
}
`;

const nodeArgs = ['--conditions=kit-source', '--import', tsxLoader, '--input-type=module', '-e', fixtureSource];

/** Starts the fixture as a streamable-HTTP server and waits for its port. */
async function startHttpFixture(port = 0): Promise<{ child: ChildProcess; port: number }> {
  const child = spawn(process.execPath, nodeArgs, {
    cwd: packageDir,
    env: { ...process.env, MCP_MODE: 'http', PORT: String(port) },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let output = '';
  for await (const chunk of child.stdout!) {
    output += String(chunk);
    const match = /PORT (\d+)/.exec(output);
    if (match) return { child, port: Number(match[1]) };
  }
  throw new Error(`the HTTP fixture exited without a port: ${output}`);
}

async function stop(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = once(child, 'exit');
  child.kill();
  await exited;
}

/** A scripted model: each `chat` takes the next reply, and every request is kept for assertions. */
function scripted(replies: LLMResponse[]): LLMProvider & { requests: LLMMessage[][] } {
  const requests: LLMMessage[][] = [];
  return {
    name: 'scripted',
    requests,
    chat: async (messages) => {
      requests.push(messages.map((message) => ({ ...message })));
      const reply = replies.shift();
      if (!reply) throw new Error('scripted: no more replies');
      return reply;
    },
  };
}

function lastUserMessage(requests: LLMMessage[][], index: number): string {
  return requests[index]!.filter((message) => message.role === 'user').at(-1)!.content;
}

interface Transport {
  readonly name: string;
  connect(overrides?: Partial<CreateMcpClientOptions>): Promise<McpClient>;
}

let http: { child: ChildProcess; port: number } | undefined;

const transports: Transport[] = [
  {
    name: 'stdio',
    connect: (overrides = {}) =>
      createMcpClient({
        command: process.execPath,
        args: nodeArgs,
        cwd: packageDir,
        name: 'fixture',
        ...overrides,
      } as CreateMcpClientOptions),
  },
  {
    name: 'streamable HTTP',
    connect: (overrides = {}) =>
      createMcpClient({ url: `http://127.0.0.1:${http!.port}/mcp`, name: 'fixture', ...overrides } as CreateMcpClientOptions),
  },
];

beforeAll(async () => {
  http = await startHttpFixture();
});

afterAll(async () => {
  await stop(http?.child);
});

describe.each(transports)('createMcpClient over $name', (transport) => {
  let client: McpClient;

  beforeAll(async () => {
    client = await transport.connect();
  });

  afterAll(async () => {
    await client?.close();
  });

  it('knows the server it reached', () => {
    expect(client.server).toEqual({ name: 'fixture', version: '2.0.0', instructions: 'Use get_api_add to add.' });
  });

  it('lists the tools with their schemas and hints', async () => {
    const tools = await client.listTools();
    expect(tools.map((tool) => tool.name)).toEqual([
      'get_api_add',
      'get_api_even',
      'post_api_tickets',
      'get_api_pid',
      'get_api_slow',
      'post_api_exit',
    ]);
    expect(tools[0]).toEqual({
      name: 'get_api_add',
      description: 'Adds two numbers.',
      inputSchema: {
        type: 'object',
        properties: { a: { type: 'number' }, b: { type: 'number' } },
        required: ['a', 'b'],
        additionalProperties: false,
      },
      outputSchema: { type: 'object', properties: { sum: { type: 'number' } }, required: ['sum'], additionalProperties: false },
      annotations: { readOnlyHint: true, openWorldHint: false },
    });
  });

  it('turns the tools into agent tools, prefixed and filtered, concurrency-safe where the server hints read-only', async () => {
    const tools = await client.tools({ prefix: 'fx_', filter: (tool) => tool.name !== 'post_api_exit' });
    expect(tools.map((tool) => [tool.name, tool.isConcurrencySafe ?? false])).toEqual([
      ['fx_get_api_add', true],
      ['fx_get_api_even', true],
      ['fx_post_api_tickets', false],
      ['fx_get_api_pid', true],
      ['fx_get_api_slow', true],
    ]);
    expect(tools[0]!.parameters).toEqual({
      type: 'object',
      properties: { a: { type: 'number' }, b: { type: 'number' } },
      required: ['a', 'b'],
      additionalProperties: false,
    });
    expect(await tools[0]!.execute({ a: 2, b: 3 })).toEqual({ sum: 5 });
  });

  it("runs a smart agent that calls the server's tools and answers from their results", async () => {
    const llm = scripted([
      { content: '', model: 'scripted', toolCalls: [{ id: 'c1', name: 'get_api_add', arguments: { a: 20, b: 22 } }] },
      { content: 'The sum is 42.', model: 'scripted' },
    ]);
    const agent = createSmartAgent({ llm, tools: await client.tools() });
    const run = await agent.run('What is 20 + 22?');
    expect(run.status).toBe('completed');
    expect(run.result).toBe('The sum is 42.');
    expect(run.toolCalls.map((call) => [call.tool, call.status, call.result])).toEqual([['get_api_add', 'success', { sum: 42 }]]);
    expect(lastUserMessage(llm.requests, 1)).toBe('Result of tool get_api_add (call c1):\n{"sum":42}');
  });

  it("reports a failing tool to the model as the tool's error, and the run goes on", async () => {
    const llm = scripted([
      { content: '', model: 'scripted', toolCalls: [{ id: 'c1', name: 'post_api_tickets', arguments: { title: 'printer' } }] },
      { content: 'There is no such queue.', model: 'scripted' },
    ]);
    const agent = createSmartAgent({ llm, tools: await client.tools() });
    const run = await agent.run('Open a ticket about the printer.');
    expect(run.status).toBe('completed');
    expect(run.toolCalls[0]).toMatchObject({ tool: 'post_api_tickets', status: 'error' });
    const seen = lastUserMessage(llm.requests, 1);
    expect(seen).toMatch(
      /^Error from tool post_api_tickets \(call c1\): Tool post_api_tickets failed: mcp-client "fixture": tool "post_api_tickets" reported an error: /,
    );
    expect(seen).toContain('"detail":"No queue for \\"printer\\"; the queues are \\"support\\"."');
  });

  it("stops bad arguments before the call with the server's schema, and reports the server's own refusal", async () => {
    const llm = scripted([
      {
        content: '',
        model: 'scripted',
        toolCalls: [
          { id: 'c1', name: 'get_api_add', arguments: { a: 'one' } },
          { id: 'c2', name: 'get_api_even', arguments: { n: 3 } },
        ],
      },
      { content: 'Both failed.', model: 'scripted' },
    ]);
    const agent = createSmartAgent({ llm, tools: await client.tools() });
    const run = await agent.run('Add and halve.');
    expect(run.toolCalls.map((call) => call.status)).toEqual(['error', 'error']);
    expect(run.toolCalls[0]!.error).toBe('Invalid arguments for get_api_add: b is required; a must be of type number');
    expect(run.toolCalls[1]!.error).toContain('reported an error: {"type":"/problems/invalid-input"');
    expect(run.toolCalls[1]!.error).toContain('n must be even');
  });

  it('throws tool_failed from callTool for a result with isError, naming the client and the tool', async () => {
    const error = await rejectionOf(client.callTool('post_api_tickets', { title: 'x' }), Error);
    expect(isKitAIError(error, 'tool_failed')).toBe(true);
    expect(error.message).toMatch(/^mcp-client "fixture": tool "post_api_tickets" reported an error: \{"type":"\/problems\/not-found"/);
  });

  it('refuses an unknown tool with mcp_request_failed quoting the server', async () => {
    const error = await rejectionOf(client.callTool('nope'), Error);
    expect(isKitAIError(error, 'mcp_request_failed')).toBe(true);
    expect(error.message).toBe(
      'mcp-client "fixture": the server refused "tools/call" of "nope": Unknown tool "nope"; list the tools to see their names.',
    );
  });

  it('gives a tool that takes too long mcp_timeout within the per-call timeout, and stays usable', async () => {
    const impatient = await transport.connect({ timeoutMs: 300 });
    try {
      const started = Date.now();
      const error = await rejectionOf(impatient.callTool('get_api_slow', { ms: 1_000 }), Error);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(isKitAIError(error, 'mcp_timeout')).toBe(true);
      expect(error.message).toBe(
        'mcp-client "fixture": "tools/call" of "get_api_slow" got no answer within 300 ms; raise timeoutMs if the server is slow, or check that it is still working.',
      );
      expect(await impatient.callTool('get_api_add', { a: 1, b: 1 })).toEqual({ sum: 2 });
    } finally {
      await impatient.close();
    }
  });

  it('lists and reads resources and templates', async () => {
    expect(await client.listResources()).toEqual([
      { uri: 'fixture://readme', name: 'readme', title: 'Read me', mimeType: 'text/markdown' },
    ]);
    expect(await client.listResourceTemplates()).toEqual([{ uriTemplate: 'fixture://notes/{id}', name: 'note', mimeType: 'text/plain' }]);
    expect(await client.readResource('fixture://readme')).toEqual([
      { uri: 'fixture://readme', mimeType: 'text/markdown', text: '# Fixture' },
    ]);
    expect(await client.readResource('fixture://notes/7')).toEqual([{ uri: 'fixture://notes/7', mimeType: 'text/plain', text: 'note 7' }]);
    const error = await rejectionOf(client.readResource('fixture://other'), Error);
    expect(isKitAIError(error, 'mcp_request_failed')).toBe(true);
    expect(error.message).toContain('the server refused "resources/read" of "fixture://other": No resource at "fixture://other"');
  });

  it('lists and renders prompts', async () => {
    expect(await client.listPrompts()).toEqual([
      {
        name: 'sum_prompt',
        description: 'Ask for a sum.',
        arguments: [
          { name: 'a', required: true },
          { name: 'b', required: false },
        ],
      },
    ]);
    expect(await client.getPrompt('sum_prompt', { a: '2' })).toEqual({
      description: 'Ask for a sum.',
      messages: [{ role: 'user', text: 'Add 2 and 1.', content: { type: 'text', text: 'Add 2 and 1.' } }],
    });
    const error = await rejectionOf(client.getPrompt('sum_prompt', {}), Error);
    expect(isKitAIError(error, 'mcp_request_failed')).toBe(true);
    expect(error.message).toContain('Prompt "sum_prompt" needs "a"');
  });
});

describe('createMcpClient when the server goes away', () => {
  it('over stdio: fails the call during which the process dies, at once, and a smart agent goes on with a new process', async () => {
    const client = await transports[0]!.connect();
    try {
      const { pid } = (await client.callTool('get_api_pid')) as { pid: number };
      const llm = scripted([
        { content: '', model: 'scripted', toolCalls: [{ id: 'c1', name: 'post_api_exit', arguments: {} }] },
        { content: '', model: 'scripted', toolCalls: [{ id: 'c2', name: 'get_api_add', arguments: { a: 1, b: 2 } }] },
        { content: 'Recovered: 3.', model: 'scripted' },
      ]);
      const run = await createSmartAgent({ llm, tools: await client.tools() }).run('Exit, then add.');
      expect(run.status).toBe('completed');
      expect(run.toolCalls.map((call) => [call.tool, call.status])).toEqual([
        ['post_api_exit', 'error'],
        ['get_api_add', 'success'],
      ]);
      expect(run.toolCalls[0]!.durationMs).toBeLessThan(5_000);
      expect(run.toolCalls[0]!.error).toBe(
        'Tool post_api_exit failed: mcp-client "fixture": the connection failed during "tools/call" of "post_api_exit": Connection closed; the next call reconnects.',
      );
      const again = (await client.callTool('get_api_pid')) as { pid: number };
      expect(again.pid).not.toBe(pid);
    } finally {
      await client.close();
    }
  });

  it('over HTTP: fails while the server is down, quickly and after the bounded retries, and works again once it is back', async () => {
    // The server comes back on the same port: one below the ephemeral range, which no other test's listen(0) can take meanwhile.
    const own = await startHttpFixture(await restartablePort());
    const client = await createMcpClient({
      url: `http://127.0.0.1:${own.port}/mcp`,
      name: 'fixture',
      reconnect: { attempts: 2, initialDelayMs: 50 },
    });
    try {
      const exit = await rejectionOf(client.callTool('post_api_exit'), Error);
      expect(isKitAIError(exit, 'mcp_connection_failed')).toBe(true);
      expect(exit.message).toMatch(/^mcp-client "fixture": the connection failed during "tools\/call" of "post_api_exit": fetch failed/);
      await once(own.child, 'exit');

      const started = Date.now();
      const down = await rejectionOf(client.callTool('get_api_add', { a: 1, b: 1 }), Error);
      expect(Date.now() - started).toBeLessThan(5_000);
      expect(isKitAIError(down, 'mcp_connection_failed')).toBe(true);
      expect(down.message).toMatch(
        new RegExp(
          `^mcp-client "fixture": could not connect to the server at http://127\\.0\\.0\\.1:${own.port}/mcp after 2 attempts: fetch failed \\(.*ECONNREFUSED.*\\); check that the server starts and answers MCP\\.$`,
        ),
      );

      const back = await startHttpFixture(own.port);
      try {
        expect(await client.callTool('get_api_add', { a: 1, b: 1 })).toEqual({ sum: 2 });
      } finally {
        await stop(back.child);
      }
    } finally {
      await client.close();
      await stop(own.child);
    }
  });
});
