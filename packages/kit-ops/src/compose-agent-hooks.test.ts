import type { AgentCheckpoint, CallRequest, SmartAgentHooks } from '@kit/kit-ai';
import { describe, expect, it } from 'vitest';
import { composeAgentHooks } from './compose-agent-hooks.js';

const call: CallRequest = { id: 'c1', name: 'refund', args: {}, iteration: 1, goal: 'g' };

describe('composeAgentHooks', () => {
  it('runs observers in order and stops decisions at the first refusal or non-continue action', async () => {
    const seen: string[] = [];
    const a: SmartAgentHooks = {
      beforeToolCall: () => (seen.push('a.before'), { allowed: true }),
      getControlState: () => (seen.push('a.control'), { action: 'continue' }),
      onStallWarning: () => void seen.push('a.stall'),
    };
    const b: SmartAgentHooks = {
      beforeToolCall: () => (seen.push('b.before'), { allowed: false, reason: 'needs a person' }),
      getControlState: () => (seen.push('b.control'), { action: 'pause' }),
      onStallWarning: () => void seen.push('b.stall'),
    };
    const c: SmartAgentHooks = {
      beforeToolCall: () => (seen.push('c.before'), { allowed: true }),
      getControlState: () => (seen.push('c.control'), { action: 'cancel' }),
    };
    const hooks = composeAgentHooks(a, b, c);
    expect(await hooks.beforeToolCall?.(call)).toEqual({ allowed: false, reason: 'needs a person' });
    expect(await hooks.getControlState?.({ point: 'before_llm', iteration: 1, goal: 'g' })).toEqual({ action: 'pause' });
    hooks.onStallWarning?.({ provider: 'p', waitedMs: 1, iteration: 1 });
    expect(seen).toEqual(['a.before', 'b.before', 'a.control', 'b.control', 'a.stall', 'b.stall']);
    expect(hooks.beforeTaskCall).toBeUndefined();
    expect(await composeAgentHooks(a).beforeToolCall?.(call)).toEqual({ allowed: true });
  });

  it('passes each onCheckpoint the checkpoint the previous returned, and keeps it when none changes it', async () => {
    const checkpoint = { stage: 'initialized', iteration: 0 } as unknown as AgentCheckpoint;
    const tagged = (tag: string): SmartAgentHooks => ({
      onCheckpoint: (current) =>
        ({ ...current, tags: [...((current as unknown as { tags?: string[] }).tags ?? []), tag] }) as unknown as AgentCheckpoint,
    });
    const keep: SmartAgentHooks = { onCheckpoint: () => undefined };
    expect(await composeAgentHooks(tagged('a'), keep, tagged('b')).onCheckpoint?.(checkpoint)).toEqual({
      stage: 'initialized',
      iteration: 0,
      tags: ['a', 'b'],
    });
    expect(await composeAgentHooks(keep, keep).onCheckpoint?.(checkpoint)).toBeUndefined();
  });
});
