import type { KitContext } from './context.js';

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
}

/**
 * Declares a policy. Returns the definition unchanged.
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
 * ```
 */
export function definePolicy(def: PolicyDefinition): PolicyDefinition {
  return def;
}
