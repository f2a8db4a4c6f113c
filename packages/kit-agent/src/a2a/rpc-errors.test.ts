import * as errors from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { loadA2ASdk } from './sdk.js';
import { legacyRpcErrorOf, rpcError, rpcErrorOf, withoutInternals } from './rpc-errors.js';

describe('rpc errors', () => {
  it('words A2A errors as the SDK does and anything else without revealing it', async () => {
    const sdk = await loadA2ASdk();
    expect(rpcErrorOf(new errors.TaskNotFoundError('Task not found: t'), sdk)).toMatchObject({
      code: -32001,
      message: 'Task not found: t',
    });
    expect(rpcErrorOf(new TypeError("Cannot read properties of null (reading 'text')"), sdk)).toEqual({
      code: -32603,
      message: 'Internal error: the agent failed to answer this request.',
    });
  });

  it('words A2A errors in 0.3 terms, without the 1.0 ErrorInfo, and anything else without revealing it', async () => {
    const sdk = await loadA2ASdk();
    expect(legacyRpcErrorOf(new errors.TaskNotFoundError('Task not found: t'), sdk)).toEqual({
      code: -32001,
      message: 'Task not found: t',
    });
    expect(
      legacyRpcErrorOf(new errors.RequestMalformedError({ message: 'Skill s: Invalid input.', metadata: { skill: 's' } }), sdk),
    ).toEqual({ code: -32602, message: 'Skill s: Invalid input.' });
    expect(legacyRpcErrorOf(new Error('/srv/app/secret.ts exploded'), sdk)).toEqual({
      code: -32603,
      message: 'Internal error: the agent failed to answer this request.',
    });
  });

  it('replaces the message of an internal error the SDK mapped from a foreign exception, and keeps its own', () => {
    const foreign = { jsonrpc: '2.0', id: 1, error: { code: -32603, message: '/srv/app/secret.ts exploded' } };
    expect(withoutInternals(foreign)).toEqual({
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Internal error: the agent failed to answer this request.' },
    });
    const own = {
      jsonrpc: '2.0',
      id: 1,
      error: { code: -32603, message: 'Agent execution finished without a result', data: [{ '@type': 'x' }] },
    };
    expect(withoutInternals(own)).toBe(own);
    const result = { jsonrpc: '2.0', id: 1, result: {} };
    expect(withoutInternals(result)).toBe(result);
  });

  it('builds a JSON-RPC error response with the given HTTP status', async () => {
    const response = rpcError('a', -32600, 'Invalid request.', 413);
    expect(response.status).toBe(413);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({ jsonrpc: '2.0', id: 'a', error: { code: -32600, message: 'Invalid request.' } });
  });
});
