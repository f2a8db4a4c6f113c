// ---
// title: Unit-testing a policy with enforcePolicies
// description: A vitest file that checks a policy for each auth type by building a KitContext by hand and calling enforcePolicies, so the rule is tested without any route or server.
// topics: [testing, policy]
// relatedDocs: /docs/testing#testing-policies
// ---
import { definePolicy, enforcePolicies, type KitContext } from '@kit/kit-core';
import { describe, expect, it } from 'vitest';

const agentsCannotDelete = definePolicy({
  key: 'agents-cannot-delete',
  title: 'Agents cannot delete records',
  effect: 'deny',
  check: async ({ ctx }) =>
    ctx.authType === 'agent' && ctx.request.method === 'DELETE'
      ? { applies: true, reason: 'Deletes are for humans.' }
      : { applies: false },
});

function contextFor(authType: KitContext['authType'], method: string): KitContext {
  return { requestId: 'test', authType, request: new Request('http://test.local/api/records/1', { method }) };
}

describe('agents-cannot-delete', () => {
  it('denies an agent that deletes', async () => {
    const decision = await enforcePolicies([agentsCannotDelete], contextFor('agent', 'DELETE'));
    expect(decision.effect).toBe('deny');
    expect(decision.policy).toBe('agents-cannot-delete');
  });

  it.each(['anonymous', 'human'] as const)('does not deny a %s caller', async (authType) => {
    const decision = await enforcePolicies([agentsCannotDelete], contextFor(authType, 'DELETE'));
    expect(decision.effect).not.toBe('deny');
  });

  it('lets an agent read', async () => {
    const decision = await enforcePolicies([agentsCannotDelete], contextFor('agent', 'GET'));
    expect(decision.effect).not.toBe('deny');
  });
});
