import { KitAIError, type AgentRunResult, type Harness, type RunHandle } from '@kit/kit-ai';
import { defineJob, type Job, type JobConfig, type JobRunContext } from '../define-job.js';
import { KitCronError } from '../errors.js';

/** The argument of `defineAgentJob` for a job whose runs are harness runs. */
export interface HarnessAgentJobConfig extends Omit<JobConfig, 'run'> {
  /** The harness that records and executes each run (`createHarness` of `@kit/kit-ai`). */
  readonly harness: Harness;
  /** The goal of a tick's run, or a function of the run's context. */
  readonly goal: string | ((context: JobRunContext) => string);
  /**
   * The id of a tick's run. Default `<job>:<scheduledAt ISO>` (`<job>:manual:<time>` for `runNow`),
   * so replicas that fire the same tick start one run, and a retry of the tick picks the same run up.
   */
  readonly runId?: (context: JobRunContext) => string;
}

/** Whether a config is the harness form of `defineAgentJob`. */
export function isHarnessJobConfig(config: object): config is HarnessAgentJobConfig {
  return 'harness' in config;
}

function defaultRunId(context: JobRunContext): string {
  const at = context.scheduledAt.toISOString();
  return context.trigger === 'manual' ? `${context.job}:manual:${at}` : `${context.job}:${at}`;
}

/** The tick's run: started here, or, when a replica or an earlier attempt started it, that one (resumed if it failed). */
async function tickRun(config: HarnessAgentJobConfig, context: JobRunContext): Promise<RunHandle> {
  const runId = (config.runId ?? defaultRunId)(context);
  const goal = typeof config.goal === 'string' ? config.goal : config.goal(context);
  try {
    return await config.harness.start({
      goal,
      runId,
      metadata: { job: context.job, scheduledAt: context.scheduledAt.toISOString(), trigger: context.trigger },
    });
  } catch (error) {
    if (!(error instanceof KitAIError && error.code === 'run_exists')) throw error;
  }
  const run = await config.harness.get(runId);
  const record = await run.get();
  if (record.status === 'fatal' && record.checkpoint) await run.resume('Continue.');
  return run;
}

/**
 * A job whose runs are harness runs: each tick starts one run (one across replicas, by its id),
 * waits for it while the attempt lasts and resolves with its result. The run is durable: when the
 * attempt times out or the process stops, the run goes on in whichever process executes it, and
 * anyone can follow it with `harness.get(runId)`. A `fatal` run fails the attempt (`agent_failed`),
 * and a retry resumes it from its checkpoint.
 */
export function defineHarnessAgentJob(config: HarnessAgentJobConfig): Job {
  const { harness, goal } = config;
  if (harness === null || typeof harness !== 'object' || typeof harness.start !== 'function' || typeof harness.get !== 'function') {
    throw new KitCronError('invalid_config', `defineAgentJob "${config.name}": harness must be a Harness (createHarness of @kit/kit-ai).`);
  }
  if (!(typeof goal === 'function' || (typeof goal === 'string' && goal.trim() !== ''))) {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${config.name}": goal must be a non-empty string or a function (context) => string, got ${JSON.stringify(goal)}.`,
    );
  }
  if (config.runId !== undefined && typeof config.runId !== 'function') {
    throw new KitCronError('invalid_config', `defineAgentJob "${config.name}": runId must be a function (context) => string.`);
  }
  const { harness: _harness, goal: _goal, runId: _runId, ...jobConfig } = config;
  return defineJob({
    ...jobConfig,
    async run(context): Promise<AgentRunResult> {
      const run = await tickRun(config, context);
      const result = await run.wait({ signal: context.signal });
      if (result.status === 'fatal') {
        throw new KitCronError(
          'agent_failed',
          `defineAgentJob "${context.job}": harness run "${run.id}" ended fatal: ${result.error ?? 'no error given'}; a retry resumes it from its checkpoint.`,
        );
      }
      return result;
    },
  });
}
