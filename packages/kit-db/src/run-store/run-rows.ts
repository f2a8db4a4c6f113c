import type { ArtifactRecord, JsonObject, NewRunEvent, RunCondition, RunEvent, RunPatch, RunRecord, RunStatus } from '@kit/kit-ai';
import { runStoreColumns, runStoreTables } from './run-store-schema.js';

/** A row as the drivers return it: bigints may be strings (PostgreSQL), bytes Buffers or ArrayBuffers. */
export type Row = Record<string, unknown>;

/** The run columns a read selects, in SQL. */
export const runColumnList = runStoreColumns[runStoreTables.runs].join(', ');

/** Artifact columns but the bytes, for listings. */
export const artifactColumnList = runStoreColumns[runStoreTables.artifacts].filter((column) => column !== 'data').join(', ');

/**
 * JSON text of a value to store. A value JSON cannot hold (a BigInt, a cycle) is refused before
 * anything is written, naming what it was.
 */
export function jsonText(value: unknown, what: string): string {
  try {
    return JSON.stringify(value);
  } catch (error) {
    throw new Error(`${what} cannot be stored as JSON (${String(error)})`, { cause: error });
  }
}

function parsed<T>(value: unknown): T {
  return JSON.parse(String(value)) as T;
}

/** An ISO time from the milliseconds a time column holds. */
export function isoTime(value: unknown): string {
  return new Date(Number(value)).toISOString();
}

/**
 * Sets a large JSON field that is parsed when first read: a writer that only looks at the run's status
 * after a write (the harness, after every checkpoint) does not pay for parsing the checkpoint it just
 * wrote. The field is an ordinary data property once read or assigned.
 */
function parsedOnRead(run: RunRecord, field: 'checkpoint' | 'result', text: unknown): void {
  const settle = (value: unknown): void => {
    Object.defineProperty(run, field, { value, writable: true, enumerable: true, configurable: true });
  };
  Object.defineProperty(run, field, {
    enumerable: true,
    configurable: true,
    get() {
      const value: unknown = parsed(text);
      settle(value);
      return value;
    },
    set: settle,
  });
}

/** The run a row of `kit_runs` holds. JSON columns are parsed, so the record is the caller's own copy. */
export function runFromRow(row: Row): RunRecord {
  const run: RunRecord = {
    id: String(row.id),
    goal: parsed<string>(row.goal),
    status: String(row.status) as RunStatus,
    metadata: parsed<JsonObject>(row.metadata),
    createdAt: isoTime(row.created_at),
    updatedAt: isoTime(row.updated_at),
    attempts: Number(row.attempts),
    lastSequence: Number(row.last_sequence),
  };
  if (row.checkpoint !== null && row.checkpoint !== undefined) parsedOnRead(run, 'checkpoint', row.checkpoint);
  if (row.result !== null && row.result !== undefined) parsedOnRead(run, 'result', row.result);
  if (row.continuation !== null && row.continuation !== undefined) run.next = parsed(row.continuation);
  if (row.requested !== null && row.requested !== undefined) run.requested = String(row.requested) as 'pause' | 'cancel';
  if (row.pending_approval !== null && row.pending_approval !== undefined) run.pendingApproval = parsed(row.pending_approval);
  if (row.lease_owner !== null && row.lease_owner !== undefined) {
    run.lease = { owner: String(row.lease_owner), expiresAt: isoTime(row.lease_expires_at) };
  }
  return run;
}

/** The columns a patch sets; `null` clears. */
export function patchColumns(patch: RunPatch): Row {
  const columns: Row = {};
  const json = (value: unknown, what: string) => (value === null ? null : jsonText(value, what));
  if (patch.status !== undefined) columns.status = patch.status;
  if (patch.checkpoint !== undefined) columns.checkpoint = json(patch.checkpoint, 'the checkpoint');
  if (patch.result !== undefined) columns.result = json(patch.result, 'the result');
  if (patch.next !== undefined) columns.continuation = json(patch.next, 'next');
  if (patch.requested !== undefined) columns.requested = patch.requested;
  if (patch.pendingApproval !== undefined) columns.pending_approval = json(patch.pendingApproval, 'the pending approval');
  if (patch.lease !== undefined) {
    columns.lease_owner = patch.lease === null ? null : patch.lease.owner;
    columns.lease_expires_at = patch.lease === null ? null : Date.parse(patch.lease.expiresAt);
    if (Number.isNaN(columns.lease_expires_at))
      throw new Error(`lease.expiresAt ${JSON.stringify(patch.lease?.expiresAt)} is not an ISO time`);
  }
  return columns;
}

/** Whether a write's condition holds for the run's status and lease owner. */
export function conditionHolds(run: Row, condition: RunCondition | undefined): boolean {
  if (condition?.leaseOwner !== undefined && run.lease_owner !== condition.leaseOwner) return false;
  if (condition?.status !== undefined && !condition.status.includes(run.status as RunStatus)) return false;
  return true;
}

/** The row of an event to append, numbered. */
export function eventRow(runId: string, event: NewRunEvent, sequence: number): Row {
  return { run_id: runId, seq: sequence, type: event.type, at: event.at, data: jsonText(event.data, `the data of a ${event.type} event`) };
}

/** The event a row of `kit_run_events` holds. */
export function eventFromRow(row: Row): RunEvent {
  return { type: row.type, at: String(row.at), data: parsed(row.data), runId: String(row.run_id), sequence: Number(row.seq) } as RunEvent;
}

/** The artifact a row of `kit_run_artifacts` describes. */
export function artifactFromRow(row: Row): ArtifactRecord {
  return {
    id: String(row.id),
    runId: String(row.run_id),
    name: parsed<string>(row.name),
    contentType: String(row.content_type),
    size: Number(row.size),
    createdAt: isoTime(row.created_at),
  };
}

/** Bytes as the drivers return a BLOB (Buffer, or ArrayBuffer from libSQL), copied into a plain Uint8Array. */
export function bytesOf(value: unknown): Uint8Array {
  if (value instanceof ArrayBuffer) return new Uint8Array(value.slice(0));
  if (ArrayBuffer.isView(value)) return new Uint8Array(value.buffer.slice(value.byteOffset, value.byteOffset + value.byteLength));
  throw new Error(`the artifact's bytes came back as ${typeof value}, not a BLOB`);
}
