import type { AuthType } from '../definitions/context.js';
import { parseWindow } from './parse-window.js';

/** One limit: at most `requests` requests per `window` (`'30s'`, `'1m'`, `'1h'`, `'1d'`). */
export interface RateLimitRule {
  readonly requests: number;
  readonly window: string;
}

/**
 * Rate limits of an application: `default` holds for every caller; `perAuthType` overrides it for
 * anonymous callers, signed-in people (`human`) or API-key callers (`agent`).
 */
export interface RateLimitConfig {
  readonly default: RateLimitRule;
  readonly perAuthType?: Partial<Readonly<Record<AuthType, RateLimitRule>>>;
}

/** A rule with its window in milliseconds, as the limiter applies it. */
export interface ResolvedRateLimitRule {
  readonly requests: number;
  readonly windowMs: number;
}

/** What `defineRateLimit` returns: the configuration as given, plus the rule of each auth type. */
export interface RateLimitDefinition extends RateLimitConfig {
  /** The rule that applies to a caller of this auth type. */
  ruleFor(authType: AuthType): ResolvedRateLimitRule;
}

/**
 * Declares rate limits. Checks every rule at once, so a typo in a window or a count fails at
 * start-up rather than on the first request. Pass the result as `rateLimit` to `createKitApp`.
 *
 * @example
 * ```ts
 * import { defineRateLimit } from '@kit/kit-core';
 *
 * export const limits = defineRateLimit({
 *   default: { requests: 100, window: '1m' },
 *   perAuthType: { anonymous: { requests: 30, window: '1m' }, agent: { requests: 600, window: '1m' } },
 * });
 * console.log(limits.ruleFor('anonymous')); // { requests: 30, windowMs: 60000 }
 * ```
 */
export function defineRateLimit(config: RateLimitConfig): RateLimitDefinition {
  const resolve = (rule: RateLimitRule, where: string): ResolvedRateLimitRule => {
    if (!Number.isInteger(rule.requests) || rule.requests < 1) {
      throw new TypeError(`defineRateLimit: ${where}.requests is ${JSON.stringify(rule.requests)}; give a whole number of at least 1`);
    }
    return { requests: rule.requests, windowMs: parseWindow(rule.window) };
  };
  const fallback = resolve(config.default, 'default');
  const rules = new Map<AuthType, ResolvedRateLimitRule>();
  for (const [authType, rule] of Object.entries(config.perAuthType ?? {}) as [AuthType, RateLimitRule | undefined][]) {
    if (rule) rules.set(authType, resolve(rule, `perAuthType.${authType}`));
  }
  return { ...config, ruleFor: (authType) => rules.get(authType) ?? fallback };
}
