import { randomUUID } from 'node:crypto';
import type { RunStore, RunStatus } from '@kit/kit-ai';
import { KitDbError } from '../errors/kit-db-error.js';
import type { KitDatabase } from '../database/types.js';
import { retryDeadlocks } from './retry-deadlocks.js';
import { decodeRunCursor, encodeRunCursor } from './run-cursor.js';
import { readClock, rowLock, serverNow } from './run-store-clock.js';
import { runStoreError, storeFailure } from './run-store-errors.js';
import {
  artifactColumnList,
  artifactFromRow,
  bytesOf,
  conditionHolds,
  eventFromRow,
  eventRow,
  jsonText,
  patchColumns,
  runColumnList,
  runFromRow,
  type Row,
} from './run-rows.js';
import { runStoreTables } from './run-store-schema.js';
import { execute, sql, type Statement } from './statement.js';
import { checkRunStoreTables, createRunStoreTables } from './run-store-tables.js';
import { runStoreOnFirstUse } from './run-store-on-first-use.js';

/** Options of `kitDbRunStore`. */
export interface KitDbRunStoreOptions {
  /**
   * Create the run store's tables when they are missing, before the first call: for scripts, tests
   * and prototypes. An app adds them to its migrations instead (`writeRunStoreMigration`), so
   * `kit db:push` creates them with the rest. Default `false`: the first call checks that they
   * exist and fails with `store_failed` naming the missing table and both fixes.
   */
  readonly createTables?: boolean;
}

const defaultPageSize = 50;
const maxPageSize = 500;
const defaultEventLimit = 1000;
// Rows per INSERT: far under every driver's limit on parameters (SQLite's 32766 is the lowest).
const rowsPerInsert = 200;

const runs = sql.raw(runStoreTables.runs);
const events = sql.raw(runStoreTables.events);
const artifacts = sql.raw(runStoreTables.artifacts);
const nothing = sql.raw('');

/**
 * A `RunStore` of `@kit/kit-ai`'s harness on a kit-db database (SQLite, libSQL, PostgreSQL, MySQL or
 * MariaDB), so that workers on several processes or machines share runs, their events and their
 * artifacts. Claims take the run row with `FOR UPDATE SKIP LOCKED` on the servers (a SQLite write
 * transaction holds the file's lock), so two workers never get the same run while its lease holds;
 * leases are timed by the database server's clock, so machines whose clocks differ still agree.
 * Conditional writes and event numbering happen in one transaction that locks the run row.
 *
 * The tables (`kit_runs`, `kit_run_events`, `kit_run_artifacts`) come from the app's migrations
 * (`writeRunStoreMigration`), or from `{ createTables: true }`. Errors are kit-ai's `KitAIError`:
 * `run_exists`, `run_not_found`, and `store_failed` naming `kitDbRunStore`, the operation and the
 * cause (the database down, a missing table). `close()` ends the store, not the database.
 *
 * `db` may also be a function that opens the database (`() => db()` of an app that opens it with the
 * first request): the store then opens it with its first call, so creating the store touches no data.
 *
 * @example
 * ```ts
 * import { createDatabase, kitDbRunStore } from '@kit/kit-db';
 *
 * const db = await createDatabase({ provider: 'sqlite', url: 'runs.db', models: [] });
 * const store = kitDbRunStore(db, { createTables: true });
 * await store.createRun({ id: 'run-1', goal: 'Summarise the report', metadata: {}, next: { kind: 'start' } });
 * const claimed = await store.claimRun({ owner: 'worker-1', leaseMs: 30_000 });
 * console.log(claimed?.run.status); // running
 * ```
 */
