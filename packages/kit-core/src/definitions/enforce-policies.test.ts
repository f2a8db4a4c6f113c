import { describe, expect, it } from 'vitest';
import type { KitContext } from './context.js';
import { definePolicy, type PolicyEffect } from './define-policy.js';
import { enforcePolicies } from './enforce-policies.js';

const ctx: KitContext = { requestId: 'r', authType: 'agent', request: new Request('http://test/') };
const policy = (key: string, effect: PolicyEffect, applies: boolean) =>
  definePolicy({ key, title: key, effect, check: async () => ({ applies, reason: `${key} applies` }) });

describe('enforcePolicies', () => {
  it('allows when no policy applies', async () => {
    expect(await enforcePolicies([policy('a', 'deny', false)], ctx)).toEqual({ effect: 'allow' });
    expect(await enforcePolicies([], ctx)).toEqual({ effect: 'allow' });
  });

  it('lets the most restrictive applying effect win: deny > approve > redact > allow', async () => {
    const all = [policy('r', 'redact', true), policy('d', 'deny', true), policy('a', 'approve', true), policy('ok', 'allow', true)];
    expect((await enforcePolicies(all, ctx)).policy).toBe('d');
    expect((await enforcePolicies(all.filter((p) => p.key !== 'd'), ctx)).effect).toBe('approve');
    expect((await enforcePolicies([policy('r', 'redact', true), policy('d', 'deny', false)], ctx))).toEqual({ effect: 'redact', policy: 'r', reason: 'r applies' });
  });

  it('passes context and input to each check', async () => {
    let seen: unknown;
    await enforcePolicies([definePolicy({ key: 'k', title: 'k', effect: 'deny', check: async (args) => { seen = args; return { applies: false }; } })], ctx, { amount: 3 });
    expect(seen).toEqual({ ctx, input: { amount: 3 } });
  });
});
