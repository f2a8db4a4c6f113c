import * as errors from '@a2a-js/sdk/errors';
import { describe, expect, it } from 'vitest';
import { loadA2ASdk } from './sdk.js';
import { legacyRpcErrorOf } from './rpc-errors.js';
import { streamResponse } from './sse-response.js';

describe('streamResponse', () => {
  it('sends one data event per response and ends a failing stream with an error event', async () => {
    const sdk = await loadA2ASdk();
    async function* events() {
      yield { jsonrpc: '2.0', id: 4, result: { task: { id: 't' } } };
      throw new errors.TaskNotFoundError('Task not found: t');
    }
    const response = await streamResponse(events(), 4, sdk);
    expect(response.headers.get('content-type')).toBe('text/event-stream');
    const text = await response.text();
    const [first, second] = text.split('\n\n');
    expect(first).toBe('data: {"jsonrpc":"2.0","id":4,"result":{"task":{"id":"t"}}}');
    expect(second!.startsWith('event: error\ndata: ')).toBe(true);
    expect(JSON.parse(second!.slice('event: error\ndata: '.length))).toMatchObject({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32001, message: 'Task not found: t' },
    });
  });

  it('answers an error before the first event as a plain JSON response, hiding foreign messages', async () => {
    const sdk = await loadA2ASdk();
    async function* failing(): AsyncGenerator<unknown, void, undefined> {
      throw new Error('internal detail');
    }
    const response = await streamResponse(failing(), 'x', sdk);
    expect(response.headers.get('content-type')).toBe('application/json');
    expect(await response.json()).toEqual({
      jsonrpc: '2.0',
      id: 'x',
      error: { code: -32603, message: 'Internal error: the agent failed to answer this request.' },
    });
  });

  it('words the error that ends a 0.3 stream in 0.3 terms, without the 1.0 ErrorInfo', async () => {
    const sdk = await loadA2ASdk();
    async function* events() {
      yield { jsonrpc: '2.0', id: 4, result: { kind: 'task', id: 't' } };
      throw new errors.TaskNotFoundError('Task not found: t');
    }
    const text = await (await streamResponse(events(), 4, sdk, legacyRpcErrorOf)).text();
    const second = text.split('\n\n')[1]!;
    expect(JSON.parse(second.slice('event: error\ndata: '.length))).toEqual({
      jsonrpc: '2.0',
      id: 4,
      error: { code: -32001, message: 'Task not found: t' },
    });
  });

  it('stops listening when the client goes away', async () => {
    const sdk = await loadA2ASdk();
    let stopped = false;
    async function* endless() {
      try {
        for (let index = 0; ; index += 1) yield { index };
      } finally {
        stopped = true;
      }
    }
    const response = await streamResponse(endless(), 1, sdk);
    const reader = response.body!.getReader();
    await reader.read();
    await reader.cancel();
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(stopped).toBe(true);
  });
});
