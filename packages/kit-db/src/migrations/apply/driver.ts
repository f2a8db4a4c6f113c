import type { DatabaseProvider } from '../../database/types.js';
import type { SqlDialect } from '../snapshot/snapshot.js';
import type { LedgerRow } from './ledger.js';

/** A migration ready to run: its statements and what the ledger records for it. */
export interface PendingMigration {
  readonly name: string;
  readonly checksum: string;
  readonly statements: readonly string[];
}

/** How applying one migration ended. `skipped`: another process had applied it in the meantime. */
export type ApplyOutcome = 'applied' | 'skipped';

/** Work done while holding the migration lock. */
export interface MigrationSession {
  /** The ledger, created when missing. */
  readLedger(): Promise<LedgerRow[]>;
  /**
   * Runs the statements and records the migration with `appliedAt`; atomically on SQLite and
   * PostgreSQL. Throws `StatementError` naming the statement that failed.
   */
  apply(migration: PendingMigration, appliedAt: string): Promise<ApplyOutcome>;
}

/** What the migration runner needs from one provider's client. */
export interface MigrationDriver {
  readonly provider: DatabaseProvider;
  readonly dialect: SqlDialect;
  /** Whether a failed migration is rolled back whole (not on MySQL, whose DDL commits on its own). */
  readonly transactionalDdl: boolean;
  /** The ledger without creating it: empty when the table does not exist. */
  readLedgerIfExists(): Promise<LedgerRow[]>;
  /**
   * Runs `fn` so that no other process applies migrations to this database meanwhile: an advisory lock
   * on PostgreSQL, `GET_LOCK` on MySQL; SQLite takes its write lock per migration (`BEGIN IMMEDIATE`)
   * and checks the ledger inside it instead. Waits at most `timeoutMs` for the lock.
   */
  withLock<T>(timeoutMs: number, fn: (session: MigrationSession) => Promise<T>): Promise<T>;
}

/** A statement of a migration failed; `committed` statements before it stay applied (MySQL only). */
export class StatementError extends Error {
  constructor(
    readonly index: number,
    readonly statement: string,
    readonly committed: number,
    readonly reason: string,
    options?: { readonly cause?: unknown },
  ) {
    super(reason, options);
    this.name = 'StatementError';
  }
}

/** The migration lock could not be taken in time. */
export class LockTimeoutError extends Error {
  constructor(readonly waitedMs: number) {
    super(`lock not taken within ${waitedMs} ms`);
    this.name = 'LockTimeoutError';
  }
}

/** A pause between two tries for a lock. */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms));
}

/** The message of anything thrown by a driver. */
export function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
