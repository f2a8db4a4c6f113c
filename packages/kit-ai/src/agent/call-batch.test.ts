import { setTimeout as sleep } from 'node:timers/promises';
import { describe, expect, it } from 'vitest';
import type { AgentTool } from '../tools/types.js';
import { CallBatch, type CallBatchEnv } from './call-batch.js';
import { taskCallable, toolCallable } from './callable.js';
import type { CallOutcome, IdentifiedCall } from './call-outcome.js';
import { scriptedLlm } from './testing/scripted-llm.js';
import { ToolCatalog } from './tool-catalog.js';
import type { SmartAgentHooks } from './types.js';

const echo: AgentTool = {
  name: 'echo',
  description: 'e',
  parameters: { type: 'object', properties: { v: { type: 'string' } } },
  isConcurrencySafe: true,
  execute: async ({ v }) => v,
};

function env(overrides: Partial<CallBatchEnv> = {}, hooks: SmartAgentHooks = {}): CallBatchEnv {
  return {
    catalog: new ToolCatalog([
      toolCallable(echo),
      taskCallable({
        name: 'job',
        description: 'j',
        execute: async () => {
          await sleep(10);
          return 'built';
        },
      }),
    ]),
    hooks,
    goal: 'g',
    iteration: 4,
    llm: scriptedLlm([]),
    maxConcurrency: 2,
    controlBeforeTools: async () => 'continue',
    onTaskStarted: async () => undefined,
    ...overrides,
  };
}

describe('CallBatch', () => {
  it('numbers calls without ids per iteration and settles each in order', async () => {
    const batch = new CallBatch(env());
    batch.add({ name: 'echo', arguments: { v: 'a' } });
    batch.add({ id: 'own', name: 'echo', arguments: { v: 'b' } });
    batch.add({ name: 'missing', arguments: {} });
    batch.add({ name: 'echo', arguments: { v: 3 } });
    const result = await batch.finish();
    expect(result.calls.map((call) => call.id)).toEqual(['call_4_1', 'own', 'call_4_3', 'call_4_4']);
    expect(result.outcomes.map((outcome) => [outcome?.status, outcome?.value ?? outcome?.errorCode])).toEqual([
      ['success', 'a'],
      ['success', 'b'],
      ['error', 'unknown_tool'],
      ['error', 'invalid_arguments'],
    ]);
  });

  it('asks getControlState once before the first call, and stops everything on pause', async () => {
    let asked = 0;
    const batch = new CallBatch(
      env({
        controlBeforeTools: async () => {
          asked++;
          return 'pause';
        },
      }),
    );
    batch.add({ name: 'echo', arguments: { v: 'a' } });
    batch.add({ name: 'echo', arguments: { v: 'b' } });
    const result = await batch.finish();
    expect(asked).toBe(1);
    expect(result.stoppedBy).toBe('pause');
    expect(result.outcomes).toEqual([undefined, undefined]);
  });

  it('reports a task start with the outcomes so far and the calls still pending', async () => {
    const seen: { finished: CallOutcome[]; pending: IdentifiedCall[] }[] = [];
    const batch = new CallBatch(
      env({ maxConcurrency: 1, onTaskStarted: async (finished, pending) => void seen.push({ finished, pending }) }),
    );
    batch.add({ name: 'echo', arguments: { v: 'a' } });
    batch.add({ name: 'job', arguments: {} });
    batch.add({ name: 'echo', arguments: { v: 'c' } });
    const result = await batch.finish();
    expect(seen).toHaveLength(1);
    expect(seen[0]!.finished.map((outcome) => outcome.call.id)).toEqual(['call_4_1']);
    expect(seen[0]!.pending.map((call) => call.id)).toEqual(['call_4_2', 'call_4_3']);
    expect(result.outcomes[1]).toMatchObject({ kind: 'task', status: 'success', value: 'built' });
  });

  it('records a refusal as denied, reports it to the after-hook, and runs nothing after it', async () => {
    const after: string[] = [];
    const batch = new CallBatch(
      env(
        {},
        {
          beforeToolCall: (call) => ({ allowed: call.args.v !== 'no', reason: 'not this one' }),
          afterToolCall: (record) => void after.push(`${record.id}:${record.status}`),
        },
      ),
    );
    for (const v of ['yes', 'no', 'later']) batch.add({ name: 'echo', arguments: { v } });
    const result = await batch.finish();
    expect(result.refused).toEqual({ index: 1, kind: 'tool', reason: 'not this one' });
    expect(result.outcomes[2]).toBeUndefined();
    expect(after).toEqual(['call_4_1:success', 'call_4_2:denied']);
  });
});
