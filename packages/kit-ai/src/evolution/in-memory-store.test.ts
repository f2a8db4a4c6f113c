import { afterEach, describe, expect, it, vi } from 'vitest';
import { KitAIError } from '../errors/kit-ai-error.js';
import type { NewExperience } from './checks.js';
import { InMemoryEvolutionStore } from './in-memory-store.js';

const day = 86_400_000;

function experience(goal: string, outcome: NewExperience['outcome'] = 'success'): NewExperience {
  return {
    goal,
    outcome,
    trajectory: [
      { iteration: 1, kind: 'tool', name: 'lookup_order', args: { id: 1042 }, status: 'success', summary: '{"status":"shipped"}' },
    ],
    iterations: 2,
    tokenUsage: 900,
    duration: 1500,
    skillsUsed: ['refund-triage'],
  };
}

function strategy(content: string, utility = 0.5, applications = 0) {
  return { content, source: ['e1'], utility, applications };
}

afterEach(() => {
  vi.useRealTimers();
});

describe('InMemoryEvolutionStore experiences', () => {
  it('records experiences and returns them newest first, as copies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z'));
    const store = new InMemoryEvolutionStore();
    const first = await store.recordExperience(experience('Refund order 1042'));
    vi.setSystemTime(Date.parse('2025-01-02T00:00:00Z'));
    const second = await store.recordExperience(experience('Cancel order 7', 'failure'));
    const all = await store.queryExperiences({});
    expect(all.map((found) => found.id)).toEqual([second, first]);
    expect(all[1]).toEqual({ ...experience('Refund order 1042'), id: first, recordedAt: '2025-01-01T00:00:00.000Z' });
    (all[1]?.trajectory[0] as { summary: string }).summary = 'changed';
    expect((await store.queryExperiences({ ids: [first] }))[0]?.trajectory[0]?.summary).toBe('{"status":"shipped"}');
  });

  it('filters by outcome, since and ids, ranks by goal and cuts to limit', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z'));
    const store = new InMemoryEvolutionStore();
    const refund = await store.recordExperience(experience('Refund order 1042 for a damaged parcel'));
    vi.setSystemTime(Date.parse('2025-01-05T00:00:00Z'));
    const failedRefund = await store.recordExperience(experience('Refund a damaged item', 'failure'));
    const weather = await store.recordExperience(experience('Tell the weather in Lyon', 'partial'));
    expect((await store.queryExperiences({ goal: 'refund damaged parcel' })).map((found) => found.id)).toEqual([refund, failedRefund]);
    expect((await store.queryExperiences({ goal: 'refund', outcome: 'failure' })).map((found) => found.id)).toEqual([failedRefund]);
    expect((await store.queryExperiences({ since: '2025-01-03' })).map((found) => found.id)).toEqual([weather, failedRefund]);
    expect((await store.queryExperiences({ ids: [weather, refund, 'nope'] })).map((found) => found.id)).toEqual([weather, refund]);
    expect(await store.queryExperiences({ limit: 1 })).toHaveLength(1);
    expect(await store.queryExperiences({ limit: 0 })).toEqual([]);
    expect(await store.queryExperiences({ goal: 'quantum physics' })).toEqual([]);
  });

  it('rejects malformed experiences and queries with invalid_arguments', async () => {
    const store = new InMemoryEvolutionStore();
    await expect(store.recordExperience({ ...experience('x'), outcome: 'great' as never })).rejects.toMatchObject({
      code: 'invalid_arguments',
      message: "InMemoryEvolutionStore.recordExperience: experience.outcome must be 'success', 'failure' or 'partial', got \"great\".",
    });
    await expect(store.recordExperience({ ...experience('x'), duration: -1 })).rejects.toThrow(
      'experience.duration must be a finite number of 0 or more such as 850 (milliseconds), got -1.',
    );
    await expect(store.queryExperiences({ since: 'yesterday' })).rejects.toThrow(
      'query.since must be an ISO 8601 time such as \'2025-01-31T00:00:00Z\', got "yesterday".',
    );
  });
});

