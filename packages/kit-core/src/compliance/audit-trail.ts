import { randomUUID } from 'node:crypto';
import type { AuthType } from '../definitions/context.js';
import { KitError } from '../errors/kit-error.js';
import { quoteInput } from '../errors/problem.js';
import type { CallEvent } from '../registry/capability-registry.js';
import type { AuditEntry, AuditFilter, AuditStore } from './audit-types.js';
import { auditInputDigest } from './canonical-json.js';

/** Whose calls the audit trail records: agents' only, or everyone's. */
export type AuditScope = 'agents' | 'all';

/** Which entries to read: a time range (`since` included, `until` excluded) and who acted. */
export interface AuditRangeQuery {
  /** A `Date` or an ISO 8601 date-time. */
  readonly since?: Date | string;
  /** A `Date` or an ISO 8601 date-time; entries at this instant or later are left out. */
  readonly until?: Date | string;
  /** Only entries of this subject (`actor.subject`). */
  readonly actor?: string;
  /** Only entries of this auth type. */
  readonly authType?: AuthType;
}

/** A query of `AuditTrail.list`. */
export interface AuditQuery extends AuditRangeQuery {
  /** Most entries returned, from 1 to 10 000. Default 100. */
  readonly limit?: number;
}

/**
 * The record of calls kept by `defineCompliance`: read it with `list`, page through all of it with
 * `entries`, hand it over with `export`.
 */
export interface AuditTrail {
  /** Whose calls are recorded. */
  readonly scope: AuditScope;
  /** Where the entries are kept. */
  readonly store: AuditStore;
  /** The first `limit` entries (default 100) matching `query`, oldest first. */
  list(query?: AuditQuery): Promise<AuditEntry[]>;
  /** Every entry matching `query`, oldest first, read from the store as it is iterated. */
  entries(query?: AuditRangeQuery): AsyncIterable<AuditEntry>;
  /**
   * Every entry matching `query` as JSON Lines (`application/jsonl`): one entry's JSON per line, each
   * line ended by `\n`; empty text when there are none. Holds the whole export in memory; iterate
   * `entries` to stream a large one.
   */
  export(query?: AuditRangeQuery): Promise<string>;
  /** Resolves once every entry recorded so far has reached the store (or failed to). */
  flush(): Promise<void>;
}

/** Most entries one `list` returns. */
export const maxListLimit = 10_000;
const defaultListLimit = 100;

/** An audit trail over `store`, and the function that records a finished call into it. */
export function createAuditTrail(
  store: AuditStore,
  scope: AuditScope,
  onError: (error: unknown, entry: AuditEntry) => void,
): { trail: AuditTrail; record: (event: CallEvent) => void } {
  const pending = new Set<Promise<void>>();
  const record = (event: CallEvent) => {
    if (scope === 'agents' && event.ctx.authType !== 'agent') return;
    const entry = toEntry(event);
    const write = store
      .appendAudit(entry)
      .catch((error: unknown) => {
        try {
          onError(error, entry);
        } catch {
          // A failing reporter must not turn into an unhandled rejection.
        }
      })
      .finally(() => pending.delete(write));
    pending.add(write);
  };
  const trail: AuditTrail = {
    scope,
    store,
    list: async (query = {}) => {
      const limit = query.limit ?? defaultListLimit;
      if (!Number.isSafeInteger(limit) || limit < 1 || limit > maxListLimit) {
        throw new KitError(
          'invalid_input',
          `auditTrail.list: limit must be a whole number from 1 to ${maxListLimit}, got ${String(limit)}; page with since and until for more.`,
          {
            issues: [{ field: 'limit', message: `must be a whole number from 1 to ${maxListLimit}` }],
          },
        );
      }
      const found: AuditEntry[] = [];
      for await (const entry of store.readAudit(toFilter('list', query))) {
        found.push(entry);
        if (found.length >= limit) break;
      }
      return found;
    },
    entries: (query = {}) => store.readAudit(toFilter('entries', query)),
    export: async (query = {}) => {
      const lines: string[] = [];
      for await (const entry of store.readAudit(toFilter('export', query))) lines.push(`${JSON.stringify(entry)}\n`);
      return lines.join('');
    },
    flush: async () => {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
  return { trail, record };
}

function toEntry(event: CallEvent): AuditEntry {
  const { route, ctx, decision, error } = event;
  const policy = route.definition.policy;
  return {
    id: randomUUID(),
    at: new Date().toISOString(),
    requestId: ctx.requestId,
    actor: { authType: ctx.authType, ...(ctx.auth ? { subject: ctx.auth.subject } : {}) },
    action: route.operationId,
    method: route.method,
    path: route.path,
    outcome: event.outcome,
    ...(policy === undefined ? {} : { policy }),
    ...(decision === undefined ? {} : { effect: decision.effect }),
    ...(error === undefined ? {} : { errorCode: error instanceof KitError ? error.code : 'internal' }),
    durationMs: Math.round(event.durationMs * 1000) / 1000,
    // The input itself may hold personal data; its digest proves what was asked without keeping it.
    ...('input' in event ? { inputDigest: auditInputDigest(event.input) } : {}),
  };
}

function toFilter(method: string, query: AuditRangeQuery): AuditFilter {
  const since = toDate(method, 'since', query.since);
  const until = toDate(method, 'until', query.until);
  return {
    ...(since === undefined ? {} : { since }),
    ...(until === undefined ? {} : { until }),
    ...(query.actor === undefined ? {} : { actor: query.actor }),
    ...(query.authType === undefined ? {} : { authType: query.authType }),
  };
}

function toDate(method: string, field: string, value: Date | string | undefined): Date | undefined {
  if (value === undefined) return undefined;
  const date = value instanceof Date ? value : typeof value === 'string' && value.trim() !== '' ? new Date(value) : undefined;
  if (!date || Number.isNaN(date.getTime())) {
    throw new KitError(
      'invalid_input',
      `auditTrail.${method}: ${field} must be a Date or an ISO 8601 date-time such as 2025-01-31T00:00:00Z, got ${quoteInput(String(value))}.`,
      {
        issues: [{ field, message: 'must be a Date or an ISO 8601 date-time' }],
      },
    );
  }
  return date;
}
