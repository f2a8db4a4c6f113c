import { isKitAIError } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { mcpClientDefaults, resolveMcpClientOptions } from './options.js';
import type { CreateMcpClientOptions } from './types.js';

function refusal(options: unknown): string {
  try {
    resolveMcpClientOptions(options as CreateMcpClientOptions);
  } catch (error) {
    expect(isKitAIError(error, 'invalid_config')).toBe(true);
    return (error as Error).message;
  }
  throw new Error('expected the options to be refused');
}

describe('resolveMcpClientOptions', () => {
  it('fills in the defaults and names the client after the command or the host', () => {
    const stdio = resolveMcpClientOptions({ command: '/usr/local/bin/files-server', args: ['/srv'] });
    expect(stdio).toMatchObject({
      label: 'mcp-client "files-server"',
      timeoutMs: 30_000,
      connectTimeoutMs: 10_000,
      attempts: 3,
      initialDelayMs: 200,
      maxDelayMs: 2_000,
    });
    expect(stdio.clientInfo).toEqual({ name: 'kit-agent', version: '0.1.0' });
    const http = resolveMcpClientOptions({
      url: 'https://docs.example.com:8443/mcp',
      headers: { Authorization: 'Bearer t' },
      name: 'docs',
      timeoutMs: 5_000,
    });
    expect(http).toMatchObject({
      label: 'mcp-client "docs"',
      timeoutMs: 5_000,
      target: { kind: 'http', headers: { Authorization: 'Bearer t' } },
    });
    expect(resolveMcpClientOptions({ url: 'http://127.0.0.1:3000/mcp' }).label).toBe('mcp-client "127.0.0.1:3000"');
    expect(mcpClientDefaults).toEqual({ timeoutMs: 30_000, connectTimeoutMs: 10_000, attempts: 3, initialDelayMs: 200, maxDelayMs: 2_000 });
  });

  it('needs exactly one transport', () => {
    expect(refusal({})).toBe('createMcpClient: give command (and args) to start a stdio server, or url to reach a streamable-HTTP one');
    expect(refusal({ command: 'x', url: 'http://a/mcp' })).toBe(
      'createMcpClient: give either command (stdio) or url (streamable HTTP), not both',
    );
    expect(refusal(null)).toBe('createMcpClient: options must be an object with command (stdio) or url (streamable HTTP), got null');
  });

  it('names the bad value and the fix', () => {
    expect(refusal({ command: ' ' })).toBe('createMcpClient: command must be a non-empty program name or path, got " "');
    expect(refusal({ command: 'x', args: 'a b' })).toBe('createMcpClient: args must be an array of strings, got "\\"a b\\""');
    expect(refusal({ command: 'x', stderr: 'pipe' })).toBe('createMcpClient: stderr must be "capture", "inherit" or "ignore", got "pipe"');
    expect(refusal({ url: 'localhost:3000/mcp' })).toBe(
      'createMcpClient: url must use http: or https:, got "localhost:"; stdio servers take command (and args) instead',
    );
    expect(refusal({ url: '/mcp' })).toBe(
      'createMcpClient: url must be an absolute http: or https: URL such as "http://127.0.0.1:3000/mcp", got "/mcp"',
    );
    expect(refusal({ command: 'x', timeoutMs: -1 })).toBe('createMcpClient: timeoutMs must be a positive number of milliseconds, got -1');
    expect(refusal({ command: 'x', connectTimeoutMs: Number.NaN })).toBe(
      'createMcpClient: connectTimeoutMs must be a positive number of milliseconds, got NaN',
    );
    expect(refusal({ command: 'x', reconnect: { attempts: 0 } })).toBe(
      'createMcpClient: reconnect.attempts must be a whole number of at least 1, got 0',
    );
    expect(refusal({ command: 'x', reconnect: { maxDelayMs: 0 } })).toBe(
      'createMcpClient: reconnect.maxDelayMs must be a positive number of milliseconds, got 0',
    );
    expect(refusal({ command: 'x', name: '' })).toBe('createMcpClient: name must be a non-empty string, got ""');
  });
});
