import { createHarness, MemoryRunStore, type LLMProvider } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { createScheduler } from '../create-scheduler.js';
import { KitCronError } from '../errors.js';
import { defineAgentJob } from './define-agent-job.js';

function counting(reply: () => string): LLMProvider & { calls: number } {
  const provider = {
    name: 'scripted',
    calls: 0,
    async chat() {
      provider.calls++;
      return { content: reply(), model: 'scripted-1' };
    },
  };
  return provider;
}

describe('defineAgentJob with a harness', () => {
  it('makes each tick one harness run, shared by the replicas that fire it', async () => {
    const store = new MemoryRunStore();
    const llm = counting(() => 'Digest written.');
    const harness = createHarness({ store, agent: { llm, tools: [] } });
    const job = (): ReturnType<typeof defineAgentJob> =>
      defineAgentJob({ name: 'digest', schedule: { every: '1d' }, harness, goal: 'Write the digest.', runId: () => 'digest:2026-11-29' });
    const replicaA = createScheduler({ jobs: [job()] });
    const replicaB = createScheduler({ jobs: [job()] });
    const [a, b] = await Promise.all([replicaA.runNow('digest'), replicaB.runNow('digest')]);
    expect([a.status, b.status]).toEqual(['success', 'success']);
    expect(llm.calls).toBe(1);
    const run = await harness.get('digest:2026-11-29');
    expect(await run.get()).toMatchObject({
      status: 'completed',
      goal: 'Write the digest.',
      metadata: { job: 'digest', trigger: 'manual' },
    });
    await harness.close();
  });

  it('fails the attempt when the run ends fatal, and the retry resumes the same run', async () => {
    const store = new MemoryRunStore();
    let failNext = true;
    const llm: LLMProvider = {
      name: 'flaky',
      async chat() {
        if (failNext) {
          failNext = false;
          throw new Error('the model server is restarting');
        }
        return { content: 'Recovered.', model: 'flaky-1' };
      },
    };
    const harness = createHarness({ store, agent: { llm, tools: [] } });
    const scheduler = createScheduler({
      jobs: [
        defineAgentJob({
          name: 'report',
          schedule: { every: '1d' },
          harness,
          goal: 'Report.',
          runId: () => 'report:1',
          retries: { attempts: 2, backoff: { initialMs: 1 } },
        }),
      ],
    });
    const record = await scheduler.runNow('report');
    expect(record).toMatchObject({ status: 'success', attempt: 2 });
    const run = await harness.get('report:1');
    expect((await run.get()).attempts).toBe(2);
    expect((await run.wait()).result).toBe('Recovered.');
    await harness.close();
  });

  it('refuses a harness job without a goal, naming the job', () => {
    const harness = createHarness({ store: new MemoryRunStore(), agent: { llm: counting(() => ''), tools: [] } });
    expect(() => defineAgentJob({ name: 'empty', schedule: { every: '1h' }, harness, goal: ' ' })).toThrow(KitCronError);
    expect(() => defineAgentJob({ name: 'empty', schedule: { every: '1h' }, harness, goal: ' ' })).toThrow(/"empty": goal must be/);
  });
});
