import type { KitContext } from './context.js';
import { checkRedactPaths } from '../redaction/redact-paths.js';

/** What a policy does when it applies; ordered here from least to most restrictive. */
export type PolicyEffect = 'allow' | 'redact' | 'approve' | 'deny';

/** The answer of one policy's check: whether its effect applies to this call, and why. */
export interface PolicyCheckResult {
  readonly applies: boolean;
  readonly reason?: string;
}

/**
 * A named rule with an effect and a check.
 *
 * @example
 * ```ts
 * import type { PolicyDefinition } from '@kit/kit-core';
 *
 * const agentsMayNotWrite: PolicyDefinition = {
 *   key: 'agents-read-only',
 *   title: 'Agents may only read',
 *   effect: 'deny',
 *   check: async ({ ctx }) => ({ applies: ctx.authType === 'agent', reason: 'agents are read-only' }),
 * };
 * ```
 */
export interface PolicyDefinition {
  readonly key: string;
  readonly title: string;
  readonly effect: PolicyEffect;
  readonly check: (args: { ctx: KitContext; input?: unknown }) => Promise<PolicyCheckResult>;
  /**
   * For a `redact` policy: the output paths whose values are replaced by `"[redacted]"` when it
   * applies, dotted, with `*` for any array element or key (`email`, `customer.email`,
   * `items.*.email`). A route may name a `redact` policy only if it lists some; `enforcePolicies`
   * reports them as `PolicyDecision.redact`.
   */
  readonly redact?: readonly string[];
}

/**
 * Declares a policy. Returns the definition unchanged, after checking its `redact` paths: a
 * `TypeError` names a path that is not dotted names (with `*`), or `redact` on a policy whose effect
 * is not `redact`.
 *
 * @example
 * ```ts
 * import { definePolicy } from '@kit/kit-core';
 *
 * export const needsApproval = definePolicy({
 *   key: 'large-refund',
 *   title: 'Refunds over 100 need approval',
 *   effect: 'approve',
 *   check: async ({ input }) => ({ applies: (input as { amount?: number } | undefined)?.amount! > 100 }),
 * });
 *
 * export const hideContactsFromAgents = definePolicy({
 *   key: 'agents-without-contacts',
 *   title: 'Agents do not see contact details',
 *   effect: 'redact',
 *   redact: ['customer.email', 'customer.phone', 'orders.*.shippingAddress'],
 *   check: async ({ ctx }) => ({ applies: ctx.authType === 'agent' }),
 * });
 * ```
 */
export function definePolicy(def: PolicyDefinition): PolicyDefinition {
  if (def.redact !== undefined) {
    if (def.effect !== 'redact') {
      throw new TypeError(
        `definePolicy: policy "${def.key}" lists redact paths but its effect is "${def.effect}"; give it effect: 'redact', or remove redact.`,
      );
    }
    checkRedactPaths('definePolicy', def.key, def.redact);
  }
  return def;
}
