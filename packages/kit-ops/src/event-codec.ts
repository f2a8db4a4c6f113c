import { describeValue, KitOpsError } from './kit-ops-error.js';
import { opsEventKinds, type OpsEvent, type OpsEventInput, type OpsStatus, type OpsTime } from './types.js';

const statuses: readonly OpsStatus[] = ['ok', 'error', 'denied', 'pending', 'canceled'];

/** An event as a row of `ops_events`. */
export interface EventRow {
  id: number;
  at: number;
  kind: string;
  subject: string;
  status: string | null;
  correlation_id: string | null;
  duration_ms: number | null;
  data: string;
}

/** The values of an insert, in column order (at, kind, subject, status, correlation_id, duration_ms, data). */
export type EventValues = [number, string, string, string | null, string | null, number | null, string];

/** Insert values with the payload object they were made from. */
export interface EncodedEvent {
  values: EventValues;
  data: object;
}

function invalid(where: string, message: string): KitOpsError {
  return new KitOpsError('invalid_event', `${where}: ${message}`);
}

/** Checks an event given to `record` and returns its insert values; `now` is the store's clock. */
export function encodeEvent(event: OpsEventInput, now: number, where: string): EncodedEvent {
  if (typeof event !== 'object' || event === null)
    throw invalid(
      where,
      `an event must be an object such as { kind: 'request', subject: 'GET /api/search', data: {...} }, got ${describeValue(event)}`,
    );
  if (!opsEventKinds.includes(event.kind))
    throw invalid(where, `kind must be one of ${opsEventKinds.map((kind) => `"${kind}"`).join(', ')}, got ${describeValue(event.kind)}`);
  if (typeof event.subject !== 'string' || event.subject.trim() === '')
    throw invalid(where, `subject must be a non-empty string naming what the event is about, got ${describeValue(event.subject)}`);
  if (event.status !== undefined && !statuses.includes(event.status))
    throw invalid(where, `status must be one of ${statuses.map((status) => `"${status}"`).join(', ')}, got ${describeValue(event.status)}`);
  if (event.correlationId !== undefined && typeof event.correlationId !== 'string')
    throw invalid(where, `correlationId must be a string, got ${describeValue(event.correlationId)}`);
  if (
    event.durationMs !== undefined &&
    !(typeof event.durationMs === 'number' && Number.isFinite(event.durationMs) && event.durationMs >= 0)
  ) {
    throw invalid(where, `durationMs must be a number of milliseconds of 0 or more, got ${describeValue(event.durationMs)}`);
  }
  const at = event.at === undefined ? now : event.at instanceof Date ? event.at.getTime() : event.at;
  if (typeof at !== 'number' || !Number.isFinite(at))
    throw invalid(where, `at must be a valid Date or epoch milliseconds, got ${describeValue(event.at)}`);
  const data = event.data ?? {};
  if (typeof data !== 'object' || data === null || Array.isArray(data))
    throw invalid(where, `data must be an object, got ${describeValue(data)}`);
  let json: string;
  try {
    json = JSON.stringify(data);
  } catch (error) {
    throw invalid(where, `data must be JSON-serialisable (${error instanceof Error ? error.message : String(error)})`);
  }
  return {
    values: [Math.round(at), event.kind, event.subject, event.status ?? null, event.correlationId ?? null, event.durationMs ?? null, json],
    data,
  };
}

/** A stored event from its row. */
export function decodeEvent(row: EventRow): OpsEvent {
  const event: Record<string, unknown> = { id: row.id, at: new Date(row.at).toISOString(), kind: row.kind, subject: row.subject };
  if (row.status !== null) event.status = row.status;
  if (row.correlation_id !== null) event.correlationId = row.correlation_id;
  if (row.duration_ms !== null) event.durationMs = row.duration_ms;
  event.data = JSON.parse(row.data) as unknown;
  return event as unknown as OpsEvent;
}

/**
 * The stored form of an event just inserted, without reading it back or parsing its JSON again: `data` is
 * the object the caller passed (or `{}`), which is what writing many events quickly needs.
 */
export function eventFromValues(id: number, values: EventValues, data: object): OpsEvent {
  const event: Record<string, unknown> = { id, at: new Date(values[0]).toISOString(), kind: values[1], subject: values[2] };
  if (values[3] !== null) event.status = values[3];
  if (values[4] !== null) event.correlationId = values[4];
  if (values[5] !== null) event.durationMs = values[5];
  event.data = data;
  return event as unknown as OpsEvent;
}

/** Epoch milliseconds of a filter time; `field` names it in the error. */
export function toMillis(value: OpsTime, where: string, field: string): number {
  const ms = value instanceof Date ? value.getTime() : typeof value === 'string' ? Date.parse(value) : value;
  if (typeof ms !== 'number' || !Number.isFinite(ms)) {
    throw new KitOpsError(
      'invalid_query',
      `${where}: ${field} must be a Date, epoch milliseconds or an ISO 8601 time such as "2026-11-23T16:00:00Z", got ${describeValue(value)}`,
    );
  }
  return ms;
}
