import type { Statement } from 'better-sqlite3';
import { openOpsDatabase, storeError, type SqliteConnection } from './database.js';
import { decodeEvent, encodeEvent, eventFromValues, toMillis, type EncodedEvent, type EventRow } from './event-codec.js';
import { checkRules, decodeIncident, IncidentEngine, type IncidentRow } from './incident-engine.js';
import { describeValue, KitOpsError } from './kit-ops-error.js';
import { filterSql } from './filter-sql.js';
import type {
  OpsEvent,
  OpsEventInput,
  OpsHealthSnapshot,
  OpsHealthStatus,
  OpsIncident,
  OpsIncidentFilter,
  OpsIncidentRule,
  OpsPruneResult,
  OpsQuery,
  OpsTailOptions,
} from './types.js';

/** How long events are kept. */
export interface OpsRetention {
  /** Events (and resolved incidents) older than this many days are pruned. Default 30. */
  maxAgeDays?: number;
  /** At most this many events are kept; the oldest go first. Default 1,000,000. */
  maxEvents?: number;
  /** How often pruning runs on its own. Default 3,600,000 (an hour); it also runs at open and on `prune()`. */
  pruneEveryMs?: number;
}

/** Options of `createOpsStore`. */
export interface OpsStoreOptions {
  /** The SQLite file (created with its folder when missing), or `:memory:` for a private in-memory store. */
  path: string;
  retention?: OpsRetention;
  /** Incident rules, evaluated on every recorded event. */
  rules?: readonly OpsIncidentRule[];
  /** The time source, in epoch milliseconds. Default `Date.now`. */
  clock?: () => number;
  /** How long a write waits for another connection's write lock before failing with `store_locked`. Default 5000. */
  busyTimeoutMs?: number;
}

/** The operations store returned by `createOpsStore`. */
export interface OpsStore {
  /** The absolute path of the file (or `:memory:`). */
  readonly location: string;
  /** Records one event in its own transaction and returns it as stored. */
  record(event: OpsEventInput): OpsEvent;
  /** Records events in one transaction (all or none): the fast path for many events. */
  recordMany(events: readonly OpsEventInput[]): OpsEvent[];
  /** Events matching the filter, in the time range, newest first unless `order: 'asc'`. */
  query(query?: OpsQuery): OpsEvent[];
  /**
   * Events recorded from now on (by this process or any other writing the same file), as they arrive.
   * Ends when the loop breaks, `signal` aborts or the store closes.
   */
  tail(options?: OpsTailOptions): AsyncIterable<OpsEvent>;
  /** Incidents, newest first. */
  incidents(filter?: OpsIncidentFilter): OpsIncident[];
  /** Records the state of a named component. */
  snapshot(name: string, status: OpsHealthStatus, details?: Readonly<Record<string, unknown>>): OpsHealthSnapshot;
  /** The latest snapshot of every name, sorted by name. */
  health(): OpsHealthSnapshot[];
  /** Applies the retention now. */
  prune(): OpsPruneResult;
  /** Stops the timers, ends live tails and closes the file. Calling it again does nothing. */
  close(): void;
}

const dayMs = 86_400_000;

function positive(value: unknown, field: string, integer: boolean, fallback: number): number {
  if (value === undefined) return fallback;
  const ok = typeof value === 'number' && Number.isFinite(value) && value > 0 && (!integer || Number.isInteger(value));
  if (!ok)
    throw new KitOpsError(
      'invalid_config',
      `createOpsStore: ${field} must be a positive ${integer ? 'integer' : 'number'}, got ${describeValue(value)}`,
    );
  return value;
}

/**
 * Opens the operations store: an append-only SQLite file (WAL) of typed events, with incidents opened and
 * resolved by rules, health snapshots, indexed queries, a live tail and retention.
 *
 * @example
 * ```ts
 * import { createOpsStore } from '@kit/kit-ops';
 *
 * const ops = createOpsStore({
 *   path: './.kit/ops.sqlite',
 *   retention: { maxAgeDays: 14 },
 *   rules: [{ name: 'job-failing', match: { kind: 'job.run', status: 'error' }, open: { count: 3, withinMs: 600_000 } }],
 * });
 * ops.record({ kind: 'job.run', subject: 'nightly-report', status: 'error', data: { job: 'nightly-report', error: 'timeout' } });
 * console.log(ops.query({ kind: 'job.run', since: Date.now() - 3_600_000 }).length);
 * console.log(ops.incidents({ open: true }));
 * ops.close();
 * ```
 */
