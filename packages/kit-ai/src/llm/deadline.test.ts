import { describe, expect, it } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import { createDeadline } from './deadline.js';

const options = {
  timeoutError: () => new KitAIError('tool_timeout', 'late'),
  abortError: (reason: unknown) => new KitAIError('aborted', 'stopped', { cause: reason }),
};

describe('createDeadline', () => {
  it('fires once with the timeout error, aborting its signal with it', async () => {
    const deadline = createDeadline({ ...options, timeoutMs: 10 });
    const first = deadline.race(new Promise(() => {})).catch((error: unknown) => error);
    const error = await first;
    expect(error).toBeInstanceOf(KitAIError);
    expect((error as KitAIError).code).toBe('tool_timeout');
    expect(deadline.signal.reason).toBe(error);
    // A race started after the deadline fired gives the same error.
    await expect(deadline.race(Promise.resolve(1))).rejects.toBe(error);
    deadline.dispose();
  });

  it('fires with the abort error carrying the parent reason, whichever comes first', async () => {
    const parent = new AbortController();
    const deadline = createDeadline({ ...options, signal: parent.signal, timeoutMs: 1000 });
    parent.abort('stop now');
    expect(deadline.reason()?.code).toBe('aborted');
    expect(deadline.reason()?.cause).toBe('stop now');
    await new Promise((resolve) => setTimeout(resolve, 5));
    deadline.dispose();
    expect(deadline.reason()?.code).toBe('aborted');
  });

  it('never fires without a parent signal or a time limit', async () => {
    const deadline = createDeadline(options);
    await expect(deadline.race(new Promise((resolve) => setTimeout(() => resolve('done'), 5)))).resolves.toBe('done');
    expect(deadline.signal.aborted).toBe(false);
    deadline.dispose();
  });
});
