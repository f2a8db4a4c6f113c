import { describe, expect, it } from 'vitest';
import { isKitAIError } from '../errors/kit-ai-error.js';
import { guardCall } from './call-guard.js';

const never = new Promise<never>(() => {});

describe('guardCall', () => {
  it('passes results and errors of the work through', async () => {
    const guard = guardCall('generate', 'scripted', { timeoutMs: 1000 });
    await expect(guard.race(Promise.resolve(7))).resolves.toBe(7);
    await expect(guard.race(Promise.reject(new Error('boom')))).rejects.toThrow('boom');
    expect(guard.reason()).toBeUndefined();
    guard.dispose();
  });

  it('times out with llm_timeout and aborts the provider signal', async () => {
    const guard = guardCall('generate', 'slow', { timeoutMs: 20 });
    const started = Date.now();
    const error = await guard.race(never).catch((caught: unknown) => caught);
    expect(Date.now() - started).toBeGreaterThanOrEqual(15);
    expect(isKitAIError(error, 'llm_timeout')).toBe(true);
    expect((error as Error).message).toBe(
      'generate: the model "slow" did not answer within 20 ms (timeoutMs); raise timeoutMs or check that the provider is reachable.',
    );
    expect(guard.signal.aborted).toBe(true);
    expect(guard.signal.reason).toBe(error);
    guard.dispose();
  });

  it('aborts with aborted, keeping the caller reason as cause, and reports it over the provider AbortError', async () => {
    const controller = new AbortController();
    const guard = guardCall('think', 'scripted', { signal: controller.signal });
    const work = new Promise<never>((_resolve, reject) => {
      guard.signal.addEventListener('abort', () => reject(new DOMException('aborted', 'AbortError')));
    });
    const pending = guard.race(work).catch((caught: unknown) => caught);
    controller.abort('user left');
    const error = await pending;
    expect(isKitAIError(error, 'aborted')).toBe(true);
    expect((error as Error).cause).toBe('user left');
    guard.dispose();
  });

  it('fires at once for a signal aborted before the call, and detaches on dispose', async () => {
    const guard = guardCall('think', 'scripted', { signal: AbortSignal.abort() });
    expect(isKitAIError(guard.reason(), 'aborted')).toBe(true);
    guard.dispose();
    const controller = new AbortController();
    const second = guardCall('think', 'scripted', { signal: controller.signal, timeoutMs: 10 });
    second.dispose();
    controller.abort();
    await new Promise((resolve) => setTimeout(resolve, 30));
    expect(second.reason()).toBeUndefined();
  });
});
