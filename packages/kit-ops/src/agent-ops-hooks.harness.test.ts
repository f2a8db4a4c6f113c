import { createHarness, MemoryRunStore, type AgentTool, type LLMProvider } from '@kit/kit-ai';
import { afterEach, describe, expect, it } from 'vitest';
import { agentOpsHooks } from './agent-ops-hooks.js';
import { createOpsStore, type OpsStore } from './create-ops-store.js';
import { useTempDatabases } from './testing/temp-files.js';

const tempDatabase = useTempDatabases();
let ops: OpsStore | undefined;
afterEach(() => ops?.close());

describe('agentOpsHooks in harness runs', () => {
  it('records the calls and the end of each harness run under the run id', async () => {
    ops = createOpsStore({ path: tempDatabase() });
    const store = ops;
    const lookup: AgentTool = { name: 'lookup_order', description: 'Finds an order', execute: async () => ({ status: 'shipped' }) };
    const llm = (): LLMProvider => {
      const replies = [JSON.stringify({ tool: 'lookup_order', arguments: {} }), 'It shipped.'];
      return { name: 'scripted', chat: async () => ({ content: replies.shift() ?? 'Done.', model: 'scripted-1' }) };
    };
    // The agent is made per run, so the ops events of a run carry its id.
    const harness = createHarness({
      store: new MemoryRunStore(),
      agent: (run) => ({ llm: llm(), tools: [lookup], hooks: agentOpsHooks(store, { agent: 'support', correlationId: () => run.id }) }),
    });
    const run = await harness.start({ goal: 'Where is my order?', runId: 'run-ops-1' });
    expect((await run.wait({ timeoutMs: 5000 })).status).toBe('completed');
    await harness.close();
    const events = store.query({ order: 'asc' }).filter((event) => event.correlationId === 'run-ops-1');
    expect(events.map((event) => event.kind)).toEqual(['tool.call', 'agent.run']);
    expect(events[0]).toMatchObject({ subject: 'support/lookup_order', status: 'ok' });
  });
});
