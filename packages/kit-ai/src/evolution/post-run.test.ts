import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { scriptedLlm, type ScriptedLLM } from '../agent/testing/scripted-llm.js';
import type { AgentRunResult, AgentRunStatus } from '../agent/types.js';
import type { LLMProvider } from '../llm/types.js';
import { moduleInChild } from '../testing/child-module.js';
import { useTempFolders } from '../testing/temp-folders.js';
import { InMemoryEvolutionStore } from './in-memory-store.js';
import { runPostRunEvolution, type PostRunEvolutionInput } from './post-run.js';
import { SqliteEvolutionStore } from './sqlite-store.js';
import type { Distiller, EvolutionConfig } from './types.js';

/** A scripted provider answering with the given replies, in order. */
const scripted = (...replies: string[]): ScriptedLLM => scriptedLlm(replies);

function result(status: AgentRunStatus): AgentRunResult {
  return {
    result: status === 'completed' ? 'Refunded order 1042.' : undefined,
    iterations: 2,
    status,
    toolCalls: [
      {
        id: 'c1',
        tool: 'lookup_order',
        args: { id: 1042 },
        status: 'success',
        result: { status: 'delivered' },
        iteration: 1,
        startedAt: '2025-01-01T00:00:00.000Z',
        durationMs: 3,
      },
    ],
    taskCalls: [],
    usage: { promptTokens: 400, completionTokens: 100, totalTokens: 500 },
    ...(status === 'fatal' ? { error: 'refund service down' } : {}),
  };
}

function input(
  config: EvolutionConfig,
  status: AgentRunStatus,
  llm: LLMProvider,
  extra: Partial<PostRunEvolutionInput> = {},
): PostRunEvolutionInput {
  return { config, result: result(status), goal: 'Refund order 1042', durationMs: 1800, skillsUsed: ['refund-triage'], llm, ...extra };
}

const lesson = (content: string) => JSON.stringify({ strategies: [{ content }] });

const tempFolder = useTempFolders('kit-post-run-');
/** A new Node process (a real restart) with `kit` bound to the store's module. */
const inChild = moduleInChild(new URL('./sqlite-store.ts', import.meta.url));

