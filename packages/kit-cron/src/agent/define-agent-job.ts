import type { AgentCheckpoint, AgentCheckpointStage, AgentRunResult, ControlAction, SmartAgent } from '@kit/kit-ai';
import { defineJob, type Job, type JobConfig, type JobRunContext } from '../define-job.js';
import { KitCronError } from '../errors.js';
import type { CheckpointStore } from './checkpoint-store.js';
import { defineHarnessAgentJob, isHarnessJobConfig, type HarnessAgentJobConfig } from './harness-agent-job.js';

/**
 * The hooks an agent job hands to its agent factory; pass them as `hooks` of `createSmartAgent` (or
 * call them from your own hooks). `onCheckpoint` saves every checkpoint the run takes, so a killed
 * process resumes from the last one; `getControlState` pauses the run when the job's signal is aborted
 * (timeout or stop), so it ends `paused` with a checkpoint instead of being lost.
 */
export interface AgentJobHooks {
  onCheckpoint(checkpoint: AgentCheckpoint): Promise<void>;
  getControlState(): { action: ControlAction };
}

/** The argument of `defineAgentJob`: a job's schedule and behaviour, and the agent work it runs. */
export interface AgentJobConfig extends Omit<JobConfig, 'run'> {
  /**
   * The agent, or a factory called once per run with hooks to pass to `createSmartAgent`. Only a
   * factory gets checkpoints saved during the run; a ready agent is saved only when its run ends.
   */
  readonly agent: SmartAgent | ((hooks: AgentJobHooks) => SmartAgent);
  /** The goal of a fresh run, or a function of the run's context. */
  readonly goal: string | ((context: JobRunContext) => string);
  /** Where the checkpoint is kept, under the job's name. */
  readonly checkpoints: CheckpointStore;
  /** The message `resume` gets: a string, or a function of the saved checkpoint (to pass an approval decision, say). Default `'Continue.'`. */
  readonly resumeMessage?: string | ((checkpoint: AgentCheckpoint) => string | Promise<string>);
}

// Stages a run can carry on from; `completed` and `canceled` are records of a finished run.
const resumableStages: ReadonlySet<AgentCheckpointStage> = new Set<AgentCheckpointStage>([
  'initialized',
  'tool_call',
  'tool_result',
  'task_wait',
  'approval_required',
  'paused',
  'max_iterations',
]);

/**
 * Defines a job that runs a smart agent on a goal and carries its work over ticks and restarts. On each
 * tick: a saved checkpoint that can be resumed is resumed with `resumeMessage`; otherwise the agent
 * runs the goal afresh. Every checkpoint the run takes is saved (with an agent factory), and so is the
 * final one when the run ends `paused`, `approval_required`, `max_iterations` or `fatal` with a
 * checkpoint; `completed` and `canceled` delete it. A `fatal` run fails the job (`agent_failed`), so
 * retries and `job.failed` events apply. The job's run resolves with the agent's result. Runs of one agent
 * job never overlap in a process: `overlap: 'allow'` is refused, and a run the scheduler gave up on (timeout,
 * stop) is waited for until its agent pauses and saves, before the next run starts.
 *
 * @example
 * ```ts
 * import { createSmartAgent, type LLMProvider } from '@kit/kit-ai';
 * import { createScheduler, defineAgentJob, fileCheckpointStore } from '@kit/kit-cron';
 *
 * declare const llm: LLMProvider;
 *
 * const triage = defineAgentJob({
 *   name: 'inbox-triage',
 *   schedule: { cron: '0,30 * * * *' },
 *   timeoutMs: 10 * 60_000,
 *   agent: (hooks) => createSmartAgent({ llm, tools: [], maxIterations: 20, hooks }),
 *   goal: 'Sort the new support tickets by urgency and draft replies.',
 *   checkpoints: fileCheckpointStore('./.checkpoints'),
 * });
 *
 * createScheduler({ jobs: [triage] }).start();
 * ```
 *
 * Given a `harness` instead of `agent` and `checkpoints`, each tick is a harness run: recorded in the
 * harness's store, one per tick across replicas, resumable by any of them and followed by anyone.
 *
 * @example
 * ```ts
 * import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
 * import { createScheduler, defineAgentJob } from '@kit/kit-cron';
 *
 * declare const llm: LLMProvider;
 *
 * const harness = createHarness({ store: new MemoryRunStore(), agent: { llm, tools: [] } });
 * const digest = defineAgentJob({
 *   name: 'daily-digest',
 *   schedule: { cron: '0 7 * * *' },
 *   harness,
 *   goal: (context) => `Write the digest of the day before ${context.scheduledAt.toISOString().slice(0, 10)}.`,
 * });
 *
 * createScheduler({ jobs: [digest] }).start();
 * ```
 */
