import { SpanStatusCode, trace } from '@opentelemetry/api';
import { describe, expect, it } from 'vitest';
import { isChildOf, recordSpansInTests } from '../../../test-support/tracing.js';
import { createManualClock } from './clock.js';
import { createScheduler } from './create-scheduler.js';
import { defineJob } from './define-job.js';

describe('job spans', () => {
  const recorded = recordSpansInTests();

  it('makes a span per run: a scheduled run starts its own trace, with the job’s work as its children', async () => {
    const clock = createManualClock(Date.parse('2026-03-29T00:00:00Z'));
    const job = defineJob({
      name: 'cleanup',
      schedule: { every: '1h' },
      run: async () => trace.getTracer('test').startActiveSpan('delete old rows', (span) => span.end()),
    });
    const scheduler = createScheduler({ jobs: [job], clock });
    // Started inside a request's span, which the scheduled runs must not join.
    trace.getTracer('test').startActiveSpan('startup', (span) => {
      scheduler.start();
      span.end();
    });
    await clock.advance(3_600_000);
    await scheduler.stop();
    const run = recorded.named('cron cleanup');
    expect(run.parentSpanContext).toBeUndefined();
    expect(run.instrumentationScope.name).toBe('@kit/kit-cron');
    expect(run.attributes).toEqual({
      'kit.cron.job': 'cleanup',
      'kit.cron.run_id': 'cleanup#1',
      'kit.cron.trigger': 'schedule',
      'kit.cron.scheduled_at': '2026-03-29T01:00:00.000Z',
      'kit.cron.status': 'success',
      'kit.cron.attempts': 1,
    });
    expect(isChildOf(recorded.named('delete old rows'), run)).toBe(true);
  });

  it('makes runNow a child of the caller’s span, and marks a run that failed every attempt', async () => {
    const job = defineJob({
      name: 'report',
      schedule: { every: '1d' },
      retries: { attempts: 2, backoff: { initialMs: 1 } },
      run: async () => {
        throw new Error('the mail server refused');
      },
    });
    const scheduler = createScheduler({ jobs: [job] });
    await trace.getTracer('test').startActiveSpan('POST /admin/report', async (span) => {
      await scheduler.runNow('report');
      span.end();
    });
    const run = recorded.named('cron report');
    expect(isChildOf(run, recorded.named('POST /admin/report'))).toBe(true);
    expect(run.status).toEqual({ code: SpanStatusCode.ERROR, message: 'the mail server refused' });
    expect(run.attributes).toMatchObject({
      'kit.cron.trigger': 'manual',
      'kit.cron.status': 'failure',
      'kit.cron.attempts': 2,
      'error.type': 'failure',
    });
  });
});
