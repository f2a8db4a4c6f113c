import { describeValue } from '../llm/describe-value.js';
import { checkPositiveNumber, configError } from '../tasks/task-options.js';
import { startOutsideTrace } from '../tracing/spans.js';
import { harnessInternals } from './create-harness.js';
import type { HarnessWorker, HarnessWorkerOptions } from './harness-types.js';

/**
 * Starts a worker: it claims runs from the harness's store (queued ones, and running ones whose
 * executor's lease ran out) and executes them, `concurrency` at a time. Workers on several machines
 * share one store; the store's claim makes sure each run has one executor at a time. A worker that
 * dies stops renewing its leases; once one runs out, another worker takes the run over from its last
 * checkpoint. `close` hands the runs it executes back to the store for others.
 *
 * @example
 * ```ts
 * import { createHarness, createHarnessWorker, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
 *
 * const llm: LLMProvider = { name: 'scripted', chat: async () => ({ content: 'Summarised.', model: 'scripted-1' }) };
 * // Processes that only record runs use executeRuns: 'workers'; workers share their store.
 * const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] }, executeRuns: 'workers' });
 * const worker = createHarnessWorker({ harness, concurrency: 4 });
 *
 * const run = await harness.start({ goal: 'Summarise the incident report' });
 * console.log((await run.wait({ timeoutMs: 10_000 })).result); // Summarised.
 * await worker.close();
 * ```
 */
export function createHarnessWorker(options: HarnessWorkerOptions): HarnessWorker {
  const { settings, execute, handOff } = harnessInternals(options.harness);
  const concurrency = options.concurrency ?? 1;
  if (!Number.isInteger(concurrency) || concurrency < 1)
    throw configError('createHarnessWorker', `concurrency must be a positive integer, got ${describeValue(concurrency)}.`);
  checkPositiveNumber('createHarnessWorker', 'pollIntervalMs', options.pollIntervalMs, 'milliseconds');
  const pollIntervalMs = options.pollIntervalMs ?? 500;

  const running = new Map<string, Promise<void>>();
  let closed = false;
  let wake: (() => void) | undefined;
  let timer: NodeJS.Timeout | undefined;

  const sleep = (): Promise<void> =>
    new Promise((resolve) => {
      wake = resolve;
      timer = setTimeout(resolve, pollIntervalMs);
    });
  // A store that fails fails on every poll: it is said once, and again only when the failure changes.
  let lastFailure: string | undefined;

  const loop = async (): Promise<void> => {
    while (!closed) {
      if (running.size >= concurrency) {
        await Promise.race(running.values());
        continue;
      }
      let claimed;
      try {
        claimed = await settings.store.claimRun({ owner: settings.executorId, leaseMs: settings.leaseMs });
        if (lastFailure !== undefined) console.warn('kit-ai harness worker: claiming runs works again.');
        lastFailure = undefined;
      } catch (error) {
        const failure = String(error);
        if (failure !== lastFailure) console.warn(`kit-ai harness worker: could not claim a run (said once until it changes): ${failure}`);
        lastFailure = failure;
      }
      if (!claimed) {
        await sleep();
        continue;
      }
      const id = claimed.run.id;
      running.set(
        id,
        execute(claimed).finally(() => running.delete(id)),
      );
    }
  };
  // Its polls and claims are spans of their own, not of the request that happened to start the worker.
  const looping = startOutsideTrace(loop);

  return {
    get active() {
      return running.size;
    },
    async close() {
      closed = true;
      clearTimeout(timer);
      wake?.();
      await looping;
      await handOff([...running.keys()]);
      await Promise.all(running.values());
    },
  };
}
