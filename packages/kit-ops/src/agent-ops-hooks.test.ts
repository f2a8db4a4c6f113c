import { createSmartAgent, type AgentTool, type LLMProvider, type LLMResponse } from '@kit/kit-ai';
import { afterEach, describe, expect, it } from 'vitest';
import { agentOpsHooks } from './agent-ops-hooks.js';
import { composeAgentHooks } from './compose-agent-hooks.js';
import { createOpsStore, type OpsStore } from './create-ops-store.js';
import { useTempDatabases } from './testing/temp-files.js';

const tempDatabase = useTempDatabases();
let ops: OpsStore | undefined;
afterEach(() => ops?.close());

/** A provider that answers from a prepared script, in order. */
function scripted(replies: LLMResponse[]): LLMProvider {
  return {
    name: 'scripted',
    chat: async () => {
      const reply = replies.shift();
      if (!reply) throw new Error('scripted: no more replies');
      return reply;
    },
  };
}

const lookup: AgentTool = {
  name: 'lookup_order',
  description: 'Finds an order',
  parameters: { type: 'object', properties: { id: { type: 'string' } }, required: ['id'] },
  execute: async ({ id }) => {
    if (id === 'missing') throw new Error('no such order');
    return { id, status: 'shipped' };
  },
};
const refund: AgentTool = {
  name: 'refund',
  description: 'Refunds an order',
  parameters: { type: 'object', properties: {} },
  execute: async () => 'refunded',
};

describe('agentOpsHooks', () => {
  it('records tool calls and the run with one correlation id, and composes with the caller hooks', async () => {
    ops = createOpsStore({ path: tempDatabase() });
    const seen: string[] = [];
    const agent = createSmartAgent({
      llm: scripted([
        {
          content: '',
          model: 'm',
          toolCalls: [
            { id: 'c1', name: 'lookup_order', arguments: { id: 'A-17' } },
            { id: 'c2', name: 'lookup_order', arguments: { id: 'missing' } },
          ],
        },
        { content: 'A-17 has shipped.', model: 'm' },
      ]),
      tools: [lookup],
      hooks: composeAgentHooks(
        { afterToolCall: (call) => void seen.push(call.id), onRunComplete: (result) => void seen.push(result.status) },
        agentOpsHooks(ops, { agent: 'support' }),
      ),
    });
    const result = await agent.run('Where is order A-17?');
    expect(result.status).toBe('completed');
    expect(seen).toEqual(['c1', 'c2', 'completed']);
    const events = ops.query({ order: 'asc' });
    expect(events.map((event) => [event.kind, event.subject, event.status])).toEqual([
      ['tool.call', 'support/lookup_order', 'ok'],
      ['tool.call', 'support/lookup_order', 'error'],
      ['agent.run', 'support', 'ok'],
    ]);
    const correlation = events[0]?.correlationId ?? '';
    expect(correlation).toMatch(/^run_[0-9a-f-]{36}$/);
    expect(events.every((event) => event.correlationId === correlation)).toBe(true);
    expect(events[1]?.data).toMatchObject({ agent: 'support', tool: 'lookup_order', callId: 'c2', iteration: 1, call: 'tool' });
    expect(String(events[1]?.data.error)).toContain('no such order');
    expect(events[2]?.data).toMatchObject({ agent: 'support', runStatus: 'completed', iterations: 2, toolCalls: 2, taskCalls: 0 });
    expect(events[2]?.durationMs).toBeGreaterThanOrEqual(0);
  });

  it('records a denied call, the approval it waits for and the pending run, under the correlation id the caller gives', async () => {
    ops = createOpsStore({ path: tempDatabase() });
    const agent = createSmartAgent({
      llm: scripted([
        { content: '', model: 'm', toolCalls: [{ id: 'r1', name: 'refund', arguments: {} }] },
        { content: 'Refund done.', model: 'm' },
      ]),
      tools: [refund],
      hooks: composeAgentHooks(
        { beforeToolCall: (call) => (call.name === 'refund' ? { allowed: false, reason: 'refunds need a person' } : { allowed: true }) },
        agentOpsHooks(ops, { agent: 'billing', correlationId: () => 'job-7' }),
      ),
    });
    const paused = await agent.run('Refund order A-17');
    expect(paused.status).toBe('approval_required');
    expect(
      ops
        .query({ order: 'asc' })
        .map((event) => [event.kind, event.subject, event.status, event.correlationId, event.data.decision ?? event.data.runStatus]),
    ).toEqual([
      ['tool.call', 'billing/refund', 'denied', 'job-7', undefined],
      ['approval', 'billing/refund', 'pending', 'job-7', 'requested'],
      ['agent.run', 'billing', 'pending', 'job-7', 'approval_required'],
    ]);
  });

  it('records a run that stops at max_iterations as pending, since it can be resumed', async () => {
    ops = createOpsStore({ path: tempDatabase() });
    const agent = createSmartAgent({
      llm: scripted([{ content: '', model: 'm', toolCalls: [{ id: 'r1', name: 'refund', arguments: {} }] }]),
      tools: [refund],
      maxIterations: 1,
      hooks: agentOpsHooks(ops, { agent: 'nightly' }),
    });
    expect((await agent.run('Refund order A-17')).status).toBe('max_iterations');
    expect(ops.query({ kind: 'agent.run' }).map((event) => [event.status, event.data.runStatus])).toEqual([['pending', 'max_iterations']]);
  });

  it('never changes the run when recording fails', async () => {
    const store = createOpsStore({ path: tempDatabase() });
    const errors: unknown[] = [];
    const agent = createSmartAgent({
      llm: scripted([{ content: 'done', model: 'm' }]),
      tools: [],
      hooks: agentOpsHooks(store, { agent: 'a', onError: (error) => errors.push(error) }),
    });
    store.close();
    expect((await agent.run('go')).status).toBe('completed');
    expect(errors).toHaveLength(1);
  });
});
