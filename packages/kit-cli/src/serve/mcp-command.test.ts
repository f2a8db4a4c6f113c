import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTempApp, kitBin, runKitInProcess, type TempApp } from '../testing/temp-app.js';

let app: TempApp;
beforeAll(async () => {
  app = await createTempApp();
  expect((await runKitInProcess(['add', 'api', 'hello'], { cwd: app.root })).code).toBe(0);
});
afterAll(() => app?.remove());

describe('kit mcp', () => {
  it("serves the app's API routes as tools to the official MCP client over stdio", async () => {
    const transport = new StdioClientTransport({ command: process.execPath, args: [kitBin, 'mcp'], cwd: app.root, stderr: 'pipe' });
    const client = new Client({ name: 'kit-cli-test', version: '1.0.0' });
    await client.connect(transport);
    try {
      const { tools } = await client.listTools();
      expect(tools.map((tool) => [tool.name, tool.description])).toEqual([
        ['get_api_hello', 'Hello endpoint: returns a greeting for the name given.'],
      ]);
      expect(tools[0]?.annotations?.readOnlyHint).toBe(true);
      const result = await client.callTool({ name: 'get_api_hello', arguments: { name: 'Cy' } });
      expect(result.structuredContent).toEqual({ message: 'Hello, Cy!' });
      const refused = await client.callTool({ name: 'get_api_hello', arguments: { name: '' } });
      expect(refused.isError).toBe(true);
    } finally {
      await client.close();
    }
  });
});
