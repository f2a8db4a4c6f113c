import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { InMemoryEvolutionStore } from '../evolution/in-memory-store.js';
import { SqliteEvolutionStore } from '../evolution/sqlite-store.js';
import type { Distiller, EvolutionStore } from '../evolution/types.js';
import { BuiltinMemoryBackend } from '../memory/builtin-backend.js';
import { SqliteMemoryBackend } from '../memory/sqlite-backend.js';
import type { MemoryBackend } from '../memory/types.js';
import { defineSkill } from '../skills/define-skill.js';
import type { AgentTool } from '../tools/types.js';
import { createSmartAgent } from './create-smart-agent.js';
import { sessionSummaryText } from './run-extras.js';
import { callText, scriptedLlm } from './testing/scripted-llm.js';
import type { PostRunErrorInfo } from './types.js';

const dirs: string[] = [];
afterEach(async () => {
  await Promise.all(dirs.splice(0).map((dir) => rm(dir, { recursive: true, force: true })));
});

const lookup: AgentTool = { name: 'lookup_order', description: 'Finds an order', execute: async () => ({ total: 30 }) };
const refundTool: AgentTool = { name: 'issue_refund', description: 'Refunds', execute: async () => ({ ok: true }) };
const triage = defineSkill({
  name: 'refund-triage',
  description: 'Decide whether a refund can be granted automatically',
  trigger: 'the customer asks for their money back',
  prompt: 'Look up the order first; refund automatically only below 50 EUR.',
  tools: ['lookup_order', 'issue_refund'],
});