export function kitDbRunStore(db: KitDatabase | (() => Promise<KitDatabase>), options: KitDbRunStoreOptions = {}): RunStore {
  if (typeof db === 'function') return runStoreOnFirstUse(async () => kitDbRunStore(await db(), options));
  const dialect = db.dialect.name;
  const server = serverNow(dialect);
  let ready: Promise<void> | undefined;
  let closed = false;

  /** The tables are created or checked once, before the first call; a failure is tried again by the next. */
  const prepare = (): Promise<void> => {
    ready ??= (async () => {
      if (options.createTables === true) await createRunStoreTables(db);
      await checkRunStoreTables(db);
    })().catch((error: unknown) => {
      ready = undefined;
      throw error;
    });
    return ready;
  };

  const operation = async <T>(name: string, work: () => Promise<T>): Promise<T> => {
    if (closed) throw await runStoreError('store_failed', `${name} failed: the run store is closed.`);
    try {
      await prepare();
      return await work();
    } catch (error) {
      throw await storeFailure(error, name, db.provider);
    }
  };

  const notFound = (name: string, runId: string) => runStoreError('run_not_found', `${name}: no run has the id ${JSON.stringify(runId)}.`);

  /** The run's row, locked until the transaction ends, with the store's clock read in the same statement. */
  const lockRun = async (tx: KitDatabase, runId: string, columns: string): Promise<{ row: Row; now: number } | undefined> => {
    const clock = server === undefined ? nothing : sql`, ${server} AS now_ms`;
    const { rows } = await execute(tx, sql`SELECT ${sql.raw(columns)}${clock} FROM ${runs} WHERE id = ${runId}${rowLock(dialect)}`);
    const row = rows[0];
    if (row === undefined) return undefined;
    return { row, now: server === undefined ? Date.now() : Number(row.now_ms) };
  };

  return {
    createRun: (run) =>
      operation('createRun', async () => {
        const now = await readClock(db);
        const eventRows = (run.events ?? []).map((event, index) => eventRow(run.id, event, index + 1));
        const row: Row = {
          id: run.id,
          goal: jsonText(run.goal, 'goal'),
          status: 'queued',
          metadata: jsonText(run.metadata, 'metadata'),
          continuation: jsonText(run.next, 'next'),
          attempts: 0,
          last_sequence: eventRows.length,
          created_at: now,
          updated_at: now,
        };
        try {
          if (eventRows.length === 0) await insertRows(db, runs, [row]);
          else
            await db.transaction(async (tx) => {
              await insertRows(tx, runs, [row]);
              await insertEvents(tx, run.id, 0, eventRows);
            });
        } catch (error) {
          if (error instanceof KitDbError && error.code === 'constraint_violation' && error.constraint === 'unique')
            throw await runStoreError('run_exists', `createRun: a run with the id ${JSON.stringify(run.id)} exists already.`, error);
          throw error;
        }
        return runFromRow(row);
      }),

    getRun: (runId) =>
      operation('getRun', async () => {
        const { rows } = await execute(db, sql`SELECT ${sql.raw(runColumnList)} FROM ${runs} WHERE id = ${runId}`);
        return rows[0] === undefined ? undefined : runFromRow(rows[0]);
      }),

    listRuns: (query = {}) =>
      operation('listRuns', async () => {
        const limit = pageSize(query.limit);
        const conditions: Statement[] = [];
        const statuses: readonly RunStatus[] =
          query.status === undefined ? [] : typeof query.status === 'string' ? [query.status] : query.status;
        if (statuses.length > 0)
          conditions.push(
            sql`status IN (${sql.join(
              statuses.map((status) => sql`${status}`),
              sql`, `,
            )})`,
          );
        if (query.cursor !== undefined) {
          const after = decodeRunCursor(query.cursor);
          if (after === undefined)
            throw await runStoreError(
              'invalid_arguments',
              `listRuns: the cursor ${JSON.stringify(query.cursor)} is not a nextCursor of listRuns.`,
            );
          conditions.push(sql`(created_at < ${after.createdAt} OR (created_at = ${after.createdAt} AND id < ${after.id}))`);
        }
        const where = conditions.length === 0 ? nothing : sql` WHERE ${sql.join(conditions, sql` AND `)}`;
        // One run more than the page tells whether another page follows.
        const { rows } = await execute(
          db,
          sql`SELECT ${sql.raw(runColumnList)} FROM ${runs}${where} ORDER BY created_at DESC, id DESC LIMIT ${sql.raw(String(limit + 1))}`,
        );
        const page = rows.slice(0, limit);
        const last = page[page.length - 1];
        const found = page.map(runFromRow);
        return rows.length > limit && last !== undefined
          ? { runs: found, nextCursor: encodeRunCursor({ createdAt: Number(last.created_at), id: String(last.id) }) }
          : { runs: found };
      }),

    updateRun: (runId, patch, condition) =>
      operation('updateRun', async () => {
        // Turned into columns and rows first: a value that is not JSON fails the call before the transaction.
        const columns = patchColumns(patch);
        const eventRows = (patch.events ?? []).map((event, index) => eventRow(runId, event, index + 1));
        return retryDeadlocks(() =>
          db.transaction(async (tx) => {
            const locked = await lockRun(tx, runId, runColumnList);
            if (locked === undefined) throw await notFound('updateRun', runId);
            if (!conditionHolds(locked.row, condition)) return undefined;
            const lastSequence = await insertEvents(tx, runId, Number(locked.row.last_sequence), eventRows);
            const changes = { ...columns, last_sequence: lastSequence, updated_at: locked.now };
            await updateRun(tx, runId, changes);
            return runFromRow({ ...locked.row, ...changes });
          }),
        );
      }),

    appendEvents: (runId, newEvents, condition) =>
      operation('appendEvents', async () => {
        const rows = newEvents.map((event, index) => eventRow(runId, event, index + 1));
        return retryDeadlocks(() =>
          db.transaction(async (tx) => {
            const locked = await lockRun(tx, runId, 'status, lease_owner, last_sequence');
            if (locked === undefined) throw await notFound('appendEvents', runId);
            if (!conditionHolds(locked.row, condition)) return undefined;
            const last = Number(locked.row.last_sequence);
            const lastSequence = await insertEvents(tx, runId, last, rows);
            if (lastSequence !== last) await updateRun(tx, runId, { last_sequence: lastSequence });
            return rows.map((row) => eventFromRow({ ...row, seq: last + Number(row.seq) }));
          }),
        );
      }),

    readEvents: (runId, { after = 0, limit = defaultEventLimit } = {}) =>
      operation('readEvents', async () => {
        const count = Math.max(0, Math.floor(limit));
        if (count === 0) return [];
        const { rows } = await execute(
          db,
          sql`SELECT run_id, seq, type, at, data FROM ${events} WHERE run_id = ${runId} AND seq > ${Math.floor(after)} ORDER BY seq LIMIT ${sql.raw(String(count))}`,
        );
        return rows.map(eventFromRow);
      }),

    claimRun: ({ owner, leaseMs, runId }) =>
      operation('claimRun', () =>
        retryDeadlocks(() =>
          db.transaction(async (tx) => {
            const processNow = Date.now();
            const now = server ?? sql`${processNow}`;
            const only = runId === undefined ? nothing : sql` AND id = ${runId}`;
            // The oldest claimable run that no other claimer has locked at this moment.
            const { rows } = await execute(
              tx,
              sql`SELECT ${sql.raw(runColumnList)}, ${now} AS now_ms FROM ${runs}
                  WHERE (status = 'queued' OR (status = 'running' AND (lease_expires_at IS NULL OR lease_expires_at <= ${now})))${only}
                  ORDER BY created_at, id LIMIT 1${rowLock(dialect, { skipLocked: true })}`,
            );
            const row = rows[0];
            if (row === undefined) return undefined;
            const at = server === undefined ? processNow : Number(row.now_ms);
            const changes: Row = {
              status: 'running',
              lease_owner: owner,
              lease_expires_at: at + leaseMs,
              attempts: Number(row.attempts) + 1,
              updated_at: at,
            };
            await updateRun(tx, String(row.id), changes);
            return { run: runFromRow({ ...row, ...changes }), reclaimed: row.status === 'running' };
          }),
        ),
      ),

    renewLease: (runId, owner, leaseMs) =>
      operation('renewLease', () =>
        retryDeadlocks(() =>
          db.transaction(async (tx) => {
            const locked = await lockRun(tx, runId, 'lease_owner');
            if (locked === undefined || locked.row.lease_owner !== owner) return false;
            await updateRun(tx, runId, { lease_expires_at: locked.now + leaseMs });
            return true;
          }),
        ),
      ),

    saveArtifact: (runId, artifact) =>
      operation('saveArtifact', async () => {
        const { rows } = await execute(db, sql`SELECT id FROM ${runs} WHERE id = ${runId}`);
        if (rows.length === 0) throw await notFound('saveArtifact', runId);
        const row: Row = {
          id: randomUUID(),
          run_id: runId,
          name: jsonText(artifact.name, 'the name'),
          content_type: artifact.contentType,
          size: artifact.data.byteLength,
          // A copy: the caller may reuse its buffer as soon as the call returns.
          data: Buffer.from(artifact.data),
          created_at: await readClock(db),
        };
        await insertRows(db, artifacts, [row]);
        return artifactFromRow(row);
      }),

    readArtifact: (runId, artifactId) =>
      operation('readArtifact', async () => {
        const { rows } = await execute(
          db,
          sql`SELECT ${sql.raw(artifactColumnList)}, data FROM ${artifacts} WHERE run_id = ${runId} AND id = ${artifactId}`,
        );
        const row = rows[0];
        return row === undefined ? undefined : { artifact: artifactFromRow(row), data: bytesOf(row.data) };
      }),

    listArtifacts: (runId) =>
      operation('listArtifacts', async () => {
        const { rows } = await execute(
          db,
          sql`SELECT ${sql.raw(artifactColumnList)} FROM ${artifacts} WHERE run_id = ${runId} ORDER BY created_at, id`,
        );
        return rows.map(artifactFromRow);
      }),

    close: async () => {
      closed = true;
    },
  };
}

