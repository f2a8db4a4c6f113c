import { describe, expect, it } from 'vitest';
import { backoffDelay, defineJob } from './define-job.js';
import { KitCronError } from './errors.js';

const run = (): void => undefined;

describe('defineJob', () => {
  it('fills the defaults', () => {
    const job = defineJob({ name: 'sync', schedule: { every: '5m' }, run });
    expect(job).toMatchObject({ name: 'sync', overlap: 'skip', jitterMs: 0, timeoutMs: undefined, retries: { attempts: 1 } });
    expect(job.compiled.description).toBe('every 5m');
    expect(Object.isFrozen(job)).toBe(true);
  });

  it('computes the backoff of each retry', () => {
    const job = defineJob({
      name: 'sync',
      schedule: { every: '5m' },
      run,
      retries: { attempts: 6, backoff: { initialMs: 100, factor: 3, maxMs: 2_000 } },
    });
    expect([2, 3, 4, 5, 6].map((next) => backoffDelay(job, next))).toEqual([100, 300, 900, 2_000, 2_000]);
    const linear = defineJob({
      name: 'sync',
      schedule: { every: '5m' },
      run,
      retries: { attempts: 3, backoff: { initialMs: 250, factor: 1 } },
    });
    expect([2, 3].map((next) => backoffDelay(linear, next))).toEqual([250, 250]);
  });

  it.each([
    [
      { name: 'bad name!' },
      'defineJob: name must be 1 to 128 letters, digits or . _ : - (starting with a letter or digit), got "bad name!".',
    ],
    [{ run: 'no' }, 'defineJob "job": run must be a function (context) => unknown, got string.'],
    [{ overlap: 'drop' }, `defineJob "job": overlap must be 'skip', 'queue' or 'allow', got "drop".`],
    [{ jitterMs: -5 }, 'defineJob "job": jitterMs must be a whole number of milliseconds, 0 or more, got -5.'],
    [{ timeoutMs: 0 }, 'defineJob "job": timeoutMs must be a positive whole number of milliseconds, got 0.'],
    [
      { retries: { attempts: 0, backoff: { initialMs: 1 } } },
      'defineJob "job": retries.attempts must be a whole number, 1 or more (attempts in all, the first included), got 0.',
    ],
    [{ retries: { attempts: 2 } }, 'defineJob "job": retries.backoff must be an object { initialMs, factor?, maxMs? }, got undefined.'],
    [
      { retries: { attempts: 2, backoff: { initialMs: -1 } } },
      'defineJob "job": retries.backoff.initialMs must be a number of milliseconds, 0 or more, got -1.',
    ],
    [
      { retries: { attempts: 2, backoff: { initialMs: 1, factor: 0.5 } } },
      'defineJob "job": retries.backoff.factor must be a number, 1 or more, got 0.5.',
    ],
    [
      { retries: { attempts: 2, backoff: { initialMs: 100, maxMs: 10 } } },
      'defineJob "job": retries.backoff.maxMs must be a number of milliseconds no smaller than initialMs (100), got 10.',
    ],
  ])('rejects %j', (override, message) => {
    const config = { name: 'job', schedule: { every: '1m' }, run, ...override } as never;
    expect(() => defineJob(config)).toThrow(KitCronError);
    expect(() => defineJob(config)).toThrow(message);
  });
});
