import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';
import { isKitAIError } from '@kit/kit-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { reconnectDelay } from './connection.js';
import { createMcpClient } from './create-mcp-client.js';

const packageDir = fileURLToPath(new URL('../..', import.meta.url));

/** A small MCP server on the SDK's own McpServer (not kit), in plain JavaScript so it starts fast. */
const sdkServerSource = `
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { StdioServerTransport } from '@modelcontextprotocol/sdk/server/stdio.js';
import { z } from 'zod';
const server = new McpServer({ name: 'sdk-server', version: '0.0.1' });
server.registerTool('echo', { description: 'Echoes the text.', inputSchema: { text: z.string() }, annotations: { readOnlyHint: true } }, async ({ text }) => ({ content: [{ type: 'text', text }] }));
server.registerTool('pid', { title: 'Process id' }, async () => ({ content: [{ type: 'text', text: JSON.stringify({ pid: process.pid }) }] }));
server.registerTool('picture', { description: 'A picture.' }, async () => ({ content: [{ type: 'text', text: 'A dot:' }, { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' }] }));
server.registerTool('refuse', { description: 'Always fails.' }, async () => ({ isError: true, content: [{ type: 'text', text: 'quota exceeded' }] }));
await server.connect(new StdioServerTransport());
`;

const sdkServer = {
  command: process.execPath,
  args: ['--input-type=module', '-e', sdkServerSource],
  cwd: packageDir,
  name: 'sdk',
} as const;

function gone(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return false;
  } catch {
    return true;
  }
}

describe('reconnectDelay', () => {
  it('doubles from the initial delay before each further attempt, up to the maximum', () => {
    expect([2, 3, 4, 5, 6].map((attempt) => reconnectDelay(attempt, 200, 2_000))).toEqual([200, 400, 800, 1_600, 2_000]);
  });
});

describe('createMcpClient with a server built on the SDK', () => {
  it('maps text, JSON text, mixed content and isError results', async () => {
    const client = await createMcpClient(sdkServer);
    try {
      expect(await client.callTool('echo', { text: 'plain words' })).toBe('plain words');
      expect(await client.callTool('echo', { text: '{"n":1}' })).toEqual({ n: 1 });
      expect(await client.callTool('picture')).toEqual([
        { type: 'text', text: 'A dot:' },
        { type: 'image', data: 'iVBORw0KGgo=', mimeType: 'image/png' },
      ]);
      const error = await rejectionOf(client.callTool('refuse'), Error);
      expect(isKitAIError(error, 'tool_failed')).toBe(true);
      expect(error.message).toBe('mcp-client "sdk": tool "refuse" reported an error: quota exceeded');
    } finally {
      await client.close();
    }
  });

  it('drops the draft named by $schema from the parameters, and describes a tool by its title when it has no description', async () => {
    const client = await createMcpClient(sdkServer);
    try {
      expect((await client.listTools())[0]!.inputSchema.$schema).toBeDefined();
      const tools = await client.tools();
      expect(tools[0]!.parameters).toEqual({ type: 'object', properties: { text: { type: 'string' } }, required: ['text'] });
      expect(tools.find((tool) => tool.name === 'pid')!.description).toBe('Process id');
    } finally {
      await client.close();
    }
  });

  it('reconnects without an error when the server process ended between two calls', async () => {
    const client = await createMcpClient(sdkServer);
    try {
      const { pid } = (await client.callTool('pid')) as { pid: number };
      process.kill(pid);
      while (!gone(pid)) await sleep(10);
      // The transport reports the closed pipes just after the process is reaped.
      await sleep(100);
      const again = (await client.callTool('pid')) as { pid: number };
      expect(again.pid).not.toBe(pid);
    } finally {
      await client.close();
    }
  });

  it('refuses every call once closed', async () => {
    const client = await createMcpClient(sdkServer);
    await client.close();
    const error = await rejectionOf(client.listTools(), Error);
    expect(isKitAIError(error, 'mcp_connection_failed')).toBe(true);
    expect(error.message).toBe('mcp-client "sdk": the client is closed; create another with createMcpClient to reach the server again.');
  });
});