describe('skills in a run', () => {
  it("adds activate_skill and the skills list, and puts an activated skill's guidance in the prompt from the next call", async () => {
    const llm = scriptedLlm([callText('activate_skill', { name: 'refund-triage' }), callText('lookup_order'), 'Refunded.']);
    const outcome = await createSmartAgent({ llm, tools: [lookup], skills: [triage] }).run('I want my money back for order 7');
    expect(llm.requests[0]!.options?.tools?.map((tool) => tool.name)).toEqual(['lookup_order', 'activate_skill']);
    const first = llm.requests[0]!.messages[0]!.content;
    expect(first).toContain('Skills: call the activate_skill tool');
    expect(first).toContain('- refund-triage: Decide whether a refund can be granted automatically');
    expect(first).not.toContain('## Active skill');
    const second = llm.requests[1]!.messages[0]!.content;
    expect(second).toContain(
      '## Active skill: refund-triage\nLook up the order first; refund automatically only below 50 EUR.\nPreferred tools: lookup_order, issue_refund',
    );
    expect(outcome.checkpoint?.activeSkills).toEqual(['refund-triage']);
    expect(llm.requests[1]!.messages.at(-1)!.content).toContain('Result of tool activate_skill (call call_1_1):\n{"skill":"refund-triage"');
  });

  it('reports an unknown skill to the model without activating anything', async () => {
    const llm = scriptedLlm([callText('activate_skill', { name: 'nope' }), 'ok']);
    const outcome = await createSmartAgent({ llm, tools: [], skills: [triage] }).run('g');
    expect(outcome.checkpoint?.activeSkills).toEqual([]);
    expect(llm.requests[1]!.messages.at(-1)!.content).toContain(
      'Error from tool activate_skill (call call_1_1): Invalid arguments for activate_skill: name must be one of "refund-triage"',
    );
  });

  it("loads the skill's preferred tools in a deferred catalogue", async () => {
    const filler = Array.from({ length: 4 }, (_, index) => ({ name: `filler_${index}`, description: 'f', execute: async () => 1 }));
    const llm = scriptedLlm([callText('activate_skill', { name: 'refund-triage' }), 'ok']);
    const outcome = await createSmartAgent({
      llm,
      tools: [lookup, refundTool, ...filler],
      skills: [triage],
      toolCatalog: { deferThreshold: 3 },
    }).run('g');
    expect(llm.requests[1]!.options?.tools?.map((tool) => tool.name)).toEqual([
      'lookup_order',
      'issue_refund',
      'activate_skill',
      'load_tools',
    ]);
    expect(outcome.checkpoint?.loadedTools).toEqual(['lookup_order', 'issue_refund']);
  });

  it('rejects bad skills when the agent is made', () => {
    expect(() => createSmartAgent({ llm: scriptedLlm([]), tools: [], skills: [triage, triage] })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });
});

describe('memory in a run', () => {
  const scope = { type: 'user', id: 'u-42' };

  it('puts assembleContext(goal) in the system prompt and saves a session summary', async () => {
    const store = new BuiltinMemoryBackend();
    await store.store({ content: 'Camille prefers refunds as store credit.', scope, type: 'preference' });
    const llm = scriptedLlm([callText('lookup_order'), 'Refund issued as store credit.']);
    const outcome = await createSmartAgent({ llm, tools: [lookup], memory: { store, scope, saveSessionSummary: true } }).run(
      'Refund Camille for order 7',
    );
    expect(llm.requests[0]!.messages[0]!.content).toContain('Camille prefers refunds as store credit.');
    const summaries = await store.query(scope, 'session summary refund', 5);
    const summary = summaries.find((entry) => entry.type === 'session_summary')!;
    expect(summary.content).toBe(sessionSummaryText('Refund Camille for order 7', outcome));
    expect(summary.content).toBe(
      'Session summary\nGoal: Refund Camille for order 7\nStatus: completed\nIterations: 2\nAnswer: Refund issued as store credit.\nTools used: lookup_order',
    );
    expect(summary.metadata).toEqual({ status: 'completed', iterations: 2 });
  });

  it('remembers across process restarts with a SQLite file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-ai-agent-memory-'));
    dirs.push(dir);
    const path = join(dir, 'memory.sqlite');
    const first = new SqliteMemoryBackend({ path });
    await createSmartAgent({
      llm: scriptedLlm(['The warehouse code is K-19.']),
      tools: [],
      memory: { store: first, scope, saveSessionSummary: true },
    }).run('Find the warehouse code');
    first.close();
    const second = new SqliteMemoryBackend({ path });
    const llm = scriptedLlm(['K-19, from memory.']);
    await createSmartAgent({ llm, tools: [], memory: { store: second, scope } }).run('What is the warehouse code?');
    second.close();
    expect(llm.requests[0]!.messages[0]!.content).toContain('The warehouse code is K-19.');
  });

  it('reports a failing summary through onPostRunError without changing the result', async () => {
    const broken: MemoryBackend = {
      store: async () => {
        throw new Error('disk full');
      },
      query: async () => [],
      remove: async () => false,
      clear: async () => undefined,
    };
    const reported: PostRunErrorInfo[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm(['done']),
      tools: [],
      memory: { store: broken, scope, saveSessionSummary: true },
      hooks: { onPostRunError: (info) => void reported.push(info) },
    }).run('g');
    expect(outcome.status).toBe('completed');
    expect(reported.map((info) => [info.stage, (info.error as Error).message])).toEqual([
      ['session_summary', expect.stringContaining('disk full')],
    ]);
  });

  it('rejects a bad memory configuration when the agent is made', () => {
    expect(() => createSmartAgent({ llm: scriptedLlm([]), tools: [], memory: { store: {} as MemoryBackend, scope } })).toThrow(
      expect.objectContaining({ code: 'invalid_config' }),
    );
  });
});

