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
    expect(
      (
        await enforcePolicies(
          all.filter((p) => p.key !== 'd'),
          ctx,
        )
      ).effect,
    ).toBe('approve');
    expect(await enforcePolicies([policy('r', 'redact', true), policy('d', 'deny', false)], ctx)).toEqual({
      effect: 'redact',
      policy: 'r',
      reason: 'r applies',
      redact: [],
    });
  });

  it('reports, for a redact decision, the paths of every applying redact policy, in order and once each', async () => {
    const redacting = (key: string, applies: boolean, paths: string[]) =>
      definePolicy({ key, title: key, effect: 'redact', redact: paths, check: async () => ({ applies }) });
    const decision = await enforcePolicies(
      [
        redacting('a', true, ['email', 'items.*.email']),
        redacting('off', false, ['salary']),
        policy('ok', 'allow', true),
        redacting('b', true, ['phone', 'email']),
      ],
      ctx,
    );
    expect(decision).toEqual({ effect: 'redact', policy: 'a', redact: ['email', 'items.*.email', 'phone'] });
    expect((await enforcePolicies([redacting('a', true, ['email']), policy('x', 'approve', true)], ctx)).redact).toBeUndefined();
  });

  it('passes context and input to each check', async () => {
    let seen: unknown;
    await enforcePolicies(
      [
        definePolicy({
          key: 'k',
          title: 'k',
          effect: 'deny',
          check: async (args) => {
            seen = args;
            return { applies: false };
          },
        }),
      ],
      ctx,
      { amount: 3 },
    );
    expect(seen).toEqual({ ctx, input: { amount: 3 } });
  });
});
