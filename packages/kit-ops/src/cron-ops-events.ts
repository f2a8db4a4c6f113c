import type { JobEvent } from '@kit/kit-cron';
import type { OpsStore } from './create-ops-store.js';
import { describeValue, KitOpsError } from './kit-ops-error.js';
import { reportError } from './report-error.js';
import type { OpsStatus } from './types.js';

/** Options of `cronOpsEvents`. */
export interface CronOpsEventsOptions {
  /** Also record each attempt's start (`phase: 'started'`, status `pending`). Default `false`. */
  includeStarts?: boolean;
  /** Called when an event cannot be recorded (the scheduler goes on). Default: `console.warn`. */
  onError?: (error: unknown) => void;
}

/**
 * The `onEvent` handler of a kit-cron scheduler that records its job events as `job.run` events:
 * subject the job's name, correlation id the run id (`<job>#<n>`), `at` the scheduler's time, and
 * `data.phase` the scheduler's event without its `job.` prefix. A success is `ok` (with the run's
 * duration), a final failure or timeout `error`, a retry to come `pending`, a tick skipped because a run
 * was still going `canceled` and one skipped because the lock could not be asked `error`. Ticks another
 * replica claimed (`locked`) are not recorded: that replica records the run.
 *
 * @example
 * ```ts
 * import { createScheduler, defineJob } from '@kit/kit-cron';
 * import { createOpsStore, cronOpsEvents } from '@kit/kit-ops';
 *
 * const ops = createOpsStore({ path: './.kit/ops.sqlite' });
 * const scheduler = createScheduler({
 *   jobs: [defineJob({ name: 'nightly-report', schedule: { cron: '0 2 * * *', timezone: 'Europe/Paris' }, run: async () => undefined })],
 *   onEvent: cronOpsEvents(ops),
 * });
 * scheduler.start();
 * ```
 */
export function cronOpsEvents(store: OpsStore, options: CronOpsEventsOptions = {}): (event: JobEvent) => void {
  if (typeof store?.record !== 'function')
    throw new KitOpsError('invalid_config', `cronOpsEvents: store must be an OpsStore from createOpsStore, got ${describeValue(store)}`);
  const { includeStarts = false, onError } = options;
  return (event) => {
    let status: OpsStatus;
    let durationMs: number | undefined;
    const extra: Record<string, unknown> = {};
    switch (event.type) {
      case 'job.started':
        if (!includeStarts) return;
        status = 'pending';
        extra.attempt = event.attempt;
        break;
      case 'job.succeeded':
        status = 'ok';
        durationMs = event.durationMs;
        extra.attempt = event.attempt;
        break;
      case 'job.failed':
        status = 'error';
        durationMs = event.durationMs;
        Object.assign(extra, { attempt: event.attempt, outcome: event.status, error: event.error });
        break;
      case 'job.retrying':
        status = 'pending';
        Object.assign(extra, { attempt: event.attempt, outcome: event.status, error: event.error, retryInMs: event.delayMs });
        break;
      case 'job.skipped':
        if (event.reason === 'locked') return;
        status = event.reason === 'lock_failed' ? 'error' : 'canceled';
        extra.reason = event.reason;
        if (event.error !== undefined) extra.error = event.error;
        break;
    }
    try {
      store.record({
        kind: 'job.run',
        subject: event.job,
        status,
        at: event.at,
        correlationId: event.runId,
        ...(durationMs === undefined ? {} : { durationMs }),
        data: {
          job: event.job,
          phase: event.type.slice('job.'.length),
          trigger: event.trigger,
          scheduledAt: event.scheduledAt.toISOString(),
          ...extra,
        },
      });
    } catch (error) {
      reportError(onError, 'cronOpsEvents', error);
    }
  };
}
