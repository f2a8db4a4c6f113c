import { ROOT_CONTEXT } from '@opentelemetry/api';
import { failSpan, inSpan, tracingOn } from '@kit/kit-core/internal';
import type { JobRunRecord } from './events.js';

const scope = '@kit/kit-cron';

/** The run a span stands for. */
export interface JobSpanRun {
  readonly job: string;
  readonly runId: string;
  readonly scheduledAt: Date;
  readonly trigger: 'schedule' | 'manual';
}

/**
 * Runs one run of a job, its retries included, in an INTERNAL span `cron {job}` when tracing is on. A
 * scheduled run starts a trace of its own; `runNow` is a child of the caller's span. A run that ends
 * `failure` or `timeout` marks the span failed.
 */
export function inJobSpan(run: JobSpanRun, work: () => Promise<JobRunRecord>): Promise<JobRunRecord> {
  if (!tracingOn()) return work();
  const attributes = {
    'kit.cron.job': run.job,
    'kit.cron.run_id': run.runId,
    'kit.cron.trigger': run.trigger,
    'kit.cron.scheduled_at': run.scheduledAt.toISOString(),
  };
  const parent = run.trigger === 'schedule' ? ROOT_CONTEXT : undefined;
  return inSpan(
    scope,
    `cron ${run.job}`,
    { attributes },
    async (span) => {
      const record = await work();
      span?.setAttributes({ 'kit.cron.status': record.status, 'kit.cron.attempts': record.attempt });
      if (span && record.status !== 'success') failSpan(span, record.error ?? record.status, record.status);
      return record;
    },
    parent,
  );
}
