import type { AuthType } from '../definitions/context.js';
import type { HttpMethod } from '../definitions/routes.js';
import type { PolicyEffect } from '../definitions/define-policy.js';
import type { CallOutcome } from '../registry/capability-registry.js';

/**
 * One finished call of a route, as the audit trail of `defineCompliance` keeps it. It records who
 * did what, when, how it ended and under which policy, and a digest of the input, never the input itself.
 */
export interface AuditEntry {
  /** Random id of the entry (a UUID). */
  readonly id: string;
  /** When the call finished, as an ISO 8601 UTC date-time with milliseconds. */
  readonly at: string;
  /** The request id of the call (`X-Request-Id`), to join the entry with logs. */
  readonly requestId: string;
  /** Who called: the auth type and, when authenticated, the subject (user id, agent id). */
  readonly actor: { readonly authType: AuthType; readonly subject?: string };
  /** Operation id of the route (`post_api_refunds`): the same name the MCP tool has. */
  readonly action: string;
  readonly method: HttpMethod;
  /** The route's path as configured (`/api/tickets/:id`), not the requested one. */
  readonly path: string;
  readonly outcome: CallOutcome;
  /** Key of the policy that guards the route, when it has one. */
  readonly policy?: string;
  /** The effect that policy's decision had (`allow` when it did not apply). */
  readonly effect?: PolicyEffect;
  /** Stable code of the error that ended a `failed` or `denied` call (`invalid_input`, `forbidden`, `internal`). */
  readonly errorCode?: string;
  /** How long the call took, in milliseconds (three decimals). */
  readonly durationMs: number;
  /**
   * SHA-256, lowercase hex, of the canonical JSON of the validated input (object keys sorted, no
   * whitespace): equal inputs give equal digests, so a known input can be matched without the trail
   * holding it. Absent when the input failed validation.
   */
  readonly inputDigest?: string;
}

/** Which entries a store reads: a time range (`since` included, `until` excluded) and who acted. */
export interface AuditFilter {
  readonly since?: Date;
  readonly until?: Date;
  /** Only entries whose `actor.subject` is this. */
  readonly actor?: string;
  /** Only entries whose `actor.authType` is this. */
  readonly authType?: AuthType;
}

/**
 * Where audit entries are kept: `MemoryAuditStore` (the default, bounded) or `RedisStore` (a Redis
 * stream shared by every replica). The method names carry `Audit` so that one object can be the
 * store of rate limits, approvals and the audit trail at once.
 */
export interface AuditStore {
  /** Keeps one entry. */
  appendAudit(entry: AuditEntry): Promise<void>;
  /** The entries matching `filter`, oldest first (in the order they were appended). */
  readAudit(filter: AuditFilter): AsyncIterable<AuditEntry>;
}

/** Whether `entry` matches `filter`. */
export function matchesFilter(entry: AuditEntry, filter: AuditFilter): boolean {
  if (filter.actor !== undefined && entry.actor.subject !== filter.actor) return false;
  if (filter.authType !== undefined && entry.actor.authType !== filter.authType) return false;
  if (filter.since === undefined && filter.until === undefined) return true;
  const at = Date.parse(entry.at);
  if (filter.since !== undefined && at < filter.since.getTime()) return false;
  if (filter.until !== undefined && at >= filter.until.getTime()) return false;
  return true;
}
