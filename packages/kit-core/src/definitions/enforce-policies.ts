import type { KitContext } from './context.js';
import type { PolicyDefinition, PolicyEffect } from './define-policy.js';

/** The outcome of enforcing a set of policies. `policy` names the policy whose effect won. */
export interface PolicyDecision {
  readonly effect: PolicyEffect;
  readonly policy?: string;
  readonly reason?: string;
  /**
   * For a `redact` decision: the union of the `redact` paths of every applying `redact` policy, in
   * the order of the list, without repeats (empty when none lists any). Apply them with `redactOutput`.
   */
  readonly redact?: readonly string[];
}

/** Rank of each effect: the decision is the applying policy with the highest rank. */
const restrictiveness: Record<PolicyEffect, number> = { allow: 0, redact: 1, approve: 2, deny: 3 };

/**
 * Evaluates every policy and returns the most restrictive effect among those that apply
 * (`deny` > `approve` > `redact` > `allow`); `allow` when none applies. Among policies of equal
 * effect, the first in the list is reported, so the decision is deterministic. A `redact` decision
 * carries `redact`, the output paths of every applying `redact` policy together.
 *
 * @example
 * ```ts
 * import { definePolicy, enforcePolicies, type KitContext } from '@kit/kit-core';
 *
 * const readOnly = definePolicy({
 *   key: 'read-only', title: 'Read only', effect: 'deny',
 *   check: async () => ({ applies: true, reason: 'maintenance window' }),
 * });
 * declare const ctx: KitContext;
 * const decision = await enforcePolicies([readOnly], ctx);
 * console.log(decision.effect); // deny
 * ```
 *
 * @example
 * ```ts
 * import { definePolicy, enforcePolicies, redactOutput, type KitContext } from '@kit/kit-core';
 *
 * const agentsSeeNoEmail = definePolicy({
 *   key: 'agents-see-no-email', title: 'Agents see no e-mail addresses', effect: 'redact', redact: ['email'],
 *   check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }),
 * });
 * declare const ctx: KitContext;
 * const customer = { name: 'Ada', email: 'ada@example.com' };
 * const decision = await enforcePolicies([agentsSeeNoEmail], ctx);
 * const shown = decision.effect === 'redact' ? redactOutput(customer, decision.redact ?? []) : customer;
 * ```
 */
export async function enforcePolicies(policies: readonly PolicyDefinition[], ctx: KitContext, input?: unknown): Promise<PolicyDecision> {
  const results = await Promise.all(policies.map(async (policy) => ({ policy, result: await policy.check({ ctx, input }) })));
  let decision: PolicyDecision = { effect: 'allow' };
  for (const { policy, result } of results) {
    if (!result.applies || restrictiveness[policy.effect] <= restrictiveness[decision.effect]) continue;
    decision = { effect: policy.effect, policy: policy.key, ...(result.reason === undefined ? {} : { reason: result.reason }) };
  }
  if (decision.effect !== 'redact') return decision;
  const paths = new Set<string>();
  for (const { policy, result } of results)
    if (result.applies && policy.effect === 'redact') for (const path of policy.redact ?? []) paths.add(path);
  return { ...decision, redact: [...paths] };
}