export function createOpsStore(options: OpsStoreOptions): OpsStore {
  if (typeof options !== 'object' || options === null)
    throw new KitOpsError(
      'invalid_config',
      `createOpsStore: options must be an object such as { path: './.kit/ops.sqlite' }, got ${describeValue(options)}`,
    );
  const { path } = options;
  if (typeof path !== 'string' || path.trim() === '') {
    throw new KitOpsError(
      'invalid_config',
      `createOpsStore: path must be a file path such as './.kit/ops.sqlite' or ':memory:', got ${describeValue(path)}`,
    );
  }
  const clock = options.clock ?? Date.now;
  if (typeof clock !== 'function')
    throw new KitOpsError(
      'invalid_config',
      `createOpsStore: clock must be a function returning epoch milliseconds, got ${describeValue(clock)}`,
    );
  const maxAgeMs = positive(options.retention?.maxAgeDays, 'retention.maxAgeDays', false, 30) * dayMs;
  const maxEvents = positive(options.retention?.maxEvents, 'retention.maxEvents', true, 1_000_000);
  const pruneEveryMs = positive(options.retention?.pruneEveryMs, 'retention.pruneEveryMs', false, 3_600_000);
  const busyTimeoutMs = options.busyTimeoutMs === undefined ? 5000 : positive(options.busyTimeoutMs, 'busyTimeoutMs', true, 5000);
  const rules = checkRules(options.rules);

  const { connection, location } = openOpsDatabase(path, busyTimeoutMs);
  const fail = (error: unknown, doing: string) => storeError(error, location, doing, busyTimeoutMs);
  let engine: IncidentEngine;
  let statements: ReturnType<typeof prepare>;
  try {
    statements = prepare(connection);
    engine = new IncidentEngine(connection, rules);
    if (engine.active && engine.longestWindowMs > 0) {
      const rows = connection
        .prepare('SELECT * FROM ops_events WHERE at >= ? ORDER BY at, id')
        .iterate(clock() - engine.longestWindowMs) as IterableIterator<EventRow>;
      for (const row of rows) engine.replay(decodeEvent(row));
    }
  } catch (error) {
    connection.close();
    throw fail(error, 'read the database');
  }

  // Queries come in a handful of shapes (which filters are set, which order), so their statements are kept.
  const prepared = new Map<string, Statement>();
  const statement = (sql: string): Statement<unknown[]> => {
    let found = prepared.get(sql);
    if (!found) {
      found = connection.prepare(sql);
      if (prepared.size < 256) prepared.set(sql, found);
    }
    return found;
  };

  let closed = false;
  const wakers = new Set<() => void>();
  const wake = () => {
    for (const waker of [...wakers]) waker();
  };
  const ensureOpen = (method: string) => {
    if (closed)
      throw new KitOpsError(
        'store_closed',
        `kit-ops: ${method} was called after close() on the store of "${location}"; open a new store with createOpsStore.`,
      );
  };

  const insertAll = connection.transaction((encoded: readonly EncodedEvent[]) => {
    const stored: OpsEvent[] = [];
    for (const { values, data } of encoded) {
      const event = eventFromValues(Number(statements.insertEvent.run(...values).lastInsertRowid), values, data);
      if (engine.active) engine.apply(event);
      stored.push(event);
    }
    return stored;
  });

  const write = (values: readonly EncodedEvent[]): OpsEvent[] => {
    let stored: OpsEvent[];
    try {
      stored = insertAll(values);
    } catch (error) {
      throw fail(error, values.length === 1 ? 'record an event' : `record ${values.length} events`);
    }
    if (stored.length > 0) wake();
    return stored;
  };

  const prune = (): OpsPruneResult => {
    ensureOpen('prune');
    const cutoff = clock() - maxAgeMs;
    try {
      return connection
        .transaction(() => {
          let events = statements.pruneOld.run(cutoff).changes;
          const boundary = statements.nthNewest.get(maxEvents - 1) as { id: number } | undefined;
          if (boundary) events += statements.pruneOver.run(boundary.id).changes;
          const incidents = statements.pruneIncidents.run(cutoff).changes;
          const snapshots = statements.pruneSnapshots.run(cutoff).changes;
          return { events, incidents, snapshots };
        })
        .immediate();
    } catch (error) {
      throw fail(error, 'prune old events');
    }
  };

  const resolveQuiet = () => {
    if (closed || !engine.hasQuietRules) return;
    try {
      engine.resolveQuiet(clock());
    } catch (error) {
      throw fail(error, 'resolve quiet incidents');
    }
  };

  prune();
  const pruneTimer = setInterval(() => {
    try {
      prune();
    } catch {
      // A locked file now is retried at the next tick; pruning is never urgent.
    }
  }, pruneEveryMs);
  pruneTimer.unref();
  const quietTimer = engine.hasQuietRules
    ? setInterval(() => {
        try {
          resolveQuiet();
        } catch {
          // Retried at the next tick.
        }
      }, 1000)
    : undefined;
  quietTimer?.unref();

  return {
    location,
    record(event) {
      ensureOpen('record');
      resolveQuiet();
      return write([encodeEvent(event, clock(), 'record')])[0] as OpsEvent;
    },
    recordMany(events) {
      ensureOpen('recordMany');
      if (!Array.isArray(events))
        throw new KitOpsError('invalid_event', `recordMany: events must be an array of events, got ${describeValue(events)}`);
      resolveQuiet();
      const now = clock();
      return write(events.map((event, index) => encodeEvent(event, now, `recordMany: events[${index}]`)));
    },
    query(query = {}) {
      ensureOpen('query');
      const { where, params } = filterSql(query, 'query');
      if (query.since !== undefined) {
        where.push('at >= ?');
        params.push(toMillis(query.since, 'query', 'since'));
      }
      if (query.until !== undefined) {
        where.push('at < ?');
        params.push(toMillis(query.until, 'query', 'until'));
      }
      const limit = query.limit ?? 100;
      if (!(Number.isInteger(limit) && limit > 0))
        throw new KitOpsError('invalid_query', `query: limit must be a positive integer, got ${describeValue(limit)}`);
      const order = query.order ?? 'desc';
      if (order !== 'asc' && order !== 'desc')
        throw new KitOpsError('invalid_query', `query: order must be "asc" or "desc", got ${describeValue(order)}`);
      const sql = `SELECT * FROM ops_events${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY at ${order}, id ${order} LIMIT ?`;
      try {
        return (statement(sql).all(...params, limit) as EventRow[]).map(decodeEvent);
      } catch (error) {
        throw fail(error, 'query events');
      }
    },
    tail(tailOptions = {}) {
      ensureOpen('tail');
      const { where, params } = filterSql(tailOptions, 'tail');
      const pollMs = tailOptions.pollMs ?? 250;
      if (!(typeof pollMs === 'number' && Number.isFinite(pollMs) && pollMs > 0))
        throw new KitOpsError('invalid_query', `tail: pollMs must be a positive number of milliseconds, got ${describeValue(pollMs)}`);
      const { signal } = tailOptions;
      let cursor = tailOptions.afterId ?? (statements.newestId.get() as { id: number | null }).id ?? 0;
      const sql = connection.prepare(
        `SELECT * FROM ops_events WHERE id > ?${where.length ? ` AND ${where.join(' AND ')}` : ''} ORDER BY id LIMIT 500`,
      );
      const stopped = () => closed || signal?.aborted === true;
      return {
        async *[Symbol.asyncIterator]() {
          while (!stopped()) {
            let rows: EventRow[];
            try {
              rows = sql.all(cursor, ...params) as EventRow[];
            } catch (error) {
              if (stopped()) return;
              throw fail(error, 'tail events');
            }
            for (const row of rows) {
              cursor = row.id;
              yield decodeEvent(row);
              if (stopped()) return;
            }
            if (rows.length === 500) continue;
            await new Promise<void>((resume) => {
              const done = () => {
                clearTimeout(timer);
                wakers.delete(done);
                signal?.removeEventListener('abort', done);
                resume();
              };
              const timer = setTimeout(done, pollMs);
              wakers.add(done);
              signal?.addEventListener('abort', done);
            });
          }
        },
      };
    },
    incidents(filter = {}) {
      ensureOpen('incidents');
      resolveQuiet();
      const where: string[] = [];
      const params: unknown[] = [];
      if (filter.open !== undefined) where.push(filter.open ? 'resolved_at IS NULL' : 'resolved_at IS NOT NULL');
      if (filter.rule !== undefined) {
        where.push('rule = ?');
        params.push(filter.rule);
      }
      if (filter.subject !== undefined) {
        where.push('subject = ?');
        params.push(filter.subject);
      }
      const limit = filter.limit ?? 100;
      if (!(Number.isInteger(limit) && limit > 0))
        throw new KitOpsError('invalid_query', `incidents: limit must be a positive integer, got ${describeValue(limit)}`);
      const sql = `SELECT * FROM ops_incidents${where.length ? ` WHERE ${where.join(' AND ')}` : ''} ORDER BY opened_at DESC, id DESC LIMIT ?`;
      try {
        return (statement(sql).all(...params, limit) as IncidentRow[]).map(decodeIncident);
      } catch (error) {
        throw fail(error, 'read incidents');
      }
    },
    snapshot(name, status, details = {}) {
      ensureOpen('snapshot');
      if (typeof name !== 'string' || name.trim() === '')
        throw new KitOpsError(
          'invalid_event',
          `snapshot: name must be a non-empty string such as "search-index", got ${describeValue(name)}`,
        );
      if (status !== 'ok' && status !== 'degraded' && status !== 'down')
        throw new KitOpsError('invalid_event', `snapshot: status must be "ok", "degraded" or "down", got ${describeValue(status)}`);
      const at = clock();
      try {
        statements.insertHealth.run(name, at, status, JSON.stringify(details));
      } catch (error) {
        throw fail(error, 'record a health snapshot');
      }
      return { name, status, at: new Date(at).toISOString(), details };
    },
    health() {
      ensureOpen('health');
      try {
        return (statements.latestHealth.all() as { name: string; at: number; status: OpsHealthStatus; details: string }[]).map((row) => ({
          name: row.name,
          status: row.status,
          at: new Date(row.at).toISOString(),
          details: JSON.parse(row.details) as Record<string, unknown>,
        }));
      } catch (error) {
        throw fail(error, 'read health snapshots');
      }
    },
    prune,
    close() {
      if (closed) return;
      closed = true;
      clearInterval(pruneTimer);
      if (quietTimer) clearInterval(quietTimer);
      wake();
      connection.close();
    },
  };
}