describe('runPostRunEvolution', () => {
  it('records the run, distils it with similar past runs and stores the new strategy', async () => {
    const store = new InMemoryEvolutionStore();
    const pastId = await store.recordExperience({
      goal: 'Refund order 77',
      outcome: 'failure',
      trajectory: [],
      iterations: 1,
      tokenUsage: 10,
      duration: 5,
      skillsUsed: [],
    });
    await store.recordExperience({
      goal: 'Weather in Lyon',
      outcome: 'success',
      trajectory: [],
      iterations: 1,
      tokenUsage: 10,
      duration: 5,
      skillsUsed: [],
    });
    await store.storeStrategy({ content: 'Be polite about refunds.', source: [], utility: 0.5, applications: 0 });
    const llm = scripted(lesson('Look up the order before refunding it.'));
    const report = await runPostRunEvolution(input({ store }, 'completed', llm));
    expect(report).toEqual({
      captured: true,
      experienceId: expect.any(String) as unknown,
      strategiesAdded: 1,
      pruned: 0,
      promotedSkills: [],
      utilityUpdates: 0,
      errors: [],
    });
    const [recorded] = await store.queryExperiences({ ids: [report.experienceId as string] });
    expect(recorded).toMatchObject({
      goal: 'Refund order 1042',
      outcome: 'success',
      tokenUsage: 500,
      duration: 1800,
      skillsUsed: ['refund-triage'],
      iterations: 2,
    });
    const prompt = llm.requests[0]?.messages[1]?.content ?? '';
    expect(prompt).toContain('Run 1: Refund order 1042\nOutcome: success');
    expect(prompt).toContain('Run 2: Refund order 77\nOutcome: failure');
    expect(prompt).not.toContain('Weather');
    expect(prompt).toContain('Known lessons:\n- Be polite about refunds.');
    const [added] = await store.queryStrategies('look up the order', 1);
    expect(added).toMatchObject({
      content: 'Look up the order before refunding it.',
      source: [report.experienceId, pastId],
      utility: 0.5,
      applications: 0,
    });
  });

  it('rates applied strategies: +0.1 on success, -0.1 on failure, 0 on partial, each counted as applied once', async () => {
    const store = new InMemoryEvolutionStore();
    const id = await store.storeStrategy({ content: 'lesson', source: [], utility: 0.5, applications: 0 });
    const config: EvolutionConfig = { store, distillation: 'manual' };
    const llm = scripted();
    const rate = async (status: AgentRunStatus) => {
      const report = await runPostRunEvolution(input(config, status, llm, { appliedStrategyIds: [id, id, 'pruned-meanwhile'] }));
      const [strategy] = await store.queryStrategies('lesson', 1);
      return [report.utilityUpdates, strategy?.utility, strategy?.applications, report.errors];
    };
    expect(await rate('completed')).toEqual([1, 0.6, 1, []]);
    expect(await rate('fatal')).toEqual([1, 0.5, 2, []]);
    expect(await rate('max_iterations')).toEqual([0, 0.5, 3, []]);
    expect(await rate('canceled')).toEqual([1, 0.4, 4, []]);
    expect(llm.requests).toHaveLength(0);
  });

  it('follows capture: an uncaptured run is neither recorded nor distilled, but applied strategies are still rated', async () => {
    const store = new InMemoryEvolutionStore();
    const id = await store.storeStrategy({ content: 'lesson', source: [], utility: 0.5, applications: 0 });
    const llm = scripted();
    const report = await runPostRunEvolution(input({ store, capture: 'on-success' }, 'fatal', llm, { appliedStrategyIds: [id] }));
    expect(report).toEqual({ captured: false, strategiesAdded: 0, pruned: 0, promotedSkills: [], utilityUpdates: 1, errors: [] });
    expect((await store.getStats()).experiences).toBe(0);
    expect(llm.requests).toHaveLength(0);
  });

  it('uses a configured distiller, and none with distillation manual', async () => {
    const store = new InMemoryEvolutionStore();
    const seen: number[] = [];
    const distiller: Distiller = {
      async distill(experiences) {
        seen.push(experiences.length);
        return [
          { content: `lesson ${seen.length}`, source: experiences.map((experience) => experience.id), utility: 0.9, applications: 0 },
        ];
      },
    };
    expect((await runPostRunEvolution(input({ store, distiller }, 'completed', scripted()))).strategiesAdded).toBe(1);
    expect((await runPostRunEvolution(input({ store, distiller, distillation: 'manual' }, 'completed', scripted()))).strategiesAdded).toBe(
      0,
    );
    expect(seen).toEqual([1]);
    expect((await store.getStats()).experiences).toBe(2);
  });

  it('reports a failing step in errors and still runs the others', async () => {
    const store = new InMemoryEvolutionStore();
    await store.storeStrategy({ content: 'bad lesson', source: [], utility: 0.05, applications: 0 });
    const report = await runPostRunEvolution(
      input({ store, pruning: { minUtility: 0.1 } }, 'completed', scripted('I learned a lot today!')),
    );
    expect(report.captured).toBe(true);
    expect(report.pruned).toBe(1);
    expect(report.errors).toHaveLength(1);
    expect(report.errors[0]).toMatch(/^distillation: LlmDistiller\.distill: the reply of "scripted" is not one JSON object/);
  });

  it('promotes a proven strategy to an evolved skill, once', async () => {
    const store = new InMemoryEvolutionStore();
    const first = await store.recordExperience({
      goal: 'Refund order 77',
      outcome: 'success',
      trajectory: [],
      iterations: 1,
      tokenUsage: 10,
      duration: 5,
      skillsUsed: [],
    });
    const second = await store.recordExperience({
      goal: 'Refund a damaged parcel',
      outcome: 'success',
      trajectory: [],
      iterations: 1,
      tokenUsage: 10,
      duration: 5,
      skillsUsed: [],
    });
    const proven = await store.storeStrategy({
      content: 'Look up the order before issuing any refund.',
      source: [first, second],
      utility: 0.7,
      applications: 4,
    });
    const unproven = await store.storeStrategy({ content: 'Use many tools.', source: [], utility: 0.95, applications: 1 });
    const config: EvolutionConfig = { store, distillation: 'manual', skillPromotion: { enabled: true } };
    const report = await runPostRunEvolution(input(config, 'completed', scripted(), { appliedStrategyIds: [proven] }));
    const name = `look-order-issuing-refund-${proven.replace(/-/g, '').slice(0, 6)}`;
    expect(report.promotedSkills).toEqual([name]);
    const [skill] = await store.querySkills('refund', 5);
    expect(skill).toEqual({
      name,
      description: 'Learned from earlier runs (applied 5 times, utility 0.80): Look up the order before issuing any refund.',
      trigger: 'When the goal resembles: "Refund a damaged parcel"; "Refund order 77"',
      prompt: 'Look up the order before issuing any refund.',
      source: 'evolved',
      utility: 0.8,
      metadata: { strategyId: proven, applications: 5, promotedAt: expect.any(String) as unknown },
    });
    const again = await runPostRunEvolution(input(config, 'completed', scripted(), { appliedStrategyIds: [proven, unproven] }));
    expect(again.promotedSkills).toEqual([]);
    expect((await store.getStats()).skills).toBe(1);
  });

  it('honours custom promotion thresholds', async () => {
    const store = new InMemoryEvolutionStore();
    await store.storeStrategy({ content: 'Confirm the address.', source: [], utility: 0.6, applications: 2 });
    const report = await runPostRunEvolution(
      input(
        { store, distillation: 'manual', skillPromotion: { enabled: true, minApplications: 2, minUtility: 0.6 } },
        'paused',
        scripted(),
      ),
    );
    expect(report.promotedSkills).toHaveLength(1);
    expect((await store.querySkills('', 5))[0]?.trigger).toBe('When this lesson applies: Confirm the address.');
  });

  it('rejects an invalid input with invalid_config', async () => {
    await expect(runPostRunEvolution(input({ store: {} as never }, 'completed', scripted()))).rejects.toMatchObject({
      code: 'invalid_config',
    });
    await expect(
      runPostRunEvolution(input({ store: new InMemoryEvolutionStore(), pruning: { minUtility: 3 } }, 'completed', scripted())),
    ).rejects.toThrow('runPostRunEvolution: config.pruning: minUtility must be a number from 0 to 1 such as 0.2, got 3.');
    await expect(runPostRunEvolution(input({ store: new InMemoryEvolutionStore() }, 'completed', undefined as never))).rejects.toThrow(
      "runPostRunEvolution: llm must be an LLMProvider for the default distiller, got undefined; pass the run's model, or set config.distiller.",
    );
  });

  it('leaves what it learned in a SQLite file that a new process reads back', async () => {
    const folder = tempFolder();
    const path = join(folder, 'evolution.sqlite');
    const store = new SqliteEvolutionStore({ path });
    const applied = await store.storeStrategy({ content: 'Retry the refund service once.', source: [], utility: 0.75, applications: 4 });
    const report = await runPostRunEvolution(
      input({ store, skillPromotion: { enabled: true } }, 'completed', scripted(lesson('Tell the customer when the refund will arrive.')), {
        appliedStrategyIds: [applied],
      }),
    );
    expect(report).toMatchObject({
      captured: true,
      strategiesAdded: 1,
      utilityUpdates: 1,
      promotedSkills: [expect.stringMatching(/^retry-refund-service-[0-9a-f]{6}$/) as unknown],
      errors: [],
    });
    store.close();

    const child = await inChild(
      `const store = new kit.SqliteEvolutionStore({ path: ${JSON.stringify(path)} });
      console.log(JSON.stringify({ stats: await store.getStats(), skills: (await store.querySkills('refund', 5)).map((skill) => [skill.name, skill.source]), strategies: (await store.queryStrategies('', 5)).map((strategy) => strategy.content) }));
      store.close();`,
      folder,
    );
    expect(child).toEqual({
      stats: { experiences: 1, strategies: 2, skills: 1, averageUtility: 0.675, outcomes: { success: 1, failure: 0, partial: 0 } },
      skills: [[report.promotedSkills[0], 'evolved']],
      strategies: ['Retry the refund service once.', 'Tell the customer when the refund will arrive.'],
    });
  }, 60_000);
});
