import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createSmartAgent, type AgentRunResult, type AgentTool, type LLMMessage, type LLMProvider } from '@kit/kit-ai';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { createManualClock } from '../clock.js';
import { createScheduler } from '../create-scheduler.js';
import { KitCronError } from '../errors.js';
import { fileCheckpointStore, type CheckpointStore } from './checkpoint-store.js';
import { defineAgentJob, type AgentJobConfig } from './define-agent-job.js';

type Reply = string | Error;

/** A scripted provider: answers from `replies` in order and keeps the conversation of each call. */
function scripted(replies: Reply[]): LLMProvider & { seen: LLMMessage[][] } {
  const seen: LLMMessage[][] = [];
  return {
    name: 'scripted',
    seen,
    async chat(messages) {
      seen.push(messages.map((message) => ({ ...message })));
      const reply = replies.shift();
      if (reply === undefined) throw new Error('scripted: no more replies');
      if (reply instanceof Error) throw reply;
      return { content: reply, model: 'scripted-1' };
    },
  };
}

const call = (n: number): string => JSON.stringify({ tool: 'step', arguments: { n } });
const text = (messages: LLMMessage[]): string =>
  messages.map((message) => (typeof message.content === 'string' ? message.content : JSON.stringify(message.content))).join('\n');

describe('defineAgentJob', () => {
  let dir: string;
  let store: CheckpointStore;
  beforeEach(async () => {
    dir = await mkdtemp(join(tmpdir(), 'kit-cron-agent-'));
    store = fileCheckpointStore(dir);
  });
  afterEach(async () => {
    await rm(dir, { recursive: true, force: true });
  });

  function job(llm: LLMProvider, extra: Partial<AgentJobConfig> = {}, tool: Partial<AgentTool> = {}) {
    const steps: number[] = [];
    const step: AgentTool = {
      name: 'step',
      description: 'Does step n',
      execute: async ({ n }) => {
        steps.push(Number(n));
        return `step ${String(n)} done`;
      },
      ...tool,
    };
    const definition = defineAgentJob({
      name: 'agent-job',
      schedule: { every: '1h' },
      agent: (hooks) => createSmartAgent({ llm, tools: [step], maxIterations: 5, hooks }),
      goal: 'Run the steps.',
      checkpoints: store,
      ...extra,
    });
    return { definition, steps };
  }

  it('runs the goal, saves checkpoints as it goes and deletes them when it completes', async () => {
    const stages: (string | undefined)[] = [];
    const llm = scripted([call(1), call(2), 'All steps done.']);
    const { definition, steps } = job(
      llm,
      {},
      {
        execute: async ({ n }) => {
          stages.push((await store.load('agent-job'))?.stage);
          steps.push(Number(n));
          return 'ok';
        },
      },
    );
    const scheduler = createScheduler({ jobs: [definition] });
    const record = await scheduler.runNow('agent-job');
    expect(record).toMatchObject({ status: 'success', attempt: 1 });
    expect(steps).toEqual([1, 2]);
    expect(stages).toEqual(['initialized', 'tool_result']);
    expect(await store.load('agent-job')).toBeUndefined();
  });

  it('resumes a max_iterations checkpoint on the next run instead of starting over', async () => {
    const llm = scripted([call(1), 'Finished after one step.']);
    const { definition, steps } = job(llm, {
      agent: (hooks) => createSmartAgent({ llm, tools: [stepTool(steps)], maxIterations: 1, hooks }),
    });
    const results: AgentRunResult[] = [];
    const wrapped = {
      ...definition,
      run: async (context: Parameters<typeof definition.run>[0]) => results.push((await definition.run(context)) as AgentRunResult),
    };
    const scheduler = createScheduler({ jobs: [wrapped] });
    await scheduler.runNow('agent-job');
    expect(results[0]?.status).toBe('max_iterations');
    expect((await store.load('agent-job'))?.stage).toBe('max_iterations');
    await scheduler.runNow('agent-job');
    expect(results[1]).toMatchObject({ status: 'completed', result: 'Finished after one step.', iterations: 2 });
    expect(text(llm.seen[1]!)).toContain('Continue.');
    expect(llm.seen[1]!.filter((message) => message.content === 'Run the steps.')).toHaveLength(1);
    expect(steps).toEqual([1]);
    expect(await store.load('agent-job')).toBeUndefined();
  });

  it('keeps an approval_required checkpoint and resumes with the message resumeMessage gives', async () => {
    const llm = scripted([call(1), 'Done once approved.']);
    let approved = false;
    const asked: string[] = [];
    const steps: number[] = [];
    const definition = defineAgentJob({
      name: 'agent-job',
      schedule: { every: '1h' },
      agent: (hooks) =>
        createSmartAgent({
          llm,
          tools: [stepTool(steps)],
          hooks: { ...hooks, beforeToolCall: () => (approved ? { allowed: true } : { allowed: false, reason: 'needs a human' }) },
        }),
      goal: 'Run the steps.',
      checkpoints: store,
      resumeMessage: (checkpoint) => {
        asked.push(checkpoint.stage);
        return `Approved: ${checkpoint.pendingApproval?.tool ?? 'nothing'}`;
      },
    });
    const scheduler = createScheduler({ jobs: [definition] });
    await scheduler.runNow('agent-job');
    expect((await store.load('agent-job'))?.pendingApproval).toMatchObject({ tool: 'step', reason: 'needs a human' });
    approved = true;
    await scheduler.runNow('agent-job');
    expect(asked).toEqual(['approval_required']);
    expect(text(llm.seen.at(-1)!)).toContain('Approved: step');
    expect(await store.load('agent-job')).toBeUndefined();
  });

  it('fails the job on a fatal run, keeps its checkpoint and resumes from it next time', async () => {
    const llm = scripted([call(1), new Error('provider is down'), 'Recovered.']);
    const { definition, steps } = job(llm);
    const scheduler = createScheduler({ jobs: [definition] });
    const failed = await scheduler.runNow('agent-job');
    expect(failed.status).toBe('failure');
    expect(failed.error).toMatch(
      /^defineAgentJob "agent-job": the agent run ended fatal: .*provider is down.*; its checkpoint \(stage tool_result\) is saved and the next run resumes from it\.$/,
    );
    const second = await scheduler.runNow('agent-job');
    expect(second.status).toBe('success');
    expect(steps).toEqual([1]);
    expect(text(llm.seen.at(-1)!)).toContain('step 1 done');
  });

  it('pauses the agent when the attempt times out, so its work is kept', async () => {
    const clock = createManualClock(0);
    let release: () => void = () => undefined;
    let started: () => void = () => undefined;
    const stepStarted = new Promise<void>((resolve) => (started = resolve));
    const llm = scripted([call(1), 'Done after the pause.']);
    const slowStep = (): Promise<unknown> =>
      new Promise((resolve) => {
        release = () => resolve('slow step done');
        started();
      });
    const { definition } = job(llm, { timeoutMs: 1_000 }, { execute: slowStep });
    const scheduler = createScheduler({ jobs: [definition], clock });
    const pending = scheduler.runNow('agent-job');
    await stepStarted;
    await clock.advance(1_000);
    expect(await pending).toMatchObject({ status: 'timeout' });
    // The next run starts while the abandoned agent is still in its tool: it waits for it to pause and save.
    const next = scheduler.runNow('agent-job');
    await clock.settle();
    expect(llm.seen).toHaveLength(1);
    release();
    expect(await next).toMatchObject({ status: 'success' });
    expect(llm.seen).toHaveLength(2);
    expect(text(llm.seen[1]!)).toContain('slow step done');
    expect(await store.load('agent-job')).toBeUndefined();
  });

  it('refuses overlap allow, which would run two agents on one checkpoint', () => {
    expect(() => job(scripted([]), { overlap: 'allow' })).toThrow(
      `defineAgentJob "agent-job": overlap 'allow' would run two agents on one checkpoint; use 'skip' (the default) or 'queue'.`,
    );
  });

  it('accepts a ready agent, whose checkpoint is saved when its run ends', async () => {
    const llm = scripted([call(1), 'Finished.']);
    const steps: number[] = [];
    const agent = createSmartAgent({ llm, tools: [stepTool(steps)], maxIterations: 1 });
    const definition = defineAgentJob({ name: 'ready', schedule: { every: '1h' }, agent, goal: 'Run the steps.', checkpoints: store });
    const scheduler = createScheduler({ jobs: [definition] });
    await scheduler.runNow('ready');
    expect((await store.load('ready'))?.stage).toBe('max_iterations');
    await scheduler.runNow('ready');
    expect(await store.load('ready')).toBeUndefined();
  });

  it('reports a corrupt checkpoint as a failed run naming the file', async () => {
    const { writeFile } = await import('node:fs/promises');
    await writeFile(join(dir, 'agent-job.json'), 'not json');
    const { definition } = job(scripted(['unused']));
    const record = await createScheduler({ jobs: [definition] }).runNow('agent-job');
    expect(record.status).toBe('failure');
    expect(record.error).toContain(`could not parse ${join(dir, 'agent-job.json')}`);
  });

  it('rejects bad definitions with the field and the fix', () => {
    const base = { name: 'x', schedule: { every: '1h' }, goal: 'g', checkpoints: fileCheckpointStore(dir) } as const;
    expect(() => defineAgentJob({ ...base, agent: {} as never })).toThrow(
      'defineAgentJob "x": agent must be a SmartAgent (createSmartAgent(...)) or a function (hooks) => SmartAgent, got object.',
    );
    expect(() => defineAgentJob({ ...base, agent: () => ({}) as never, goal: ' ' })).toThrow(/goal must be a non-empty string/);
    expect(() => defineAgentJob({ ...base, agent: () => ({}) as never, checkpoints: {} as never })).toThrow(KitCronError);
    expect(() => defineAgentJob({ ...base, agent: () => ({}) as never, schedule: { cron: 'nope' } })).toThrow(
      /schedule.cron "nope" is not a valid cron expression/,
    );
  });
});

function stepTool(steps: number[]): AgentTool {
  return {
    name: 'step',
    description: 'Does step n',
    execute: async ({ n }) => {
      steps.push(Number(n));
      return `step ${String(n)} done`;
    },
  };
}