function prepare(connection: SqliteConnection) {
  return {
    insertEvent: connection.prepare(
      'INSERT INTO ops_events (at, kind, subject, status, correlation_id, duration_ms, data) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    newestId: connection.prepare('SELECT max(id) AS id FROM ops_events'),
    pruneOld: connection.prepare('DELETE FROM ops_events WHERE at < ?'),
    nthNewest: connection.prepare('SELECT id FROM ops_events ORDER BY id DESC LIMIT 1 OFFSET ?'),
    pruneOver: connection.prepare('DELETE FROM ops_events WHERE id < ?'),
    pruneIncidents: connection.prepare('DELETE FROM ops_incidents WHERE resolved_at IS NOT NULL AND resolved_at < ?'),
    // The latest snapshot of each name is kept however old, so health() always knows every component.
    pruneSnapshots: connection.prepare('DELETE FROM ops_health WHERE at < ? AND id NOT IN (SELECT max(id) FROM ops_health GROUP BY name)'),
    insertHealth: connection.prepare('INSERT INTO ops_health (name, at, status, details) VALUES (?, ?, ?, ?)'),
    latestHealth: connection.prepare(
      'SELECT name, at, status, details FROM ops_health WHERE id IN (SELECT max(id) FROM ops_health GROUP BY name) ORDER BY name',
    ),
  };
}
