/** The kinds of event the store keeps. */
export type OpsEventKind = 'request' | 'policy' | 'approval' | 'agent.run' | 'tool.call' | 'job.run' | 'reload' | 'error';

/**
 * Every kind, in a fixed order (validation and help texts use it).
 *
 * @example
 * ```ts
 * import { opsEventKinds } from '@kit/kit-ops';
 *
 * console.log(opsEventKinds.join(', ')); // request, policy, approval, agent.run, tool.call, job.run, reload, error
 * ```
 */
export const opsEventKinds: readonly OpsEventKind[] = [
  'request',
  'policy',
  'approval',
  'agent.run',
  'tool.call',
  'job.run',
  'reload',
  'error',
];

/**
 * The outcome of an event: `ok` succeeded, `error` failed, `denied` was refused (a policy, an approval),
 * `pending` waits on someone (an approval, a paused run), `canceled` was stopped on purpose. Incident
 * rules that resolve on success look for `ok`.
 */
export type OpsStatus = 'ok' | 'error' | 'denied' | 'pending' | 'canceled';

/** Extra JSON fields any payload may carry. */
export interface OpsExtra {
  readonly [field: string]: unknown;
}

/** What each kind's `data` holds; every payload may carry more JSON fields. */
export interface OpsEventData {
  request: OpsExtra & { method: string; path: string; httpStatus: number };
  policy: OpsExtra & { policy: string; allowed: boolean; reason?: string };
  approval: OpsExtra & { decision: 'requested' | 'granted' | 'denied'; tool?: string; reason?: string };
  'agent.run': OpsExtra & { agent: string; runStatus: string; iterations: number; toolCalls: number; error?: string };
  'tool.call': OpsExtra & { agent: string; tool: string; callId: string; iteration: number; error?: string };
  'job.run': OpsExtra & { job: string; attempt?: number; error?: string };
  reload: OpsExtra & { error?: string };
  error: OpsExtra & { message: string; code?: string };
}

/** The fields every event has, whatever its kind. */
interface OpsEventBase<K extends OpsEventKind> {
  kind: K;
  /** What the event is about: a route (`GET /api/search`), an agent, a tool, a job, a service. Never empty. */
  subject: string;
  status?: OpsStatus;
  /** Ties events of one request, run or job together (a request id, a run id). */
  correlationId?: string;
  durationMs?: number;
  data: OpsEventData[K];
}

/** An event to record: `at` defaults to the store's clock, and `data` may be left out for `reload`. */
export type OpsEventInput = {
  [K in OpsEventKind]: Omit<OpsEventBase<K>, 'data'> & { at?: Date | number } & (K extends 'reload'
      ? { data?: OpsEventData[K] }
      : { data: OpsEventData[K] });
}[OpsEventKind];

/** A stored event: ids grow with every event recorded in a file and are never reused, `at` is an ISO 8601 UTC time. */
export type OpsEvent = {
  [K in OpsEventKind]: OpsEventBase<K> & { readonly id: number; at: string };
}[OpsEventKind];

/** A point in time a filter accepts: a `Date`, epoch milliseconds or an ISO 8601 string. */
export type OpsTime = Date | number | string;

/** What `query` and `tail` select on; every given field must match. */
export interface OpsEventFilter {
  kind?: OpsEventKind | readonly OpsEventKind[];
  subject?: string;
  correlationId?: string;
  status?: OpsStatus;
}

/** A `query`: a filter, a time range (`since` inclusive, `until` exclusive), a limit and an order. */
export interface OpsQuery extends OpsEventFilter {
  since?: OpsTime;
  until?: OpsTime;
  /** Default 100; a positive integer. */
  limit?: number;
  /** By time, then id. Default `desc` (newest first). */
  order?: 'asc' | 'desc';
}

/** Options of `tail`. */
export interface OpsTailOptions extends OpsEventFilter {
  /** How often the file is read for events written by other processes. Default 250 ms. */
  pollMs?: number;
  /** Ends the iteration. */
  signal?: AbortSignal;
  /** Start after this event id instead of after the newest event (to replay what was missed). */
  afterId?: number;
}

/** What an incident rule counts: a predicate, or fields an event must all have. */
export type OpsMatch = ((event: OpsEvent) => boolean) | { kind?: OpsEventKind; status?: OpsStatus; subject?: string };

/**
 * A rule that opens an incident per subject when `open.count` matching events of that subject arrive
 * within `open.withinMs`, and resolves it after `resolve.quietMs` without a matching event, or at the
 * first `ok` event of the same subject and kind (`resolve.onSuccess`).
 */
export interface OpsIncidentRule {
  /** Unique among the store's rules; stored with each incident. */
  name: string;
  match: OpsMatch;
  open: { count: number; withinMs: number };
  /** Default `{ onSuccess: true }`. */
  resolve?: { quietMs?: number; onSuccess?: boolean };
}

/** An incident, open while `resolvedAt` is absent. Times are ISO 8601 UTC. */
export interface OpsIncident {
  readonly id: number;
  rule: string;
  subject: string;
  /** The kind of the event that opened it. */
  kind: OpsEventKind;
  openedAt: string;
  resolvedAt?: string;
  /** Matching events counted: those that opened it and every one since. */
  eventCount: number;
  lastEventAt: string;
}

/** Filter of `incidents()`. */
export interface OpsIncidentFilter {
  /** `true` open ones only, `false` resolved ones only; absent: both. */
  open?: boolean;
  rule?: string;
  subject?: string;
  /** Default 100. */
  limit?: number;
}

/** The state of a named component. */
export type OpsHealthStatus = 'ok' | 'degraded' | 'down';

/** One health snapshot. */
export interface OpsHealthSnapshot {
  name: string;
  status: OpsHealthStatus;
  at: string;
  details: Readonly<Record<string, unknown>>;
}

/** What `prune` removed. */
export interface OpsPruneResult {
  events: number;
  incidents: number;
  snapshots: number;
}