async function insertRows(target: KitDatabase, table: Statement, rows: readonly Row[]): Promise<void> {
  const columns = Object.keys(rows[0]!);
  const values = rows.map(
    (row) =>
      sql`(${sql.join(
        columns.map((column) => sql`${row[column]}`),
        sql`, `,
      )})`,
  );
  await execute(target, sql`INSERT INTO ${table} (${sql.raw(columns.join(', '))}) VALUES ${sql.join(values, sql`, `)}`);
}

/**
 * Inserts event rows numbered 1, 2, ... after `last`, the run's last sequence read under the run row's
 * lock, so that concurrent appenders wait for each other and never share or skip a number. Returns
 * the new last sequence; the caller writes it to the run in the same transaction.
 */
async function insertEvents(tx: KitDatabase, runId: string, last: number, rows: readonly Row[]): Promise<number> {
  const numbered = rows.map((row) => ({ ...row, run_id: runId, seq: last + Number(row.seq) }));
  for (let start = 0; start < numbered.length; start += rowsPerInsert)
    await insertRows(tx, events, numbered.slice(start, start + rowsPerInsert));
  return last + numbered.length;
}

async function updateRun(target: KitDatabase, runId: string, columns: Row): Promise<void> {
  const assignments = Object.entries(columns).map(([column, value]) => sql`${sql.raw(column)} = ${value}`);
  await execute(target, sql`UPDATE ${runs} SET ${sql.join(assignments, sql`, `)} WHERE id = ${runId}`);
}

function pageSize(limit: number | undefined): number {
  if (limit === undefined || !Number.isFinite(limit)) return defaultPageSize;
  return Math.min(maxPageSize, Math.max(1, Math.floor(limit)));
}
