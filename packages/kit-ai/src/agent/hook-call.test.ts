import { describe, expect, it } from 'vitest';
import { HookError, invokeHook } from './hook-call.js';

describe('invokeHook', () => {
  it('returns what the hook returns, sync or async', async () => {
    expect(await invokeHook('a', () => 1)).toBe(1);
    expect(await invokeHook('a', async () => 2)).toBe(2);
  });

  it('names the hook when it throws', async () => {
    const error = await invokeHook('afterToolCall', () => {
      throw new Error('disk full');
    }).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(HookError);
    expect((error as HookError).message).toBe('hooks.afterToolCall threw: disk full');
    const labelled = await invokeHook('evaluate', async () => Promise.reject(new Error('no')), 'stop hook "gate"').catch(
      (caught: unknown) => caught,
    );
    expect((labelled as Error).message).toBe('stop hook "gate" threw: no');
  });
});
