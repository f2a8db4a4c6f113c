import { existsSync } from 'node:fs';
import { join } from 'node:path';
import Database from 'better-sqlite3';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { SqliteMemoryBackend } from '../memory/sqlite-backend.js';
import { moduleInChild } from '../testing/child-module.js';
import { useTempFolders } from '../testing/temp-folders.js';
import type { NewExperience } from './checks.js';
import { InMemoryEvolutionStore } from './in-memory-store.js';
import { SqliteEvolutionStore } from './sqlite-store.js';
import type { EvolutionStore } from './types.js';

/** A new Node process (a real restart) with `kit` bound to the store's module. */
const inChild = moduleInChild(new URL('./sqlite-store.ts', import.meta.url));
const tempFolder = useTempFolders('kit-evolution-');

afterEach(() => {
  vi.useRealTimers();
});

function experience(goal: string, outcome: NewExperience['outcome']): NewExperience {
  return {
    goal,
    outcome,
    trajectory: [
      { iteration: 1, kind: 'tool', name: 'lookup_order', args: { id: 1042 }, status: 'success', summary: '{"status":"shipped"}' },
      { iteration: 2, kind: 'answer', summary: 'Refunded.' },
    ],
    iterations: 2,
    tokenUsage: 900,
    duration: 1500,
    skillsUsed: [],
    status: outcome === 'success' ? 'completed' : 'fatal',
  };
}