describe('createMcpClient when the server cannot be reached', () => {
  it('reports a command that does not exist after the bounded attempts', async () => {
    const started = Date.now();
    const error = await rejectionOf(
      createMcpClient({ command: 'kit-no-such-command', args: ['--x'], reconnect: { attempts: 3, initialDelayMs: 20 } }),
      Error,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isKitAIError(error, 'mcp_connection_failed')).toBe(true);
    expect(error.message).toBe(
      'mcp-client "kit-no-such-command": could not connect to the server started with "kit-no-such-command --x" after 3 attempts: spawn kit-no-such-command ENOENT; check that the server starts and answers MCP.',
    );
  });

  it('quotes the end of the standard error of a server that exits at start-up', async () => {
    const error = await rejectionOf(
      createMcpClient({
        command: process.execPath,
        args: ['-e', 'console.error("boom: SEARCH_API_KEY is not set"); process.exit(1)'],
        name: 'search',
        reconnect: { attempts: 1 },
      }),
      Error,
    );
    expect(isKitAIError(error, 'mcp_connection_failed')).toBe(true);
    expect(error.message).toBe(
      `mcp-client "search": could not connect to the server started with "${process.execPath} -e console.error("boom: SEARCH_API_KEY is not set"); process.exit(1)": Connection closed; its standard error ended with: "boom: SEARCH_API_KEY is not set"; check that the server starts and answers MCP.`,
    );
  });

  it('reports a refused HTTP connection quickly', async () => {
    const closed = createServer();
    await new Promise<void>((done) => closed.listen(0, '127.0.0.1', done));
    const { port } = closed.address() as AddressInfo;
    await new Promise((done) => closed.close(done));
    const started = Date.now();
    const error = await rejectionOf(
      createMcpClient({ url: `http://127.0.0.1:${port}/mcp`, reconnect: { attempts: 2, initialDelayMs: 20 } }),
      Error,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isKitAIError(error, 'mcp_connection_failed')).toBe(true);
    expect(error.message).toMatch(
      new RegExp(
        `^mcp-client "127\\.0\\.0\\.1:${port}": could not connect to the server at http://127\\.0\\.0\\.1:${port}/mcp after 2 attempts: fetch failed \\(connect ECONNREFUSED`,
      ),
    );
  });
});

describe('createMcpClient when the server never answers', () => {
  let silent: Server;
  let port: number;

  beforeAll(async () => {
    // Accepts every request and never answers it.
    silent = createServer(() => undefined);
    await new Promise<void>((done) => silent.listen(0, '127.0.0.1', done));
    port = (silent.address() as AddressInfo).port;
  });

  afterAll(async () => {
    silent.closeAllConnections();
    await new Promise((done) => silent.close(done));
  });

  it('over HTTP: gives mcp_timeout after connectTimeoutMs, without further attempts', async () => {
    const started = Date.now();
    const error = await rejectionOf(createMcpClient({ url: `http://127.0.0.1:${port}/mcp`, name: 'silent', connectTimeoutMs: 300 }), Error);
    const elapsed = Date.now() - started;
    expect(elapsed).toBeGreaterThanOrEqual(290);
    expect(elapsed).toBeLessThan(5_000);
    expect(isKitAIError(error, 'mcp_timeout')).toBe(true);
    expect(error.message).toBe(
      `mcp-client "silent": the server at http://127.0.0.1:${port}/mcp did not answer "initialize" within 300 ms; check that it speaks MCP on this transport, or raise connectTimeoutMs.`,
    );
  });

  it('over stdio: gives mcp_timeout for a process that reads its input and never writes', async () => {
    const started = Date.now();
    const error = await rejectionOf(
      createMcpClient({ command: process.execPath, args: ['-e', 'process.stdin.resume()'], name: 'mute', connectTimeoutMs: 300 }),
      Error,
    );
    expect(Date.now() - started).toBeLessThan(5_000);
    expect(isKitAIError(error, 'mcp_timeout')).toBe(true);
    expect(error.message).toMatch(
      /^mcp-client "mute": the server started with ".+" did not answer "initialize" within 300 ms; check that it speaks MCP on this transport, or raise connectTimeoutMs\.$/,
    );
  });
});
