import { McpError, ErrorCode } from '@modelcontextprotocol/sdk/types.js';
import { StreamableHTTPError } from '@modelcontextprotocol/sdk/client/streamableHttp.js';
import { describe, expect, it } from 'vitest';
import { describeRequest, failureKind, reasonOf, requestError } from './errors.js';

describe('failureKind', () => {
  it('sorts the failures of the SDK', () => {
    expect(failureKind(new McpError(ErrorCode.RequestTimeout, 'Request timed out'))).toBe('timeout');
    expect(failureKind(new McpError(ErrorCode.ConnectionClosed, 'Connection closed'))).toBe('connection');
    expect(failureKind(new McpError(ErrorCode.InvalidParams, 'Unknown tool'))).toBe('request');
    expect(failureKind(new TypeError('fetch failed'))).toBe('connection');
    expect(failureKind(new StreamableHTTPError(503, 'Error POSTing to endpoint: unavailable'))).toBe('connection');
    expect(failureKind(new Error('Not connected'))).toBe('connection');
    expect(failureKind(Object.assign(new Error('write EPIPE'), { code: 'EPIPE' }))).toBe('connection');
    expect(failureKind(Object.assign(new Error('invalid result'), { name: 'ZodError' }))).toBe('request');
    expect(failureKind('a string')).toBe('request');
  });
});

describe('requestError', () => {
  const context = { label: 'mcp-client "s"', request: describeRequest('resources/read', 'x://1'), timeoutMs: 500, stderrTail: '' };

  it('words each kind with its code', () => {
    expect(requestError(new McpError(ErrorCode.RequestTimeout, 'Request timed out'), context)).toMatchObject({
      code: 'mcp_timeout',
      message:
        'mcp-client "s": "resources/read" of "x://1" got no answer within 500 ms; raise timeoutMs if the server is slow, or check that it is still working.',
    });
    expect(requestError(new McpError(ErrorCode.InvalidParams, 'MCP error -32602: No resource at "x://1".'), context)).toMatchObject({
      code: 'mcp_request_failed',
      message: 'mcp-client "s": the server refused "resources/read" of "x://1": No resource at "x://1".',
    });
    expect(
      requestError(new TypeError('fetch failed', { cause: new Error('other side closed') }), {
        ...context,
        stderrTail: 'panic: out of memory',
      }),
    ).toMatchObject({
      code: 'mcp_connection_failed',
      message:
        'mcp-client "s": the connection failed during "resources/read" of "x://1": fetch failed (other side closed); its standard error ended with: "panic: out of memory"; the next call reconnects.',
    });
  });

  it('shortens long subjects and reasons', () => {
    expect(describeRequest('tools/call', 'n'.repeat(150))).toBe(`"tools/call" of "${'n'.repeat(100)}…"`);
    expect(reasonOf(new Error('e'.repeat(600))).length).toBe(501);
  });
});