describe('InMemoryEvolutionStore strategies', () => {
  it('ranks strategies lexically, ties by utility, and by utility for a query without terms', async () => {
    const store = new InMemoryEvolutionStore();
    const low = await store.storeStrategy(strategy('Check the order status before a refund', 0.3));
    const high = await store.storeStrategy(strategy('Check the order status before a refund', 0.9));
    const other = await store.storeStrategy(strategy('Answer in the language of the customer', 0.7));
    expect((await store.queryStrategies('refund the order', 5)).map((found) => found.id)).toEqual([high, low]);
    expect((await store.queryStrategies('', 5)).map((found) => found.id)).toEqual([high, other, low]);
    expect(await store.queryStrategies('refund', 0)).toEqual([]);
  });

  it('clamps utility to 0..1 and lands repeated steps on exact tenths', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(Date.parse('2025-01-01T00:00:00Z'));
    const store = new InMemoryEvolutionStore();
    const id = await store.storeStrategy(strategy('lesson', 1.7));
    const [stored] = await store.queryStrategies('lesson', 1);
    expect(stored).toMatchObject({
      utility: 1,
      applications: 0,
      createdAt: '2025-01-01T00:00:00.000Z',
      updatedAt: '2025-01-01T00:00:00.000Z',
      source: ['e1'],
    });
    await store.updateStrategyUtility(id, -0.5);
    for (let step = 0; step < 3; step++) await store.updateStrategyUtility(id, 0.1);
    vi.setSystemTime(Date.parse('2025-01-03T00:00:00Z'));
    await store.incrementStrategyApplications(id);
    expect((await store.queryStrategies('lesson', 1))[0]).toMatchObject({
      utility: 0.8,
      applications: 1,
      updatedAt: '2025-01-03T00:00:00.000Z',
      createdAt: '2025-01-01T00:00:00.000Z',
    });
    await store.updateStrategyUtility(id, -5);
    expect((await store.queryStrategies('lesson', 1))[0]?.utility).toBe(0);
  });

  it('rejects unknown ids and bad deltas, and removes strategies', async () => {
    const store = new InMemoryEvolutionStore();
    const id = await store.storeStrategy(strategy('lesson'));
    await expect(store.updateStrategyUtility('nope', 0.1)).rejects.toMatchObject({
      code: 'invalid_arguments',
      message:
        'InMemoryEvolutionStore.updateStrategyUtility: no strategy has id "nope"; it may have been pruned. Take ids from queryStrategies().',
    });
    await expect(store.incrementStrategyApplications('nope')).rejects.toBeInstanceOf(KitAIError);
    await expect(store.updateStrategyUtility(id, Number.NaN)).rejects.toThrow(
      'delta must be a finite number such as 0.1 or -0.1, got NaN.',
    );
    await expect(store.storeStrategy({ ...strategy('x'), applications: 1.5 })).rejects.toThrow(
      'strategy.applications must be an integer of 0 or more, got 1.5.',
    );
    expect(await store.removeStrategy(id)).toBe(true);
    expect(await store.removeStrategy(id)).toBe(false);
  });

  it('prunes by minUtility, then maxAgeDays, then the lowest utility beyond maxStrategies', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const now = Date.parse('2025-06-01T00:00:00Z');
    vi.setSystemTime(now - 100 * day);
    const store = new InMemoryEvolutionStore();
    const old = await store.storeStrategy(strategy('old but good', 0.9));
    const oldApplied = await store.storeStrategy(strategy('old, applied recently', 0.6));
    vi.setSystemTime(now - 10 * day);
    await store.incrementStrategyApplications(oldApplied);
    const useless = await store.storeStrategy(strategy('useless', 0.1));
    const a = await store.storeStrategy(strategy('a', 0.5));
    const b = await store.storeStrategy(strategy('b', 0.5));
    const c = await store.storeStrategy(strategy('c', 0.7));
    vi.setSystemTime(now);
    expect(await store.pruneStrategies({})).toBe(0);
    expect(await store.pruneStrategies({ minUtility: 0.2, maxAgeDays: 30, maxStrategies: 3 })).toBe(3);
    const left = (await store.queryStrategies('', 10)).map((found) => found.id);
    // useless: utility; old: age; then of oldApplied 0.6, c 0.7, a 0.5, b 0.5 the three best stay (b is newer than a).
    expect(left).toEqual([c, oldApplied, b]);
    expect([old, useless, a].some((id) => left.includes(id))).toBe(false);
    expect((await store.getStats()).strategies).toBe(3);
    await expect(store.pruneStrategies({ maxStrategies: -1 })).rejects.toThrow(
      'maxStrategies must be an integer of 0 or more such as 200, got -1.',
    );
  });
});

describe('InMemoryEvolutionStore skills and stats', () => {
  it('stores skills by name (replacing keeps the id) and ranks them over name, description and trigger', async () => {
    const store = new InMemoryEvolutionStore();
    const id = await store.storeSkill({
      name: 'refund-triage',
      description: 'Decide refunds',
      trigger: 'When asked for money back',
      prompt: 'Look up the order.',
      utility: 0.4,
    });
    expect(
      await store.storeSkill({
        name: 'refund-triage',
        description: 'Decide refunds quickly',
        trigger: 'When asked for money back',
        prompt: 'Look up the order first.',
        utility: 0.9,
      }),
    ).toBe(id);
    await store.storeSkill({ name: 'tone', description: 'Friendly tone', trigger: 'Always', prompt: 'Be kind.', source: 'developer' });
    const found = await store.querySkills('customer wants money back', 5);
    expect(found).toEqual([
      {
        name: 'refund-triage',
        description: 'Decide refunds quickly',
        trigger: 'When asked for money back',
        prompt: 'Look up the order first.',
        utility: 0.9,
      },
    ]);
    expect((await store.querySkills('triage', 5)).map((skill) => skill.name)).toEqual(['refund-triage']);
    expect((await store.querySkills('', 5)).map((skill) => skill.name)).toEqual(['refund-triage', 'tone']);
    await expect(store.storeSkill({ name: '', description: 'd', trigger: 't', prompt: 'p' })).rejects.toThrow(
      'InMemoryEvolutionStore.storeSkill: skill.name must be a non-empty name of letters',
    );
    // A name with a space could never be activated through activate_skill, so it is refused when stored.
    await expect(store.storeSkill({ name: 'two words', description: 'd', trigger: 't', prompt: 'p' })).rejects.toThrow(
      /use a name like "refund-triage"/,
    );
  });

  it('counts experiences per outcome, strategies, skills and the mean utility', async () => {
    const store = new InMemoryEvolutionStore();
    expect(await store.getStats()).toEqual({
      experiences: 0,
      strategies: 0,
      skills: 0,
      averageUtility: 0,
      outcomes: { success: 0, failure: 0, partial: 0 },
    });
    await store.recordExperience(experience('a'));
    await store.recordExperience(experience('b', 'failure'));
    await store.recordExperience(experience('c', 'failure'));
    await store.storeStrategy(strategy('x', 0.2));
    await store.storeStrategy(strategy('y', 0.6));
    await store.storeSkill({ name: 's', description: 'd', trigger: 't', prompt: 'p' });
    const stats = await store.getStats();
    expect(stats).toMatchObject({ experiences: 3, strategies: 2, skills: 1, outcomes: { success: 1, failure: 2, partial: 0 } });
    expect(stats.averageUtility).toBeCloseTo(0.4, 12);
  });
});
