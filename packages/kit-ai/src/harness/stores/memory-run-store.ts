import { randomUUID } from 'node:crypto';
import { KitAIError } from '../../errors/kit-ai-error.js';
import type {
  ArtifactRecord,
  ClaimedRun,
  ClaimOptions,
  NewArtifact,
  NewRun,
  NewRunEvent,
  RunCondition,
  RunEvent,
  RunPage,
  RunPatch,
  RunQuery,
  RunRecord,
  RunStore,
} from '../types.js';

const defaultPageSize = 50;
const maxPageSize = 500;
const defaultEventLimit = 1000;

/** The fields of a run that `null` in a patch clears. */
const clearable = ['checkpoint', 'result', 'next', 'requested', 'pendingApproval', 'lease'] as const;

interface StoredArtifact {
  record: ArtifactRecord;
  data: Uint8Array;
}

/**
 * A `RunStore` in the memory of one process: for tests, scripts and a harness whose runs need not
 * outlive it. Every record goes in and comes out as a JSON copy, so a caller that changes what it got
 * changes nothing in the store, and what survives the copy is exactly what a database store keeps.
 * Each method does its work before its first `await`, so claims and conditional writes are atomic
 * within the process. Workers on several processes or machines need a shared store such as
 * `kitDbRunStore` of `@kit/kit-db`.
 *
 * @example
 * ```ts
 * import { MemoryRunStore } from '@kit/kit-ai';
 *
 * const store = new MemoryRunStore();
 * await store.createRun({ id: 'run-1', goal: 'Summarise the report', metadata: {}, next: { kind: 'start' } });
 * const claimed = await store.claimRun({ owner: 'worker-1', leaseMs: 30_000 });
 * console.log(claimed?.run.status); // running
 * ```
 */
export class MemoryRunStore implements RunStore {
  readonly #runs = new Map<string, RunRecord>();
  readonly #events = new Map<string, RunEvent[]>();
  readonly #artifacts = new Map<string, StoredArtifact[]>();
  #closed = false;

