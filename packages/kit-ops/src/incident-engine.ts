import type { SqliteConnection } from './database.js';
import { describeValue, KitOpsError } from './kit-ops-error.js';
import type { OpsEvent, OpsEventKind, OpsIncident, OpsIncidentRule } from './types.js';

/** An incident as a row of `ops_incidents`. */
export interface IncidentRow {
  id: number;
  rule: string;
  subject: string;
  kind: string;
  opened_at: number;
  resolved_at: number | null;
  event_count: number;
  last_event_at: number;
}

/** An incident from its row. */
export function decodeIncident(row: IncidentRow): OpsIncident {
  const incident: OpsIncident = {
    id: row.id,
    rule: row.rule,
    subject: row.subject,
    kind: row.kind as OpsEventKind,
    openedAt: new Date(row.opened_at).toISOString(),
    eventCount: row.event_count,
    lastEventAt: new Date(row.last_event_at).toISOString(),
  };
  if (row.resolved_at !== null) incident.resolvedAt = new Date(row.resolved_at).toISOString();
  return incident;
}

/** Checks the rules of `createOpsStore` and fills in their defaults. */
export function checkRules(rules: unknown): OpsIncidentRule[] {
  if (rules === undefined) return [];
  const fail = (message: string) => new KitOpsError('invalid_config', `createOpsStore: ${message}`);
  if (!Array.isArray(rules)) throw fail(`rules must be an array of incident rules, got ${describeValue(rules)}`);
  const names = new Set<string>();
  return rules.map((rule: OpsIncidentRule, index) => {
    const at = `rules[${index}]`;
    if (typeof rule?.name !== 'string' || rule.name.trim() === '')
      throw fail(`${at}.name must be a non-empty string, got ${describeValue(rule?.name)}`);
    if (names.has(rule.name)) throw fail(`${at}.name "${rule.name}" is used by an earlier rule; give each rule a distinct name`);
    names.add(rule.name);
    if (typeof rule.match !== 'function' && (typeof rule.match !== 'object' || rule.match === null)) {
      throw fail(
        `${at}.match must be a function of the event or an object such as { kind: 'job.run', status: 'error' }, got ${describeValue(rule.match)}`,
      );
    }
    const count = rule.open?.count;
    if (!(Number.isInteger(count) && (count as number) > 0))
      throw fail(`${at}.open.count must be a positive integer, got ${describeValue(count)}`);
    const withinMs = rule.open?.withinMs;
    if (!(typeof withinMs === 'number' && Number.isFinite(withinMs) && withinMs >= 0))
      throw fail(`${at}.open.withinMs must be a number of milliseconds of 0 or more, got ${describeValue(withinMs)}`);
    const resolve = rule.resolve ?? { onSuccess: true };
    if (resolve.quietMs !== undefined && !(Number.isFinite(resolve.quietMs) && resolve.quietMs > 0)) {
      throw fail(`${at}.resolve.quietMs must be a positive number of milliseconds, got ${describeValue(resolve.quietMs)}`);
    }
    if (resolve.quietMs === undefined && resolve.onSuccess !== true)
      throw fail(`${at}.resolve must set quietMs or onSuccess: true, or the incident could never resolve`);
    return { ...rule, resolve };
  });
}

function matches(rule: OpsIncidentRule, event: OpsEvent): boolean {
  const { match } = rule;
  if (typeof match === 'function') return match(event) === true;
  return (
    (match.kind === undefined || match.kind === event.kind) &&
    (match.status === undefined || match.status === event.status) &&
    (match.subject === undefined || match.subject === event.subject)
  );
}

/**
 * Opens and resolves incidents as events arrive. Open incidents are read from the file at start, so an
 * incident opened before a restart keeps counting and resolves after it; the sliding windows of events
 * that have not opened an incident yet are rebuilt from the file's recent events. Several processes may
 * share a file: an incident is opened once (a process about to open one joins the open one instead),
 * counted by all, and resolved by the success any of them records. Each process keeps its own windows,
 * so a threshold counts the events of one process, and quiet times are checked by the processes that
 * know the incident (the one that opened or joined it, or one started after).
 */
export class IncidentEngine {
  readonly #rules: readonly OpsIncidentRule[];
  readonly #connection: SqliteConnection;
  /** Times of recent matching events per rule and subject, not yet enough to open an incident. */
  readonly #windows = new Map<string, number[]>();
  /** Open incidents per rule and subject. */
  readonly #open = new Map<string, IncidentRow>();
  readonly #insert;
  readonly #count;
  readonly #close;
  readonly #findOpen;