describe('SqliteEvolutionStore', () => {
  it('keeps experiences, strategies and skills across process restarts, in both directions', async () => {
    const folder = tempFolder();
    const path = join(folder, 'evolution.sqlite');
    const store = new SqliteEvolutionStore({ path });
    const experienceId = await store.recordExperience(experience('Refund order 1042', 'success'));
    const strategyId = await store.storeStrategy({
      content: 'Look up the order before refunding it',
      source: [experienceId],
      utility: 0.5,
      applications: 0,
    });
    await store.updateStrategyUtility(strategyId, 0.2);
    await store.incrementStrategyApplications(strategyId);
    await store.storeSkill({
      name: 'refund-triage',
      description: 'Decide refunds',
      trigger: 'When asked for money back',
      prompt: 'Look up the order.',
      source: 'developer',
      utility: 1,
    });
    store.close();

    const child = (await inChild(
      `const store = new kit.SqliteEvolutionStore({ path: ${JSON.stringify(path)} });
       const experiences = await store.queryExperiences({ goal: 'refund an order' });
       const strategies = await store.queryStrategies('refund', 5);
       const skills = await store.querySkills('money back', 5);
       const stats = await store.getStats();
       await store.updateStrategyUtility(strategies[0].id, -0.1);
       const added = await store.storeStrategy({ content: 'Written by the second process', source: [], utility: 0.4, applications: 0 });
       store.close();
       console.log(JSON.stringify({ experiences, strategies, skills, stats, added }));`,
      folder,
    )) as Record<string, unknown>;
    expect(child.experiences).toEqual([
      { ...experience('Refund order 1042', 'success'), id: experienceId, recordedAt: expect.any(String) as unknown },
    ]);
    expect(child.strategies).toEqual([
      {
        id: strategyId,
        content: 'Look up the order before refunding it',
        source: [experienceId],
        utility: 0.7,
        applications: 1,
        createdAt: expect.any(String) as unknown,
        updatedAt: expect.any(String) as unknown,
      },
    ]);
    expect(child.skills).toEqual([
      {
        name: 'refund-triage',
        description: 'Decide refunds',
        trigger: 'When asked for money back',
        prompt: 'Look up the order.',
        source: 'developer',
        utility: 1,
      },
    ]);
    expect(child.stats).toEqual({
      experiences: 1,
      strategies: 1,
      skills: 1,
      averageUtility: 0.7,
      outcomes: { success: 1, failure: 0, partial: 0 },
    });

    const reopened = new SqliteEvolutionStore({ path });
    expect((await reopened.queryStrategies('', 5)).map((found) => [found.id, found.utility])).toEqual([
      [strategyId, 0.6],
      [child.added, 0.4],
    ]);
    reopened.close();
  }, 60_000);

  it('behaves exactly like InMemoryEvolutionStore', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const start = Date.parse('2025-01-01T00:00:00Z');
    const stores: EvolutionStore[] = [new InMemoryEvolutionStore(), new SqliteEvolutionStore({ path: ':memory:' })];
    const outputs = await Promise.all(
      stores.map(async (store) => {
        vi.setSystemTime(start);
        const log: unknown[] = [];
        const ids = new Map<string, string>();
        const name = (id: string) => ids.get(id) ?? id;
        const goals = [
          'Refund order 1042',
          'Refund a damaged parcel',
          'Cancel order 7',
          'Weather in Lyon',
          'Refund twice by mistake',
          'Ship to a new address',
        ];
        for (const [index, goal] of goals.entries()) {
          vi.setSystemTime(start + index * 86_400_000);
          const id = await store.recordExperience(experience(goal, index % 3 === 0 ? 'failure' : 'success'));
          ids.set(id, `experience-${index}`);
        }
        const lessons = [
          'Look up the order first',
          'Refund only once per order',
          'Confirm the address',
          'Ask before cancelling',
          'Refund damaged items without a return',
          'Check the weather service status',
        ];
        const strategyIds: string[] = [];
        for (const [index, lesson] of lessons.entries()) {
          vi.setSystemTime(start + index * 3_600_000);
          const id = await store.storeStrategy({ content: lesson, source: [], utility: (index % 4) / 4, applications: 0 });
          ids.set(id, `strategy-${index}`);
          strategyIds.push(id);
        }
        vi.setSystemTime(start + 40 * 86_400_000);
        for (const id of strategyIds.slice(0, 3)) {
          await store.incrementStrategyApplications(id);
          await store.updateStrategyUtility(id, 0.3);
        }
        for (const query of [
          {},
          { goal: 'refund order' },
          { outcome: 'failure' as const },
          { since: '2025-01-03T00:00:00Z', limit: 2 },
          { ids: [...ids.keys()].slice(0, 2) },
        ]) {
          log.push(
            (await store.queryExperiences(query)).map((found) => [name(found.id), found.goal, found.recordedAt, found.trajectory.length]),
          );
        }
        for (const query of ['refund', 'order address', '', 'nothing here']) {
          log.push(
            (await store.queryStrategies(query, 4)).map((found) => [name(found.id), found.utility, found.applications, found.updatedAt]),
          );
        }
        log.push(await store.pruneStrategies({ minUtility: 0.1, maxAgeDays: 30, maxStrategies: 2 }));
        log.push((await store.queryStrategies('', 10)).map((found) => name(found.id)));
        const stats = await store.getStats();
        log.push({ ...stats, averageUtility: Math.round(stats.averageUtility * 1e9) });
        return log;
      }),
    );
    expect(outputs[1]).toEqual(outputs[0]);
    // The script exercised something: goal ranking found the four order goals, and pruning removed some.
    expect(outputs[0]?.[1]).toHaveLength(4);
    expect(outputs[0]?.[9]).toBe(4);
    (stores[1] as SqliteEvolutionStore).close();
  });

  it('defaults to ./.kit/evolution.sqlite and can share a file with the memory backend', async () => {
    const folder = tempFolder();
    const location = (await inChild(
      `const store = new kit.SqliteEvolutionStore();
       await store.storeStrategy({ content: 'lesson', source: [], utility: 0.5, applications: 0 });
       store.close();
       console.log(JSON.stringify(store.path));`,
      folder,
    )) as string;
    expect(location).toBe(join(folder, '.kit', 'evolution.sqlite'));
    expect(existsSync(location)).toBe(true);

    const shared = join(folder, 'shared.sqlite');
    const memory = new SqliteMemoryBackend({ path: shared });
    const evolution = new SqliteEvolutionStore({ path: shared });
    await memory.store({ content: 'a memory', scope: { type: 'user', id: 'u' } });
    await evolution.storeStrategy({ content: 'a lesson', source: [], utility: 0.5, applications: 0 });
    memory.close();
    evolution.close();
    const db = new Database(shared, { readonly: true });
    expect(db.prepare('SELECT component, version FROM kit_schema_versions ORDER BY component').all()).toEqual([
      { component: 'evolution', version: 1 },
      { component: 'memory', version: 1 },
    ]);
    expect(db.pragma('journal_mode', { simple: true })).toBe('wal');
    db.close();
  }, 60_000);

  it('rejects calls after close() with store_failed', async () => {
    const store = new SqliteEvolutionStore({ path: ':memory:' });
    store.close();
    await expect(store.getStats()).rejects.toMatchObject({
      code: 'store_failed',
      message: 'SqliteEvolutionStore: the database ":memory:" is closed; create a new store to use it again.',
    });
  });
});
