/**
 * @kit/kit-cron: recurring jobs for kit. Cron schedules with time zones and fixed intervals, run in
 * process with no overlap unless asked, jitter, retries with backoff, a run history and a graceful
 * stop; a Redis lock so a tick runs once across replicas; and agent jobs that carry a smart agent's
 * work across ticks and process restarts through its checkpoint.
 */

// Jobs and schedules
export { defineJob, type Job, type JobConfig, type JobRunContext, type OverlapMode, type RetryPolicy } from './define-job.js';
export type { CompiledSchedule, JobSchedule } from './schedule.js';

// The scheduler
export { createScheduler, type JobLock, type Scheduler, type SchedulerOptions } from './create-scheduler.js';
export type {
  JobEvent,
  JobFailedEvent,
  JobRetryingEvent,
  JobRunRecord,
  JobSkippedEvent,
  JobStartedEvent,
  JobSucceededEvent,
  SkipReason,
} from './events.js';
export { createManualClock, systemClock, type ClockTimer, type ManualClock, type SchedulerClock } from './clock.js';

// Agent jobs
export { defineAgentJob, type AgentJobConfig, type AgentJobHooks } from './agent/define-agent-job.js';
export type { HarnessAgentJobConfig } from './agent/harness-agent-job.js';
export { fileCheckpointStore, type CheckpointStore } from './agent/checkpoint-store.js';

// Errors
export { KitCronError, type KitCronErrorCode } from './errors.js';