export function defineAgentJob(config: AgentJobConfig | HarnessAgentJobConfig): Job {
  if (config === null || typeof config !== 'object') {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob: expected an object { name, schedule, agent, goal, checkpoints } or { name, schedule, harness, goal }, got ${JSON.stringify(config)}.`,
    );
  }
  if (isHarnessJobConfig(config)) return defineHarnessAgentJob(config);
  const name = config.name;
  const agentIsFactory = typeof config.agent === 'function';
  if (
    !agentIsFactory &&
    (config.agent === null ||
      typeof config.agent !== 'object' ||
      typeof config.agent.run !== 'function' ||
      typeof config.agent.resume !== 'function')
  ) {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${name}": agent must be a SmartAgent (createSmartAgent(...)) or a function (hooks) => SmartAgent, got ${typeof config.agent}.`,
    );
  }
  if (!(typeof config.goal === 'function' || (typeof config.goal === 'string' && config.goal.trim() !== ''))) {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${name}": goal must be a non-empty string or a function (context) => string, got ${JSON.stringify(config.goal)}.`,
    );
  }
  const store = config.checkpoints;
  if (
    store === null ||
    typeof store !== 'object' ||
    typeof store.load !== 'function' ||
    typeof store.save !== 'function' ||
    typeof store.delete !== 'function'
  ) {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${name}": checkpoints must be a CheckpointStore (load, save, delete), such as fileCheckpointStore('./checkpoints').`,
    );
  }
  const resumeMessage = config.resumeMessage ?? 'Continue.';
  if (typeof resumeMessage !== 'string' && typeof resumeMessage !== 'function') {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${name}": resumeMessage must be a string or a function (checkpoint) => string, got ${typeof resumeMessage}.`,
    );
  }

  if (config.overlap === 'allow') {
    throw new KitCronError(
      'invalid_config',
      `defineAgentJob "${name}": overlap 'allow' would run two agents on one checkpoint; use 'skip' (the default) or 'queue'.`,
    );
  }
  const { agent, goal } = config;
  // A run the scheduler gave up on (timeout, stop) goes on until the agent pauses at its next control
  // point and saves; the next run of this job in this process waits for it, so it resumes from that save.
  let previous: Promise<void> = Promise.resolve();

  return defineJob({
    name: config.name,
    schedule: config.schedule,
    ...(config.overlap === undefined ? {} : { overlap: config.overlap }),
    ...(config.jitterMs === undefined ? {} : { jitterMs: config.jitterMs }),
    ...(config.retries === undefined ? {} : { retries: config.retries }),
    ...(config.timeoutMs === undefined ? {} : { timeoutMs: config.timeoutMs }),
    async run(context): Promise<AgentRunResult> {
      const earlier = previous;
      let done: () => void = () => undefined;
      previous = new Promise<void>((resolve) => (done = resolve));
      try {
        await earlier;
        context.signal.throwIfAborted();
        return await runAgent(context);
      } finally {
        done();
      }
    },
  });

  async function runAgent(context: JobRunContext): Promise<AgentRunResult> {
    const key = context.job;
    const saved = await store.load(key);
    const hooks: AgentJobHooks = {
      async onCheckpoint(checkpoint) {
        if (resumableStages.has(checkpoint.stage)) await store.save(key, checkpoint);
      },
      getControlState: () => ({ action: context.signal.aborted ? 'pause' : 'continue' }),
    };
    const smartAgent = typeof agent === 'function' ? agent(hooks) : agent;
    const result =
      saved !== undefined && resumableStages.has(saved.stage)
        ? await smartAgent.resume(saved, typeof resumeMessage === 'string' ? resumeMessage : await resumeMessage(saved))
        : await smartAgent.run(typeof goal === 'string' ? goal : goal(context));
    switch (result.status) {
      case 'completed':
      case 'canceled':
        await store.delete(key);
        return result;
      case 'fatal':
        if (result.checkpoint !== undefined) await store.save(key, result.checkpoint);
        throw new KitCronError(
          'agent_failed',
          `defineAgentJob "${key}": the agent run ended fatal: ${result.error ?? 'no error given'}${result.checkpoint === undefined ? '' : `; its checkpoint (stage ${result.checkpoint.stage}) is saved and the next run resumes from it`}.`,
        );
      default:
        if (result.checkpoint !== undefined) await store.save(key, result.checkpoint);
        return result;
    }
  }
}