describe('evolution in a run', () => {
  function distillerOf(content: string): Distiller & { calls: number } {
    const distiller = {
      calls: 0,
      distill: async (experiences: { id: string }[]) => {
        distiller.calls++;
        return [{ content, source: experiences.map((experience) => experience.id), utility: 0.5, applications: 0 }];
      },
    };
    return distiller;
  }

  it('puts the strategies for the goal in the prompt, then records the run, adjusts them and distils', async () => {
    const store = new InMemoryEvolutionStore();
    const known = await store.storeStrategy({
      content: 'Look up the order before refunding it.',
      source: [],
      utility: 0.5,
      applications: 0,
    });
    const distiller = distillerOf('Refunds under 50 EUR need no approval.');
    const llm = scriptedLlm([callText('lookup_order'), 'Refunded order 7.']);
    const outcome = await createSmartAgent({ llm, tools: [lookup], evolution: { store, distiller } }).run('Refund order 7');
    expect(outcome.status).toBe('completed');
    const system = llm.requests[0]!.messages[0]!.content;
    expect(system).toContain('Lessons learned from earlier runs');
    expect(system).toContain('- [utility 0.50] Look up the order before refunding it.');
    const stats = await store.getStats();
    expect(stats.experiences).toBe(1);
    expect(stats.outcomes.success).toBe(1);
    expect(stats.strategies).toBe(2);
    expect(distiller.calls).toBe(1);
    const [updated] = (await store.queryStrategies('Look up the order before refunding it', 5)).filter((strategy) => strategy.id === known);
    expect(updated).toMatchObject({ applications: 1, utility: 0.6 });
  });

  it('offers evolved skills from the store next to the configured ones', async () => {
    const store = new InMemoryEvolutionStore();
    await store.storeSkill({
      name: 'ledger-check',
      description: 'Check ledgers',
      trigger: 'a ledger must be reconciled',
      prompt: 'Compare the totals first.',
      source: 'evolved',
      utility: 0.9,
    });
    const llm = scriptedLlm([callText('activate_skill', { name: 'ledger-check' }), 'ok']);
    const outcome = await createSmartAgent({ llm, tools: [], skills: [triage], evolution: { store, distillation: 'manual' } }).run(
      'Reconcile the ledger of March',
    );
    expect(llm.requests[0]!.messages[0]!.content).toContain('- ledger-check: Check ledgers');
    expect(llm.requests[1]!.messages[0]!.content).toContain('## Active skill: ledger-check\nCompare the totals first.');
    expect(outcome.checkpoint?.activeSkills).toEqual(['ledger-check']);
  });

  it('persists what it learned across process restarts with a SQLite file', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'kit-ai-agent-evolution-'));
    dirs.push(dir);
    const path = join(dir, 'evolution.sqlite');
    const first = new SqliteEvolutionStore({ path });
    await createSmartAgent({
      llm: scriptedLlm(['Reconciled.']),
      tools: [],
      evolution: { store: first, distiller: distillerOf('Reconcile ledgers month by month.') },
    }).run('Reconcile the ledgers');
    first.close();
    const second = new SqliteEvolutionStore({ path });
    const llm = scriptedLlm(['Done again.']);
    await createSmartAgent({ llm, tools: [], evolution: { store: second, distillation: 'manual' } }).run('Reconcile the ledgers of April');
    expect((await second.getStats()).experiences).toBe(2);
    second.close();
    expect(llm.requests[0]!.messages[0]!.content).toContain('Reconcile ledgers month by month.');
  });

  it('reports store failures through onPostRunError and never changes the result', async () => {
    const failing = new InMemoryEvolutionStore() as EvolutionStore;
    failing.queryStrategies = async () => {
      throw new Error('store offline');
    };
    failing.recordExperience = async () => {
      throw new Error('store offline');
    };
    const reported: PostRunErrorInfo[] = [];
    const outcome = await createSmartAgent({
      llm: scriptedLlm(['fine']),
      tools: [],
      evolution: { store: failing, distillation: 'manual' },
      hooks: { onPostRunError: (info) => void reported.push(info) },
    }).run('g');
    expect(outcome).toMatchObject({ status: 'completed', result: 'fine' });
    expect(reported.map((info) => [info.stage, (info.error as Error).message])).toEqual([
      ['evolution_query', 'store offline'],
      ['evolution', 'capture: store offline'],
    ]);
  });

  it('rejects an evolution config without a store when the agent is made', () => {
    expect(() => createSmartAgent({ llm: scriptedLlm([]), tools: [], evolution: { store: {} as EvolutionStore } })).toThrow(
      /evolution.store must be an EvolutionStore \(missing recordExperience/,
    );
  });
});
