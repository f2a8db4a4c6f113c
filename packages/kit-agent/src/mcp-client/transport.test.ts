import { createKitApp, defineAPI, definePolicy, type KitServer } from '@kit/kit-core';
import { isKitAIError } from '@kit/kit-ai';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rejectionOf } from '../../../../test-support/rejection.js';
import { createMcpServer } from '../mcp/create-mcp-server.js';
import { createMcpClient } from './create-mcp-client.js';

describe('the HTTP transport', () => {
  let server: KitServer;

  beforeAll(async () => {
    const app = createKitApp({
      policies: [
        definePolicy({
          key: 'token',
          title: 'Needs the team token',
          effect: 'deny',
          check: async ({ ctx }) => ({
            applies: ctx.request.headers.get('authorization') !== 'Bearer team-token',
            reason: 'send the team token',
          }),
        }),
      ],
      routes: {
        'GET /api/secret': defineAPI({ description: 'The secret.', policy: 'token', handler: async () => ({ secret: 42 }) }),
      },
    });
    const mcp = createMcpServer({ registry: app.registry, name: 'guarded', version: '1.0.0' });
    app.mount('/mcp', ['GET', 'POST', 'DELETE'], (request) => mcp.handleHttp(request));
    server = await app.listen({ port: 0, host: '127.0.0.1' });
  });

  afterAll(async () => {
    await server?.close();
  });

  it("sends the headers with every request, where the server's policies see them", async () => {
    const url = `http://127.0.0.1:${server.port}/mcp`;
    const withToken = await createMcpClient({ url, headers: { Authorization: 'Bearer team-token' } });
    const without = await createMcpClient({ url, name: 'guarded' });
    try {
      expect(await withToken.callTool('get_api_secret')).toEqual({ secret: 42 });
      const error = await rejectionOf(without.callTool('get_api_secret'), Error);
      expect(isKitAIError(error, 'tool_failed')).toBe(true);
      expect(error.message).toContain(
        'reported an error: {"type":"/problems/forbidden","title":"Forbidden","status":403,"detail":"Policy \\"token\\" denies this call: send the team token."}',
      );
    } finally {
      await Promise.all([withToken.close(), without.close()]);
    }
  });
});

describe('the stdio transport', () => {
  it('keeps nothing of the standard error with stderr "ignore"', async () => {
    const error = await rejectionOf(
      createMcpClient({
        command: process.execPath,
        args: ['-e', 'console.error("noise"); process.exit(1)'],
        name: 'quiet',
        stderr: 'ignore',
        reconnect: { attempts: 1 },
      }),
      Error,
    );
    expect(error.message).toMatch(
      /^mcp-client "quiet": could not connect to the server started with ".+": Connection closed; check that the server starts and answers MCP\.$/,
    );
  });

  it('passes env and cwd to the child', async () => {
    // The child is no MCP server: it prints what it got to its standard error and exits, which the error quotes.
    const error = await rejectionOf(
      createMcpClient({
        command: process.execPath,
        args: ['-e', 'console.error(process.env.TEAM_TOKEN + " in " + process.cwd()); process.exit(1)'],
        env: { TEAM_TOKEN: 'tok-1' },
        cwd: '/tmp',
        reconnect: { attempts: 1 },
      }),
      Error,
    );
    expect(error.message).toContain('its standard error ended with: "tok-1 in /tmp"');
  });
});