  constructor(connection: SqliteConnection, rules: readonly OpsIncidentRule[]) {
    this.#connection = connection;
    this.#rules = rules;
    this.#insert = connection.prepare(
      'INSERT INTO ops_incidents (rule, subject, kind, opened_at, event_count, last_event_at) VALUES (?, ?, ?, ?, ?, ?)',
    );
    // Counting and resolving only touch an incident still open in the file: another process sharing it
    // may have resolved it meanwhile, and its counts add up with ours.
    this.#count = connection.prepare(
      'UPDATE ops_incidents SET event_count = event_count + 1, last_event_at = max(last_event_at, ?) WHERE id = ? AND resolved_at IS NULL RETURNING event_count, last_event_at',
    );
    this.#close = connection.prepare('UPDATE ops_incidents SET resolved_at = ? WHERE id = ? AND resolved_at IS NULL');
    this.#findOpen = connection.prepare(
      'SELECT * FROM ops_incidents WHERE rule = ? AND subject = ? AND resolved_at IS NULL ORDER BY id LIMIT 1',
    );
    const open = connection.prepare('SELECT * FROM ops_incidents WHERE resolved_at IS NULL ORDER BY id').all() as IncidentRow[];
    for (const row of open) this.#open.set(key(row.rule, row.subject), row);
  }

  /** Whether any rule exists (the store skips the work otherwise). */
  get active(): boolean {
    return this.#rules.length > 0;
  }

  /** Whether some rule resolves by quiet time (the store then checks on a timer). */
  get hasQuietRules(): boolean {
    return this.#rules.some((rule) => rule.resolve?.quietMs !== undefined);
  }

  /** The longest window of any rule, to know how far back to replay events at start. */
  get longestWindowMs(): number {
    return Math.max(0, ...this.#rules.map((rule) => rule.open.withinMs));
  }

  /** Feeds a past event into the windows only (no incident is opened): used to rebuild them at start. */
  replay(event: OpsEvent): void {
    const at = Date.parse(event.at);
    for (const rule of this.#rules) {
      const id = key(rule.name, event.subject);
      if (this.#open.has(id) || !safeMatch(rule, event)) continue;
      this.#push(rule, id, at);
    }
  }

  /** Applies one recorded event; runs inside the transaction that recorded it. */
  apply(event: OpsEvent): void {
    const at = Date.parse(event.at);
    for (const rule of this.#rules) {
      const id = key(rule.name, event.subject);
      const open = this.#open.get(id);
      if (safeMatch(rule, event)) {
        if (open) {
          const counted = this.#count.get(at, open.id) as { event_count: number; last_event_at: number } | undefined;
          if (counted) {
            open.event_count = counted.event_count;
            open.last_event_at = counted.last_event_at;
            continue;
          }
          // Resolved by another process: this event starts counting afresh.
          this.#open.delete(id);
        }
        const window = this.#push(rule, id, at);
        if (window.length >= rule.open.count) {
          // Another process sharing the file may have opened this incident already: count into it.
          const existing = this.#findOpen.get(rule.name, event.subject) as IncidentRow | undefined;
          if (existing) {
            this.#open.set(id, existing);
            this.#windows.delete(id);
            const counted = this.#count.get(at, existing.id) as { event_count: number; last_event_at: number };
            existing.event_count = counted.event_count;
            existing.last_event_at = counted.last_event_at;
            continue;
          }
          const opened = Math.max(...window);
          const result = this.#insert.run(rule.name, event.subject, event.kind, opened, window.length, opened);
          this.#open.set(id, {
            id: Number(result.lastInsertRowid),
            rule: rule.name,
            subject: event.subject,
            kind: event.kind,
            opened_at: opened,
            resolved_at: null,
            event_count: window.length,
            last_event_at: opened,
          });
          this.#windows.delete(id);
        }
      } else if (open && rule.resolve?.onSuccess && event.status === 'ok' && event.kind === open.kind) {
        this.#resolve(id, open, at);
      } else if (!open && rule.resolve?.onSuccess && event.status === 'ok') {
        // A success ends a run of failures: the window starts again, and an incident another process
        // sharing the file opened for this subject is resolved.
        this.#windows.delete(id);
        const elsewhere = this.#findOpen.get(rule.name, event.subject) as IncidentRow | undefined;
        if (elsewhere && elsewhere.kind === event.kind) this.#close.run(at, elsewhere.id);
      }
    }
  }

  /** Resolves the incidents whose rule's quiet time has passed at `now`, at the end of that quiet time. */
  resolveQuiet(now: number): void {
    const quiet = new Map(this.#rules.map((rule) => [rule.name, rule.resolve?.quietMs]));
    const due = [...this.#open].filter(([, row]) => {
      const quietMs = quiet.get(row.rule);
      return quietMs !== undefined && now >= row.last_event_at + quietMs;
    });
    if (due.length === 0) return;
    this.#connection.transaction(() => {
      for (const [id, row] of due) this.#resolve(id, row, row.last_event_at + (quiet.get(row.rule) ?? 0));
    })();
    // Windows whose events are all older than their rule's window can go.
    const within = new Map(this.#rules.map((rule) => [rule.name, rule.open.withinMs]));
    for (const [id, times] of this.#windows) {
      const rule = id.slice(0, id.indexOf('\u0000'));
      if (times.every((time) => time < now - (within.get(rule) ?? 0))) this.#windows.delete(id);
    }
  }

  #resolve(id: string, row: IncidentRow, at: number): void {
    this.#close.run(at, row.id);
    this.#open.delete(id);
  }

  #push(rule: OpsIncidentRule, id: string, at: number): number[] {
    const window = (this.#windows.get(id) ?? []).filter((time) => time >= at - rule.open.withinMs);
    window.push(at);
    this.#windows.set(id, window);
    return window;
  }
}

function key(rule: string, subject: string): string {
  return `${rule}\u0000${subject}`;
}

/** A predicate that throws must not lose the event: it counts as no match. */
function safeMatch(rule: OpsIncidentRule, event: OpsEvent): boolean {
  try {
    return matches(rule, event);
  } catch {
    return false;
  }
}