  async createRun(run: NewRun): Promise<RunRecord> {
    this.#checkOpen('createRun');
    if (this.#runs.has(run.id))
      throw new KitAIError('run_exists', `MemoryRunStore: a run with id ${JSON.stringify(run.id)} exists already.`);
    const now = new Date().toISOString();
    const first = storable(
      (run.events ?? []).map((event, index): RunEvent => ({ ...event, runId: run.id, sequence: index + 1 })),
      'createRun',
    );
    const record: RunRecord = {
      id: run.id,
      goal: run.goal,
      status: 'queued',
      metadata: storable(run.metadata, 'createRun'),
      createdAt: now,
      updatedAt: now,
      next: storable(run.next, 'createRun'),
      attempts: 0,
      lastSequence: first.length,
    };
    this.#runs.set(run.id, record);
    this.#events.set(run.id, first);
    this.#artifacts.set(run.id, []);
    return jsonCopy(record);
  }

  async getRun(runId: string): Promise<RunRecord | undefined> {
    this.#checkOpen('getRun');
    const run = this.#runs.get(runId);
    return run === undefined ? undefined : jsonCopy(run);
  }

  async listRuns(query: RunQuery = {}): Promise<RunPage> {
    this.#checkOpen('listRuns');
    const statuses = query.status === undefined ? undefined : ([] as string[]).concat(query.status);
    const limit = pageSize(query.limit);
    const after = query.cursor === undefined ? undefined : decodeCursor(query.cursor);
    const matching = [...this.#runs.values()]
      .filter((run) => statuses === undefined || statuses.includes(run.status))
      .sort((a, b) => -compareAge(a, b))
      .filter((run) => after === undefined || compareAge(run, after) < 0);
    const runs = matching.slice(0, limit).map((run) => jsonCopy(run));
    const last = runs[runs.length - 1];
    return matching.length > limit && last !== undefined ? { runs, nextCursor: encodeCursor(last) } : { runs };
  }

  async updateRun(runId: string, patch: RunPatch, condition?: RunCondition): Promise<RunRecord | undefined> {
    this.#checkOpen('updateRun');
    const run = this.#existingRun(runId, 'updateRun');
    if (!holds(run, condition)) return undefined;
    // Copied first: a value that cannot be stored as JSON must leave the run as it was (#append copies
    // the events before it stores any).
    const { events = [], ...fields } = patch;
    const changes = storable(fields, 'updateRun');
    this.#append(run, events, 'updateRun');
    if (changes.status !== undefined) run.status = changes.status;
    for (const field of clearable) {
      const value = changes[field];
      if (value === null) delete run[field];
      else if (value !== undefined) (run as unknown as Record<string, unknown>)[field] = value;
    }
    run.updatedAt = new Date().toISOString();
    return jsonCopy(run);
  }

  async appendEvents(runId: string, events: readonly NewRunEvent[], condition?: RunCondition): Promise<RunEvent[] | undefined> {
    this.#checkOpen('appendEvents');
    const run = this.#existingRun(runId, 'appendEvents');
    if (!holds(run, condition)) return undefined;
    return jsonCopy(this.#append(run, events, 'appendEvents'));
  }

  async readEvents(runId: string, options: { after?: number; limit?: number } = {}): Promise<RunEvent[]> {
    this.#checkOpen('readEvents');
    const after = options.after ?? 0;
    const limit = options.limit ?? defaultEventLimit;
    const events = this.#events.get(runId) ?? [];
    // Sequences are 1, 2, 3...: the events after `after` start at index `after`.
    return jsonCopy(events.slice(Math.max(0, after), Math.max(0, after) + Math.max(0, limit)));
  }

  async claimRun(options: ClaimOptions): Promise<ClaimedRun | undefined> {
    this.#checkOpen('claimRun');
    const now = Date.now();
    const claimable = (run: RunRecord): boolean =>
      run.status === 'queued' || (run.status === 'running' && (run.lease === undefined || Date.parse(run.lease.expiresAt) <= now));
    let run: RunRecord | undefined;
    if (options.runId !== undefined) {
      const target = this.#runs.get(options.runId);
      run = target !== undefined && claimable(target) ? target : undefined;
    } else {
      run = [...this.#runs.values()].filter(claimable).sort(compareAge)[0];
    }
    if (run === undefined) return undefined;
    const reclaimed = run.status === 'running';
    run.status = 'running';
    run.lease = { owner: options.owner, expiresAt: new Date(now + options.leaseMs).toISOString() };
    run.attempts += 1;
    run.updatedAt = new Date(now).toISOString();
    return { run: jsonCopy(run), reclaimed };
  }

  async renewLease(runId: string, owner: string, leaseMs: number): Promise<boolean> {
    this.#checkOpen('renewLease');
    const run = this.#runs.get(runId);
    if (run?.lease?.owner !== owner) return false;
    run.lease = { owner, expiresAt: new Date(Date.now() + leaseMs).toISOString() };
    return true;
  }

  async saveArtifact(runId: string, artifact: NewArtifact): Promise<ArtifactRecord> {
    this.#checkOpen('saveArtifact');
    this.#existingRun(runId, 'saveArtifact');
    const record: ArtifactRecord = {
      id: randomUUID(),
      runId,
      name: artifact.name,
      contentType: artifact.contentType,
      size: artifact.data.byteLength,
      createdAt: new Date().toISOString(),
    };
    this.#artifacts.get(runId)!.push({ record, data: Uint8Array.from(artifact.data) });
    return { ...record };
  }

  async readArtifact(runId: string, artifactId: string): Promise<{ artifact: ArtifactRecord; data: Uint8Array } | undefined> {
    this.#checkOpen('readArtifact');
    const stored = this.#artifacts.get(runId)?.find((candidate) => candidate.record.id === artifactId);
    return stored === undefined ? undefined : { artifact: { ...stored.record }, data: Uint8Array.from(stored.data) };
  }

  async listArtifacts(runId: string): Promise<ArtifactRecord[]> {
    this.#checkOpen('listArtifacts');
    return (this.#artifacts.get(runId) ?? []).map((stored) => ({ ...stored.record }));
  }

  async close(): Promise<void> {
    this.#closed = true;
  }

  /** Numbers events after the run's last one and stores copies of them; a failing copy stores none. */
  #append(run: RunRecord, events: readonly NewRunEvent[], operation: string): RunEvent[] {
    const numbered = storable(
      events.map((event, index): RunEvent => ({ ...event, runId: run.id, sequence: run.lastSequence + index + 1 })),
      operation,
    );
    this.#events.get(run.id)!.push(...numbered);
    run.lastSequence += numbered.length;
    return numbered;
  }

  #checkOpen(operation: string): void {
    if (this.#closed) throw new KitAIError('store_failed', `MemoryRunStore: ${operation} failed: the run store is closed.`);
  }

  #existingRun(runId: string, operation: string): RunRecord {
    const run = this.#runs.get(runId);
    if (run === undefined)
      throw new KitAIError('run_not_found', `MemoryRunStore: ${operation}: no run has the id ${JSON.stringify(runId)}.`);
    return run;
  }
}

/** A copy through JSON: what a database store would hand back, and never the stored object itself. */
function jsonCopy<T>(value: T): T {
  return JSON.parse(JSON.stringify(value)) as T;
}

/** A JSON copy of a value to store; `store_failed` when it is not JSON (a BigInt, a cycle), as a database store would refuse it. */
function storable<T>(value: T, operation: string): T {
  try {
    return jsonCopy(value);
  } catch (error) {
    throw new KitAIError('store_failed', `MemoryRunStore: ${operation} failed: the value cannot be stored as JSON (${String(error)}).`, {
      cause: error,
    });
  }
}

/** Whether a write's condition holds for the run. */
function holds(run: RunRecord, condition: RunCondition | undefined): boolean {
  if (condition?.leaseOwner !== undefined && run.lease?.owner !== condition.leaseOwner) return false;
  if (condition?.status !== undefined && !condition.status.includes(run.status)) return false;
  return true;
}

/** Oldest first: by creation time, then by id for runs created in the same millisecond. */
function compareAge(a: { createdAt: string; id: string }, b: { createdAt: string; id: string }): number {
  const byTime = Date.parse(a.createdAt) - Date.parse(b.createdAt);
  if (byTime !== 0) return byTime;
  return a.id < b.id ? -1 : a.id > b.id ? 1 : 0;
}

function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return defaultPageSize;
  return Math.min(maxPageSize, Math.max(1, Math.floor(limit)));
}

function encodeCursor(run: RunRecord): string {
  return Buffer.from(JSON.stringify([run.createdAt, run.id])).toString('base64url');
}

function decodeCursor(cursor: string): { createdAt: string; id: string } {
  try {
    const [createdAt, id] = JSON.parse(Buffer.from(cursor, 'base64url').toString('utf8')) as unknown[];
    if (typeof createdAt === 'string' && typeof id === 'string') return { createdAt, id };
  } catch {
    // Reported below, as any other cursor this store did not make.
  }
  throw new KitAIError(
    'invalid_arguments',
    `MemoryRunStore: listRuns: the cursor ${JSON.stringify(cursor)} is not a nextCursor of listRuns.`,
  );
}
